package payments_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/domain/money"
)

// The sample transaction processed callback of Paymob's HMAC guide, and the concatenation it documents.
const paymobSampleObj = `{
  "id": 192036465, "pending": false, "amount_cents": 100000, "success": true, "is_auth": false,
  "is_capture": false, "is_standalone_payment": true, "is_voided": false, "is_refunded": false,
  "is_3d_secure": true, "integration_id": 4097558, "profile_id": 164295, "has_parent_transaction": false,
  "order": {"id": 217503754, "merchant_order_id": "pay-1", "amount_cents": 100000},
  "created_at": "2024-06-13T11:33:44.592345", "currency": "EGP",
  "source_data": {"pan": "2346", "type": "card", "sub_type": "MasterCard"},
  "error_occured": false, "owner": 302852, "data": {"message": "Approved"}
}`

const paymobSampleString = "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue"

const paymobHMACSecret = "paymob-hmac-secret"

func paymobSign(s string) string {
	m := hmac.New(sha512.New, []byte(paymobHMACSecret))
	m.Write([]byte(s))
	return hex.EncodeToString(m.Sum(nil))
}

func decodeObj(t *testing.T, raw string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

func TestPaymobHMACStringFollowsTheDocumentedOrder(t *testing.T) {
	if got := payments.PaymobHMACString(decodeObj(t, paymobSampleObj)); got != paymobSampleString {
		t.Fatalf("got  %s\nwant %s", got, paymobSampleString)
	}
}

func newPaymob(t *testing.T, base string) *payments.Paymob {
	t.Helper()
	p, err := payments.NewPaymob(payments.PaymobConfig{BaseURL: base, SecretKey: "sk_test", PublicKey: "pk_test",
		HMACSecret: paymobHMACSecret, IntegrationIDs: []int{4097558}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPaymobCallback(t *testing.T) {
	p := newPaymob(t, "http://unused")
	body := []byte(`{"type":"TRANSACTION","obj":` + paymobSampleObj + `}`)
	call := func(hmacValue string, body []byte) (payments.Notice, error) {
		r := httptest.NewRequest(http.MethodPost, "/api/payments/paymob/callback?hmac="+hmacValue, bytes.NewReader(body))
		return p.VerifyCallback(r, body)
	}
	n, err := call(paymobSign(paymobSampleString), body)
	if err != nil {
		t.Fatal(err)
	}
	want := payments.Notice{PaymentID: "pay-1", ProviderSessionID: "217503754", NoticeID: "paymob:192036465:true:false:false:false",
		Outcome: payments.OutcomeSucceeded, Amount: money.New(100000, money.EGP), ProviderRef: "192036465"}
	if n != want {
		t.Fatalf("notice\n got %+v\nwant %+v", n, want)
	}
	tampered := bytes.Replace(body, []byte(`"amount_cents": 100000, "success"`), []byte(`"amount_cents": 100, "success"`), 1)
	for name, c := range map[string]struct {
		hmac string
		body []byte
	}{
		"forged":   {paymobSign("something else"), body},
		"missing":  {"", body},
		"tampered": {paymobSign(paymobSampleString), tampered},
	} {
		if _, err := call(c.hmac, c.body); !errors.Is(err, payments.ErrInvalidSignature) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	declined := strings.Replace(strings.Replace(paymobSampleObj, `"success": true`, `"success": false`, 1), `"Approved"`, `"Do not honour"`, 1)
	str := strings.TrimSuffix(paymobSampleString, "true") + "false"
	n, err = call(paymobSign(str), []byte(`{"type":"TRANSACTION","obj":`+declined+`}`))
	if err != nil || n.Outcome != payments.OutcomeFailed || n.Reason != "do_not_honour" {
		t.Fatalf("declined: %+v %v", n, err)
	}
}

func TestPaymobReturn(t *testing.T) {
	p := newPaymob(t, "http://unused")
	q := url.Values{
		"amount_cents": {"100000"}, "created_at": {"2024-06-13T11:33:44.592345"}, "currency": {"EGP"},
		"error_occured": {"false"}, "has_parent_transaction": {"false"}, "id": {"192036465"},
		"integration_id": {"4097558"}, "is_3d_secure": {"true"}, "is_auth": {"false"}, "is_capture": {"false"},
		"is_refunded": {"false"}, "is_standalone_payment": {"true"}, "is_voided": {"false"}, "order": {"217503754"},
		"owner": {"302852"}, "pending": {"false"}, "source_data.pan": {"2346"}, "source_data.sub_type": {"MasterCard"},
		"source_data.type": {"card"}, "success": {"true"}, "merchant_order_id": {"pay-1"},
	}
	q.Set("hmac", paymobSign(paymobSampleString))
	n, err := p.VerifyReturn(httptest.NewRequest(http.MethodGet, "/api/payments/paymob/return?"+q.Encode(), nil))
	if err != nil || n.Outcome != payments.OutcomeSucceeded || n.PaymentID != "pay-1" {
		t.Fatalf("%+v %v", n, err)
	}
	q.Set("amount_cents", "1")
	if _, err := p.VerifyReturn(httptest.NewRequest(http.MethodGet, "/x?"+q.Encode(), nil)); !errors.Is(err, payments.ErrInvalidSignature) {
		t.Fatalf("tampered return: %v", err)
	}
}

func TestPaymobCreateSessionAndRefund(t *testing.T) {
	var intention map[string]any
	var refund map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Token sk_test" || r.Header.Get("Content-Type") != "application/json" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/v1/intention/":
			_ = json.Unmarshal(body, &intention)
			_, _ = io.WriteString(w, `{"id":"pi_test_1","client_secret":"egy_csk_test_abc","intention_order_id":217503754,"status":"intended"}`)
		case "/api/acceptance/void_refund/refund":
			_ = json.Unmarshal(body, &refund)
			_, _ = io.WriteString(w, `{"id":192036999,"success":true,"is_refund":true,"amount_cents":50000}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	p := newPaymob(t, srv.URL)
	s, err := p.CreateSession(context.Background(), payments.SessionRequest{
		PaymentID: "pay-1", OrderID: "MSH-7K3Q9P", Amount: money.New(150000, money.EGP),
		Customer:    payments.Customer{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
		CallbackURL: "https://mishwar.example/api/payments/paymob/callback", ReturnURL: "https://mishwar.example/api/payments/paymob/return",
		ExpiresAt: time.Now().Add(30 * time.Minute),
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.ProviderSessionID != "217503754" || s.RedirectURL != srv.URL+"/unifiedcheckout/?clientSecret=egy_csk_test_abc&publicKey=pk_test" {
		t.Fatalf("session %+v", s)
	}
	billing, _ := intention["billing_data"].(map[string]any)
	if intention["amount"] != float64(150000) || intention["currency"] != "EGP" || intention["special_reference"] != "pay-1" ||
		intention["notification_url"] != "https://mishwar.example/api/payments/paymob/callback" ||
		billing["email"] != "mona@example.com" || billing["street"] != "NA" {
		t.Fatalf("intention body %v", intention)
	}
	if methods, _ := intention["payment_methods"].([]any); len(methods) != 1 || methods[0] != float64(4097558) {
		t.Fatalf("payment_methods %v", intention["payment_methods"])
	}
	res, err := p.Refund(context.Background(), payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "192036465", Amount: money.New(50000, money.EGP)})
	if err != nil || res.ProviderRef != "192036999" || refund["transaction_id"] != float64(192036465) || refund["amount_cents"] != float64(50000) {
		t.Fatalf("refund %+v %v body %v", res, err, refund)
	}
}

func TestPaymobErrorsAreProviderErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"detail":"Integration ID/Name does not exist in our system"}`)
	}))
	defer srv.Close()
	_, err := newPaymob(t, srv.URL).CreateSession(context.Background(), payments.SessionRequest{PaymentID: "p", Amount: money.New(1, money.EGP)})
	if !errors.Is(err, payments.ErrProvider) || !strings.Contains(err.Error(), "Integration ID") {
		t.Fatalf("err = %v", err)
	}
}

// The transaction's order id is what binds it to the intention (merchant_order_id is not signed): a
// signed callback without one is not taken as a payment.
func TestAPaymobCallbackWithoutItsOrderIDIsRefused(t *testing.T) {
	p := newPaymob(t, "http://unused")
	obj := strings.Replace(paymobSampleObj, `"order": {"id": 217503754, `, `"order": {`, 1)
	body := []byte(`{"type":"TRANSACTION","obj":` + obj + `}`)
	str := strings.Replace(paymobSampleString, "217503754", "", 1)
	r := httptest.NewRequest(http.MethodPost, "/api/payments/paymob/callback?hmac="+paymobSign(str), bytes.NewReader(body))
	if _, err := p.VerifyCallback(r, body); !errors.Is(err, payments.ErrMalformedNotice) {
		t.Fatalf("err = %v, want a malformed notice", err)
	}
}
