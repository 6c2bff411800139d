package httpapi_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/adapters/payments/stripemocktest"
	"mishwar/cmd/mishwar/app/apptest"
)

const stripeTestWebhookSecret = "whsec_mishwar_journey"

// stripeWorld is an order world whose payments go through Stripe (stripe-go against stripe-mock).
type stripeWorld struct {
	*orderWorld
	mock *stripemocktest.Server
}

// newStripeWorld starts the app with MISHWAR_PAYMENTS=stripe, its API at a stripe-mock of its own.
// Not parallel: the app reads its payment settings from the process environment.
func newStripeWorld(t *testing.T) *stripeWorld {
	t.Helper()
	mock := stripemocktest.Start(t)
	t.Setenv("MISHWAR_PAYMENTS", "stripe")
	t.Setenv("MISHWAR_STRIPE_BASE_URL", mock.URL)
	t.Setenv("MISHWAR_STRIPE_SECRET_KEY", "sk_test_mishwar")
	t.Setenv("MISHWAR_STRIPE_WEBHOOK_SECRET", stripeTestWebhookSecret)
	return &stripeWorld{orderWorld: newOrderWorld(t, 1, 1), mock: mock}
}

// stripeSession is what the test knows of a Checkout Session Mishwar opened for an order.
type stripeSession struct {
	orderID, paymentID, sessionID, paymentURL string
	total                                     int64
}

// checkoutOnStripe places u's order and waits until the payment job has opened its Checkout Session.
func (w *stripeWorld) checkoutOnStripe(t *testing.T, u apptest.Session) stripeSession {
	t.Helper()
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	s := stripeSession{orderID: placed.Data.OrderID, paymentURL: placed.PaymentURL}
	deadline := time.Now().Add(20 * time.Second)
	for s.paymentURL == "" {
		if time.Now().After(deadline) {
			t.Fatal("the Checkout Session was never opened")
		}
		time.Sleep(50 * time.Millisecond)
		var o struct {
			Data struct {
				PaymentURL string `json:"payment_url"`
			} `json:"data"`
		}
		w.a.Get("/api/orders/"+s.orderID, u.Token).JSON(t, &o)
		s.paymentURL = o.Data.PaymentURL
	}
	var o struct {
		Data struct {
			Total    struct{ Minor int64 } `json:"total"`
			Payments []struct {
				ID       string `json:"id"`
				Provider string `json:"provider"`
			} `json:"payments"`
		} `json:"data"`
	}
	w.a.Get("/api/orders/"+s.orderID, u.Token).JSON(t, &o)
	if len(o.Data.Payments) != 1 || o.Data.Payments[0].Provider != "stripe" {
		t.Fatalf("payments %+v", o.Data.Payments)
	}
	s.paymentID, s.total = o.Data.Payments[0].ID, o.Data.Total.Minor
	if s.sessionID = w.mock.SessionID(s.paymentID); s.sessionID == "" {
		t.Fatalf("no Checkout Session was created at Stripe for payment %s", s.paymentID)
	}
	if !strings.HasPrefix(s.paymentURL, "https://checkout.stripe.com/") {
		t.Fatalf("payment URL %s is not Stripe Checkout's", s.paymentURL)
	}
	return s
}

// stripeEventBody is a Checkout Session event as Stripe sends it to a webhook endpoint created with
// Mishwar's pinned API version.
func stripeEventBody(eventID, typ string, s stripeSession, paymentStatus string) []byte {
	cs := map[string]any{
		"id": s.sessionID, "object": "checkout.session", "mode": "payment", "status": "complete",
		"client_reference_id": s.paymentID, "payment_status": paymentStatus,
		"amount_total": s.total, "currency": "egp", "payment_intent": "pi_" + s.paymentID[:8],
		"metadata": map[string]string{"payment_id": s.paymentID, "order_id": s.orderID},
	}
	b, _ := json.Marshal(map[string]any{
		"id": eventID, "object": "event", "api_version": payments.StripeAPIVersion, "created": time.Now().Unix(),
		"livemode": false, "pending_webhooks": 1, "type": typ, "data": map[string]any{"object": cs},
	})
	return b
}

// stripeSign signs body the way Stripe signs its webhooks: "t=<unix>,v1=<hex HMAC-SHA256 of
// "<unix>.<body>" under the endpoint's signing secret>".
func stripeSign(secret string, at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "." + string(body)))
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

func (w *stripeWorld) webhook(header string, body []byte) apptest.Response {
	return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/stripe/callback", Body: body,
		Header: map[string]string{payments.StripeSignatureHeader: header, "Content-Type": "application/json"}})
}

