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
}

// Handler serves the health endpoints.
type Handler struct {
	checks Checks
}

// New returns the health endpoints over checks.
func New(checks Checks) *Handler { return &Handler{checks: checks} }

// readyTimeout bounds a readiness check: a probe that hangs is worse than one that says no.
const readyTimeout = 3 * time.Second

// Routes mounts /api/admin/projections for admins and support staff.
func (h *Handler) Routes(api *mux.Router) {
	api.HandleFunc("/admin/projections", httpx.RequireRole(h.projections, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
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
	_, _ = w.Write([]byte("ready\n"))
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
