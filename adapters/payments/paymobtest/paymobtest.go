// Package paymobtest stands in for Paymob Accept in the tests. Paymob publishes no mock of its API,
// so this one answers in the shapes Paymob documents and nothing more: the intention API (POST
// /v1/intention/, "Token" authorisation, the documented required fields, 201 with id, client_secret and
// intention_order_id) and the refund API; and it writes the two transaction callbacks as Paymob sends
// them — the processed callback (POST, JSON {"type":"TRANSACTION","obj":{…}}) and the response
// callback (GET, query parameters) — signed with HMAC-SHA512 over the documented fields in the
// documented order. The HMAC is computed here on its own, never with the adapter's code, so a
// test fails when the two disagree.
package paymobtest

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Config is what the stand-in accepts.
type Config struct {
	SecretKey      string
	HMACSecret     string
	IntegrationIDs []int
}

// Intention is one intention created, with the request that created it.
type Intention struct {
	ID               string
	ClientSecret     string
	IntentionOrderID int64
	// Request is the body Mishwar sent.
	Request map[string]any
}

// SpecialReference is the merchant's reference (returned in callbacks as merchant_order_id).
func (i Intention) SpecialReference() string {
	s, _ := i.Request["special_reference"].(string)
	return s
}

// Amount is the intention's amount in cents.
func (i Intention) Amount() int64 { f, _ := i.Request["amount"].(float64); return int64(f) }

// Refund is one refund asked for.
type Refund struct {
	TransactionID int64
	AmountCents   int64
	ID            int64
}

// Server is the stand-in's HTTP API.
type Server struct {
	URL string
	cfg Config

	mu         sync.Mutex
	intentions []Intention
	refunds    []Refund
	next       int64
}

// Start runs the stand-in until the test ends.
func Start(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	s := &Server{cfg: cfg, next: 217503754}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Token "+s.cfg.SecretKey {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"detail":"Authentication credentials were not provided."}`)
		return
	}
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || r.Method != http.MethodPost {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"detail":"JSON parse error"}`)
		return
	}
	switch r.URL.Path {
	case "/v1/intention/":
		s.intention(w, body)
	case "/api/acceptance/void_refund/refund":
		s.refund(w, body)
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"detail":"Not found."}`)
	}
}

// intention checks what Paymob's Create Intention documents as required and answers as it does.
func (s *Server) intention(w http.ResponseWriter, body map[string]any) {
	problems := map[string][]string{}
	amount, ok := body["amount"].(float64)
	if !ok || amount <= 0 || amount != float64(int64(amount)) {
		problems["amount"] = []string{"A valid integer is required."}
	}
	if body["currency"] != "EGP" {
		problems["currency"] = []string{"The currency must match the integration's."}
	}
	methods, _ := body["payment_methods"].([]any)
	for _, m := range methods {
		known := false
		for _, id := range s.cfg.IntegrationIDs {
			if m == float64(id) {
				known = true
			}
		}
		if !known {
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"detail":"Integration ID/Name does not exist in our system"}`)
			return
		}
	}
	if len(methods) == 0 {
		problems["payment_methods"] = []string{"This field is required."}
	}
	items, _ := body["items"].([]any)
	var sum float64
	for _, it := range items {
		m, _ := it.(map[string]any)
		a, _ := m["amount"].(float64)
		q, _ := m["quantity"].(float64)
		if name, _ := m["name"].(string); name == "" || len(name) > 50 {
			problems["items"] = []string{"Each item needs a name of at most 50 characters."}
		}
		sum += a * q
	}
	if len(items) > 0 && sum != amount {
		problems["items"] = append(problems["items"], "The sum of the items must equal the amount.")
	}
	billing, _ := body["billing_data"].(map[string]any)
	for _, k := range []string{"first_name", "last_name", "email", "phone_number"} {
		if v, _ := billing[k].(string); v == "" {
			problems["billing_data."+k] = []string{"This field is required."}
		}
	}
	if len(problems) > 0 {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(problems)
		return
	}
	s.mu.Lock()
	s.next++
	in := Intention{ID: fmt.Sprintf("pi_test_%d", s.next), ClientSecret: fmt.Sprintf("egy_csk_test_%d", s.next), IntentionOrderID: s.next, Request: body}
	s.intentions = append(s.intentions, in)
	s.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": in.ID, "client_secret": in.ClientSecret, "intention_order_id": in.IntentionOrderID,
		"amount": body["amount"], "currency": body["currency"], "status": "intended", "confirmed": false,
		"special_reference": body["special_reference"], "extras": map[string]any{"creation_extras": body["extras"]},
		"payment_keys": []map[string]any{{"integration": methods[0], "key": "ZXlK", "gateway_type": "VPC", "order_id": in.IntentionOrderID}},
		"created":      time.Now().UTC().Format("2006-01-02T15:04:05.000000"), "object": "paymentintention",
	})
}

func (s *Server) refund(w http.ResponseWriter, body map[string]any) {
	txn, ok1 := body["transaction_id"].(float64)
	cents, ok2 := body["amount_cents"].(float64)
	if !ok1 || !ok2 || cents <= 0 {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"detail":"transaction_id and amount_cents are required"}`)
		return
	}
	s.mu.Lock()
	s.next++
	rf := Refund{TransactionID: int64(txn), AmountCents: int64(cents), ID: s.next}
	s.refunds = append(s.refunds, rf)
	s.mu.Unlock()
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": rf.ID, "pending": false, "amount_cents": rf.AmountCents, "success": true, "is_refund": true,
		"is_refunded": false, "has_parent_transaction": true, "parent_transaction": rf.TransactionID, "currency": "EGP",
	})
}

