package httpapi_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
)

type resumedAnswer struct {
	Message    string `json:"message"`
	PaymentURL string `json:"payment_url"`
	Data       struct {
		OrderID string `json:"order_id"`
		Status  string `json:"status"`
		Resumed bool   `json:"resumed"`
	} `json:"data"`
}

// ordersOf is how many orders the traveller has.
func (w *orderWorld) ordersOf(t *testing.T, u apptest.Session) int {
	t.Helper()
	var mine struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	w.a.Get("/api/orders", u.Token).JSON(t, &mine)
	return len(mine.Data)
}

// A traveller who goes Back from the payment page and presses "Continue to payment" again, or comes
// back to the checkout after a declined card, pays the order they have: one order, one car.
func TestCheckingOutTheSameTripAgainPaysTheOrderWaitingForIt(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	u := w.traveller(t)
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	id := placed.Data.OrderID

	// Back, and "Continue to payment" again: the same order, resumed.
	again, _ := w.checkout(t, u, "")
	var resumed resumedAnswer
	if again.Status != http.StatusOK {
		t.Fatalf("checkout again: %d %s", again.Status, again.Body)
	}
	again.JSON(t, &resumed)
	if resumed.Data.OrderID != id || !resumed.Data.Resumed || resumed.PaymentURL == "" || !strings.Contains(resumed.Message, id) {
		t.Fatalf("checkout again: %s", again.Body)
	}
	// The day's other car is still free: another traveller books it, and then the day is full.
	if other, _ := w.checkout(t, w.traveller(t), ""); other.Status != http.StatusCreated {
		t.Fatalf("the resumed checkout held a second car: %d %s", other.Status, other.Body)
	}

	// A declined card, then the checkout again ("Try again"): the same order paid again.
	payOnSandbox(t, resumed.PaymentURL, payments.CardDeclined)
	retry, _ := w.checkout(t, u, "")
	var paidAgain resumedAnswer
	if retry.Status != http.StatusOK {
		t.Fatalf("checkout after the decline: %d %s", retry.Status, retry.Body)
	}
	retry.JSON(t, &paidAgain)
	if paidAgain.Data.OrderID != id || paidAgain.Data.Status != "awaiting_payment" || paidAgain.PaymentURL == "" {
		t.Fatalf("checkout after the decline: %s", retry.Body)
	}
	if back := payOnSandbox(t, paidAgain.PaymentURL, payments.CardSuccess); back.Path != "/payments/"+id || back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	if o := w.order(t, u.Token, id); o.Data.Status != "confirmed" {
		t.Fatalf("status %s", o.Data.Status)
	}
	if n := w.ordersOf(t, u); n != 1 {
		t.Fatalf("%d orders, want 1", n)
	}

	// Confirmed (the cart emptied), the same trip built again is refused, naming it, in the
	// traveller's language.
	w.fillCart(t, u)
	for lang, want := range map[string]string{"en": "already booked this trip", "ar": "لقد حجزت هذه الرحلة بالفعل"} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: w.checkoutBody(u),
			Header: map[string]string{"Accept-Language": lang}})
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), want) || !strings.Contains(string(r.Body), id) {
			t.Fatalf("%s: %d %s", lang, r.Status, r.Body)
		}
	}
	if n := w.ordersOf(t, u); n != 1 {
		t.Fatalf("%d orders, want 1", n)
	}
}

// Two tabs press "Continue to payment" at once: one order is placed and both pay it.
func TestConcurrentCheckoutsOfOneTripPlaceOneOrder(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 3, 1)
	u := w.traveller(t)
	const tabs = 3
	answers := make([]apptest.Response, tabs)
	var wg sync.WaitGroup
	for i := range tabs {
		wg.Go(func() {
			answers[i] = w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: w.checkoutBody(u)})
		})
	}
	wg.Wait()
	created, id := 0, ""
	for _, r := range answers {
		if r.Status != http.StatusCreated && r.Status != http.StatusOK {
			t.Fatalf("checkout: %d %s", r.Status, r.Body)
		}
		if r.Status == http.StatusCreated {
			created++
		}
		var a resumedAnswer
		r.JSON(t, &a)
		if id == "" {
			id = a.Data.OrderID
		}
		if a.Data.OrderID != id || a.PaymentURL == "" {
			t.Fatalf("two orders, or no page: %s and %s", id, r.Body)
		}
	}
	if created != 1 || w.ordersOf(t, u) != 1 {
		t.Fatalf("%d placed, %d orders; want 1 and 1", created, w.ordersOf(t, u))
	}
}
