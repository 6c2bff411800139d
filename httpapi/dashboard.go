package httpapi

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// dashboardRoutes: the admin area's landing numbers.
func (s *Server) dashboardRoutes(api *mux.Router) {
	if s.deps.Orders == nil {
		return
	}
	api.HandleFunc("/admin/dashboard", httpx.RequireRole(s.adminDashboard, httpx.RoleAdmin, httpx.RoleSupport)).Methods(http.MethodGet)
}

func (s *Server) adminDashboard(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	if s.deps.Orders.Now != nil {
		now = s.deps.Orders.Now()
	}
	d, err := s.deps.Orders.Reader.Dashboard(r.Context(), now, catalogue.Cairo)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"trips_today":       d.TripsToday,
		"open_orders":       d.OpenOrders,
		"awaiting_payment":  d.AwaitingPayment,
		"needs_attention":   d.NeedsAttention,
		"pending_enquiries": d.PendingEnquiries,
		"revenue_month":     money.New(d.RevenueMonth, money.EGP).Major(),
		"currency":          money.EGP,
	})
}
