package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/andybalholm/brotli"

	"mishwar/httpapi/web"
)

const publicURL = "https://mishwar.example"

const indexHTML = `<!doctype html>
<html lang="en" class="no-js">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Mishwar</title>
    <meta name="description" content="Static description from index.html" />
    <meta property="og:title" content="Static" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-B2x9k1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C7d3aa.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

var (
	appJS   = strings.Repeat("export function greet(name){return `Ahlan, ${name}!`}\n", 200)
	appCSS  = strings.Repeat(".card{margin-inline-start:1rem;padding:.5rem}\n", 100)
	fontRaw = func() []byte {
		b := make([]byte, 4096)
		x := uint32(2463534242)
		for i := range b { // incompressible, like a real woff2
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			b[i] = byte(x)
		}
		return b
	}()
	faviconSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>`
)

func appFiles() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                    {Data: []byte(indexHTML)},
		"assets/index-B2x9k1.js":        {Data: []byte(appJS)},
		"assets/index-C7d3aa.css":       {Data: []byte(appCSS)},
		"assets/cairo-latin-9f8e.woff2": {Data: fontRaw},
		"favicon.svg":                   {Data: []byte(faviconSVG)},
	}
}

func newHandler(t *testing.T, mutate ...func(*web.Config)) http.Handler {
	t.Helper()
	cfg := web.Config{
		Files:             appFiles(),
		PublicURL:         publicURL,
		ImageSources:      []string{"https://*.tile.example.org"},
		FormActionSources: []string{"https://accept.gateway.example"},
		Logger:            slog.New(slog.DiscardHandler),
	}
	for _, m := range mutate {
		m(&cfg)
	}
	h, err := web.New(cfg)
	if err != nil {
		t.Fatalf("web.New: %v", err)
	}
	return h
}

type req struct {
	method  string
	target  string
	headers map[string]string
}

func do(t *testing.T, h http.Handler, rq req) *http.Response {
	t.Helper()
	if rq.method == "" {
		rq.method = http.MethodGet
	}
	r := httptest.NewRequest(rq.method, rq.target, nil)
	for k, v := range rq.headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const (
	chromeUA    = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
	googlebotUA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

func TestEveryKnownRouteAnswersTheAppShellWith200(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	for _, pattern := range web.Routes() {
		path := strings.ReplaceAll(pattern, "{id}", "42")
		for _, ua := range []string{chromeUA, googlebotUA} {
			res := do(t, h, req{target: path, headers: map[string]string{"User-Agent": ua}})
			b := body(t, res)
			if res.StatusCode != http.StatusOK {
				t.Errorf("GET %s (%s): status %d, want 200", path, ua[:20], res.StatusCode)
				continue
			}
			if !strings.Contains(b, `<div id="root"></div>`) || !strings.Contains(b, `/assets/index-B2x9k1.js`) {
				t.Errorf("GET %s: body is not the app shell:\n%s", path, b)
			}
			if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("GET %s: Content-Type %q", path, ct)
			}
		}
	}
}

// The pages the app renders beyond spec section 2 once answered 404 with a "Page not found" head,
// though the app drew them (webapp/src/app/server-routes.test.ts now keeps the two tables in step).
func TestPagesBeyondTheSpecAnswer200WithTheirOwnTitle(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	cases := []struct {
		name, target, lang, wantTitle string
	}{
		{"enquiry link", "/enquiry/MSH-5KWDQN?key=k3y", "en", "<title>Your enquiry · Mishwar</title>"},
		{"enquiry link in Arabic", "/enquiry/MSH-5KWDQN?key=k3y", "ar", "<title>استفسارك · مشوار</title>"},
		{"planner", "/admin/planner", "en", "<title>Admin · Mishwar</title>"},
		{"manifest", "/admin/manifest?date=2026-12-01", "en", "<title>Admin · Mishwar</title>"},
		{"reviews", "/admin/reviews", "en", "<title>Admin · Mishwar</title>"},
		{"process steps", "/admin/process-steps", "ar", "<title>الإدارة · مشوار</title>"},
		{"one mail", "/admin/mailbox/mail-7", "en", "<title>Admin · Mishwar</title>"},
	}
	for _, c := range cases {
		res := do(t, h, req{target: c.target, headers: map[string]string{"User-Agent": chromeUA, "Accept-Language": c.lang}})
		b := body(t, res)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: GET %s: status %d, want 200", c.name, c.target, res.StatusCode)
		}
		if !strings.Contains(b, c.wantTitle) || !strings.Contains(b, `<meta name="robots" content="noindex">`) {
			t.Errorf("%s: GET %s: want %s, marked noindex; head:\n%s", c.name, c.target, c.wantTitle, b)
		}
		if strings.Contains(b, "k3y") || strings.Contains(b, "canonical") {
			t.Errorf("%s: GET %s: the head leaks the address:\n%s", c.name, c.target, b)
		}
	}
	if res := do(t, h, req{target: "/enquiry", headers: map[string]string{"User-Agent": chromeUA}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /enquiry (no trip number): status %d, want 404", res.StatusCode)
	}
	if res := do(t, h, req{target: "/admin/plannerz", headers: map[string]string{"User-Agent": chromeUA}}); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /admin/plannerz: status %d, want 404", res.StatusCode)
	}
}

// specSection2 is the route list of spec section 2, copied from the spec, plus the sign-in pages.
const specSection2 = `/test, /about, /rates, /start, /terms, /privacy, /points, /program, /program/{id}, /payments,
/payments/{id}, /checkout, /checkout/stable, /programs, /productss, /categories, /tripstatus, /destination,
/destinations, /destinations/trip, /destinations/stable, /mapppp, /about/stable, /create, /, /account,
/account/order/{id}, /account/order/{id}/cancel, /account/order/{id}/refund, /account/order/{id}/exchange,
/admin/login, /admin/password-reset, /admin/dashboard, /admin/home, /admin/home/edit, /admin/rate,
/admin/rate/edit, /admin/rate/create, /admin/offer, /admin/offer/edit, /admin/offer/create, /admin/trip,
/admin/driver, /admin/driver/edit, /admin/driver/create, /admin/country, /admin/country/edit,
/admin/country/create, /admin/category, /admin/category/edit, /admin/category/create, /admin/destination,
/admin/destination/edit, /admin/destination/create, /admin/programes, /admin/programes/create,
/admin/purchase_order, /admin/home/bla%20bla, /signin, /signup, /forgot-password, /reset-password, /admin/mailbox`

func TestEverySpecRouteRendersOrRedirects(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	for _, p := range strings.Split(specSection2, ",") {
		p = strings.ReplaceAll(strings.TrimSpace(p), "{id}", "ord-7")
		res := do(t, h, req{target: p, headers: map[string]string{"User-Agent": chromeUA}})
		if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusMovedPermanently {
			t.Errorf("GET %s: %d, want 200 or 301", p, res.StatusCode)
		}
	}
}

