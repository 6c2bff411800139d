// Package httpapi is Mishwar's HTTP surface: the router that mounts every feature of the API (each in
// httpapi/<feature>, listed by the composition root), the live channel and the web app, under the
// cross-cutting middleware (request context, CSRF protection, identity). The features not yet in a
// package of their own still live here. It holds no business rule of its own.
package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"mishwar/adapters/uploads"
	cmdaccounts "mishwar/commands/accounts"
	catcmd "mishwar/commands/catalogue"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	catrm "mishwar/projections/catalogue"
)

// ProjectionWaiter lets a handler answer after the read models have seen its own write.
type ProjectionWaiter interface {
	WaitFor(ctx context.Context, projection string, pos eventstore.Position) error
}

// waitForReadModel returns once the named read model has seen pos (a handler's own write), so its
// answer shows the change; without projections, or with nothing written, there is nothing to wait for.
func (s *Server) waitForReadModel(ctx context.Context, projection string, pos eventstore.Position) error {
	if s.deps.Projections == nil || pos == (eventstore.Position{}) {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.deps.Projections.WaitFor(ctx, projection, pos); err != nil {
		return fmt.Errorf("%s: wait for the read model: %w", projection, err)
	}
	return nil
}

// idempotent puts a command route under the shared Idempotency-Key middleware; keep names the
// failures that are final answers (see httpx.Idempotent).
func (s *Server) idempotent(h http.HandlerFunc, keep func(error) bool) http.Handler {
	return httpx.Idempotent(s.deps.Idempotency, keep)(h)
}

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
	Features    []Feature
	Logger      *slog.Logger
	Projections ProjectionWaiter
	Auth        httpx.Authenticator
	// Idempotency keeps the answers to Idempotency-Keys for every command route.
	Idempotency httpx.IdempotencyStore
	// Web serves the web app and everything that is not the API (nil: 404).
	Web http.Handler
	// Live serves the Socket.IO endpoint under /socket.io/ (nil: not mounted).
	Live http.Handler
	// TrustProxy: take the client address from X-Forwarded-For (only behind a proxy you run).
	TrustProxy bool
	// Accounts names the people in the catalogue's change history (nil: ids only).
	Accounts *cmdaccounts.Application
	// Catalogue runs the catalogue's admin commands; CatalogueReader answers catalogue reads (nil:
	// the catalogue API is not mounted).
	Catalogue       *catcmd.Handlers
	CatalogueReader *catrm.Reader
	// Uploads stores and serves catalogue photos under /uploads/ (nil: not mounted).
	Uploads *uploads.Store
	// Artwork serves generated catalogue pictures under /art/ (nil: not mounted).
	Artwork http.Handler
	// Cart runs and reads the cart (nil: not mounted).
	Cart *CartDeps
	// Orders runs and reads orders, payments and enquiries (nil: not mounted).
	Orders *OrdersDeps
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
	for _, register := range s.features() {
		register(api)
	}
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
	s.catalogueRootRoutes(r)
	s.orderRootRoutes(r)
	for _, f := range s.deps.Features {
		if rf, ok := f.(RootFeature); ok {
			rf.RootRoutes(r)
		}
	}
	if s.deps.Web != nil {
		r.PathPrefix("/").Handler(s.deps.Web)
	}
}

// features lists the route registrations of the features not yet in packages of their own.
func (s *Server) features() []func(api *mux.Router) {
	return []func(*mux.Router){
		s.catalogueRoutes,
		s.adminCatalogueRoutes,
		s.cartRoutes,
		s.orderRoutes,
	}
}

// Handler returns the whole HTTP handler with the cross-cutting middleware around the router.
func (s *Server) Handler() http.Handler {
	var h http.Handler = s.router
	h = httpx.IdentifyRequests(s.deps.Auth, h)
	h = csrfProtection(h)
	h = httpx.WithRequestContext(s.deps.Logger, h)
	if s.deps.TrustProxy {
		h = httpx.WithTrustedProxy(h)
	}
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
