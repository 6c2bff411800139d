package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"regexp"
	"strings"

	"mishwar/internal/i18n"
)

// firstPaintFile is written by the web app's build (vite.config.ts, plugin mishwar-first-paint): each
// language's translation parts and each lazy route module's files, which a page's first render waits
// for. It is read here, never served.
const firstPaintFile = "first-paint.json"

// firstPaint is what a page's first render waits for beyond index.html's own scripts. The browser
// learns of these only once the app's code has run; announced in the HTML, they download beside that
// code instead of one round trip after it.
type firstPaint struct {
	translations map[i18n.Lang]map[string]string // language → part ("core", "site", …) → path
	modules      map[string]moduleFiles          // route module → its files
	screens      map[i18n.Lang]map[string]screen // language → screen name → its markup
	fonts        map[i18n.Lang][]string          // language → the fonts its first paint draws text in
}

type moduleFiles struct {
	Scripts []string `json:"scripts"`
	Styles  []string `json:"styles"`
}

type firstPaintManifest struct {
	Translations map[string]map[string]string `json:"translations"`
	Modules      map[string]moduleFiles       `json:"modules"`
	Screens      map[string]map[string]screen `json:"screens"`
	Fonts        map[string][]string          `json:"fonts"`
}

// routeModules mirrors webapp/src/app/router.tsx: the lazy route module (src/app/routes/<name>.tsx)
// that draws each page a visitor may land on. Its pages also need the "site" translations (the
// router's withMessages). The home page's code is in the entry; the staff screens are left out.
var routeModules = map[string]string{
	"/about": "info", "/terms": "info", "/privacy": "info", "/points": "info", "/start": "info",
	"/rates": "booking", "/checkout": "booking", "/payments": "booking", "/payments/{id}": "booking", "/tripstatus": "booking",
	"/enquiry/{id}": "booking", "/destination": "catalogue", "/destinations": "catalogue", "/destinations/trip": "catalogue", "/categories": "catalogue",
	"/programs": "catalogue", "/program": "catalogue", "/program/{id}": "catalogue",
	"/signin": "auth", "/signup": "auth", "/forgot-password": "auth", "/reset-password": "auth",
	"/account": "account", "/account/order/{id}": "account", "/account/order/{id}/cancel": "account",
	"/account/order/{id}/refund": "account", "/account/order/{id}/exchange": "account",
}

// loadFirstPaint reads the build's first-paint manifest from root. A build without one (an older
// build, a test's files) preloads nothing; a manifest that names a file the build does not have, or
// lacks a module a page needs, is an error: the preload would fetch a 404 on every page, or the page
// would silently lose its preloads.
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
	var missing []string
	path := func(file string) string {
		p := "/" + strings.TrimPrefix(file, "/")
		if _, ok := files[p]; !ok {
			missing = append(missing, file)
		}
		return p
	}
	fp := firstPaint{translations: map[i18n.Lang]map[string]string{}, modules: map[string]moduleFiles{}, screens: map[i18n.Lang]map[string]screen{}}
	for lang, byName := range m.Screens {
		fp.screens[parseLang(lang)] = byName
	}
	fp.fonts = map[i18n.Lang][]string{}
	for lang, files := range m.Fonts {
		for _, f := range files {
			fp.fonts[parseLang(lang)] = append(fp.fonts[parseLang(lang)], path(f))
		}
	}
	for lang, parts := range m.Translations {
		l := parseLang(lang)
		fp.translations[l] = map[string]string{}
		for part, file := range parts {
			fp.translations[l][part] = path(file)
		}
	}
	for name, mf := range m.Modules {
		var own moduleFiles
		for _, f := range mf.Scripts {
			own.Scripts = append(own.Scripts, path(f))
		}
		for _, f := range mf.Styles {
			own.Styles = append(own.Styles, path(f))
		}
		fp.modules[name] = own
	}
	if len(missing) > 0 {
		return firstPaint{}, fmt.Errorf("%w: %s names files the build does not have: %s", ErrInvalidConfig, firstPaintFile, strings.Join(missing, ", "))
	}
	for _, name := range routeModules {
		if _, ok := fp.modules[name]; !ok {
			return firstPaint{}, fmt.Errorf("%w: %s has no route module %q", ErrInvalidConfig, firstPaintFile, name)
		}
	}
	if err := checkScreens(fp.screens); err != nil {
		return firstPaint{}, err
	}
	return fp, nil
}

// afterFirstPaint wraps tags the browser is to act on only once the page's first paint is on screen:
// a template's content is inert, and webapp/src/boot.ts moves it into the head then (index.html's own
// code links come in one too: vite.config.ts, mishwar-start-after-paint).
func afterFirstPaint(tags string) string {
	if tags == "" {
		return ""
	}
	return "<template data-after-first-paint>\n" + tags + "</template>\n"
}

