package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/domain/catalogue"
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

type insightsAnswer struct {
	TimeZone string `json:"time_zone"`
	Days     int    `json:"days"`
	From     string `json:"from"`
	To       string `json:"to"`
	Bookings []struct {
		Day        string `json:"day"`
		RatePlanID string `json:"rate_plan_id"`
		Bookings   int    `json:"bookings"`
	} `json:"bookings"`
	Revenue []struct {
		Day      string  `json:"day"`
		Currency string  `json:"currency"`
		Paid     float64 `json:"paid"`
	} `json:"revenue"`
	Capacity []struct {
		Day      string `json:"day"`
		Capacity int    `json:"capacity"`
		Booked   int    `json:"booked"`
		Held     int    `json:"held"`
	} `json:"capacity"`
	RatePlans []struct {
		ID   string `json:"id"`
		Name struct {
			En string `json:"en"`
			Ar string `json:"ar"`
		} `json:"name"`
	} `json:"rate_plans"`
	TopDestinations []struct {
		ID       string `json:"id"`
		Bookings int    `json:"bookings"`
	} `json:"top_destinations"`
}

type attentionAnswer struct {
	TimeZone string `json:"time_zone"`
	Tomorrow string `json:"tomorrow"`
	Items    []struct {
		Kind      string  `json:"kind"`
		OrderID   string  `json:"order_id"`
		PaymentID string  `json:"payment_id"`
		Amount    float64 `json:"amount"`
		Currency  string  `json:"currency"`
	} `json:"items"`
}

// settled reads path until two reads in a row agree (the insights read model has caught up).
func settled[T any](t *testing.T, w *orderWorld, path, token string, done func(T) bool) T {
	t.Helper()
	var got T
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		r := w.a.Get(path, token)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Body)
		}
		got = *new(T)
		r.JSON(t, &got)
		if done(got) || time.Now().After(deadline) {
			return got
		}
	}
}

func TestTheDashboardChartsAPaidOrderAndQueuesMoneyThatDiffers(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	support := w.a.Staff(t, "support").Token
	owner, paid := w.paidOrder(t)
	price := w.order(t, owner.Token, paid).Data.Paid.Minor

	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	admin := w.a.Staff(t, "admin")
	payment := adminOrder(t, w, admin.Token, placed.Data.OrderID).Data.Payments[0].ID
	secret, err := payments.SandboxSecret(context.Background(), w.a.Pool)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := payments.NewSandbox(payments.SandboxConfig{Secret: secret})
	body := []byte(fmt.Sprintf(`{"payment_id":%q,"notice_id":"n-1","outcome":"succeeded","amount":{"minor":100,"currency":"EGP"},"reference":"t-1"}`, payment))
	if r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/sandbox/callback", Body: body,
		Header: map[string]string{payments.SandboxSignatureHeader: signer.SignSandboxNotice(body), "Content-Type": "application/json"}}); r.Status != http.StatusOK {
		t.Fatalf("callback: %d %s", r.Status, r.Body)
	}

	today := time.Now().In(catalogue.Cairo).Format(time.DateOnly)
	wantPaid := float64(price+100) / 100
	ins := settled(t, w, "/api/admin/dashboard/insights?days=90", support, func(a insightsAnswer) bool {
		return len(a.Revenue) == 1 && a.Revenue[0].Paid == wantPaid
	})
	if ins.TimeZone != "Africa/Cairo" || ins.Days != 90 || ins.To != today || len(ins.Bookings) != 1 || ins.Bookings[0].Day != today ||
		ins.Bookings[0].Bookings != 1 || len(ins.RatePlans) != 1 || ins.RatePlans[0].ID != ins.Bookings[0].RatePlanID || ins.RatePlans[0].Name.En == "" {
		t.Fatalf("insights after one paid order: %+v", ins)
	}
	if ins.Revenue[0].Day != today || ins.Revenue[0].Currency != "EGP" || ins.Revenue[0].Paid != wantPaid {
		t.Fatalf("revenue: %+v, want %.2f EGP today (the order's price and the pound that differs)", ins.Revenue, wantPaid)
	}
	booked, held, capacity := 0, 0, 0
	for _, d := range ins.Capacity {
		booked, held, capacity = booked+d.Booked, held+d.Held, max(capacity, d.Capacity)
	}
	if len(ins.Capacity) != 28 || ins.Capacity[0].Day != today || booked != 1 || held != 1 || capacity != 2 {
		t.Fatalf("capacity: %d days from %s, %d booked, %d held, at most %d cars: %+v", len(ins.Capacity), ins.Capacity[0].Day, booked, held, capacity, ins.Capacity)
	}
	if len(ins.TopDestinations) == 0 || ins.TopDestinations[0].Bookings != 1 {
		t.Fatalf("top destinations: %+v", ins.TopDestinations)
	}

	att := settled(t, w, "/api/admin/dashboard/attention", support, func(a attentionAnswer) bool { return len(a.Items) > 0 })
	if len(att.Items) != 1 || att.Items[0].Kind != "amount_mismatch" || att.Items[0].OrderID != placed.Data.OrderID ||
		att.Items[0].PaymentID != payment || att.Items[0].Amount != 1 || att.Items[0].Currency != "EGP" || att.TimeZone != "Africa/Cairo" {
		t.Fatalf("attention: %+v", att)
	}

	for lang, want := range map[string]string{"en": "The charts look back 30 or 90 days.", "ar": "تعرض الرسوم البيانية آخر ٣٠ أو ٩٠ يومًا."} {
		r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/dashboard/insights?days=7", Token: support, Header: map[string]string{"Accept-Language": lang}})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), want) {
			t.Errorf("days=7 in %s: %d %s", lang, r.Status, r.Body)
		}
	}
}

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/admin/dashboard/insights", Want: rolesOnly(200, "admin", "support")},
		authzRoute{Method: "GET", Route: "/api/admin/dashboard/attention", Want: rolesOnly(200, "admin", "support")})
}
