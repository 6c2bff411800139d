package live

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

// The library's websocket upgrader (engine v3.0.5 on) refuses every cross-origin handshake unless
// its CORS middleware is configured, and that middleware would also answer CORS for every polling
// request. The live channel decides about origins itself instead: a socket from another origin
// connects, anonymous unless it sends its token (see trustedOrigin). So a websocket handshake
// reaches the library without its Origin header, which travels in the request's context.

type originKey struct{}

// hideOrigin returns r without its Origin header if it is a websocket handshake that has one.
func hideOrigin(r *http.Request) *http.Request {
	origin := r.Header.Get("Origin")
	if origin == "" || !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return r
	}
	r = r.Clone(context.WithValue(r.Context(), originKey{}, origin))
	r.Header.Del("Origin")
	return r
}

// requestOrigin is the Origin the browser sent with r, hidden or not.
func requestOrigin(r *http.Request) string {
	if origin, ok := r.Context().Value(originKey{}).(string); ok {
		return origin
	}
	return r.Header.Get("Origin")
}

// trustedOrigin reports whether a request carrying the session cookie comes from our own pages.
// Browsers send the cookie on cross-site WebSocket handshakes too, so without this check any site
// could listen to a signed-in visitor's notices.
func (s *Server) trustedOrigin(r *http.Request) bool {
	origin := requestOrigin(r)
	if origin == "" {
		return true // not a cross-origin browser request
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	return s.origins[strings.ToLower(u.Scheme+"://"+u.Host)]
}
