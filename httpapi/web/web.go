// Package web serves the built web app (the React single-page app embedded in the binary) with the
// right HTTP semantics: 200 with the app shell for every route the app knows, permanent redirects for
// the spec's leftover routes, 404 for everything else (a bare 404 for crawlers, never the error page),
// long-lived caching for hashed assets and none for HTML, gzip and brotli compressed once, security
// headers on every answer, and search-engine tags rendered into the HTML head on the server.
//
// It must never run business rules or read the database itself: pages that need catalogue data for
// their head tags or the sitemap get them through the HeadRenderer and SitemapSource ports. It must
// never serve a page that needs an inline script: the Content-Security-Policy forbids them.
package web

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
)

// Config describes the web app and the site around it.
type Config struct {
	// Files is the built app: index.html at its root (or under dist/, as in webapp.Dist) and hashed
	// assets under assets/.
	Files fs.FS
	// PublicURL is the site's address as visitors see it (MISHWAR_PUBLIC_URL), e.g.
	// "https://mishwar.example". Canonical URLs, hreflang links, Open Graph URLs, robots.txt and
	// sitemap.xml are built from it. Required.
	PublicURL string
	// SiteName appears in titles and og:site_name. Default "Mishwar" / "مشوار".
	SiteName string
	// ImageSources are extra Content-Security-Policy img-src sources, such as the map tile server
	// ("https://*.tile.example.org"; see CSPSource to derive one from a Leaflet tile URL template).
	ImageSources []string
	// FormActionSources are extra form-action sources: payment gateways whose hosted page is reached
	// by posting a form.
	FormActionSources []string
	// MapTilesURL is the Leaflet tile URL template the app's maps load, announced to the app in a
	// <meta name="mishwar-map-tiles"> tag so one build works with any tile server. Allow its host in
	// ImageSources (CSPSource) too. Empty: the app's built-in default.
	MapTilesURL string
	// Head renders catalogue-specific head tags (title, description, JSON-LD) and decides whether a
	// detail page exists. Optional: without it every known route gets the generic head.
	Head HeadRenderer
	// ScreenSlots fills the catalogue's text into the first screens the server writes before the app
	// has run (the home page's hero). Optional: without it they show the app's default text.
	ScreenSlots ScreenSlots
	// Sitemap adds catalogue URLs to /sitemap.xml. The app's public routes are always listed.
	Sitemap []SitemapSource
	// Logger receives errors from the ports. Default slog.Default().
	Logger *slog.Logger
}

var (
	// ErrInvalidConfig is returned (wrapped) by New for a configuration it cannot serve.
	ErrInvalidConfig = errors.New("web: invalid config")
	// ErrAppNotBuilt is returned (wrapped) by New when the files hold no index.html: the web app was
	// not built before the binary (a fresh clone embeds only a placeholder).
	ErrAppNotBuilt = errors.New("web: the web app is not built")
)