func timelineOf(t *testing.T, w *orderWorld, token, id string) []string {
	t.Helper()
	var types []string
	for _, e := range w.order(t, token, id).Data.Timeline {
		types = append(types, e.Type)
	}
	return types
}

func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

// The whole order journey with MISHWAR_PAYMENTS=stripe: the Checkout Session is opened through
// stripe-go at stripe-mock (which checks it against Stripe's published API); webhooks signed as
// Stripe signs them confirm the order; a wrong, stale or missing signature changes nothing; a replay
// changes nothing; events arriving out of order (the session's expiry after its payment, an unpaid
// completion after the asynchronous success) change nothing; the cancellation's refund goes to Stripe
// keyed by the refund id, against the payment intent the webhook named.
func TestAnOrderPaidThroughStripeCheckoutIsConfirmedByItsSignedWebhookAndRefundedThroughStripe(t *testing.T) {
	w := newStripeWorld(t)
	u := w.traveller(t)
	s := w.checkoutOnStripe(t, u)

	sent := w.mock.Requests("/v1/checkout/sessions")
	if len(sent) != 1 || sent[0].Header.Get("Idempotency-Key") != "mishwar-session-"+s.paymentID ||
		sent[0].Form.Get("line_items[0][price_data][unit_amount]") != strconv.FormatInt(s.total, 10) ||
		!strings.Contains(sent[0].Form.Get("success_url"), "/payments/"+s.orderID) {
		t.Fatalf("session request %+v", sent)
	}

	paid := stripeEventBody("evt_paid_"+s.paymentID, "checkout.session.completed", s, "paid")
	now := time.Now()
	refusals := map[string]string{
		"another secret": stripeSign("whsec_not_ours", now, paid),
		"stale":          stripeSign(stripeTestWebhookSecret, now.Add(-10*time.Minute), paid),
		"unsigned":       "",
		"garbage":        "t=abc,v1=xyz",
	}
	for name, header := range refusals {
		if r := w.webhook(header, paid); r.Status != http.StatusUnauthorized {
			t.Fatalf("%s signature: %d %s", name, r.Status, r.Body)
		}
	}
	if r := w.webhook(stripeSign(stripeTestWebhookSecret, now, paid), append([]byte(" "), paid...)); r.Status != http.StatusUnauthorized {
		t.Fatalf("a body changed after signing: %d %s", r.Status, r.Body)
	}
	// Signed, but rendered in an API version other than the one pinned: refused, not misread.
	var old map[string]any
	_ = json.Unmarshal(paid, &old)
	old["api_version"], old["id"] = "2024-09-30.acacia", "evt_old_"+s.paymentID
	oldBody, _ := json.Marshal(old)
	if r := w.webhook(stripeSign(stripeTestWebhookSecret, now, oldBody), oldBody); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("an event in another API version: %d %s", r.Status, r.Body)
	}
	if st := w.order(t, u.Token, s.orderID).Data.Status; st != "awaiting_payment" {
		t.Fatalf("a refused webhook changed the order to %s", st)
	}

	first := w.webhook(stripeSign(stripeTestWebhookSecret, now, paid), paid)
	if first.Status != http.StatusOK || !strings.Contains(string(first.Body), `"status":"succeeded"`) || strings.Contains(string(first.Body), `"repeated":true`) {
		t.Fatalf("webhook: %d %s", first.Status, first.Body)
	}
	// Stripe delivers again (a timeout on its side): signed anew, the same event.
	replay := w.webhook(stripeSign(stripeTestWebhookSecret, time.Now(), paid), paid)
	if replay.Status != http.StatusOK || !strings.Contains(string(replay.Body), `"repeated":true`) {
		t.Fatalf("replay: %d %s", replay.Status, replay.Body)
	}
	// Out of order: the session's expiry arrives after its payment.
	expired := stripeEventBody("evt_expired_"+s.paymentID, "checkout.session.expired", s, "unpaid")
	if r := w.webhook(stripeSign(stripeTestWebhookSecret, time.Now(), expired), expired); r.Status != http.StatusOK {
		t.Fatalf("late expiry: %d %s", r.Status, r.Body)
	}
	o := w.order(t, u.Token, s.orderID)
	if o.Data.Status != "confirmed" || o.Data.Paid.Minor != s.total {
		t.Fatalf("after the payment, its replay and a late expiry: %+v", o.Data)
	}
	if got := timelineOf(t, w.orderWorld, u.Token, s.orderID); strings.Join(got, ",") != "OrderPlaced,PaymentSessionOrdered,PaymentRequested,PaymentReceived" {
		t.Fatalf("timeline %v", got)
	}

	// Cancelling well ahead refunds everything, through Stripe.
	if c := w.a.Post("/api/orders/"+s.orderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); c.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", c.Status, c.Body)
	}
	admin := w.a.Staff(t, "admin")
	deadline := time.Now().Add(20 * time.Second)
	var refunds []struct {
		ID     string                `json:"id"`
		Amount struct{ Minor int64 } `json:"amount"`
		Status string                `json:"status"`
	}
	for {
		refunds = adminOrder(t, w.orderWorld, admin.Token, s.orderID).Data.Refunds
		if len(refunds) == 1 && refunds[0].Status != "in_progress" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the refund never left: %+v", refunds)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if refunds[0].Status != "issued" || refunds[0].Amount.Minor != s.total {
		t.Fatalf("refund %+v", refunds[0])
	}
	sentRefunds := w.mock.Requests("/v1/refunds")
	if len(sentRefunds) != 1 {
		t.Fatalf("refund requests %+v", sentRefunds)
	}
	r := sentRefunds[0]
	if r.Status != http.StatusOK || r.Header.Get("Idempotency-Key") != "mishwar-refund-"+refunds[0].ID ||
		r.Form.Get("payment_intent") != "pi_"+s.paymentID[:8] || r.Form.Get("amount") != strconv.FormatInt(s.total, 10) {
		t.Fatalf("refund sent %d %s %v", r.Status, r.Header.Get("Idempotency-Key"), r.Form)
	}
}

