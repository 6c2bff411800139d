package payments_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/domain/money"
)

const stripeWebhookSecret = "whsec_test_secret"

// stripeHeader builds Stripe-Signature independently of the adapter, as Stripe's docs describe it.
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

func stripeEvent(id, typ, paymentStatus string) []byte {
	return []byte(fmt.Sprintf(`{"id":%q,"object":"event","type":%q,"data":{"object":{"id":"cs_test_1","object":"checkout.session",
"client_reference_id":"pay-1","payment_status":%q,"amount_total":150000,"currency":"egp","payment_intent":"pi_1","metadata":{"payment_id":"pay-1"}}}}`, id, typ, paymentStatus))
}

func TestStripeWebhook(t *testing.T) {
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
	body := stripeEvent("evt_1", "checkout.session.completed", "paid")
	for name, header := range map[string]string{
		"forged":  "t=" + strconv.FormatInt(now.Unix(), 10) + ",v1=" + hex.EncodeToString(make([]byte, 32)),
		"stale":   stripeHeader(now.Add(-10*time.Minute), body),
		"missing": "",
	} {
		if _, err := call(header, body); !errors.Is(err, payments.ErrInvalidSignature) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := call(stripeHeader(now, body), append(body, ' ')); !errors.Is(err, payments.ErrInvalidSignature) {
		t.Errorf("tampered body: err = %v", err)
	}
}

func TestStripeCreateSessionAndRefund(t *testing.T) {
	now := time.Now()
	var sessionForm, refundForm url.Values
	var keys []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer sk_test_1" || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		raw, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(raw))
		switch r.URL.Path {
		case "/v1/checkout/sessions":
			sessionForm = form
			fmt.Fprintf(w, `{"id":"cs_test_1","object":"checkout.session","url":"https://checkout.example/c/pay/cs_test_1","expires_at":%s}`, form.Get("expires_at"))
		case "/v1/refunds":
			refundForm = form
			_, _ = io.WriteString(w, `{"id":"re_1","object":"refund","status":"succeeded"}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"message":"Unrecognized request URL"}}`)
		}
	}))
	defer srv.Close()
	s := newStripe(t, srv.URL, now)
	sess, err := s.CreateSession(context.Background(), payments.SessionRequest{
		PaymentID: "pay-1", OrderID: "MSH-7K3Q9P", Amount: money.New(150000, money.EGP), Customer: payments.Customer{Email: "mona@example.com"},
		SuccessURL: "https://m.example/payments/MSH-7K3Q9P?status=success", FailureURL: "https://m.example/payments/MSH-7K3Q9P?status=failure",
		ExpiresAt: now.Add(10 * time.Minute),
	})
	if err != nil {
		t.Fatal(err)
	}
	if sess.ProviderSessionID != "cs_test_1" || sess.RedirectURL != "https://checkout.example/c/pay/cs_test_1" {
		t.Fatalf("session %+v", sess)
	}
	checks := map[string]string{
		"mode": "payment", "client_reference_id": "pay-1", "customer_email": "mona@example.com",
		"line_items[0][price_data][currency]": "egp", "line_items[0][price_data][unit_amount]": "150000",
		"line_items[0][quantity]": "1", "metadata[payment_id]": "pay-1", "cancel_url": "https://m.example/payments/MSH-7K3Q9P?status=failure",
	}
	for k, v := range checks {
		if sessionForm.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, sessionForm.Get(k), v)
		}
	}
	if exp, _ := strconv.ParseInt(sessionForm.Get("expires_at"), 10, 64); exp < now.Add(30*time.Minute).Unix() {
		t.Errorf("expires_at %d is under Stripe's 30-minute minimum", exp)
	}
	res, err := s.Refund(context.Background(), payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "pi_1", Amount: money.New(75000, money.EGP)})
	if err != nil || res.ProviderRef != "re_1" || refundForm.Get("payment_intent") != "pi_1" || refundForm.Get("amount") != "75000" {
		t.Fatalf("refund %+v %v %v", res, err, refundForm)
	}
	if len(keys) != 2 || keys[0] != "mishwar-session-pay-1" || keys[1] != "mishwar-refund-r1" {
		t.Fatalf("idempotency keys %v", keys)
	}
}

// A refund is sent with its refund id as the Idempotency-Key, so a retried refund job refunds once; a
// 4xx answer is Stripe's definite "no" (recorded as a failed refund), a 5xx or a conflict is worth
// asking again with the same key.
func TestStripeRefundsAreKeyedAndTheirRefusalsKnown(t *testing.T) {
	statuses := []int{http.StatusOK, http.StatusBadRequest, http.StatusConflict, http.StatusInternalServerError}
	var keys []string
	next := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		w.WriteHeader(statuses[next])
		next++
		fmt.Fprint(w, `{"id":"re_1","status":"succeeded","error":{"message":"no"}}`)
	}))
	defer srv.Close()
	s := newStripe(t, srv.URL, time.Now())
	if !s.IdempotentRefunds() {
		t.Fatal("stripe refunds are keyed")
	}
	req := payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "pi_1", Amount: money.New(100, money.EGP)}
	if _, err := s.Refund(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	wantRefused := []bool{true, false, false}
	for i, want := range wantRefused {
		_, err := s.Refund(context.Background(), req)
		if !errors.Is(err, payments.ErrProvider) || errors.Is(err, payments.ErrRefused) != want {
			t.Errorf("answer %d: %v (refused: want %v)", statuses[i+1], err, want)
		}
	}
	for _, k := range keys {
		if k != keys[0] || k == "" {
			t.Fatalf("idempotency keys %q", keys)
		}
	}
}
