package live

import (
	"context"
	"net/http"
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