// A payment method that settles later: the asynchronous success confirms the order even when it
// arrives before the completion that said "unpaid"; an asynchronous failure of another order's
// session fails that order and frees its car.
func TestStripeAsynchronousPaymentsConfirmOrFailWhicheverEventArrivesFirst(t *testing.T) {
	w := newStripeWorld(t)
	u := w.traveller(t)
	s := w.checkoutOnStripe(t, u)
	sign := func(b []byte) string { return stripeSign(stripeTestWebhookSecret, time.Now(), b) }

	succeeded := stripeEventBody("evt_async_ok_"+s.paymentID, "checkout.session.async_payment_succeeded", s, "paid")
	unpaid := stripeEventBody("evt_completed_"+s.paymentID, "checkout.session.completed", s, "unpaid")
	for _, b := range [][]byte{succeeded, unpaid} {
		if r := w.webhook(sign(b), b); r.Status != http.StatusOK {
			t.Fatalf("webhook: %d %s", r.Status, r.Body)
		}
	}
	if o := w.order(t, u.Token, s.orderID); o.Data.Status != "confirmed" || o.Data.Paid.Minor != s.total {
		t.Fatalf("after the success and a late unpaid completion: %+v", o.Data)
	}

	// The day had one car, now booked; cancel to free it for the next traveller's failing attempt.
	if c := w.a.Post("/api/orders/"+s.orderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); c.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", c.Status, c.Body)
	}
	v := w.traveller(t)
	f := w.checkoutOnStripe(t, v)
	failed := stripeEventBody("evt_async_failed_"+f.paymentID, "checkout.session.async_payment_failed", f, "unpaid")
	if r := w.webhook(sign(failed), failed); r.Status != http.StatusOK {
		t.Fatalf("failure webhook: %d %s", r.Status, r.Body)
	}
	if st := w.order(t, v.Token, f.orderID).Data.Status; st != "payment_failed" {
		t.Fatalf("after an asynchronous failure: %s", st)
	}
}

// A webhook and Stripe's replay of it arriving at the same moment (two deliveries racing): both are
// acknowledged, the payment is recorded once and the order confirmed once.
func TestAStripeWebhookAndItsReplayRacingConfirmTheOrderOnce(t *testing.T) {
	w := newStripeWorld(t)
	u := w.traveller(t)
	s := w.checkoutOnStripe(t, u)
	paid := stripeEventBody("evt_race_"+s.paymentID, "checkout.session.completed", s, "paid")
	answers := make([]apptest.Response, 4)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = w.webhook(stripeSign(stripeTestWebhookSecret, time.Now(), paid), paid)
		}()
	}
	wg.Wait()
	fresh := 0
	for _, r := range answers {
		if r.Status != http.StatusOK {
			t.Fatalf("a delivery: %d %s", r.Status, r.Body)
		}
		if !strings.Contains(string(r.Body), `"repeated":true`) {
			fresh++
		}
	}
	if fresh != 1 {
		t.Errorf("%d deliveries were taken as new, want 1", fresh)
	}
	got := timelineOf(t, w.orderWorld, u.Token, s.orderID)
	if countOf(got, "PaymentReceived") != 1 || w.order(t, u.Token, s.orderID).Data.Status != "confirmed" {
		t.Fatalf("timeline %v", got)
	}
	if paid := w.order(t, u.Token, s.orderID).Data.Paid.Minor; paid != s.total {
		t.Fatalf("paid %d of %d", paid, s.total)
	}
}
