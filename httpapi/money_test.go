package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/config"
	"mishwar/internal/i18n"
)

type adminOrderAnswer struct {
	Data struct {
		Status         string                `json:"status"`
		Total          struct{ Minor int64 } `json:"total"`
		Paid           struct{ Minor int64 } `json:"paid"`
		Refunded       struct{ Minor int64 } `json:"refunded"`
		RefundPending  struct{ Minor int64 } `json:"refund_pending"`
		NeedsAttention bool                  `json:"needs_attention"`
		Attention      []struct {
			Reason string `json:"reason"`
		} `json:"attention"`
		Payments []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
			Review bool   `json:"review"`
		} `json:"payments"`
		Refunds []struct {
			ID     string                `json:"id"`
			Amount struct{ Minor int64 } `json:"amount"`
			Status string                `json:"status"`
		} `json:"refunds"`
	} `json:"data"`
}

func adminOrder(t *testing.T, w *orderWorld, token, id string) adminOrderAnswer {
	t.Helper()
	r := w.a.Get("/api/admin/orders/"+id, token)
	if r.Status != http.StatusOK {
		t.Fatalf("admin order: %d %s", r.Status, r.Body)
	}
	var o adminOrderAnswer
	r.JSON(t, &o)
	return o
}

// paidCheckout places u's order and pays it on the sandbox's page.
func paidCheckout(t *testing.T, w *orderWorld, u apptest.Session) string {
	t.Helper()
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated || placed.PaymentURL == "" {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	deadline := time.Now().Add(20 * time.Second)
	for w.order(t, u.Token, placed.Data.OrderID).Data.Status != "confirmed" {
		if time.Now().After(deadline) {
			t.Fatal("the order was never confirmed")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return placed.Data.OrderID
}

// refundedAtTheSandbox is what the sandbox refunded for the order's payments, refund by refund.
func refundedAtTheSandbox(t *testing.T, w *orderWorld, orderID string) (count int, total int64) {
	t.Helper()
	err := w.a.Pool.QueryRow(context.Background(), `SELECT count(*), coalesce(sum(amount_minor), 0) FROM payment_sandbox_refunds
		WHERE payment_id IN (SELECT payment_id FROM rm_orders.payments WHERE order_id = $1)`, orderID).Scan(&count, &total)
	if err != nil {
		t.Fatal(err)
	}
	return count, total
}

// An operator's partial refund clicked twice: the same click twice (one Idempotency-Key) is one
// refund; two clicks (two keys) at once are two decisions, each judged against what is left
// including the other's refund in flight; together they never pay out more than was paid.
func TestADoubleClickedPartialRefundPaysOutOncePerClickAndNeverMoreThanPaid(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	id := paidCheckout(t, w, u)
	admin := w.a.Staff(t, "admin")
	paid := adminOrder(t, w, admin.Token, id).Data.Paid.Minor
	part := paid * 3 / 10
	path := "/api/admin/orders/" + id + "/refund"
	clicks := func(keys ...string) []apptest.Response {
		out := make([]apptest.Response, len(keys))
		var wg sync.WaitGroup
		for i, key := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[i] = w.a.Do(apptest.Request{Method: http.MethodPost, Path: path, Token: admin.Token,
					Header: map[string]string{"Idempotency-Key": key},
					Body:   map[string]any{"amount": float64(part) / 100, "reason": "goodwill"}})
			}()
		}
		wg.Wait()
		return out
	}
	refunded := func(r apptest.Response) int64 {
		var a struct {
			Refunded struct{ Minor int64 } `json:"refunded"`
		}
		r.JSON(t, &a)
		return a.Refunded.Minor
	}

	// One click delivered twice: the same refund, the same answer.
	key := uuid.NewString()
	same := clicks(key, key)
	for _, r := range same {
		if r.Status != http.StatusOK || refunded(r) != part {
			t.Fatalf("the same click: %d %s", r.Status, r.Body)
		}
	}
	if n, total := refundedAtTheSandbox(t, w, id); n != 1 || total != part {
		t.Fatalf("one click refunded %d times, %d in all", n, total)
	}

	// Two clicks at once, with room for both: each pays out what it asked, once.
	for _, r := range clicks(uuid.NewString(), uuid.NewString()) {
		if r.Status != http.StatusOK || refunded(r) != part {
			t.Fatalf("two clicks with room for both: %d %s", r.Status, r.Body)
		}
	}
	// Two more at once with room for neither (10% left): both are refused, nothing is paid out.
	for _, r := range clicks(uuid.NewString(), uuid.NewString()) {
		// It says what is left to refund, not what was paid.
		if left := i18n.Amount(i18n.En, paid-3*part, "EGP"); r.Status != http.StatusUnprocessableEntity ||
			!strings.Contains(string(r.Body), "larger than what is left to refund ("+left+")") {
			t.Fatalf("two clicks beyond what is left (%s): %d %s", left, r.Status, r.Body)
		}
	}
	n, total := refundedAtTheSandbox(t, w, id)
	if n != 3 || total != 3*part || total > paid {
		t.Fatalf("refunded %d times, %d in all, of %d paid", n, total, paid)
	}
	o := adminOrder(t, w, admin.Token, id)
	if o.Data.Refunded.Minor != total || o.Data.RefundPending.Minor != 0 || len(o.Data.Refunds) != 3 {
		t.Fatalf("the order shows %+v", o.Data)
	}
	for _, r := range o.Data.Refunds {
		if r.Status != "issued" || r.Amount.Minor != part {
			t.Fatalf("refund %+v", r)
		}
	}
}

// A correctly signed notice for 1.00 EGP records the money and flags the order, which stays unpaid;
// twenty "pay now" at once then open one new session; staff send the 1.00 EGP back.
func TestMoneyThatDiffersDoesNotConfirmAndTwentyPayNowsOpenOneSession(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	admin := w.a.Staff(t, "admin")
	first := adminOrder(t, w, admin.Token, placed.Data.OrderID).Data.Payments[0].ID
	secret, err := payments.SandboxSecret(context.Background(), w.a.Pool)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := payments.NewSandbox(payments.SandboxConfig{Secret: secret})
	body := []byte(fmt.Sprintf(`{"payment_id":%q,"notice_id":"n-1","outcome":"succeeded","amount":{"minor":100,"currency":"EGP"},"reference":"t-1"}`, first))
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/sandbox/callback", Body: body,
		Header: map[string]string{payments.SandboxSignatureHeader: signer.SignSandboxNotice(body), "Content-Type": "application/json"}})
	if r.Status != http.StatusOK {
		t.Fatalf("callback: %d %s", r.Status, r.Body)
	}
	o := adminOrder(t, w, admin.Token, placed.Data.OrderID)
	if o.Data.Status != "awaiting_payment" || o.Data.Paid.Minor != 100 || !o.Data.NeedsAttention || len(o.Data.Attention) != 1 ||
		o.Data.Attention[0].Reason != "amount_mismatch" || !o.Data.Payments[0].Review {
		t.Fatalf("after a notice for 1.00 EGP: %+v", o.Data)
	}

	const n = 20
	answers := make([]apptest.Response, n)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + placed.Data.OrderID + "/pay", Token: u.Token,
				Header: map[string]string{"Idempotency-Key": uuid.NewString()}})
		}()
	}
	wg.Wait()
	var url string
	for i, r := range answers {
		var a placedAnswer
		if r.Status == http.StatusOK {
			r.JSON(t, &a)
		}
		if r.Status != http.StatusOK || a.PaymentURL == "" || (url != "" && a.PaymentURL != url) || a.PaymentURL == placed.PaymentURL {
			t.Fatalf("pay now %d: %d %s", i, r.Status, r.Body)
		}
		url = a.PaymentURL
	}
	audit := w.a.Get("/api/admin/payments?order="+placed.Data.OrderID, admin.Token)
	if audit.Status != http.StatusOK || strings.Count(string(audit.Body), `"payment_id"`) != 2 {
		t.Fatalf("sessions opened with the provider (want the checkout's and one more): %s", audit.Body)
	}

	// Paid properly on the new page: confirmed; the 1.00 EGP is owed back until staff refund it.
	payOnSandbox(t, url, payments.CardSuccess)
	deadline := time.Now().Add(20 * time.Second)
	for w.order(t, u.Token, placed.Data.OrderID).Data.Status != "confirmed" {
		if time.Now().After(deadline) {
			t.Fatal("the order was never confirmed")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !adminOrder(t, w, admin.Token, placed.Data.OrderID).Data.NeedsAttention {
		t.Fatal("the extra 1.00 EGP needs no one")
	}
	if r := w.a.Post("/api/admin/orders/"+placed.Data.OrderID+"/refund", admin.Token, map[string]any{"reason": "paid twice"}); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), `"refunded":{"amount":1,`) {
		t.Fatalf("refund of the extra money: %d %s", r.Status, r.Body)
	}
	if o := adminOrder(t, w, admin.Token, placed.Data.OrderID); o.Data.NeedsAttention || o.Data.Status != "confirmed" {
		t.Fatalf("after the refund: %+v", o.Data)
	}
}

// One traveller cannot take every car of a day with orders they never pay.
func TestUnpaidOrdersPerTravellerAreBounded(t *testing.T) {
	t.Parallel()
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.UnpaidHoldsPerCustomer = 2 }), 6, 1)
	u := w.traveller(t)
	// Different trips (the same trip again resumes its order: same_trip_test.go).
	at := func(clock string) map[string]any {
		body := w.checkoutBody(u)
		body["time"] = clock
		return body
	}
	for i, clock := range []string{"10:00", "11:00"} {
		if r := w.a.Post("/api/orders", u.Token, at(clock)); r.Status != http.StatusCreated {
			t.Fatalf("order %d: %d %s", i, r.Status, r.Body)
		}
	}
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: at("12:00"),
		Header: map[string]string{"Accept-Language": "ar"}})
	if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "غير المدفوعة") {
		t.Fatalf("a third unpaid order: %d %s", r.Status, r.Body)
	}
	if r, _ := w.checkout(t, w.traveller(t), ""); r.Status != http.StatusCreated {
		t.Fatalf("another traveller: %d %s", r.Status, r.Body)
	}
}
