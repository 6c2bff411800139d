package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"mishwar/internal/i18n"
)

// HeadRenderer renders the head tags of pages whose title and description come from data, such as
// a destination, program or category page. The catalogue feature implements it.
//
// It is asked first for every page request that is not a file, so it must answer ok=false quickly
// for paths it does not own; the generic head of the route table is used then. For its own paths it
// returns the tags to put into <head> (build them with RenderMeta) and the status: 200, or 404 when
// the page's id does not exist (a crawler then gets a bare 404, a person the app's not-found screen).
// lang is "en" or "ar".
type HeadRenderer interface {
	RenderHead(ctx context.Context, r *http.Request, lang string) (head string, status int, ok bool)
}

// HeadRendererFunc adapts a function to HeadRenderer.
type HeadRendererFunc func(ctx context.Context, r *http.Request, lang string) (string, int, bool)

// RenderHead calls f.
func (f HeadRendererFunc) RenderHead(ctx context.Context, r *http.Request, lang string) (string, int, bool) {
	return f(ctx, r, lang)
}

// Meta describes one page for search engines and link previews.
type Meta struct {
	// Title is the whole <title>, site name included.
	Title       string
	Description string
	// Path is the page's path and query without the language, e.g. "/program/42" or
	// "/destination?id=7". Canonical, hreflang and og:url links are built from it. Empty: no
	// canonical and no alternates (pages that must not be indexed).
	Path string
	// Image is the preview image, absolute or site-relative.
	Image string
	// Type is og:type; default "website".
	Type string
	// NoIndex asks search engines not to index the page.
	NoIndex bool
	// JSONLD values are rendered as schema.org JSON-LD blocks (data, not scripts: the CSP allows them).
	JSONLD []any
	// LeadImage says Image is also the page's main photo, on screen as it opens (a destination's or a
	// program's page): it is preloaded, at the address the app shows it from, so it downloads beside
	// the app's code rather than after the app has drawn the page.
	LeadImage bool
}

// RenderMeta renders m as head tags for publicURL (the site's address) in lang ("en" or "ar"). Every
// value is escaped.
func RenderMeta(publicURL, lang string, m Meta) string {
	publicURL = strings.TrimRight(publicURL, "/")
	l := parseLang(lang)
	var b strings.Builder
	tag := func(format string, args ...any) {
		b.WriteString(fmt.Sprintf(format, args...))
		b.WriteByte('\n')
	}
	esc := html.EscapeString
	tag(`<title>%s</title>`, esc(m.Title))
	if m.Description != "" {
		tag(`<meta name="description" content="%s">`, esc(m.Description))
	}
	if m.NoIndex {
		tag(`<meta name="robots" content="noindex">`)
	}
	ogType := m.Type
	if ogType == "" {
		ogType = "website"
	}
	tag(`<meta property="og:type" content="%s">`, esc(ogType))
	tag(`<meta property="og:title" content="%s">`, esc(m.Title))
	if m.Description != "" {
		tag(`<meta property="og:description" content="%s">`, esc(m.Description))
	}
	tag(`<meta property="og:locale" content="%s">`, ogLocale(l))
	tag(`<meta property="og:locale:alternate" content="%s">`, ogLocale(other(l)))
	if m.Path != "" {
		canonical := localizedURL(publicURL, m.Path, l)
		tag(`<link rel="canonical" href="%s">`, esc(canonical))
		tag(`<link rel="alternate" hreflang="en" href="%s">`, esc(localizedURL(publicURL, m.Path, i18n.En)))
		tag(`<link rel="alternate" hreflang="ar" href="%s">`, esc(localizedURL(publicURL, m.Path, i18n.Ar)))
		tag(`<link rel="alternate" hreflang="x-default" href="%s">`, esc(localizedURL(publicURL, m.Path, i18n.En)))
		tag(`<meta property="og:url" content="%s">`, esc(canonical))
	}
	if m.Image != "" {
		img := m.Image
		if strings.HasPrefix(img, "/") {
			img = publicURL + img
		}
		tag(`<meta property="og:image" content="%s">`, esc(img))
		if m.LeadImage {
			tag(`<link rel="preload" href="%s" as="image">`, esc(m.Image))
		}
		tag(`<meta name="twitter:card" content="summary_large_image">`)
	} else {
		tag(`<meta name="twitter:card" content="summary">`)
	}
	for _, v := range m.JSONLD {
		// json.Marshal escapes <, > and &, so the data cannot close the script element.
		data, err := json.Marshal(v)
		if err != nil {
			continue
		}
		tag(`<script type="application/ld+json">%s</script>`, data)
	}
	return b.String()
}

// localizedURL is the address of path in lang: English at the plain path, Arabic with ?lang=ar.
func localizedURL(publicURL, p string, l i18n.Lang) string {
	u, err := url.Parse(p)
	if err != nil {
		return publicURL + p
	}
	q := u.Query()
	q.Del("lang")
	if l == i18n.Ar {
		q.Set("lang", "ar")
	}
	u.RawQuery = q.Encode()
	return publicURL + u.String()
}

