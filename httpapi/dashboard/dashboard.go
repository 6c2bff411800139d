// Package dashboard serves the admin area's landing page: the figures, the charts and the
// needs-attention queue. It decodes, asks the dashboard application (commands/dashboard) and encodes,
// nothing else.
package dashboard

import (
	"net/http"

	"github.com/gorilla/mux"

	appdashboard "mishwar/commands/dashboard"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// Handler is the dashboard's part of the API.
type Handler struct {
	app appdashboard.Application
}

// New returns the dashboard's routes over its application.
func New(app appdashboard.Application) *Handler { return &Handler{app: app} }

// Routes mounts GET /api/admin/dashboard, /api/admin/dashboard/insights and
// /api/admin/dashboard/attention for staff (admins and support).
func (h *Handler) Routes(api *mux.Router) {
	staff := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.RequireRole(f, httpx.RoleAdmin, httpx.RoleSupport)
	}
	api.HandleFunc("/admin/dashboard", staff(h.figures)).Methods(http.MethodGet)
	api.HandleFunc("/admin/dashboard/insights", staff(h.insights)).Methods(http.MethodGet)
	api.HandleFunc("/admin/dashboard/attention", staff(h.attention)).Methods(http.MethodGet)
}

type figuresJSON struct {
	TripsToday       int            `json:"trips_today"`
	OpenOrders       int            `json:"open_orders"`
	AwaitingPayment  int            `json:"awaiting_payment"`
	NeedsAttention   int            `json:"needs_attention"`
	PendingEnquiries int            `json:"pending_enquiries"`
	RevenueMonth     float64        `json:"revenue_month"`
	Currency         money.Currency `json:"currency"`
}

func (h *Handler) figures(w http.ResponseWriter, r *http.Request) {
	d, err := h.app.Queries.Figures.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, figuresJSON{
		TripsToday: d.TripsToday, OpenOrders: d.OpenOrders, AwaitingPayment: d.AwaitingPayment,
		NeedsAttention: d.NeedsAttention, PendingEnquiries: d.PendingEnquiries,
		RevenueMonth: money.New(d.RevenueMonth, money.EGP).Major(), Currency: money.EGP,
	})
}