func TestLeftoverRoutesRedirectPermanentlyKeepingTheQuery(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	cases := []struct {
		method, target, wantLocation string
		wantStatus                   int
	}{
		{"GET", "/productss", "/programs", 301},
		{"GET", "/mapppp", "/points", 301},
		{"GET", "/about/stable", "/about", 301},
		{"GET", "/checkout/stable", "/checkout", 301},
		{"GET", "/destinations/stable?category=museums", "/destinations?category=museums", 301},
		{"GET", "/create", "/signup", 301},
		{"GET", "/test", "/", 301},
		{"GET", "/admin/home/bla%20bla", "/admin/home", 301},
		{"GET", "/admin/home/bla%20bla?tab=hero", "/admin/home?tab=hero", 301},
		{"GET", "/productss/", "/programs", 301},
		{"HEAD", "/mapppp", "/points", 301},
		{"POST", "/create", "/signup", 308},
		{"GET", "/about/", "/about", 301},
		{"GET", "/index.html", "/", 301},
	}
	for _, c := range cases {
		res := do(t, h, req{method: c.method, target: c.target})
		if res.StatusCode != c.wantStatus || res.Header.Get("Location") != c.wantLocation {
			t.Errorf("%s %s: %d Location %q, want %d %q", c.method, c.target, res.StatusCode, res.Header.Get("Location"), c.wantStatus, c.wantLocation)
		}
	}
}

func TestUnknownPathsAnswer404PeopleGetTheAppBotsABare404(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	paths := []string{"/nope", "/admins", "/program/42/extra", "/account/order", "/404", "/assets-like", "/admin/home/bla"}
	bots := []string{
		googlebotUA,
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
		"DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
		"Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
		"Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
		"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
		"Twitterbot/1.0",
		"Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
		"Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
		"Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
		"LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
		"Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
		"GOOGLEBOT", // case does not matter
		"Mozilla/5.0 (compatible; SomeNewCrawler/1.2; +https://crawler.example)",
	}
	for _, p := range paths {
		res := do(t, h, req{target: p, headers: map[string]string{"User-Agent": chromeUA}})
		b := body(t, res)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("person GET %s: status %d, want 404", p, res.StatusCode)
		}
		if !strings.Contains(b, `<div id="root"></div>`) || !strings.Contains(b, `<meta name="robots" content="noindex">`) {
			t.Errorf("person GET %s: want the app shell marked noindex, got:\n%s", p, b)
		}
		if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "User-Agent") {
			t.Errorf("person GET %s: Vary %q lacks User-Agent", p, vary)
		}
		for _, ua := range bots {
			res := do(t, h, req{target: p, headers: map[string]string{"User-Agent": ua}})
			b := body(t, res)
			if res.StatusCode != http.StatusNotFound || b != "404 Not Found\n" {
				t.Errorf("bot %q GET %s: %d %q, want a bare 404", ua, p, res.StatusCode, b)
			}
			if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "User-Agent") {
				t.Errorf("bot GET %s: Vary %q lacks User-Agent", p, vary)
			}
		}
	}
	// A missing asset is never answered with the app, whoever asks.
	res := do(t, h, req{target: "/assets/index-OLD.js", headers: map[string]string{"User-Agent": chromeUA}})
	if b := body(t, res); res.StatusCode != 404 || strings.Contains(b, "<html") {
		t.Errorf("missing asset: %d %q", res.StatusCode, b)
	}
}

func TestIsBotDoesNotCatchBrowsersOrPhones(t *testing.T) {
	t.Parallel()
	people := []string{
		chromeUA,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Linux; Android 10; CUBOT P40 Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
		"Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
		"Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36",
		"",
	}
	for _, ua := range people {
		if web.IsBot(ua) {
			t.Errorf("IsBot(%q) = true, want false", ua)
		}
	}
}

func TestCachingHashedAssetsForeverHTMLNever(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	cases := []struct{ target, wantCache, wantType string }{
		{"/assets/index-B2x9k1.js", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"/assets/index-C7d3aa.css", "public, max-age=31536000, immutable", "text/css; charset=utf-8"},
		{"/assets/cairo-latin-9f8e.woff2", "public, max-age=31536000, immutable", "font/woff2"},
		{"/favicon.svg", "no-cache", "image/svg+xml"},
		{"/", "no-cache", "text/html; charset=utf-8"},
		{"/programs", "no-cache", "text/html; charset=utf-8"},
		{"/robots.txt", "public, max-age=3600", "text/plain; charset=utf-8"},
	}
	for _, c := range cases {
		res := do(t, h, req{target: c.target})
		if res.StatusCode != 200 {
			t.Errorf("GET %s: status %d", c.target, res.StatusCode)
		}
		if got := res.Header.Get("Cache-Control"); got != c.wantCache {
			t.Errorf("GET %s: Cache-Control %q, want %q", c.target, got, c.wantCache)
		}
		if got := res.Header.Get("Content-Type"); got != c.wantType {
			t.Errorf("GET %s: Content-Type %q, want %q", c.target, got, c.wantType)
		}
	}
}

func decode(t *testing.T, encoding string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	switch encoding {
	case "br":
		r = brotli.NewReader(bytes.NewReader(b))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	case "":
		return b
	default:
		t.Fatalf("unexpected Content-Encoding %q", encoding)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", encoding, err)
	}
	return out
}

func TestCompressionIsNegotiatedAndDecodesToTheOriginal(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	plain := do(t, h, req{target: "/"})
	plainShell := body(t, plain)
	cases := []struct {
		name, acceptEncoding, wantEncoding string
	}{
		{"brotli preferred when both accepted", "gzip, deflate, br", "br"},
		{"gzip only", "gzip", "gzip"},
		{"brotli refused with q=0", "br;q=0, gzip", "gzip"},
		{"wildcard", "*", "br"},
		{"identity", "identity", ""},
		{"nothing", "", ""},
	}
	for _, c := range cases {
		for _, target := range []string{"/assets/index-B2x9k1.js", "/assets/index-C7d3aa.css", "/"} {
			res := do(t, h, req{target: target, headers: map[string]string{"Accept-Encoding": c.acceptEncoding}})
			raw := []byte(body(t, res))
			if got := res.Header.Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("%s %s: Content-Encoding %q, want %q", c.name, target, got, c.wantEncoding)
				continue
			}
			if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "Accept-Encoding") {
				t.Errorf("%s %s: Vary %q lacks Accept-Encoding", c.name, target, vary)
			}
			if cl := res.Header.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(raw)) {
				t.Errorf("%s %s: Content-Length %s for %d bytes", c.name, target, cl, len(raw))
			}
			want := map[string]string{"/assets/index-B2x9k1.js": appJS, "/assets/index-C7d3aa.css": appCSS, "/": plainShell}[target]
			if got := string(decode(t, c.wantEncoding, raw)); got != want {
				t.Errorf("%s %s: decoded body differs from the original (%d vs %d bytes)", c.name, target, len(got), len(want))
			}
			if c.wantEncoding != "" && len(raw) >= len(want) {
				t.Errorf("%s %s: compressed %d bytes, original %d", c.name, target, len(raw), len(want))
			}
		}
	}
	// Already-compressed formats are sent as they are.
	res := do(t, h, req{target: "/assets/cairo-latin-9f8e.woff2", headers: map[string]string{"Accept-Encoding": "br, gzip"}})
	if enc := res.Header.Get("Content-Encoding"); enc != "" || !bytes.Equal([]byte(body(t, res)), fontRaw) {
		t.Errorf("woff2: Content-Encoding %q, want the file as is", enc)
	}
}

