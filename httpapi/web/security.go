package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// SecurityHeaders sets the browser security headers on every response of next: a
// Content-Security-Policy that allows no inline or foreign script, no framing, no MIME sniffing, a
// strict referrer policy and HSTS when the site is served over HTTPS. The API uses it too. Only the
// policy fields of cfg are read (PublicURL, ImageSources, FormActionSources); sources are expected to
// have been checked by New (an invalid one is left out here).
func SecurityHeaders(next http.Handler, cfg Config) http.Handler {
	csp := contentSecurityPolicy(cfg)
	hsts := strings.HasPrefix(cfg.PublicURL, "https://")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "geolocation=(self), camera=(), microphone=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

func contentSecurityPolicy(cfg Config) string {
	valid := func(srcs []string) []string {
		var out []string
		for _, s := range srcs {
			if checkSource(s) == nil {
				out = append(out, s)
			}
		}
		return out
	}
	connect := []string{"'self'"}
	// 'self' covers same-origin websockets in current browsers; the explicit origin covers older ones.
	if u, err := url.Parse(strings.TrimRight(cfg.PublicURL, "/")); err == nil && u.Host != "" {
		switch u.Scheme {
		case "https":
			connect = append(connect, "wss://"+u.Host)
		case "http":
			connect = append(connect, "ws://"+u.Host)
		}
	}
	directives := [][]string{
		{"default-src", "'self'"},
		{"script-src", "'self'"},
		// Style attributes are set by React and Leaflet at run time; scripts stay locked down.
		{"style-src", "'self'", "'unsafe-inline'"},
		append([]string{"img-src", "'self'", "data:", "blob:"}, valid(cfg.ImageSources)...),
		{"font-src", "'self'", "data:"},
		append([]string{"connect-src"}, connect...),
		{"worker-src", "'self'", "blob:"},
		{"manifest-src", "'self'"},
		{"object-src", "'none'"},
		{"frame-ancestors", "'none'"},
		{"base-uri", "'self'"},
		append([]string{"form-action", "'self'"}, valid(cfg.FormActionSources)...),
	}
	if strings.HasPrefix(cfg.PublicURL, "https://") {
		directives = append(directives, []string{"upgrade-insecure-requests"})
	}
	parts := make([]string, len(directives))
	for i, d := range directives {
		parts[i] = strings.Join(d, " ")
	}
	return strings.Join(parts, "; ")
}

// checkSource refuses a configured CSP source that could end its directive or smuggle in a keyword.
func checkSource(s string) error {
	if s == "" || strings.ContainsAny(s, " \t\r\n;,'\"") {
		return fmt.Errorf("Content-Security-Policy source %q is not a plain host source (e.g. https://*.tile.example.org)", s)
	}
	return nil
}

// CSPSource turns a URL or a Leaflet tile URL template ("https://{s}.tile.example.org/{z}/{x}/{y}.png")
// into the Content-Security-Policy source that allows it ("https://*.tile.example.org").
func CSPSource(rawURL string) (string, error) {
	s := strings.ReplaceAll(rawURL, "{s}", "*")
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || (scheme != "http" && scheme != "https") {
		return "", fmt.Errorf("%w: %q is not an absolute http(s) URL", ErrInvalidConfig, rawURL)
	}
	host := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		host = rest[:i]
	}
	if host == "" || strings.ContainsAny(host, "{}") {
		return "", fmt.Errorf("%w: %q has no fixed host", ErrInvalidConfig, rawURL)
	}
	src := scheme + "://" + host
	if err := checkSource(src); err != nil {
		return "", fmt.Errorf("%w: %w", ErrInvalidConfig, err)
	}
	return src, nil
}