// tags returns the preload links for a page answered with status in language l. At once: the fonts its
// first paint's text is drawn in. After the first paint (afterFirstPaint): the language's core
// translations; for a page that exists, its route module's code, styles and "site" translations; and
// the API answers its first render asks for, as the app asks for them (same address, credentials
// included) so the browser hands the preloaded answers to the app's requests: GET /api/home (the
// header's opening hours, the home page's content) and /api/currencies (every price) everywhere, and a
// destination's or a program's own answer on its page. The first paint needs none of those, and on a
// slow network they would share its bandwidth with the stylesheet, the fonts and the page's main photo;
// the app's code is fetched at low priority for the same reason (the photo may still be loading).
func (fp firstPaint) tags(r *http.Request, l i18n.Lang, status int) string {
	var now, later strings.Builder
	for _, f := range fp.fonts[l] {
		now.WriteString(`<link rel="preload" href="` + html.EscapeString(f) + `" as="font" type="font/woff2" crossorigin>` + "\n")
	}
	script := func(p string) {
		later.WriteString(`<link rel="modulepreload" fetchpriority="low" href="` + html.EscapeString(p) + `">` + "\n")
	}
	fetch := func(address string) {
		later.WriteString(`<link rel="preload" href="` + address + `" as="fetch" crossorigin="use-credentials">` + "\n")
	}
	if chunk, ok := fp.translations[l]["core"]; ok {
		script(chunk)
	}
	if status != http.StatusOK {
		return now.String() + afterFirstPaint(later.String())
	}
	if rt, ok := matchRoute(r.URL.Path); ok {
		if mf, ok := fp.modules[routeModules[rt.pattern]]; ok {
			if chunk, ok := fp.translations[l]["site"]; ok {
				script(chunk)
			}
			for _, p := range mf.Scripts {
				script(p)
			}
			for _, p := range mf.Styles {
				later.WriteString(`<link rel="preload" href="` + html.EscapeString(p) + `" as="style" crossorigin>` + "\n")
			}
		}
	}
	inLang := "?lang=" + string(l)
	fetch("/api/home" + inLang)
	fetch("/api/currencies")
	if kind, id := detailPage(r); id != "" {
		fetch("/api/" + kind + "/" + id + inLang)
	}
	return now.String() + afterFirstPaint(later.String())
}

// plainID is an id or slug the app's encodeURIComponent leaves as it is, so the preloaded address is
// the one the app asks for.
var plainID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,100}$`)

// detailPage names the catalogue answer a destination or program page shows, read from its address
// as the app's router reads it: /destination?id= (or ?slug=), /program/{id} or /program?id=.
func detailPage(r *http.Request) (kind, id string) {
	q := r.URL.Query()
	switch p := r.URL.Path; {
	case p == "/destination":
		kind, id = "destinations", q.Get("id")
		if id == "" {
			id = q.Get("slug")
		}
	case p == "/program":
		kind, id = "programs", q.Get("id")
	case strings.HasPrefix(p, "/program/"):
		kind, id = "programs", strings.TrimPrefix(p, "/program/")
	}
	if !plainID.MatchString(id) {
		return "", ""
	}
	return kind, id
}

// firstPaintMarkup is the page's first paint, written into the app's root element: the site's bar
// with its logo and name, in the page's language, then the page's opening block (screen, may be ""),
// drawn by the stylesheet alone. Without it a phone shows a blank page until the app's code has
// downloaded and run (seconds on a slow network); the app replaces it on its first render, the
// opening block with the same markup. The bar is hidden from assistive technology, which waits for
// the app's own header; the opening block is the page's real content (its links work without script).
func firstPaintMarkup(siteName, screen string) string {
	// The top bar (a desktop's opening hours and phone, hidden on a phone) is drawn empty, at its height.
	bar := `<header class="site-header first-paint" aria-hidden="true"><div class="topbar"><div class="container topbar__inner"></div></div>` +
		`<div class="navbar"><div class="container navbar__inner">` +
		`<span class="logo"><svg class="logo__mark" viewBox="0 0 40 40"><circle cx="29" cy="11" r="5" class="logo__sun"/>` +
		`<path d="M4 33 L17 13 L30 33 Z" class="logo__pyramid"/><path d="M2 35 C12 31 26 37 38 32" class="logo__nile"/></svg>` +
		`<span class="logo__word">` + html.EscapeString(siteName) + `</span></span></div></div></header>`
	if screen == "" {
		return bar
	}
	return `<div class="shell">` + bar + `<main class="main container first-paint">` + screen + `</main></div>`
}
