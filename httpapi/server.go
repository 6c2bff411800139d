// Package httpapi is Mishwar's HTTP surface: the JSON API of the spec (section 7) exactly as written,
// the calls it implies, the admin and support API, the live channel and the web app. It decodes and
// validates requests, calls command handlers and read models, and maps their errors to one error
// shape. It holds no business rule of its own.
package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/mail"
	"mishwar/commands"
	cmdaccounts "mishwar/commands/accounts"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
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
	Pool        *pgxpool.Pool
	Store       eventstore.Store
	Commands    *commands.Runner
	Projections ProjectionWaiter
	Auth        httpx.Authenticator
	// Idempotency keeps the answers to Idempotency-Keys for every command route.
	Idempotency httpx.IdempotencyStore
	// Ready reports whether the process can serve traffic (database reachable, projections caught up).
	Ready func(ctx context.Context) error
	// Status lists projections for the admin status endpoint.
	ProjectionStatus func(ctx context.Context) (any, error)
	// Web serves the web app and everything that is not the API (nil: 404).
	Web http.Handler
	// Live serves the Socket.IO endpoint under /socket.io/ (nil: not mounted).
	Live http.Handler
	// TrustProxy: take the client address from X-Forwarded-For (only behind a proxy you run).
	TrustProxy bool
	// PublicURL is the site's address as visitors see it (an https one makes session cookies Secure).
	PublicURL func() string
	// Accounts runs sign-up, sign-in and the account calls (nil: not mounted).
	Accounts *cmdaccounts.Service
	// Mailbox is the e-mail outbox the admin reads at /admin/mailbox (nil: not mounted).
	Mailbox *mail.Outbox
	// Dispatch: the trips board, drivers' screens and trip progress (nil: not mounted).
	Dispatch *DispatchDeps
	// Support: event history, time travel and read-model rebuilds (nil: not mounted).
	Support *SupportDeps
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
	if deps.Auth == nil && deps.Accounts != nil {
		deps.Auth = SessionAuth(deps.Accounts.Store)
	}
	s := &Server{deps: deps, router: mux.NewRouter()}
	s.routes()
	return s
}

func (s *Server) routes() {
	r := s.router
	r.HandleFunc("/healthz", s.healthz).Methods(http.MethodGet, http.MethodHead)
	r.HandleFunc("/readyz", s.readyz).Methods(http.MethodGet, http.MethodHead)

	api := r.PathPrefix("/api").Subrouter()
	api.HandleFunc("/admin/projections", httpx.RequireRole(s.projectionStatus, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
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
		s.accountRoutes,
		s.mailboxRoutes,
		s.dispatchRoutes,
		s.supportRoutes,
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

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	if s.deps.Ready != nil {
		if err := s.deps.Ready(ctx); err != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("not ready: " + strings.ReplaceAll(err.Error(), "\n", " ") + "\n"))
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ready\n"))
}

func (s *Server) projectionStatus(w http.ResponseWriter, r *http.Request) {
	if s.deps.ProjectionStatus == nil {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": []any{}})
		return
	}
	st, err := s.deps.ProjectionStatus(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": st})
}
