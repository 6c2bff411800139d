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
