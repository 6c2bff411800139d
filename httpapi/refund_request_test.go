package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// A traveller's refund request waits for an operator's answer before another can be made, and its
// reason is kept within its limit: a traveller cannot fill the operators' queue, nor the order's
// history, the staff's screens and the mails with one order.
func TestARefundRequestWaitsForItsAnswerBeforeAnotherAndKeepsItsReasonShort(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	id := paidCheckout(t, w, u)
	ask := func(reason, lang string) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + id + "/refund", Token: u.Token,
			Body: map[string]any{"reason": reason, "amount": 10}, Header: map[string]string{"Accept-Language": lang}})
	}

	if r := ask(strings.Repeat("ع", 1001), "ar"); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "١٬٠٠٠ حرف") {
		t.Fatalf("a reason of 1,001 letters: %d %s", r.Status, r.Body)
	}
	if r := ask("the driver was late", "en"); r.Status != http.StatusOK {
		t.Fatalf("the first request: %d %s", r.Status, r.Body)
	}
	o := w.a.Get("/api/orders/"+id, u.Token).Map(t)["data"].(map[string]any)
	if o["refund_request_open"] != true || o["actions"].(map[string]any)["refund"] != false {
		t.Fatalf("while the request waits: open %v, actions %v", o["refund_request_open"], o["actions"])
	}
	for lang, words := range map[string]string{"en": "already asked for a refund", "ar": "طلبت استرداد المبلغ"} {
		r := ask("again", lang)
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), words) {
			t.Fatalf("a second request in %s: %d %s", lang, r.Status, r.Body)
		}
	}
	admin := w.a.Staff(t, "admin")
	staff := w.a.Get("/api/admin/orders/"+id, admin.Token).Map(t)["data"].(map[string]any)
	if n := len(staff["refund_requests"].([]any)); n != 1 {
		t.Fatalf("the order holds %d requests; want 1", n)
	}

	// The operator answers with a refund: the traveller may ask again for what is left.
	if r := w.a.Post("/api/admin/orders/"+id+"/refund", admin.Token, map[string]any{"amount": 5, "reason": strings.Repeat("a", 1001)}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a staff reason of 1,001 characters: %d %s", r.Status, r.Body)
	}
	// An amount finer than a piastre is refused, not rounded one way or the other.
	for _, amount := range []float64{1.005, 2.675} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/orders/" + id + "/refund", Token: admin.Token,
			Body: map[string]any{"amount": amount, "reason": "goodwill"}, Header: map[string]string{"Accept-Language": "ar"}})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "رقمان عشريان") {
			t.Fatalf("a refund of %v: %d %s", amount, r.Status, r.Body)
		}
	}
	if r := w.a.Post("/api/admin/orders/"+id+"/refund", admin.Token, map[string]any{"amount": 5, "reason": "goodwill"}); r.Status != http.StatusOK {
		t.Fatalf("the operator's refund: %d %s", r.Status, r.Body)
	}
	if r := ask("still late", "en"); r.Status != http.StatusOK {
		t.Fatalf("a request after the answer: %d %s", r.Status, r.Body)
	}
}
