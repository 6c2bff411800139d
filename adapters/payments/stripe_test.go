package payments_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/adapters/payments/stripemocktest"
	"mishwar/domain/money"
	"mishwar/domain/payment"
)

const stripeWebhookSecret = "whsec_test_secret"

// stripeHeader builds Stripe-Signature independently of the adapter and of stripe-go, as Stripe's
// docs describe it: HMAC-SHA256 of "<timestamp>.<body>" under the endpoint's secret, hex, as v1.
func stripeHeader(at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, []byte(stripeWebhookSecret))
	m.Write([]byte(ts + "." + string(body)))
	return fmt.Sprintf("t=%s,v1=%s,v0=ignored", ts, hex.EncodeToString(m.Sum(nil)))
}

func newStripe(t *testing.T, base string, now time.Time) *payments.Stripe {
	t.Helper()
	s, err := payments.NewStripe(payments.StripeConfig{BaseURL: base, SecretKey: "sk_test_1", WebhookSecret: stripeWebhookSecret, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func stripeEventIn(apiVersion, id, typ, paymentStatus string) []byte {
	return []byte(fmt.Sprintf(`{"id":%q,"object":"event","api_version":%q,"type":%q,"data":{"object":{"id":"cs_test_1","object":"checkout.session",
"client_reference_id":"pay-1","payment_status":%q,"amount_total":150000,"currency":"egp","payment_intent":"pi_1","metadata":{"payment_id":"pay-1"}}}}`, id, apiVersion, typ, paymentStatus))
}

func stripeEvent(id, typ, paymentStatus string) []byte {
	return stripeEventIn(payments.StripeAPIVersion, id, typ, paymentStatus)
}

func TestStripeWebhookBecomesANoticeOnlyWhenSignedAndInThePinnedAPIVersion(t *testing.T) {
	now := time.Now()
	s := newStripe(t, "http://unused", now)
	call := func(header string, body []byte) (payments.Notice, error) {
		r := httptest.NewRequest(http.MethodPost, "/api/payments/stripe/callback", bytes.NewReader(body))
		r.Header.Set(payments.StripeSignatureHeader, header)
		return s.VerifyCallback(r, body)
	}
	tests := []struct {
		name, typ, status, outcome, reason string
	}{
		{"a paid checkout succeeds", "checkout.session.completed", "paid", payments.OutcomeSucceeded, ""},
		{"an unpaid completion waits", "checkout.session.completed", "unpaid", payments.OutcomeOther, ""},
		{"an async success succeeds", "checkout.session.async_payment_succeeded", "paid", payments.OutcomeSucceeded, ""},
		{"an async failure fails", "checkout.session.async_payment_failed", "unpaid", payments.OutcomeFailed, payments.ReasonDeclined},
		{"an expired session fails", "checkout.session.expired", "unpaid", payments.OutcomeFailed, "expired"},
	}
	for _, tt := range tests {
		body := stripeEvent("evt_"+tt.typ, tt.typ, tt.status)
		n, err := call(stripeHeader(now, body), body)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		want := payments.Notice{PaymentID: "pay-1", ProviderSessionID: "cs_test_1", NoticeID: "evt_" + tt.typ, Outcome: tt.outcome,
			Reason: tt.reason, Amount: money.New(150000, money.EGP), ProviderRef: "pi_1"}
		if n != want {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.name, n, want)
		}
	}
	other := []byte(`{"id":"evt_charge","object":"event","api_version":"` + payments.StripeAPIVersion + `","type":"charge.refunded","data":{"object":{"id":"ch_1","object":"charge"}}}`)
	if n, err := call(stripeHeader(now, other), other); err != nil || n != (payments.Notice{NoticeID: "evt_charge", Outcome: payments.OutcomeOther}) {
		t.Errorf("an event about something else: %+v %v", n, err)
	}
	body := stripeEvent("evt_1", "checkout.session.completed", "paid")
	for name, header := range map[string]string{
		"forged":      "t=" + strconv.FormatInt(now.Unix(), 10) + ",v1=" + hex.EncodeToString(make([]byte, 32)),
		"stale":       stripeHeader(now.Add(-10*time.Minute), body),
		"missing":     "",
		"v0 only":     "t=" + strconv.FormatInt(now.Unix(), 10) + ",v0=" + strings.TrimPrefix(strings.Split(stripeHeader(now, body), ",")[1], "v1="),
		"no time":     "v1=" + strings.TrimPrefix(strings.Split(stripeHeader(now, body), ",")[1], "v1="),
		"other key":   strings.Replace(stripeHeader(now, body), "v1=", "v1=00", 1),
		"unparseable": "garbage",
	} {
		if _, err := call(header, body); !errors.Is(err, payments.ErrInvalidSignature) {
			t.Errorf("%s: err = %v, want an invalid signature", name, err)
		}
	}
	if _, err := call(stripeHeader(now, body), append(body, ' ')); !errors.Is(err, payments.ErrInvalidSignature) {
		t.Errorf("tampered body: err = %v", err)
	}
	// Signed, but rendered in an API version of another release train: refused as unreadable, since
	// its objects may not be shaped as this adapter reads them.
	old := stripeEventIn("2024-09-30.acacia", "evt_old", "checkout.session.completed", "paid")
	if _, err := call(stripeHeader(now, old), old); !errors.Is(err, payments.ErrMalformedNotice) || errors.Is(err, payments.ErrInvalidSignature) {
		t.Errorf("an event in another API version: err = %v, want a malformed notice", err)
	}
}

func sessionRequest(now time.Time) payments.SessionRequest {
	return payments.SessionRequest{
		PaymentID: "pay-1", OrderID: "MSH-7K3Q9P", Description: "رحلة مشوار MSH-7K3Q9P", Amount: money.New(150000, money.EGP),
		Customer:   payments.Customer{Email: "mona@example.com", FirstName: "Mona"},
		SuccessURL: "https://m.example/payments/MSH-7K3Q9P?status=success", FailureURL: "https://m.example/payments/MSH-7K3Q9P?status=failure",
		ExpiresAt: now.Add(10 * time.Minute),
	}
}

// The session and the refund are sent through stripe-go to stripe-mock, which refuses any request
// Stripe's published API would refuse; what was sent is then read back from the mock's recorder.
func TestStripeOpensCheckoutSessionsAndRefundsThatStripesAPIAccepts(t *testing.T) {
	mock := stripemocktest.Start(t)
	now := time.Now()
	s := newStripe(t, mock.URL, now)
	ctx := context.Background()
	sess, err := s.CreateSession(ctx, sessionRequest(now))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sess.ProviderSessionID, "cs_") || !strings.HasPrefix(sess.RedirectURL, "https://") || sess.ExpiresAt.IsZero() {
		t.Fatalf("session %+v", sess)
	}
	sent := mock.Requests("/v1/checkout/sessions")
	if len(sent) != 1 || sent[0].Method != http.MethodPost || sent[0].Status != http.StatusOK {
		t.Fatalf("session requests %+v", sent)
	}
	form, header := sent[0].Form, sent[0].Header
	checks := map[string]string{
		"mode": "payment", "client_reference_id": "pay-1", "customer_email": "mona@example.com",
		"line_items[0][price_data][currency]": "egp", "line_items[0][price_data][unit_amount]": "150000",
		"line_items[0][price_data][product_data][name]": "رحلة مشوار MSH-7K3Q9P",
		"line_items[0][quantity]":                       "1", "metadata[payment_id]": "pay-1", "metadata[order_id]": "MSH-7K3Q9P",
		"payment_intent_data[metadata][payment_id]": "pay-1",
		"success_url": "https://m.example/payments/MSH-7K3Q9P?status=success",
		"cancel_url":  "https://m.example/payments/MSH-7K3Q9P?status=failure",
	}
	for k, v := range checks {
		if form.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, form.Get(k), v)
		}
	}
	if exp, _ := strconv.ParseInt(form.Get("expires_at"), 10, 64); exp < now.Add(30*time.Minute).Unix() {
		t.Errorf("expires_at %d is under Stripe's 30-minute minimum", exp)
	}
	if got := header.Get("Stripe-Version"); got != payments.StripeAPIVersion {
		t.Errorf("Stripe-Version %q, want the pinned %q", got, payments.StripeAPIVersion)
	}
	if got := header.Get("Authorization"); got != "Bearer sk_test_1" {
		t.Errorf("Authorization %q", got)
	}
	if got := header.Get("Idempotency-Key"); got != "mishwar-session-pay-1" {
		t.Errorf("session Idempotency-Key %q", got)
	}

	req := payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "pi_1", Amount: money.New(75000, money.EGP)}
	for range 2 { // a refund job run again asks with the same key
		res, err := s.Refund(ctx, req)
		if err != nil || !strings.HasPrefix(res.ProviderRef, "re_") {
			t.Fatalf("refund %+v %v", res, err)
		}
	}
	refunds := mock.Requests("/v1/refunds")
	if len(refunds) != 2 {
		t.Fatalf("refund requests %+v", refunds)
	}
	for _, r := range refunds {
		if r.Status != http.StatusOK || r.Header.Get("Idempotency-Key") != "mishwar-refund-r1" ||
			r.Form.Get("payment_intent") != "pi_1" || r.Form.Get("amount") != "75000" || r.Form.Get("metadata[refund_id]") != "r1" {
			t.Errorf("refund request %d %v %v", r.Status, r.Header.Get("Idempotency-Key"), r.Form)
		}
	}
}

