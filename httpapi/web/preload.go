package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"strings"

	"mishwar/internal/i18n"
)

// firstPaintFile is written by the web app's build (vite.config.ts, plugin mishwar-first-paint): the
// chunk of each language's core translations, which the app fetches before its first render. It is
// read here, never served.
const firstPaintFile = "first-paint.json"

// firstPaint is what a page's first render waits for beyond index.html's own scripts. The browser
// learns of these only once the app's code has run; announced in the HTML, they download beside that
// code instead of one round trip after it.
type firstPaint struct {
	translations map[i18n.Lang]string // language → path of its core translation chunk
}

type firstPaintManifest struct {
	Translations map[string]string `json:"translations"`
}

// loadFirstPaint reads the build's first-paint manifest from root. A build without one (an older
// build, a test's files) preloads nothing; a manifest that names a file the build does not have is
// an error, as the preload would fetch a 404 on every page.
func loadFirstPaint(root fs.FS, files map[string]*asset) (firstPaint, error) {
	body, err := fs.ReadFile(root, firstPaintFile)
	if errors.Is(err, fs.ErrNotExist) {
		return firstPaint{}, nil
	}
	if err != nil {
		return firstPaint{}, fmt.Errorf("web: read %s: %w", firstPaintFile, err)
	}
	var m firstPaintManifest
	if err := json.Unmarshal(body, &m); err != nil {
		return firstPaint{}, fmt.Errorf("%w: %s: %w", ErrInvalidConfig, firstPaintFile, err)
	}
	fp := firstPaint{translations: map[i18n.Lang]string{}}
	for lang, file := range m.Translations {
		p := "/" + strings.TrimPrefix(file, "/")
		if _, ok := files[p]; !ok {
			return firstPaint{}, fmt.Errorf("%w: %s names %s, which the build does not have", ErrInvalidConfig, firstPaintFile, file)
		}
		fp.translations[parseLang(lang)] = p
	}
	return fp, nil
}

// tags returns the preload links for a page at path p in language l: the language's translations on
// every page, and on the home page its content, fetched as the app fetches it (GET /api/home?lang=…,
// with credentials) so the browser hands the preloaded answer to the app's request.
func (fp firstPaint) tags(p string, l i18n.Lang) string {
	var b strings.Builder
	if chunk, ok := fp.translations[l]; ok {
		b.WriteString(`<link rel="modulepreload" href="` + html.EscapeString(chunk) + `">` + "\n")
	}
	if p == "/" {
		b.WriteString(`<link rel="preload" href="/api/home?lang=` + string(l) + `" as="fetch" crossorigin="use-credentials">` + "\n")
	}
	return b.String()
}

// firstPaintMarkup is the page's first paint, written into the app's root element: the site's bar
// with its logo and name, in the page's language, drawn by the stylesheet alone. Without it a phone
// shows a blank page until the app's code has downloaded and run (seconds on a slow network); the app
// replaces it with the real header on its first render. It is hidden from assistive technology,
// which waits for the app's own header.
func firstPaintMarkup(siteName string) string {
	return `<header class="site-header first-paint" aria-hidden="true"><div class="navbar"><div class="container navbar__inner">` +
		`<span class="logo"><svg class="logo__mark" viewBox="0 0 40 40"><circle cx="29" cy="11" r="5" class="logo__sun"/>` +
		`<path d="M4 33 L17 13 L30 33 Z" class="logo__pyramid"/><path d="M2 35 C12 31 26 37 38 32" class="logo__nile"/></svg>` +
		`<span class="logo__word">` + html.EscapeString(siteName) + `</span></span></div></div></header>`
}