// Intentions returns the intentions created so far.
func (s *Server) Intentions() []Intention {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Intention(nil), s.intentions...)
}

// IntentionFor returns the intention created for a special reference.
func (s *Server) IntentionFor(tb testing.TB, reference string) Intention {
	tb.Helper()
	for _, in := range s.Intentions() {
		if in.SpecialReference() == reference {
			return in
		}
	}
	tb.Fatalf("paymobtest: no intention for %q", reference)
	return Intention{}
}

// Refunds returns the refunds asked for so far.
func (s *Server) Refunds() []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Refund(nil), s.refunds...)
}

// Transaction is what a transaction callback reports.
type Transaction struct {
	ID              int64
	OrderID         int64  // Paymob's order id: the intention's intention_order_id
	MerchantOrderID string // the intention's special_reference
	AmountCents     int64
	Success         bool
	Pending         bool
	Refunded        bool
	Message         string // data.message, e.g. "Approved" or "Do not honour"
}

// obj is the transaction as the processed callback carries it, in the documented sample's shape.
func (t Transaction) obj() map[string]any {
	msg := t.Message
	if msg == "" {
		msg = "Approved"
		if !t.Success {
			msg = "Do not honour"
		}
	}
	return map[string]any{
		"id": t.ID, "pending": t.Pending, "amount_cents": t.AmountCents, "success": t.Success, "is_auth": false,
		"is_capture": false, "is_standalone_payment": true, "is_voided": false, "is_refunded": t.Refunded,
		"is_3d_secure": true, "integration_id": 4097558, "profile_id": 164295, "has_parent_transaction": false,
		"order": map[string]any{
			"id": t.OrderID, "created_at": "2024-06-13T11:32:09.628623", "delivery_needed": false,
			"merchant_order_id": t.MerchantOrderID, "amount_cents": t.AmountCents, "currency": "EGP", "paid_amount_cents": t.AmountCents,
		},
		"created_at": "2024-06-13T11:33:44.592345", "currency": "EGP",
		"source_data": map[string]any{"pan": "2346", "type": "card", "sub_type": "MasterCard"},
		"api_source":  "OTHER", "is_void": false, "is_refund": false, "error_occured": false, "refunded_amount_cents": 0,
		"owner": 302852, "parent_transaction": nil, "data": map[string]any{"message": msg, "txn_response_code": "APPROVED"},
	}
}

// hmacFields are Paymob's documented HMAC fields for transaction callbacks, in order, as the
// response callback names them: "id" and "order_id" are the transaction's and its order's ids (obj.id
// and obj.order.id in the processed callback).
var hmacFields = []string{
	"amount_cents", "created_at", "currency", "error_occured", "has_parent_transaction", "id",
	"integration_id", "is_3d_secure", "is_auth", "is_capture", "is_refunded", "is_standalone_payment",
	"is_voided", "order_id", "owner", "pending", "source_data.pan", "source_data.sub_type",
	"source_data.type", "success",
}

// flat is the transaction's fields as the response callback's query parameters carry them.
func (t Transaction) flat() url.Values {
	obj := t.obj()
	src := obj["source_data"].(map[string]any)
	q := url.Values{}
	for k, v := range obj {
		switch k {
		case "order", "source_data", "data", "parent_transaction":
			continue
		}
		q.Set(k, fmt.Sprint(v))
	}
	q.Set("order_id", strconv.FormatInt(t.OrderID, 10))
	q.Set("merchant_order_id", t.MerchantOrderID)
	for k, v := range src {
		q.Set("source_data."+k, fmt.Sprint(v))
	}
	q.Set("data.message", obj["data"].(map[string]any)["message"].(string))
	return q
}

// sign is HMAC-SHA512 (hex) under the secret of the documented fields' values, concatenated.
func sign(secret string, q url.Values) string {
	var b strings.Builder
	for _, f := range hmacFields {
		b.WriteString(q.Get(f))
	}
	m := hmac.New(sha512.New, []byte(secret))
	m.Write([]byte(b.String()))
	return hex.EncodeToString(m.Sum(nil))
}

// Processed is the transaction processed callback Paymob POSTs to the notification URL: its JSON
// body and the hmac query parameter, signed with secret.
func Processed(secret string, t Transaction) (body []byte, hmacValue string) {
	body, _ = json.Marshal(map[string]any{"type": "TRANSACTION", "obj": t.obj(), "issuer_bank": nil, "transaction_processed_callback_responses": ""})
	return body, sign(secret, t.flat())
}

// Response is the transaction response callback's query (the browser's return to the redirection
// URL), hmac included, signed with secret.
func Response(secret string, t Transaction) url.Values {
	q := t.flat()
	q.Set("hmac", sign(secret, q))
	return q
}
