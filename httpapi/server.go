// Package httpapi is Mishwar's HTTP surface: the router that mounts every feature of the API (each in
// httpapi/<feature>, listed by the composition root), the live channel and the web app, under the
// cross-cutting middleware (request context, CSRF protection, identity). It holds no business rule
// and no route of its own.
package httpapi

import (
	"log/slog"
	"net/http"
	"net/netip"

	"github.com/gorilla/mux"

	"mishwar/httpapi/httpx"
)

// Feature is one part of the API in a package of its own (httpapi/<feature>): it decodes requests,
// calls its application (commands/<feature>) and encodes the answers. It mounts its routes under
// /api; a feature that also serves pages outside the API implements RootFeature.
type Feature interface {
	Routes(api *mux.Router)
}

// RootFeature is a Feature that serves paths outside /api too (a payment page, uploads, sitemap).
type RootFeature interface {
	Feature
	RootRoutes(r *mux.Router)
}

// Deps is everything the API calls.
type Deps struct {
	// Features are the API's parts, mounted in this order (the composition root lists them).
	Features []Feature
	Logger   *slog.Logger
	Auth     httpx.Authenticator
	// Web serves the web app and everything that is not the API (nil: 404).
	Web http.Handler
	// Live serves the Socket.IO endpoint under /socket.io/ (nil: not mounted).
	Live http.Handler
	// TrustedProxies are the networks of the proxies in front of us: requests from them get their
	// client address from X-Forwarded-For (see httpx.WithTrustedProxy). Empty: the header is ignored.
	TrustedProxies []netip.Prefix
}

// Server routes requests to handlers.
type Server struct {
	deps   Deps
	router *mux.Router
}

// New builds the API.
func New(deps Deps) *Server {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	s := &Server{deps: deps, router: mux.NewRouter()}
	s.routes()
	return s
}

func (s *Server) routes() {
	r := s.router
	api := r.PathPrefix("/api").Subrouter()
	// JSON answers are compressed like the web app's files (the catalogue is 26 kB, 7 kB gzipped).
	api.Use(httpx.Compress)
	for _, f := range s.deps.Features {
		f.Routes(api)
	}
	api.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteMessage(w, r, http.StatusNotFound, "common.route_not_found")
	})
	api.MethodNotAllowedHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteMessage(w, r, http.StatusMethodNotAllowed, "common.method_not_allowed")
	})

	if s.deps.Live != nil {
		r.PathPrefix("/socket.io/").Handler(s.deps.Live)
	}
	for _, f := range s.deps.Features {
		if rf, ok := f.(RootFeature); ok {
			rf.RootRoutes(r)
		}
	}
	if s.deps.Web != nil {
		r.PathPrefix("/").Handler(s.deps.Web)
	}
}

// Handler returns the whole HTTP handler with the cross-cutting middleware around the router.
func (s *Server) Handler() http.Handler {
	var h http.Handler = s.router
	h = httpx.IdentifyRequests(s.deps.Auth, h)
	h = csrfProtection(h)
	h = httpx.RefuseNUL(h)
	h = httpx.WithRequestContext(s.deps.Logger, h)
	h = httpx.WithTrustedProxy(s.deps.TrustedProxies, h)
	return h
}

// csrfProtection refuses cross-site unsafe requests (they would ride on the session cookie). Requests
// without browser fetch metadata, like a payment gateway's server-to-server callback, pass.
func csrfProtection(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteMessage(w, r, http.StatusForbidden, "common.invalid_origin")
	}))
	return cop.Handler(next)
}
