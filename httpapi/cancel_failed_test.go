package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// "Cancel payment" on the sandbox page leaves an unpaid order whose payment failed: the traveller can
// still give it up (before, only "Pay now" was offered and the cancellation answered 409 "can no
// longer be cancelled"). Nothing was paid, so nothing is refunded, and the day's car is free.
func TestAnOrderWhosePaymentWasCancelledOnThePaymentPageCanBeCancelled(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	id := placed.Data.OrderID
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(placed.PaymentURL, url.Values{"cancel": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.Contains(loc, "result=failure") {
		t.Fatalf("cancelling the payment: %d %s", resp.StatusCode, loc)
	}
	o := w.order(t, u.Token, id)
	if o.Data.Status != "payment_failed" || !o.Data.Actions.Cancel {
		t.Fatalf("an order whose payment failed offers no cancellation: %+v", o.Data)
	}
	if r := w.a.Post("/api/orders/"+id+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	o = w.order(t, u.Token, id)
	if o.Data.Status != "cancelled" || o.Data.Actions.Cancel || o.Data.Actions.Pay || o.Data.Actions.Refund || o.Data.Paid.Minor != 0 || o.Data.Refunded.Minor != 0 {
		t.Fatalf("after cancelling: %+v", o.Data)
	}
	// The day's only car is free for another traveller.
	if r, _ := w.checkout(t, w.traveller(t), ""); r.Status != http.StatusCreated {
		t.Fatalf("the day stays full: %d %s", r.Status, r.Body)
	}
}