func TestConditionalRequestsAnswer304(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	for _, target := range []string{"/assets/index-B2x9k1.js", "/favicon.svg", "/about"} {
		for _, ae := range []string{"br", "gzip", ""} {
			first := do(t, h, req{target: target, headers: map[string]string{"Accept-Encoding": ae}})
			etag := first.Header.Get("ETag")
			if etag == "" || !strings.HasPrefix(etag, `"`) {
				t.Fatalf("%s (%q): ETag %q", target, ae, etag)
			}
			for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag} {
				res := do(t, h, req{target: target, headers: map[string]string{"Accept-Encoding": ae, "If-None-Match": inm}})
				if b := body(t, res); res.StatusCode != http.StatusNotModified || b != "" {
					t.Errorf("%s (%q) If-None-Match %s: %d with %d bytes, want 304 and no body", target, ae, inm, res.StatusCode, len(b))
				}
				if res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") == "" {
					t.Errorf("%s: 304 without ETag or Cache-Control", target)
				}
			}
			res := do(t, h, req{target: target, headers: map[string]string{"Accept-Encoding": ae, "If-None-Match": `"stale"`}})
			if res.StatusCode != 200 {
				t.Errorf("%s with a stale ETag: %d, want 200", target, res.StatusCode)
			}
		}
	}
	// Different encodings are different representations.
	br := do(t, h, req{target: "/assets/index-B2x9k1.js", headers: map[string]string{"Accept-Encoding": "br"}}).Header.Get("ETag")
	gz := do(t, h, req{target: "/assets/index-B2x9k1.js", headers: map[string]string{"Accept-Encoding": "gzip"}}).Header.Get("ETag")
	if br == gz {
		t.Errorf("brotli and gzip bodies share the ETag %s", br)
	}
}

func cspDirectives(t *testing.T, csp string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) == 0 {
			continue
		}
		out[f[0]] = f[1:]
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	targets := []req{
		{target: "/"}, {target: "/assets/index-B2x9k1.js"}, {target: "/nope"},
		{target: "/nope", headers: map[string]string{"User-Agent": googlebotUA}},
		{target: "/productss"}, {target: "/robots.txt"}, {method: "POST", target: "/about"},
	}
	for _, rq := range targets {
		res := do(t, h, rq)
		csp := res.Header.Get("Content-Security-Policy")
		d := cspDirectives(t, csp)
		if len(d["script-src"]) == 0 || contains(d["script-src"], "'unsafe-inline'") || contains(d["script-src"], "'unsafe-eval'") {
			t.Errorf("%s: script-src %v must exist and allow no inline or eval", rq.target, d["script-src"])
		}
		if !contains(d["script-src"], "'self'") || !contains(d["default-src"], "'self'") {
			t.Errorf("%s: CSP %q", rq.target, csp)
		}
		if got := d["frame-ancestors"]; len(got) != 1 || got[0] != "'none'" {
			t.Errorf("%s: frame-ancestors %v", rq.target, got)
		}
		if !contains(d["img-src"], "https://*.tile.example.org") || !contains(d["img-src"], "data:") {
			t.Errorf("%s: img-src %v lacks the tile server", rq.target, d["img-src"])
		}
		if !contains(d["form-action"], "'self'") || !contains(d["form-action"], "https://accept.gateway.example") {
			t.Errorf("%s: form-action %v lacks the payment gateway", rq.target, d["form-action"])
		}
		if !contains(d["connect-src"], "'self'") || !contains(d["connect-src"], "wss://mishwar.example") {
			t.Errorf("%s: connect-src %v", rq.target, d["connect-src"])
		}
		if !contains(d["base-uri"], "'self'") || !contains(d["object-src"], "'none'") {
			t.Errorf("%s: CSP %q", rq.target, csp)
		}
		want := map[string]string{
			"X-Content-Type-Options":    "nosniff",
			"Referrer-Policy":           "strict-origin-when-cross-origin",
			"X-Frame-Options":           "DENY",
			"Strict-Transport-Security": "max-age=31536000; includeSubDomains",
		}
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("%s: %s %q, want %q", rq.target, k, got, v)
			}
		}
		if pp := res.Header.Get("Permissions-Policy"); !strings.Contains(pp, "geolocation=(self)") {
			t.Errorf("%s: Permissions-Policy %q", rq.target, pp)
		}
	}
}

func TestSecurityHeadersWrapsAnyHandler(t *testing.T) {
	t.Parallel()
	api := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{}`)) })
	h := web.SecurityHeaders(api, web.Config{PublicURL: "http://localhost:8080"})
	res := do(t, h, req{target: "/api/me"})
	d := cspDirectives(t, res.Header.Get("Content-Security-Policy"))
	if !contains(d["connect-src"], "ws://localhost:8080") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers: %v", res.Header)
	}
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS on a plain-HTTP site would lock visitors out")
	}
}

func TestHeadTagsAndLanguageAreRenderedOnTheServer(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	cases := []struct {
		name      string
		target    string
		headers   map[string]string
		wantLang  string
		wantTitle string
	}{
		{"default English", "/programs", nil, `lang="en" dir="ltr"`, "<title>Programs · Mishwar</title>"},
		{"Arabic browser", "/programs", map[string]string{"Accept-Language": "ar-EG,ar;q=0.9,en;q=0.8"}, `lang="ar" dir="rtl"`, "<title>البرامج · مشوار</title>"},
		{"choice beats browser", "/programs", map[string]string{"Accept-Language": "ar-EG", "Cookie": "lang=en"}, `lang="en" dir="ltr"`, "<title>Programs · Mishwar</title>"},
		{"cookie Arabic", "/about", map[string]string{"Cookie": "lang=ar"}, `lang="ar" dir="rtl"`, "<title>من نحن وتواصل معنا · مشوار</title>"},
		{"hreflang link", "/about?lang=ar", map[string]string{"Cookie": "lang=en"}, `lang="ar" dir="rtl"`, "<title>من نحن وتواصل معنا · مشوار</title>"},
		{"home", "/", nil, `lang="en" dir="ltr"`, "<title>Mishwar — private trips around Cairo</title>"},
		{"not found Arabic", "/nope", map[string]string{"Accept-Language": "ar"}, `lang="ar" dir="rtl"`, "<title>الصفحة غير موجودة · مشوار</title>"},
	}
	for _, c := range cases {
		b := body(t, do(t, h, req{target: c.target, headers: c.headers}))
		if !strings.Contains(b, `<html class="no-js" `+c.wantLang+`>`) {
			t.Errorf("%s: want <html class=\"no-js\" %s>, got %q", c.name, c.wantLang, firstLine(b, "<html"))
		}
		if strings.Count(b, ` lang="`) != 1 {
			t.Errorf("%s: the shell's own lang attribute was kept:\n%s", c.name, b)
		}
		if strings.Contains(b, "Static") {
			t.Errorf("%s: index.html's own description or Open Graph tags were kept", c.name)
		}
		if strings.Count(b, "<title>") != 1 || !strings.Contains(b, c.wantTitle) {
			t.Errorf("%s: want exactly one %s, got %q", c.name, c.wantTitle, firstLine(b, "<title>"))
		}
		if strings.Contains(b, "<!--app-head-->") {
			t.Errorf("%s: marker left in the page", c.name)
		}
		if strings.Index(b, "<title>") > strings.Index(b, `<script type="module"`) {
			t.Errorf("%s: head tags not at the marker", c.name)
		}
	}

	b := body(t, do(t, h, req{target: "/about?utm_source=x", headers: map[string]string{"Accept-Language": "ar"}}))
	for _, want := range []string{
		`<link rel="canonical" href="https://mishwar.example/about?lang=ar">`,
		`<link rel="alternate" hreflang="en" href="https://mishwar.example/about">`,
		`<link rel="alternate" hreflang="ar" href="https://mishwar.example/about?lang=ar">`,
		`<link rel="alternate" hreflang="x-default" href="https://mishwar.example/about">`,
		`<meta property="og:url" content="https://mishwar.example/about?lang=ar">`,
		`<meta property="og:locale" content="ar_EG">`,
		`<meta property="og:site_name" content="مشوار">`,
		`<meta name="description" content="احجز رحلة خاصة`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("Arabic /about lacks %s", want)
		}
	}
	// Private pages are kept out of search results and do not leak their ids into links.
	b = body(t, do(t, h, req{target: "/account/order/ord-123"}))
	if !strings.Contains(b, `<meta name="robots" content="noindex">`) || strings.Contains(b, "ord-123") || strings.Contains(b, "canonical") {
		t.Errorf("account page head: %s", b)
	}
}

