package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/adapters/payments"
)

func TestAdminDashboardCountsOpenOrdersAndThisMonthsRevenue(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	admin := w.a.AdminToken(t)

	empty := dashboard(t, w, admin)
	if empty.OpenOrders != 0 || empty.RevenueMonth != 0 {
		t.Fatalf("before any order: %+v", empty)
	}

	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	d := dashboard(t, w, admin)
	if d.OpenOrders != 1 || d.AwaitingPayment != 1 || d.RevenueMonth != 0 {
		t.Fatalf("an order waiting for payment: %+v", d)
	}

	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	paid := w.order(t, u.Token, placed.Data.OrderID)
	d = dashboard(t, w, admin)
	if d.OpenOrders != 1 || d.AwaitingPayment != 0 || d.RevenueMonth != float64(paid.Data.Paid.Minor)/100 || d.Currency != "EGP" {
		t.Fatalf("a paid order of %d piastres: %+v", paid.Data.Paid.Minor, d)
	}
}

type dashboardAnswer struct {
	TripsToday       int     `json:"trips_today"`
	OpenOrders       int     `json:"open_orders"`
	AwaitingPayment  int     `json:"awaiting_payment"`
	PendingEnquiries int     `json:"pending_enquiries"`
	RevenueMonth     float64 `json:"revenue_month"`
	Currency         string  `json:"currency"`
}

// dashboard reads the admin dashboard once the orders read model has settled.
func dashboard(t *testing.T, w *orderWorld, token string) dashboardAnswer {
	t.Helper()
	var d dashboardAnswer
	for deadline := time.Now().Add(5 * time.Second); ; {
		r := w.a.Get("/api/admin/dashboard", token)
		if r.Status != http.StatusOK {
			t.Fatalf("dashboard: %d %s", r.Status, r.Body)
		}
		var next dashboardAnswer
		r.JSON(t, &next)
		if next == d || time.Now().After(deadline) {
			return next
		}
		d = next
		time.Sleep(100 * time.Millisecond)
	}
}

func init() {
	authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/admin/dashboard", Want: rolesOnly(200, "admin", "support")})
}