// Stripe's definite "no" (a 4xx answer other than a conflict or a rate limit) is ErrRefused, recorded
// as a failed refund or session; an unreachable Stripe, a 5xx, a conflict (the same key still in
// flight) or a rate limit is worth asking again with the same key.
func TestStripeRefusalsAreToldFromAnswersWorthAskingAgain(t *testing.T) {
	mock := stripemocktest.Start(t)
	req := payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "pi_1", Amount: money.New(100, money.EGP)}
	ctx := context.Background()

	// stripe-mock refuses a key it does not know as Stripe does (401): it knows test keys only.
	badKey, err := payments.NewStripe(payments.StripeConfig{BaseURL: mock.URL, SecretKey: "sk_live_unknown", WebhookSecret: stripeWebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := badKey.Refund(ctx, req); !errors.Is(err, payments.ErrProvider) || !errors.Is(err, payments.ErrRefused) {
		t.Errorf("a key Stripe refuses: %v, want refused", err)
	}
	if _, err := badKey.CreateSession(ctx, sessionRequest(time.Now())); !errors.Is(err, payments.ErrRefused) {
		t.Errorf("a session with a key Stripe refuses: %v, want refused", err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	_ = ln.Close()
	if _, err := newStripe(t, closed, time.Now()).Refund(ctx, req); !errors.Is(err, payments.ErrProvider) || errors.Is(err, payments.ErrRefused) {
		t.Errorf("an unreachable Stripe: %v, want a provider error worth retrying", err)
	}

	// stripe-mock never answers a conflict, a rate limit or an outage: a server that answers only
	// Stripe's error envelope with those statuses stands in for them.
	for _, status := range []int{http.StatusConflict, http.StatusTooManyRequests, http.StatusInternalServerError} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprint(w, `{"error":{"type":"api_error","message":"try again"}}`)
		}))
		_, err := newStripe(t, srv.URL, time.Now()).Refund(ctx, req)
		srv.Close()
		if !errors.Is(err, payments.ErrProvider) || errors.Is(err, payments.ErrRefused) {
			t.Errorf("answer %d: %v, want a provider error worth retrying", status, err)
		}
	}
}