func firstLine(b, containing string) string {
	for _, l := range strings.Split(b, "\n") {
		if strings.Contains(l, containing) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// catalogueHead stands in for the catalogue feature's renderer: program 7 exists, others do not, and
// it owns category pages that the route table does not list.
func catalogueHead(ctx context.Context, r *http.Request, lang string) (string, int, bool) {
	switch {
	case r.URL.Path == "/program/7":
		title := "Pyramids at sunrise · Mishwar"
		if lang == "ar" {
			title = "الأهرامات عند الشروق · مشوار"
		}
		return web.RenderMeta(publicURL, lang, web.Meta{
			Title: title, Description: "Giza <plateau> & the Sphinx", Path: "/program/7",
			Image: "/uploads/pyramids.jpg", Type: "product", LeadImage: true,
			JSONLD: []any{map[string]any{"@context": "https://schema.org", "@type": "TouristTrip", "name": "</script><script>alert(1)</script>"}},
		}), http.StatusOK, true
	case strings.HasPrefix(r.URL.Path, "/program/"):
		return web.RenderMeta(publicURL, lang, web.Meta{Title: "Program not found", NoIndex: true}), http.StatusNotFound, true
	case r.URL.Path == "/categories/museums":
		return web.RenderMeta(publicURL, lang, web.Meta{Title: "Museums · Mishwar", Path: "/categories/museums"}), http.StatusOK, true
	}
	return "", 0, false
}

func TestHeadRendererSuppliesDetailPagesAndDecidesTheirExistence(t *testing.T) {
	t.Parallel()
	h := newHandler(t, func(c *web.Config) { c.Head = web.HeadRendererFunc(catalogueHead) })

	res := do(t, h, req{target: "/program/7", headers: map[string]string{"User-Agent": googlebotUA}})
	b := body(t, res)
	if res.StatusCode != 200 {
		t.Fatalf("existing program: %d", res.StatusCode)
	}
	for _, want := range []string{
		"<title>Pyramids at sunrise · Mishwar</title>",
		`<meta name="description" content="Giza &lt;plateau&gt; &amp; the Sphinx">`,
		`<meta property="og:image" content="https://mishwar.example/uploads/pyramids.jpg">`,
		// The page's main photo is preloaded from where the app shows it, this site.
		`<link rel="preload" href="/uploads/pyramids.jpg" as="image">`,
		`<meta property="og:type" content="product">`,
		`<link rel="canonical" href="https://mishwar.example/program/7">`,
		`<script type="application/ld+json">{"@context":"https://schema.org","@type":"TouristTrip","name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"}</script>`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("program page lacks %s\n%s", want, b)
		}
	}
	if strings.Count(b, "<title>") != 1 {
		t.Errorf("renderer head and generic head both rendered")
	}

	res = do(t, h, req{target: "/program/999", headers: map[string]string{"User-Agent": googlebotUA}})
	if b := body(t, res); res.StatusCode != 404 || b != "404 Not Found\n" {
		t.Errorf("missing program for a bot: %d %q", res.StatusCode, b)
	}
	res = do(t, h, req{target: "/program/999", headers: map[string]string{"User-Agent": chromeUA}})
	if b := body(t, res); res.StatusCode != 404 || !strings.Contains(b, "<title>Program not found</title>") || !strings.Contains(b, `id="root"`) {
		t.Errorf("missing program for a person: %d %q", res.StatusCode, b)
	}
	res = do(t, h, req{target: "/categories/museums"})
	if b := body(t, res); res.StatusCode != 200 || !strings.Contains(b, "<title>Museums · Mishwar</title>") || strings.Contains(b, `as="image"`) {
		t.Errorf("renderer-owned path: %d", res.StatusCode)
	}
	res = do(t, h, req{target: "/about"})
	if b := body(t, res); res.StatusCode != 200 || !strings.Contains(b, "<title>About us and contact · Mishwar</title>") {
		t.Errorf("path the renderer does not own: %d", res.StatusCode)
	}
	res = do(t, h, req{target: "/categories/unknown"})
	if res.StatusCode != 404 {
		t.Errorf("path nobody owns: %d", res.StatusCode)
	}
}

func TestRobotsTxt(t *testing.T) {
	t.Parallel()
	b := body(t, do(t, newHandler(t), req{target: "/robots.txt"}))
	for _, want := range []string{"User-agent: *\n", "Allow: /\n", "Disallow: /admin\n", "Disallow: /account\n", "Sitemap: https://mishwar.example/sitemap.xml\n"} {
		if !strings.Contains(b, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, b)
		}
	}
}

