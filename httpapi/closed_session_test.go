package httpapi_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
)

// The attacker's steps: place an order, keep its payment page, cancel the order, then pay on the old
// page. The cancellation closes the session (processes/payments, a job after the cancellation), so
// the sandbox answers 410 "no longer open" and takes no card: nothing is charged, and the order has
// no payment received.
func TestAPaymentPageOfACancelledOrderIsClosedAndTakesNoCard(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	if placed.PaymentURL == "" {
		t.Fatal("no payment page")
	}
	if r := w.a.Post("/api/orders/"+placed.Data.OrderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("cancelling the unpaid order: %d %s", r.Status, r.Body)
	}

	// The session is closed by a job once the cancellation is recorded: the old page says so.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var status int
	var body string
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		resp, err := client.Get(placed.PaymentURL)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		status, body = resp.StatusCode, string(b)
		if status != http.StatusOK || time.Now().After(deadline) {
			break
		}
	}
	if status != http.StatusGone || !strings.Contains(body, "no longer open") {
		t.Fatalf("the old page after the cancellation: %d %s", status, body)
	}

	resp, err := client.PostForm(placed.PaymentURL, url.Values{"card_number": {payments.CardSuccess}, "expiry": {"12/39"}, "cvc": {"123"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusGone || !strings.Contains(string(b), "no longer open") {
		t.Fatalf("the card posted to the old page: %d %s", resp.StatusCode, b)
	}

	o := adminOrder(t, w, w.a.Staff(t, "admin").Token, placed.Data.OrderID)
	if o.Data.Status != "cancelled" || o.Data.Paid.Minor != 0 || o.Data.NeedsAttention || len(o.Data.Refunds) != 0 {
		t.Fatalf("the order after the card was refused: %+v", o.Data)
	}
}