func (c *Config) validate() error {
	var errs []error
	if c.Files == nil {
		errs = append(errs, errors.New("Files is nil (the built web app)"))
	}
	u, err := url.Parse(c.PublicURL)
	switch {
	case c.PublicURL == "":
		errs = append(errs, errors.New("PublicURL is empty (MISHWAR_PUBLIC_URL)"))
	case err != nil:
		errs = append(errs, fmt.Errorf("PublicURL: %w", err))
	case (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		errs = append(errs, fmt.Errorf("PublicURL %q is not an absolute http(s) URL", c.PublicURL))
	}
	for _, src := range append(append([]string{}, c.ImageSources...), c.FormActionSources...) {
		if err := checkSource(src); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	return nil
}

func (c *Config) setDefaults() {
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

type handler struct {
	cfg        Config
	files      map[string]*asset // by URL path, e.g. "/assets/index-3f2a.js"
	shell      *shell
	firstPaint firstPaint
	html       *compressedCache
	robots     []byte
}

// New builds the handler that serves the web app and everything else that is not the API. It reads
// and compresses every file once, here.
func New(cfg Config) (http.Handler, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	cfg.setDefaults()
	root, err := appRoot(cfg.Files)
	if err != nil {
		return nil, err
	}
	files, index, err := loadAssets(root)
	if err != nil {
		return nil, err
	}
	sh, err := parseShell(index)
	if err != nil {
		return nil, err
	}
	fp, err := loadFirstPaint(root, files)
	if err != nil {
		return nil, err
	}
	delete(files, "/"+firstPaintFile)
	h := &handler{
		cfg:        cfg,
		files:      files,
		shell:      sh,
		firstPaint: fp,
		html:       newCompressedCache(256),
		robots:     robotsTxt(cfg.PublicURL),
	}
	return SecurityHeaders(h, cfg), nil
}

func (h *handler) tilesMeta() string {
	if h.cfg.MapTilesURL == "" {
		return ""
	}
	return `<meta name="mishwar-map-tiles" content="` + html.EscapeString(h.cfg.MapTilesURL) + `">`
}

// appRoot accepts the app's files either at the root of fsys or under dist/ (the embed.FS of the
// webapp package keeps the folder name).
func appRoot(fsys fs.FS) (fs.FS, error) {
	if _, err := fs.Stat(fsys, "index.html"); err == nil {
		return fsys, nil
	}
	if _, err := fs.Stat(fsys, "dist/index.html"); err == nil {
		return fs.Sub(fsys, "dist")
	}
	return nil, fmt.Errorf("%w: no index.html in the web app files (run `make build`, or `npm ci && npm run build` in webapp/, then rebuild the binary)", ErrAppNotBuilt)
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	readOnly := r.Method == http.MethodGet || r.Method == http.MethodHead

	// Leftover routes come first: they redirect whatever the method, keeping it with 308.
	if to, ok := leftoverTarget(p); ok {
		redirect(w, r, to, readOnly)
		return
	}
	if !readOnly {
		h.refuseMethod(w, r, p)
		return
	}
	switch p {
	case "/robots.txt":
		h.serveBytes(w, r, h.robots, "text/plain; charset=utf-8", "public, max-age=3600")
		return
	case "/sitemap.xml":
		h.serveSitemap(w, r)
		return
	case "/index.html":
		redirect(w, r, "/", true)
		return
	}
	if a, ok := h.files[p]; ok {
		h.serveAsset(w, r, a)
		return
	}
	if strings.HasPrefix(p, "/assets/") {
		// A missing script or stylesheet must not be answered with the app shell.
		bareNotFound(w)
		return
	}

	lang := requestLang(r)
	if h.cfg.Head != nil {
		if head, status, ok := h.cfg.Head.RenderHead(r.Context(), r, string(lang)); ok {
			if status == 0 {
				status = http.StatusOK
			}
			h.servePage(w, r, lang, head, status)
			return
		}
	}
	if rt, ok := matchRoute(p); ok {
		status := http.StatusOK
		if rt.notFound {
			status = http.StatusNotFound
		}
		h.servePage(w, r, lang, h.defaultHead(rt, p, lang), status)
		return
	}
	if trimmed := strings.TrimRight(p, "/"); trimmed != p && trimmed != "" {
		if _, ok := matchRoute(trimmed); ok {
			redirect(w, r, trimmed, true)
			return
		}
	}
	h.servePage(w, r, lang, h.notFoundHead(lang), http.StatusNotFound)
}

// servePage answers with the app shell and status, except that crawlers get a bare 404 instead of
// the app's error page.
func (h *handler) servePage(w http.ResponseWriter, r *http.Request, lang lang, head string, status int) {
	// The same address has two forms: the page, and (asked by the app after it navigates) its head.
	w.Header().Add("Vary", "Accept")
	if wantsHeadOnly(r) {
		h.serveHeadOnly(w, r, lang, head, status)
		return
	}
	if status == http.StatusNotFound {
		// A shared cache must not hand a crawler's bare 404 to a person, or the reverse.
		w.Header().Add("Vary", "User-Agent")
		if IsBot(r.UserAgent()) {
			bareNotFound(w)
			return
		}
	}
	var screen string
	if status == http.StatusOK {
		var err error
		if screen, err = h.firstPaint.screenMarkup(r.Context(), r, lang, h.cfg.ScreenSlots); err != nil {
			// The page still opens: the app draws the block when it has run.
			h.cfg.Logger.Warn("web: first screen", "path", r.URL.Path, "err", err)
		}
	}
	body := h.shell.render(lang, head+h.siteNameTag(lang)+h.tilesMeta(), h.firstPaint.tags(r, lang, status), firstPaintMarkup(h.siteName(lang), screen))
	w.Header().Set("Content-Language", string(lang))
	w.Header().Add("Vary", "Accept-Language")
	w.Header().Add("Vary", "Cookie")
	h.serveHTML(w, r, body, status)
}

func (h *handler) refuseMethod(w http.ResponseWriter, r *http.Request, p string) {
	_, known := matchRoute(p)
	_, file := h.files[p]
	if !known && !file && p != "/robots.txt" && p != "/sitemap.xml" {
		bareNotFound(w)
		return
	}
	w.Header().Set("Allow", "GET, HEAD")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusMethodNotAllowed)
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte("405 Method Not Allowed\n"))
	}
}

// redirect answers a permanent redirect to target, keeping the query string: 301 for reads, 308
// (which keeps the method and body) for anything else.
func redirect(w http.ResponseWriter, r *http.Request, target string, readOnly bool) {
	u := url.URL{Path: target, RawQuery: r.URL.RawQuery}
	loc := u.EscapedPath()
	if u.RawQuery != "" {
		loc += "?" + u.RawQuery
	}
	status := http.StatusMovedPermanently
	if !readOnly {
		status = http.StatusPermanentRedirect
	}
	w.Header().Set("Location", loc)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.WriteHeader(status)
}

func bareNotFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte("404 Not Found\n"))
}