type urlset struct {
	URLs []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
		Links   []struct {
			Hreflang string `xml:"hreflang,attr"`
			Href     string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"url"`
}

func TestSitemapListsPublicRoutesAndCatalogueURLs(t *testing.T) {
	t.Parallel()
	modified := time.Date(2026, 3, 1, 10, 0, 0, 0, time.FixedZone("Cairo", 2*3600))
	src := web.SitemapSourceFunc(func(context.Context) ([]web.SitemapURL, error) {
		return []web.SitemapURL{{Path: "/program/7", LastModified: modified}, {Path: "/destination?id=3"}}, nil
	})
	h := newHandler(t, func(c *web.Config) { c.Sitemap = []web.SitemapSource{src} })
	res := do(t, h, req{target: "/sitemap.xml"})
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/xml; charset=utf-8" {
		t.Fatalf("sitemap: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var set urlset
	if err := xml.Unmarshal([]byte(body(t, res)), &set); err != nil {
		t.Fatalf("sitemap is not XML: %v", err)
	}
	locs := map[string]string{}
	for _, u := range set.URLs {
		locs[u.Loc] = u.LastMod
		if len(u.Links) != 3 {
			t.Errorf("%s: %d alternates, want en, ar, x-default", u.Loc, len(u.Links))
		}
	}
	for _, want := range []string{
		"https://mishwar.example/", "https://mishwar.example/?lang=ar", "https://mishwar.example/programs",
		"https://mishwar.example/destinations", "https://mishwar.example/about?lang=ar",
		"https://mishwar.example/program/7", "https://mishwar.example/destination?id=3&lang=ar",
	} {
		if _, ok := locs[want]; !ok {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if locs["https://mishwar.example/program/7"] != "2026-03-01T08:00:00Z" {
		t.Errorf("lastmod %q", locs["https://mishwar.example/program/7"])
	}
	for loc := range locs {
		if strings.Contains(loc, "/admin") || strings.Contains(loc, "/account") || strings.Contains(loc, "{") || strings.Contains(loc, "/checkout") {
			t.Errorf("sitemap lists a private or pattern URL %s", loc)
		}
	}

	failing := web.SitemapSourceFunc(func(context.Context) ([]web.SitemapURL, error) { return nil, errors.New("database down") })
	h = newHandler(t, func(c *web.Config) { c.Sitemap = []web.SitemapSource{src, failing} })
	if res := do(t, h, req{target: "/sitemap.xml"}); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("sitemap with a failing source: %d, want 503 rather than a partial list", res.StatusCode)
	}
}

func TestHeadAndOtherMethods(t *testing.T) {
	t.Parallel()
	h := newHandler(t)
	res := do(t, h, req{method: "HEAD", target: "/assets/index-B2x9k1.js"})
	if b := body(t, res); res.StatusCode != 200 || b != "" || res.Header.Get("Content-Length") != strconv.Itoa(len(appJS)) {
		t.Errorf("HEAD asset: %d, %d bytes, Content-Length %s", res.StatusCode, len(b), res.Header.Get("Content-Length"))
	}
	res = do(t, h, req{method: "POST", target: "/about"})
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /about: %d Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
	if res := do(t, h, req{method: "DELETE", target: "/nope"}); res.StatusCode != 404 {
		t.Errorf("DELETE unknown: %d", res.StatusCode)
	}
}

func TestNewRefusesAnAppItCannotServeSafely(t *testing.T) {
	t.Parallel()
	withIndex := func(html string) fstest.MapFS {
		fs := appFiles()
		fs["index.html"] = &fstest.MapFile{Data: []byte(html)}
		return fs
	}
	cases := []struct {
		name string
		cfg  web.Config
	}{
		{"no files", web.Config{PublicURL: publicURL}},
		{"inline script", web.Config{Files: withIndex(strings.Replace(indexHTML, "<!--app-head-->", "<!--app-head--><script>window.x=1</script>", 1)), PublicURL: publicURL}},
		{"no public URL", web.Config{Files: appFiles()}},
		{"relative public URL", web.Config{Files: appFiles(), PublicURL: "mishwar.example"}},
		{"CSP injection", web.Config{Files: appFiles(), PublicURL: publicURL, ImageSources: []string{"https://x; script-src *"}}},
	}
	for _, c := range cases {
		if _, err := web.New(c.cfg); !errors.Is(err, web.ErrInvalidConfig) {
			t.Errorf("%s: err %v, want ErrInvalidConfig", c.name, err)
		}
	}
	notBuilt := fstest.MapFS{"dist/.gitkeep": {Data: nil}}
	if _, err := web.New(web.Config{Files: notBuilt, PublicURL: publicURL}); !errors.Is(err, web.ErrAppNotBuilt) {
		t.Errorf("placeholder dist: err %v, want ErrAppNotBuilt", err)
	}
	// JSON data blocks and external scripts are fine.
	ok := withIndex(strings.Replace(indexHTML, "<!--app-head-->", `<!--app-head--><script type="application/ld+json">{"a":1}</script>`, 1))
	if _, err := web.New(web.Config{Files: ok, PublicURL: publicURL}); err != nil {
		t.Errorf("JSON-LD in index.html refused: %v", err)
	}
}

func compressBr(t *testing.T, b []byte, level int) []byte {
	t.Helper()
	var out bytes.Buffer
	w := brotli.NewWriterLevel(&out, level)
	_, _ = w.Write(b)
	_ = w.Close()
	return out.Bytes()
}

func TestBuildTimeCompressedFilesAreServedWhenTheyMatch(t *testing.T) {
	t.Parallel()
	prebuilt := compressBr(t, []byte(appJS), 11)
	files := appFiles()
	files["assets/index-B2x9k1.js.br"] = &fstest.MapFile{Data: prebuilt}
	h, err := web.New(web.Config{Files: files, PublicURL: publicURL})
	if err != nil {
		t.Fatal(err)
	}
	res := do(t, h, req{target: "/assets/index-B2x9k1.js", headers: map[string]string{"Accept-Encoding": "br"}})
	if got := []byte(body(t, res)); !bytes.Equal(got, prebuilt) {
		t.Errorf("served %d brotli bytes, want the prebuilt %d", len(got), len(prebuilt))
	}
	if res := do(t, h, req{target: "/assets/index-B2x9k1.js.br"}); res.StatusCode != 404 {
		t.Errorf("the sibling itself is served: %d", res.StatusCode)
	}

	files["assets/index-B2x9k1.js.br"] = &fstest.MapFile{Data: compressBr(t, []byte("old build"), 11)}
	if _, err := web.New(web.Config{Files: files, PublicURL: publicURL}); !errors.Is(err, web.ErrInvalidConfig) {
		t.Errorf("stale sibling: err %v, want ErrInvalidConfig", err)
	}
}

func TestFilesMayComeUnderDist(t *testing.T) {
	t.Parallel()
	nested := fstest.MapFS{}
	for name, f := range appFiles() {
		nested["dist/"+name] = f
	}
	h, err := web.New(web.Config{Files: nested, PublicURL: publicURL})
	if err != nil {
		t.Fatal(err)
	}
	if res := do(t, h, req{target: "/assets/index-B2x9k1.js"}); res.StatusCode != 200 {
		t.Errorf("asset under dist/: %d", res.StatusCode)
	}
}

func TestCSPSource(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "https://*.tile.openstreetmap.org"},
		{"https://tiles.example.org:8443/styles/{z}/{x}/{y}.png?key=1", "https://tiles.example.org:8443"},
		{"http://localhost:8081/tiles/{z}/{x}/{y}.png", "http://localhost:8081"},
	}
	for _, c := range cases {
		got, err := web.CSPSource(c.in)
		if err != nil || got != c.want {
			t.Errorf("CSPSource(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"/tiles/{z}/{x}/{y}.png", "ftp://x/y", "https://{tenant}.example.org/a"} {
		if _, err := web.CSPSource(bad); err == nil {
			t.Errorf("CSPSource(%q) accepted", bad)
		}
	}
}

func TestTheMapTileServerIsAnnouncedToTheApp(t *testing.T) {
	h := newHandler(t, func(c *web.Config) {
		c.MapTilesURL = "https://tiles.example.org/{z}/{x}/{y}.png?key=a&b"
	})
	got := body(t, do(t, h, req{target: "/points"}))
	want := `<meta name="mishwar-map-tiles" content="https://tiles.example.org/{z}/{x}/{y}.png?key=a&amp;b">`
	if !strings.Contains(got, want) {
		t.Fatalf("page has no tile meta tag %s", want)
	}
}

// After navigating inside the app, the app asks the new address for its head (HeadMediaType) and
// puts it into the document: the answer must be exactly the head a fresh load of that address
// renders, in the language asked, for catalogue pages, generic routes and missing pages alike.
func TestHeadOnlyAnswerIsTheHeadAFreshLoadRenders(t *testing.T) {
	t.Parallel()
	h := newHandler(t, func(c *web.Config) { c.Head = web.HeadRendererFunc(catalogueHead) })
	cases := []struct {
		target     string
		wantStatus int
		wantLang   string
	}{
		{"/program/7", 200, "en"},
		{"/program/7?lang=ar", 200, "ar"},
		{"/about?lang=ar", 200, "ar"},
		{"/checkout", 200, "en"},
		{"/program/999", 404, "en"},
		{"/nope?lang=ar", 404, "ar"},
	}
	for _, tc := range cases {
		page := do(t, h, req{target: tc.target, headers: map[string]string{"User-Agent": chromeUA}})
		html := body(t, page)
		res := do(t, h, req{target: tc.target, headers: map[string]string{"User-Agent": chromeUA, "Accept": web.HeadMediaType}})
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), web.HeadMediaType) {
			t.Fatalf("%s: head answer %d %s", tc.target, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if !slices.Contains(res.Header.Values("Vary"), "Accept") || !slices.Contains(page.Header.Values("Vary"), "Accept") {
			t.Errorf("%s: both forms must vary on Accept: %v / %v", tc.target, res.Header.Values("Vary"), page.Header.Values("Vary"))
		}
		var got web.PageHead
		if err := json.Unmarshal([]byte(body(t, res)), &got); err != nil {
			t.Fatalf("%s: %v", tc.target, err)
		}
		if got.Status != tc.wantStatus || page.StatusCode != tc.wantStatus || got.Lang != tc.wantLang {
			t.Errorf("%s: status %d (page %d), lang %s; want %d, %s", tc.target, got.Status, page.StatusCode, got.Lang, tc.wantStatus, tc.wantLang)
		}
		if got.Head == "" || !strings.Contains(html, got.Head) {
			t.Errorf("%s: the head answer is not the page's head\nanswer: %s\npage: %s", tc.target, got.Head, html)
		}
		if !strings.Contains(html, `lang="`+got.Lang+`" dir="`+got.Dir+`"`) {
			t.Errorf("%s: page is not %s/%s", tc.target, got.Lang, got.Dir)
		}
		if strings.Count(got.Head, `rel="canonical"`) > 1 || strings.Count(got.Head, "<title>") != 1 {
			t.Errorf("%s: one canonical and one title at most: %s", tc.target, got.Head)
		}
	}
	// A crawler asking for the page still gets the bare 404; only the app's head request gets 200.
	res := do(t, h, req{target: "/program/999", headers: map[string]string{"User-Agent": googlebotUA}})
	if res.StatusCode != 404 {
		t.Errorf("bot page: %d", res.StatusCode)
	}
}

// The build's first-paint manifest names each language's core translations; a page announces its
// language's chunk, and the home page its content too, so they download beside the app's code.
func TestPagesPreloadWhatTheirFirstRenderWaitsFor(t *testing.T) {
	t.Parallel()
	files := appFiles()
	files["assets/core-en1.js"] = &fstest.MapFile{Data: []byte(`export default {"a":"Hello"}`)}
	files["assets/core-ar1.js"] = &fstest.MapFile{Data: []byte(`export default {"a":"أهلا"}`)}
	files["assets/site-en1.js"] = &fstest.MapFile{Data: []byte(`export default {"b":"Site"}`)}
	files["assets/site-ar1.js"] = &fstest.MapFile{Data: []byte(`export default {"b":"الموقع"}`)}
	files["assets/catalogue-1.js"] = &fstest.MapFile{Data: []byte(appJS)}
	files["assets/page-header-1.js"] = &fstest.MapFile{Data: []byte(appJS)}
	files["assets/catalogue-1.css"] = &fstest.MapFile{Data: []byte(appCSS)}
	files["assets/inter-1.woff2"] = &fstest.MapFile{Data: []byte("font")}
	files["assets/cairo-1.woff2"] = &fstest.MapFile{Data: []byte("font")}
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(firstPaintManifest)}
	h := newHandler(t, func(c *web.Config) { c.Files = files })

	home := body(t, do(t, h, req{target: "/?lang=ar"}))
	for _, want := range []string{
		// The fonts the first paint's text is drawn in, so it is not drawn in a fallback first.
		`<link rel="preload" href="/assets/cairo-1.woff2" as="font" type="font/woff2" crossorigin>`,
		`<link rel="modulepreload" fetchpriority="low" href="/assets/core-ar1.js">`,
		`<link rel="preload" href="/api/home?lang=ar" as="fetch" crossorigin="use-credentials">`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("Arabic home page lacks %s", want)
		}
	}
	if strings.Contains(home, "core-en1") || strings.Contains(home, "inter-1") {
		t.Error("Arabic home page preloads English translations or fonts")
	}
	// The preloads close the head, after the app's own tags.
	if app, pre := strings.Index(home, "/assets/index-B2x9k1.js"), strings.Index(home, `rel="preload"`); app < 0 || pre < app || pre > strings.Index(home, "</head>") {
		t.Errorf("preloads are not after the app's script and in the head: script at %d, preloads at %d", app, pre)
	}
	// The fonts are fetched at once, for the first paint; code and answers wait for it in a template.
	for page, target := range map[string]string{"home": "/?lang=ar", "programs": "/programs", "a 404": "/no-such-page"} {
		now, later := splitAfterFirstPaint(body(t, do(t, h, req{target: target})))
		if !strings.Contains(now, `as="font"`) || strings.Contains(later, `as="font"`) {
			t.Errorf("%s: the fonts are not fetched at once", page)
		}
		if strings.Contains(now, "modulepreload") || strings.Contains(now, `as="fetch"`) || strings.Contains(now, `as="style"`) {
			t.Errorf("%s: code, styles or answers are fetched before the first paint:\n%s", page, now)
		}
		if !strings.Contains(later, "modulepreload") {
			t.Errorf("%s: no code waits for the first paint:\n%s", page, later)
		}
	}
	if strings.Contains(home, "site-ar1") || strings.Contains(home, "catalogue-1") {
		t.Error("the home page, whose code is in the entry, preloads a route module")
	}
	programs := body(t, do(t, h, req{target: "/programs", headers: map[string]string{"Accept-Language": "en-GB,en"}}))
	for _, want := range []string{
		`<link rel="modulepreload" fetchpriority="low" href="/assets/core-en1.js">`,
		// The page's route module, its chunks and styles, and the words the module's pages use.
		`<link rel="modulepreload" fetchpriority="low" href="/assets/site-en1.js">`,
		`<link rel="modulepreload" fetchpriority="low" href="/assets/catalogue-1.js">`,
		`<link rel="modulepreload" fetchpriority="low" href="/assets/page-header-1.js">`,
		`<link rel="preload" href="/assets/catalogue-1.css" as="style" crossorigin>`,
		// The header's opening hours come with the home content, on every page.
		`<link rel="preload" href="/api/home?lang=en" as="fetch" crossorigin="use-credentials">`,
		`<link rel="preload" href="/api/currencies" as="fetch" crossorigin="use-credentials">`,
	} {
		if !strings.Contains(programs, want) {
			t.Errorf("English programs page lacks %s", want)
		}
	}
	details := map[string]string{
		"/destination?id=giza-pyramids&lang=en":                 "/api/destinations/giza-pyramids?lang=en",
		"/destination?slug=khan-el-khalili":                     "/api/destinations/khan-el-khalili?lang=en",
		"/program/7f3c1d2e-0a4b-4c5d-8e9f-101112131415?lang=ar": "/api/programs/7f3c1d2e-0a4b-4c5d-8e9f-101112131415?lang=ar",
		"/program?id=islamic-cairo":                             "/api/programs/islamic-cairo?lang=en",
	}
	for page, answer := range details {
		got := body(t, do(t, h, req{target: page}))
		if !strings.Contains(got, `<link rel="preload" href="`+answer+`" as="fetch" crossorigin="use-credentials">`) {
			t.Errorf("%s does not preload %s", page, answer)
		}
	}
	// An id the app would escape is not guessed at; a page that does not exist preloads no answers.
	if got := body(t, do(t, h, req{target: "/destination?id=a%2Fb%22%3E"})); strings.Contains(got, "/api/destinations/") {
		t.Error("an id with characters the app escapes is preloaded")
	}
	if got := body(t, do(t, h, req{target: "/no-such-page"})); strings.Contains(got, `as="fetch"`) || strings.Contains(got, `as="style"`) {
		t.Error("a 404 page preloads API answers or a route's styles")
	}
	if res := do(t, h, req{target: "/first-paint.json"}); res.StatusCode != http.StatusNotFound {
		t.Errorf("the build's manifest is served: status %d", res.StatusCode)
	}
}

// splitAfterFirstPaint returns a page without its data-after-first-paint templates (what the browser
// acts on at once) and their content (what src/boot.ts puts in the head after the first paint).
func splitAfterFirstPaint(page string) (now, later string) {
	const open, end = "<template data-after-first-paint>", "</template>"
	for {
		i := strings.Index(page, open)
		if i < 0 {
			return now + page, later
		}
		j := strings.Index(page[i:], end)
		if j < 0 {
			return now + page, later
		}
		now += page[:i]
		later += page[i+len(open) : i+j]
		page = page[i+j+len(end):]
	}
}

// firstPaintManifest names every route module the server preloads (all of them the same files here).
var firstPaintManifest = func() string {
	module := `{"scripts":["assets/catalogue-1.js","assets/page-header-1.js"],"styles":["assets/catalogue-1.css"]}`
	var modules []string
	for _, name := range []string{"info", "booking", "catalogue", "auth", "account"} {
		modules = append(modules, `"`+name+`":`+module)
	}
	return `{"translations":{"en":{"core":"assets/core-en1.js","site":"assets/site-en1.js"},"ar":{"core":"assets/core-ar1.js","site":"assets/site-ar1.js"}},` +
		`"fonts":{"en":["assets/inter-1.woff2"],"ar":["assets/cairo-1.woff2"]},` +
		`"modules":{` + strings.Join(modules, ",") + `}}`
}()

func TestAManifestNamingAMissingChunkIsRefusedAndNoManifestPreloadsNoTranslations(t *testing.T) {
	t.Parallel()
	files := appFiles()
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(`{"translations":{"en":{"core":"assets/core-gone.js"}}}`)}
	if _, err := web.New(web.Config{Files: files, PublicURL: publicURL}); !errors.Is(err, web.ErrInvalidConfig) {
		t.Errorf("manifest naming a missing chunk: err %v, want ErrInvalidConfig", err)
	}
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(`{"translations":{},"modules":{}}`)}
	if _, err := web.New(web.Config{Files: files, PublicURL: publicURL}); !errors.Is(err, web.ErrInvalidConfig) {
		t.Errorf("manifest without the route modules pages need: err %v, want ErrInvalidConfig", err)
	}
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(`{"translations":`)}
	if _, err := web.New(web.Config{Files: files, PublicURL: publicURL}); !errors.Is(err, web.ErrInvalidConfig) {
		t.Errorf("unreadable manifest: err %v, want ErrInvalidConfig", err)
	}
	home := body(t, do(t, newHandler(t), req{target: "/"}))
	if strings.Contains(home, "modulepreload") {
		t.Error("a build without a manifest preloads translations")
	}
}

// Before the app's code has run, the page shows the site's bar in its language, inside the app's
// root (which the app's first render replaces); an index.html without the marker gets nothing there.
func TestThePageIsPaintedBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	files := appFiles()
	files["index.html"] = &fstest.MapFile{Data: []byte(strings.Replace(indexHTML, `<div id="root"></div>`, `<div id="root"><!--app-paint--></div>`, 1))}
	h := newHandler(t, func(c *web.Config) { c.Files = files })
	for lang, name := range map[string]string{"en": "Mishwar", "ar": "مشوار"} {
		page := body(t, do(t, h, req{target: "/programs?lang=" + lang}))
		root := page[strings.Index(page, `<div id="root">`):]
		root = root[:strings.Index(root, "</body>")]
		if !strings.Contains(root, `<header class="site-header first-paint" aria-hidden="true">`) || !strings.Contains(root, `<span class="logo__word">`+name+`</span>`) {
			t.Errorf("%s: the root holds no first paint with the site's name %q:\n%s", lang, name, root)
		}
		if strings.Contains(page, "<!--app-paint-->") {
			t.Errorf("%s: the marker is left in the page", lang)
		}
	}
	plain := body(t, do(t, newHandler(t), req{target: "/programs"}))
	if !strings.Contains(plain, `<div id="root"></div>`) {
		t.Error("an index.html without the marker is not served as it is")
	}
}

// screensManifest is firstPaintManifest with the first screens the build renders: the home page's
// hero with the catalogue's title and subtitle as slots, checkout's static heading, a destination's
// opening in two shapes (with a category, and without), a program's.
var screensManifest = func() string {
	screens := func(checkout, title, subtitle string) string {
		return `{"home":{"html":"<section class=\"hero\"><h1>{{title}}</h1><p class=\"hero__lead\">{{subtitle}}</p></section>","defaults":{"title":"` + title + `","subtitle":"` + subtitle + `"}},` +
			`"checkout":{"html":"<header class=\"page-header\"><h1>` + checkout + `</h1></header>"},` +
			`"destination":{"html":"<a href=\"/destinations?category={{categoryurl}}\">{{category}}</a><h1>{{name}}</h1><img src=\"{{photo}}\" alt=\"{{name}}\">"},` +
			`"destination-plain":{"html":"<h1>{{name}}</h1><img src=\"{{photo}}\" alt=\"{{name}}\">"},` +
			`"program":{"html":"<h1>{{name}}</h1><p>{{summary}}</p><img src=\"{{photo}}\">"}}`
	}
	return strings.TrimSuffix(firstPaintManifest, "}") + `,"screens":{"en":` + screens("Checkout", "Your Cairo", "Pick & go") + `,"ar":` + screens("الدفع", "قاهرتك", "اختر") + `}}`
}()

func screenFiles() fstest.MapFS {
	files := appFiles()
	files["index.html"] = &fstest.MapFile{Data: []byte(strings.Replace(indexHTML, `<div id="root"></div>`, `<div id="root"><!--app-paint--></div>`, 1))}
	for _, f := range []string{"core-en1", "core-ar1", "site-en1", "site-ar1", "catalogue-1", "page-header-1"} {
		files["assets/"+f+".js"] = &fstest.MapFile{Data: []byte(appJS)}
	}
	for _, f := range []string{"inter-1", "cairo-1"} {
		files["assets/"+f+".woff2"] = &fstest.MapFile{Data: []byte("font")}
	}
	files["assets/catalogue-1.css"] = &fstest.MapFile{Data: []byte(appCSS)}
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(screensManifest)}
	return files
}

func rootOf(page string) string {
	root := page[strings.Index(page, `<div id="root">`):]
	return root[:strings.Index(root, "</body>")]
}

// The home page, checkout and a destination's page open with their first block in the HTML, as the
// app's components render it: the catalogue's text escaped into its slots (a slot in an address
// escaped as part of it), the app's default where the operator set none, the shape the record needs.
func TestPagesOpenWithTheirFirstScreenFilledFromTheCatalogue(t *testing.T) {
	t.Parallel()
	var asked []string
	slots := func(_ context.Context, r *http.Request, page, lang string) (string, map[string]string, error) {
		asked = append(asked, page+"/"+lang)
		switch {
		case page == "destination" && r.URL.Query().Get("id") == "giza":
			return "destination", map[string]string{"name": `Giza "pyramids"`, "photo": "/art/giza.svg", "category": "Ancient & old", "categoryurl": "ancient egypt&x"}, nil
		case page == "destination" && r.URL.Query().Get("id") == "khan":
			return "destination-plain", map[string]string{"name": "Khan", "photo": "/art/khan.svg"}, nil
		case page == "destination", page == "program":
			return "", nil, nil // not found, or no photo
		case lang == "ar":
			return page, map[string]string{"title": "", "subtitle": ""}, nil
		}
		return page, map[string]string{"title": `Giza <script>alert(1)</script> & more`, "subtitle": "  "}, nil
	}
	h := newHandler(t, func(c *web.Config) { c.Files = screenFiles(); c.ScreenSlots = slots })

	home := rootOf(body(t, do(t, h, req{target: "/?lang=en"})))
	for _, want := range []string{
		`<div class="shell"><header class="site-header first-paint" aria-hidden="true">`,
		`<main class="main container first-paint"><section class="hero"><h1>Giza &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h1>`,
		`<p class="hero__lead">Pick &amp; go</p>`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("English home page's root lacks %s:\n%s", want, home)
		}
	}
	if strings.Contains(home, "{{") || strings.Contains(home, "<script>alert") {
		t.Errorf("a slot is left unfilled or the catalogue's text is not escaped:\n%s", home)
	}
	if got := rootOf(body(t, do(t, h, req{target: "/?lang=ar"}))); !strings.Contains(got, `<h1>قاهرتك</h1><p class="hero__lead">اختر</p>`) {
		t.Errorf("Arabic home page without hero text does not show the defaults:\n%s", got)
	}
	if got := rootOf(body(t, do(t, h, req{target: "/checkout?lang=ar"}))); !strings.Contains(got, `<main class="main container first-paint"><header class="page-header"><h1>الدفع</h1></header></main>`) {
		t.Errorf("Arabic checkout does not open with its heading:\n%s", got)
	}
	if got := rootOf(body(t, do(t, h, req{target: "/destination?id=giza"}))); !strings.Contains(got,
		`<a href="/destinations?category=ancient+egypt%26x">Ancient &amp; old</a><h1>Giza &#34;pyramids&#34;</h1><img src="/art/giza.svg" alt="Giza &#34;pyramids&#34;">`) {
		t.Errorf("a destination with a category does not open with it:\n%s", got)
	}
	if got := rootOf(body(t, do(t, h, req{target: "/destination?id=khan"}))); !strings.Contains(got, `<main class="main container first-paint"><h1>Khan</h1><img src="/art/khan.svg" alt="Khan"></main>`) {
		t.Errorf("a destination without a category does not open in that shape:\n%s", got)
	}
	// Pages without a screen, a record the catalogue has none for, and pages that do not exist open
	// with the bar alone.
	for _, target := range []string{"/programs", "/destination?id=gone", "/program/7", "/no-such-page"} {
		if got := rootOf(body(t, do(t, h, req{target: target}))); strings.Contains(got, "<main") {
			t.Errorf("%s opens with a screen:\n%s", target, got)
		}
	}
	if !slices.Contains(asked, "destination/en") || !slices.Contains(asked, "checkout/ar") {
		t.Errorf("the catalogue was asked %v", asked)
	}
}

