// Package health is the operator's view of the process: /healthz (the process answers), /readyz (it
// can serve traffic: database reachable, projections caught up) and /api/admin/projections (each read
// model's checkpoint and lag). It only reports what the composition root's checks say, and it never
// tells a visitor why the process is not ready: internal error text is for staff only.
package health

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"mishwar/httpapi/httpx"
)

// Checks are what the endpoints report.
type Checks struct {
	// Ready reports whether the process can serve traffic (nil: always ready).
	Ready func(ctx context.Context) error
	// Projections lists the read models for the admin status endpoint (nil: an empty list).
	Projections func(ctx context.Context) (any, error)
	// Jobs lists the process managers' stuck jobs with the queue's counts (nil: none).
	Jobs func(ctx context.Context) (any, error)
	// RetryJob puts a failed job back in the queue.
	RetryJob func(ctx context.Context, id string) error
	// Notes are remarks for staff on a ready process (stuck jobs): said, but not a reason to take the
	// process out of service.
	Notes func(ctx context.Context) []string
}

// Handler serves the health endpoints.
type Handler struct {
	checks      Checks
	idempotency httpx.IdempotencyStore
}

// New returns the health endpoints over checks; idempotency keeps the answers of the retry route.
func New(checks Checks, idempotency httpx.IdempotencyStore) *Handler {
	return &Handler{checks: checks, idempotency: idempotency}
}

// readyTimeout bounds a readiness check: a probe that hangs is worse than one that says no.
const readyTimeout = 3 * time.Second

// Routes mounts /api/admin/projections and /api/admin/jobs for admins and support staff, and the
// retry of a failed job for admins.
func (h *Handler) Routes(api *mux.Router) {
	api.HandleFunc("/admin/projections", httpx.RequireRole(h.projections, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
	api.HandleFunc("/admin/jobs", httpx.RequireRole(h.jobs, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
	retry := httpx.Idempotent(h.idempotency, nil)(http.HandlerFunc(h.retryJob)).ServeHTTP
	api.HandleFunc("/admin/jobs/{id}/retry", httpx.RequireRole(retry, httpx.RoleAdmin)).Methods(http.MethodPost)
}

// RootRoutes mounts /healthz and /readyz, outside the API.
func (h *Handler) RootRoutes(r *mux.Router) {
	r.HandleFunc("/healthz", h.healthz).Methods(http.MethodGet, http.MethodHead)
	r.HandleFunc("/readyz", h.readyz).Methods(http.MethodGet, http.MethodHead)
}

func (h *Handler) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

func (h *Handler) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
	defer cancel()
	if h.checks.Ready != nil {
		if err := h.checks.Ready(ctx); err != nil {
			// The reason names databases, sockets and read models: useful to staff and to the
			// operator's log, and nobody else's business.
			httpx.Logger(r).WarnContext(r.Context(), "not ready", "err", err)
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			msg := "not ready\n"
			if isStaff(r) {
				msg = "not ready: " + strings.ReplaceAll(err.Error(), "\n", " ") + "\n"
			}
			_, _ = w.Write([]byte(msg))
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	msg := "ready\n"
	if h.checks.Notes != nil && isStaff(r) {
		for _, n := range h.checks.Notes(ctx) {
			msg += strings.ReplaceAll(n, "\n", " ") + "\n"
		}
	}
	_, _ = w.Write([]byte(msg))
}

// isStaff: a signed-in admin or support agent, who may read why the process is not ready.
func isStaff(r *http.Request) bool {
	id, ok := httpx.CurrentIdentity(r)
	return ok && (id.Role == httpx.RoleAdmin || id.Role == httpx.RoleSupport)
}

func (h *Handler) projections(w http.ResponseWriter, r *http.Request) {
	if h.checks.Projections == nil {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": []any{}})
		return
	}
	st, err := h.checks.Projections(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": st})
}

func (h *Handler) jobs(w http.ResponseWriter, r *http.Request) {
	if h.checks.Jobs == nil {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"stuck": []any{}}})
		return
	}
	st, err := h.checks.Jobs(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": st})
}

func (h *Handler) retryJob(w http.ResponseWriter, r *http.Request) {
	if h.checks.RetryJob == nil {
		http.NotFound(w, r)
		return
	}
	if err := h.checks.RetryJob(r.Context(), mux.Vars(r)["id"]); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"id": mux.Vars(r)["id"], "status": "pending"}})
}