func ogLocale(l i18n.Lang) string {
	if l == i18n.Ar {
		return "ar_EG"
	}
	return "en_US"
}

func other(l i18n.Lang) i18n.Lang {
	if l == i18n.Ar {
		return i18n.En
	}
	return i18n.Ar
}

type lang = i18n.Lang

func parseLang(s string) i18n.Lang {
	if i18n.Negotiate(s, "", "") == i18n.Ar {
		return i18n.Ar
	}
	return i18n.En
}

// requestLang picks the page language: an explicit ?lang= (the hreflang links), then the visitor's
// own choice (the lang cookie the app writes), then the browser's Accept-Language, then English.
// The visitor's choice beats the browser here, unlike the API's order, because the app remembers it.
func requestLang(r *http.Request) i18n.Lang {
	for _, v := range []string{r.URL.Query().Get("lang"), cookieValue(r, "lang")} {
		if v == "" {
			continue
		}
		if l := strings.ToLower(strings.TrimSpace(v)); l == "ar" || strings.HasPrefix(l, "ar-") {
			return i18n.Ar
		} else if l == "en" || strings.HasPrefix(l, "en-") {
			return i18n.En
		}
	}
	return i18n.Negotiate("", r.Header.Get("Accept-Language"), "")
}

func cookieValue(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

func dir(l i18n.Lang) string {
	if l == i18n.Ar {
		return "rtl"
	}
	return "ltr"
}

const (
	siteEn = "Mishwar"
	siteAr = "مشوار"

	homeTitleEn = "Mishwar — private trips around Cairo"
	homeTitleAr = "مشوار — رحلات خاصة في القاهرة"
	descEn      = "Book a private trip around Cairo: pick destinations or a ready-made program, see the price by distance and waiting time, choose your pickup point, date and time, and follow your trip live."
	descAr      = "احجز رحلة خاصة في القاهرة: اختر وجهاتك أو برنامجًا جاهزًا، واعرف السعر حسب المسافة ووقت الانتظار، واختر نقطة الالتقاء والتاريخ والوقت، وتابع رحلتك مباشرة."
	notFoundEn  = "Page not found"
	notFoundAr  = "الصفحة غير موجودة"
)

func (h *handler) siteName(l i18n.Lang) string {
	if h.cfg.SiteName != "" {
		return h.cfg.SiteName
	}
	if l == i18n.Ar {
		return siteAr
	}
	return siteEn
}

func (h *handler) defaultHead(rt route, p string, l i18n.Lang) string {
	if rt.notFound {
		return h.notFoundHead(l)
	}
	m := Meta{Description: descEn, Title: homeTitleEn}
	if l == i18n.Ar {
		m.Description, m.Title = descAr, homeTitleAr
	}
	if rt.titleEn != "" {
		t := rt.titleEn
		if l == i18n.Ar {
			t = rt.titleAr
		}
		m.Title = t + " · " + h.siteName(l)
	}
	if rt.public {
		m.Path = p
	} else {
		m.NoIndex = true
	}
	return RenderMeta(h.cfg.PublicURL, string(l), m)
}

func (h *handler) notFoundHead(l i18n.Lang) string {
	t := notFoundEn
	if l == i18n.Ar {
		t = notFoundAr
	}
	return RenderMeta(h.cfg.PublicURL, string(l), Meta{Title: t + " · " + h.siteName(l), NoIndex: true})
}

func (h *handler) siteNameTag(l i18n.Lang) string {
	return `<meta property="og:site_name" content="` + html.EscapeString(h.siteName(l)) + `">` + "\n"
}

// shell is index.html cut where the server writes: the <html> tag's lang and dir attributes and the
// head tags at the <!--app-head--> marker.
type shell struct {
	beforeAttrs []byte // "...<html" plus its other attributes
	beforeHead  []byte // ">...<head>...", up to the marker
	afterHead   []byte // up to </head>: the app's own scripts and styles come here
	headEnd     []byte // from </head> up to the paint marker, or the rest; nil without </head>
	afterPaint  []byte
}

const (
	headMarker = "<!--app-head-->"
	// paintMarker, inside the app's root element, is where the page's first paint goes: what the
	// browser shows before the app's code has run (see firstPaintMarkup).
	paintMarker = "<!--app-paint-->"
)

var (
	htmlTagRe   = regexp.MustCompile(`(?is)<html\b([^>]*)>`)
	langDirRe   = regexp.MustCompile(`(?is)\s(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)`)
	scriptTagRe = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	srcAttrRe   = regexp.MustCompile(`(?is)\ssrc\s*=`)
	typeDataRe  = regexp.MustCompile(`(?is)\stype\s*=\s*["']?application/(?:ld\+)?json`)
	// Tags the server writes per page; copies left in index.html would come first and win.
	ownTagsRe = regexp.MustCompile(`(?is)\s*(?:<title\b[^>]*>.*?</title\s*>|<meta\s[^>]*(?:name|property)\s*=\s*["']?(?:description|robots|og:[a-z:_]+|twitter:[a-z:_]+)["']?[^>]*>|<link\s[^>]*rel\s*=\s*["']?(?:canonical|alternate)["']?[^>]*>)`)
)

func parseShell(index []byte) (*shell, error) {
	if err := checkNoInlineScripts(index); err != nil {
		return nil, err
	}
	loc := htmlTagRe.FindSubmatchIndex(index)
	if loc == nil {
		return nil, fmt.Errorf("%w: index.html has no <html> tag", ErrInvalidConfig)
	}
	attrs := langDirRe.ReplaceAll(index[loc[2]:loc[3]], nil)
	before := append(append([]byte{}, index[:loc[2]]...), bytes.TrimRight(attrs, " \t\r\n")...)
	rest := index[loc[1]:]
	rest = ownTagsRe.ReplaceAll(rest, nil)
	i := bytes.Index(rest, []byte(headMarker))
	markerLen := len(headMarker)
	if i < 0 {
		i = bytes.Index(bytes.ToLower(rest), []byte("</head>"))
		markerLen = 0
		if i < 0 {
			return nil, fmt.Errorf("%w: index.html has neither %s nor </head>", ErrInvalidConfig, headMarker)
		}
	}
	sh := &shell{
		beforeAttrs: before,
		beforeHead:  append([]byte(">"), rest[:i]...),
		afterHead:   rest[i+markerLen:],
	}
	if j := bytes.Index(bytes.ToLower(sh.afterHead), []byte("</head>")); j >= 0 {
		sh.afterHead, sh.headEnd = sh.afterHead[:j], sh.afterHead[j:]
	}
	if j := bytes.Index(sh.headEnd, []byte(paintMarker)); j >= 0 {
		sh.headEnd, sh.afterPaint = sh.headEnd[:j], sh.headEnd[j+len(paintMarker):]
	}
	return sh, nil
}

// checkNoInlineScripts refuses an app whose index.html needs an inline script: the
// Content-Security-Policy would block it and the app would not start.
func checkNoInlineScripts(index []byte) error {
	for _, m := range scriptTagRe.FindAllSubmatch(index, -1) {
		attrs, body := m[1], bytes.TrimSpace(m[2])
		if srcAttrRe.Match(attrs) || typeDataRe.Match(attrs) || len(body) == 0 {
			continue
		}
		return fmt.Errorf("%w: index.html has an inline <script> (%.60q…), which the Content-Security-Policy blocks", ErrInvalidConfig, body)
	}
	return nil
}

// render writes the page: head at the marker, preloads last in <head> (after the app's own scripts,
// which the browser must ask for first), and paint at the paint marker.
func (s *shell) render(l i18n.Lang, head, preloads, paint string) []byte {
	var b bytes.Buffer
	b.Grow(len(s.beforeAttrs) + len(s.beforeHead) + len(head) + len(s.afterHead) + len(preloads) + len(s.headEnd) + len(paint) + len(s.afterPaint) + 32)
	b.Write(s.beforeAttrs)
	fmt.Fprintf(&b, ` lang="%s" dir="%s"`, l, dir(l))
	b.Write(s.beforeHead)
	b.WriteString(head)
	b.Write(s.afterHead)
	if s.headEnd != nil {
		b.WriteString(preloads)
	}
	b.Write(s.headEnd)
	if s.afterPaint != nil {
		b.WriteString(paint)
		b.Write(s.afterPaint)
	}
	return b.Bytes()
}

// HeadMediaType is what the web app puts in Accept to get a page's head instead of the page: after
// navigating inside the app it fetches the new address with it and puts the answer's tags into the
// document, so the head after in-app navigation is the one a fresh load of that address renders,
// from the same code (one source of truth).
const HeadMediaType = "application/vnd.mishwar.head+json"

// PageHead is the answer for HeadMediaType: the page's status (200 or 404), its language and
// direction, and the head tags the page would carry (Head, as rendered into index.html).
type PageHead struct {
	Status int    `json:"status"`
	Lang   string `json:"lang"`
	Dir    string `json:"dir"`
	Head   string `json:"head"`
}

func wantsHeadOnly(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, _, _ := strings.Cut(part, ";")
		if strings.EqualFold(strings.TrimSpace(mt), HeadMediaType) {
			return true
		}
	}
	return false
}

// serveHeadOnly answers 200 with the page's head as JSON, whatever the page's own status (carried
// inside): the app asks after every navigation and a missing page is not a failed request to it.
func (h *handler) serveHeadOnly(w http.ResponseWriter, r *http.Request, l i18n.Lang, head string, status int) {
	body, err := json.Marshal(PageHead{Status: status, Lang: string(l), Dir: dir(l), Head: head + h.siteNameTag(l)})
	if err != nil {
		http.Error(w, "head", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Language", string(l))
	w.Header().Add("Vary", "Accept-Language")
	w.Header().Add("Vary", "Cookie")
	w.Header().Set("Cache-Control", noCache)
	writeEncoded(w, r, h.html.get(body), HeadMediaType+"; charset=utf-8", http.StatusOK)
}
