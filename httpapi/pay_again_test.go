package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
)

type payAnswerJSON struct {
	PaymentURL string `json:"payment_url"`
	Data       struct {
		OrderID string `json:"order_id"`
		Status  string `json:"status"`
	} `json:"data"`
}

// A declined card leaves the order with its trip number; "Pay now" on it holds the car again and
// opens a new sandbox page, and paying there confirms the same trip number.
func TestPayingAgainAfterADeclineConfirmsTheSameTripNumber(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	id := placed.Data.OrderID
	if back := payOnSandbox(t, placed.PaymentURL, payments.CardDeclined); back.Query().Get("result") != "failure" {
		t.Fatalf("redirected to %s", back)
	}
	o := w.order(t, u.Token, id)
	if o.Data.Status != "payment_failed" || !o.Data.Actions.Pay {
		t.Fatalf("a failed order offers no Pay now: %+v", o.Data)
	}
	// Someone else cannot pay it.
	if r := w.a.Post("/api/orders/"+id+"/pay", w.a.SignUp(t, "").Token, map[string]any{}); r.Status != http.StatusNotFound {
		t.Fatalf("a stranger paying: %d %s", r.Status, r.Body)
	}
	r := w.a.Post("/api/orders/"+id+"/pay", u.Token, map[string]any{})
	var again payAnswerJSON
	if r.Status != http.StatusOK {
		t.Fatalf("pay again: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &again)
	if again.PaymentURL == "" || again.PaymentURL == placed.PaymentURL || again.Data.OrderID != id {
		t.Fatalf("pay again: %s", r.Body)
	}
	// The day's only car is held for it again: another traveller finds the day full.
	if full, _ := w.checkout(t, w.traveller(t), ""); full.Status != http.StatusConflict {
		t.Fatalf("the car was not held again: %d %s", full.Status, full.Body)
	}
	back := payOnSandbox(t, again.PaymentURL, payments.CardSuccess)
	if back.Path != "/payments/"+id || back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	// Back to the card page after paying: the browser is sent on to the result, not the card form.
	page, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(again.PaymentURL)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusSeeOther || !strings.Contains(page.Header.Get("Location"), "/payments/"+id+"?result=success") {
		t.Fatalf("back to the paid card page: %d %s", page.StatusCode, page.Header.Get("Location"))
	}
	o = w.order(t, u.Token, id)
	if o.Data.Status != "confirmed" || o.Data.Paid.Minor != o.Data.Total.Minor || o.Data.Actions.Pay {
		t.Fatalf("after paying again: %+v", o.Data)
	}
	var types []string
	for _, e := range o.Data.Timeline {
		types = append(types, e.Type)
	}
	if got := strings.Join(types, ","); !strings.Contains(got, "PaymentFailed,OrderHeldAgain,PaymentSessionOrdered,PaymentRequested,PaymentReceived") {
		t.Fatalf("timeline %s", got)
	}
	// Paid, it cannot be paid again.
	if r := w.a.Post("/api/orders/"+id+"/pay", u.Token, map[string]any{}); r.Status != http.StatusConflict {
		t.Fatalf("paying a paid order: %d %s", r.Status, r.Body)
	}
}

// When the day filled up after the decline, paying again is refused with a message that says to
// choose another day, in the traveller's language.
func TestPayingAgainOnAFullDayIsRefusedInBothLanguages(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	payOnSandbox(t, placed.PaymentURL, payments.CardDeclined)
	if r, _ := w.checkout(t, w.traveller(t), ""); r.Status != http.StatusCreated {
		t.Fatalf("another traveller books the freed car: %d %s", r.Status, r.Body)
	}
	for lang, want := range map[string]string{"en": "another day", "ar": "يوم آخر"} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + placed.Data.OrderID + "/pay", Token: u.Token,
			Body: map[string]any{}, Header: map[string]string{"Accept-Language": lang}})
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), want) {
			t.Fatalf("%s: %d %s", lang, r.Status, r.Body)
		}
	}
	if o := w.order(t, u.Token, placed.Data.OrderID); o.Data.Status != "payment_failed" {
		t.Fatalf("status %s", o.Data.Status)
	}
}