// Without the catalogue, a screen whose slots have defaults shows them; one whose slots have none
// (a destination's name) is not written.
func TestWithoutTheCatalogueOnlyScreensWithDefaultsAreWritten(t *testing.T) {
	t.Parallel()
	h := newHandler(t, func(c *web.Config) { c.Files = screenFiles() })
	if got := rootOf(body(t, do(t, h, req{target: "/"}))); !strings.Contains(got, `<h1>Your Cairo</h1>`) {
		t.Errorf("home page without the catalogue:\n%s", got)
	}
	if got := rootOf(body(t, do(t, h, req{target: "/destination?id=giza"}))); strings.Contains(got, "<main") || strings.Contains(got, "{{") {
		t.Errorf("a destination's screen is written without its text:\n%s", got)
	}
}

// A catalogue that cannot answer leaves the home page without its hero, not without the page.
func TestAHomePageWhoseHeroTextFailsOpensWithTheBarAlone(t *testing.T) {
	t.Parallel()
	h := newHandler(t, func(c *web.Config) {
		c.Files = screenFiles()
		c.ScreenSlots = func(context.Context, *http.Request, string, string) (string, map[string]string, error) {
			return "", nil, errors.New("database down")
		}
		c.Logger = slog.New(slog.DiscardHandler)
	})
	res := do(t, h, req{target: "/"})
	page := body(t, res)
	if res.StatusCode != http.StatusOK || !strings.Contains(page, `<header class="site-header first-paint"`) || strings.Contains(page, `class="hero"`) {
		t.Errorf("status %d, root:\n%s", res.StatusCode, rootOf(page))
	}
}

func TestAManifestWithoutAPagesScreenIsRefused(t *testing.T) {
	t.Parallel()
	files := screenFiles()
	manifest := strings.Replace(screensManifest, `"checkout":{"html":"<header class=\"page-header\"><h1>الدفع</h1></header>"},`, ``, 1)
	if manifest == screensManifest {
		t.Fatal("the manifest was not changed")
	}
	files["first-paint.json"] = &fstest.MapFile{Data: []byte(manifest)}
	if _, err := web.New(web.Config{Files: files, PublicURL: publicURL}); !errors.Is(err, web.ErrInvalidConfig) {
		t.Errorf("err %v, want ErrInvalidConfig", err)
	}
}
