package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
)

// A payment that still arrives after the order was cancelled (a provider that cannot close its
// sessions, such as Paymob, or a card paid just before the close): the provider's signed notice of
// success comes in after the cancellation. The order answers what the result page reads to tell the
// truth: its latest payment is sent back in full, for paid_after_cancellation. (The sandbox's own
// page is closed by the cancellation: closed_session_test.go.)
func TestAPaymentAfterTheOrderWasCancelledIsAnsweredAsSentBackInFullForTheResultPage(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	admin := w.a.Staff(t, "admin")
	first := adminOrder(t, w, admin.Token, placed.Data.OrderID).Data.Payments[0].ID
	if r := w.a.Post("/api/orders/"+placed.Data.OrderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("cancelling the unpaid order: %d %s", r.Status, r.Body)
	}
	secret, err := payments.SandboxSecret(context.Background(), w.a.Pool)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := payments.NewSandbox(payments.SandboxConfig{Secret: secret})
	total := adminOrder(t, w, admin.Token, placed.Data.OrderID).Data.Total.Minor
	body := []byte(fmt.Sprintf(`{"payment_id":%q,"notice_id":"n-late","outcome":"succeeded","amount":{"minor":%d,"currency":"EGP"},"reference":"t-late"}`, first, total))
	if r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/sandbox/callback", Body: body,
		Header: map[string]string{payments.SandboxSignatureHeader: signer.SignSandboxNotice(body), "Content-Type": "application/json"}}); r.Status != http.StatusOK {
		t.Fatalf("the late notice: %d %s", r.Status, r.Body)
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
