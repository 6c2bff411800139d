package httpapi_test

import (
	"net/http"
	"testing"

	"mishwar/adapters/payments"
)

// The attacker's steps, as far as the payment page can still be paid (a provider that cannot close
// its sessions, such as Paymob): an order cancelled while its payment page was open, then paid on
// that page. The browser is sent to the success page, and the order answers what the result page
// reads to tell the truth: its latest payment is sent back in full, for paid_after_cancellation.
func TestAPaymentAfterTheOrderWasCancelledIsAnsweredAsSentBackInFullForTheResultPage(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	if r := w.a.Post("/api/orders/"+placed.Data.OrderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("cancelling the unpaid order: %d %s", r.Status, r.Body)
	}
	back := payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	if back.Path != "/payments/"+placed.Data.OrderID || back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	var o struct {
		Data struct {
			Status   string `json:"status"`
			Total    struct{ Minor int64 }
			Actions  struct{ Pay bool }
			Payments []struct {
				ID string `json:"id"`
			} `json:"payments"`
			Refunds []struct {
				PaymentID string                `json:"payment_id"`
				Reason    string                `json:"reason"`
				Amount    struct{ Minor int64 } `json:"amount"`
			} `json:"refunds"`
		} `json:"data"`
	}
	r := w.a.Get("/api/orders/"+placed.Data.OrderID, u.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("the order: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &o)
	if o.Data.Status != "cancelled" || o.Data.Actions.Pay || len(o.Data.Payments) == 0 {
		t.Fatalf("the order after the late payment: %s", r.Body)
	}
	last := o.Data.Payments[len(o.Data.Payments)-1].ID
	for _, rf := range o.Data.Refunds {
		if rf.PaymentID == last && rf.Reason == "paid_after_cancellation" && rf.Amount.Minor == o.Data.Total.Minor {
			return
		}
	}
	t.Fatalf("no full refund of the latest payment %s for paid_after_cancellation: %s", last, r.Body)
}
