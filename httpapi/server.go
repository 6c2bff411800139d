// Package httpapi is Mishwar's HTTP surface: the router that mounts every feature of the API (each in
// httpapi/<feature>, listed by the composition root), the live channel and the web app, under the
// cross-cutting middleware (request context, CSRF protection, identity). It holds no business rule
// and no route of its own.
package httpapi

import (
	"log/slog"
	"net/http"
	"net/netip"
	"strings"

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
	api.Use(httpx.Compress, httpx.PrivateByDefault)
	for _, f := range s.deps.Features {
		routesBehindTheirPrefixes(api, f.Routes)
	}
	api.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if allowed := s.otherMethods(r); len(allowed) > 0 {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			httpx.WriteMessage(w, r, http.StatusMethodNotAllowed, "common.method_not_allowed")
			return
		}
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

// otherMethods lists the methods other than r's that a route of the API takes at r's path. The router
// reports a path it knows under another method as not found whenever a later route shares part of the
// path (gorilla/mux forgets the mismatch), so the answer to "not found" asks again, once per method:
// only requests that found nothing pay for it.
func (s *Server) otherMethods(r *http.Request) []string {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		other := r.Clone(r.Context())
		other.Method = m
		var match mux.RouteMatch
		if s.router.Match(other, &match) && match.MatchErr == nil {
			allowed = append(allowed, m)
		}
	}
	return allowed
}

// routesBehindTheirPrefixes registers a feature's routes on a router of their own, which a request
// enters only when its path starts with the fixed part of one of their templates (the text before the
// first variable). The router tries its routes one by one, each a regular expression: a cart command,
// registered after most of the API's two hundred routes, spent about as long finding its handler as
// encoding its answer. The order, and so which route wins, is unchanged: a request skips only
// routes that cannot match it.
func routesBehindTheirPrefixes(api *mux.Router, register func(*mux.Router)) {
	var prefixes []string
	feature := api.MatcherFunc(func(r *http.Request, _ *mux.RouteMatch) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(r.URL.Path, p) {
				return true
			}
		}
		return false
	}).Subrouter()
	register(feature)
	_ = feature.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		template, err := route.GetPathTemplate()
		if err != nil {
			template = "" // a route without a path: every request may match it
		}
		fixed, _, _ := strings.Cut(template, "{")
		prefixes = append(prefixes, fixed)
		return nil
	})
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