func TestStripeRefundsAreIdempotent(t *testing.T) {
	if !newStripe(t, "http://unused", time.Now()).IdempotentRefunds() {
		t.Fatal("stripe refunds are sent with the refund id as the Idempotency-Key")
	}
}

// Closing a session the shop no longer wants paid expires the Checkout Session at Stripe, under an
// idempotency key from the decision, so a retried job expires it once.
func TestStripeExpiresTheCheckoutSessionOfAClosedPayment(t *testing.T) {
	mock := stripemocktest.Start(t)
	now := time.Now()
	s := newStripe(t, mock.URL, now)
	ctx := context.Background()
	sess, err := s.CreateSession(ctx, sessionRequest(now))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.ExpireSession(ctx, payment.CloseRequest{PaymentID: "pay-1", ProviderSessionID: sess.ProviderSessionID,
			Reason: payment.CloseOrderCancelled, Key: "close-1"}); err != nil {
			t.Fatalf("expire: %v", err)
		}
	}
	sent := mock.Requests("/v1/checkout/sessions/" + sess.ProviderSessionID + "/expire")
	if len(sent) != 2 {
		t.Fatalf("expire requests %+v", sent)
	}
	for _, r := range sent {
		if r.Method != http.MethodPost || r.Status != http.StatusOK || r.Header.Get("Idempotency-Key") != "mishwar-close-close-1" {
			t.Errorf("expire request %s %d %q", r.Method, r.Status, r.Header.Get("Idempotency-Key"))
		}
	}
}
