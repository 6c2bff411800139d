package payments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"mishwar/domain/money"
)

// PaymobConfig configures the Paymob adapter (MISHWAR_PAYMOB_*).
type PaymobConfig struct {
	// BaseURL is Paymob's API host (default https://accept.paymob.com).
	BaseURL    string
	SecretKey  string
	PublicKey  string
	HMACSecret string
	// IntegrationIDs are the payment methods offered on the unified checkout (card integration ids).
	IntegrationIDs []int
	Client         *http.Client
}

// Paymob talks to Paymob Accept: an intention per payment, the unified checkout as the hosted page,
// the transaction processed callback (HMAC-SHA512 over the documented fields, hex, in the hmac query
// parameter) as the notice, and the refund API.
type Paymob struct {
	cfg    PaymobConfig
	client *http.Client
}

// validate refuses missing settings. Paymob's keys have no documented form to check them by (their
// prefixes differ by country), so a wrong key is told by Paymob at the first checkout.
func (cfg PaymobConfig) validate() error {
	if cfg.SecretKey == "" || cfg.PublicKey == "" || cfg.HMACSecret == "" || len(cfg.IntegrationIDs) == 0 {
		return fmt.Errorf("payments: paymob needs MISHWAR_PAYMOB_SECRET_KEY, MISHWAR_PAYMOB_PUBLIC_KEY, MISHWAR_PAYMOB_HMAC_SECRET and MISHWAR_PAYMOB_INTEGRATION_IDS")
	}
	return nil
}

// NewPaymob returns the Paymob adapter.
func NewPaymob(cfg PaymobConfig) (*Paymob, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://accept.paymob.com"
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	c := cfg.Client
	if c == nil {
		c = &http.Client{Timeout: 20 * time.Second}
	}
	return &Paymob{cfg: cfg, client: c}, nil
}

func (p *Paymob) Name() string { return "paymob" }

func orNA(s string) string {
	if strings.TrimSpace(s) == "" {
		return "NA"
	}
	return s
}

// CreateSession creates an intention. special_reference carries the payment id, which Paymob keeps
// unique: a second intention for the same payment is refused rather than charged twice.
func (p *Paymob) CreateSession(ctx context.Context, req SessionRequest) (Session, error) {
	name := req.Description
	if name == "" {
		name = "Mishwar trip " + req.OrderID
	}
	if len(name) > 50 {
		name = name[:50]
	}
	body := map[string]any{
		"amount":          req.Amount.Minor,
		"currency":        string(req.Amount.Currency),
		"payment_methods": p.cfg.IntegrationIDs,
		"items": []map[string]any{{
			"name": name, "amount": req.Amount.Minor, "description": "Trip " + req.OrderID, "quantity": 1,
		}},
		"billing_data": map[string]string{
			"first_name": orNA(req.Customer.FirstName), "last_name": orNA(req.Customer.LastName),
			"email": orNA(req.Customer.Email), "phone_number": orNA(req.Customer.Phone),
			"country": orNA(req.Customer.Country), "city": "Cairo",
			"street": "NA", "building": "NA", "floor": "NA", "apartment": "NA",
		},
		"customer": map[string]string{
			"first_name": orNA(req.Customer.FirstName), "last_name": orNA(req.Customer.LastName), "email": orNA(req.Customer.Email),
		},
		"special_reference": req.PaymentID,
		"notification_url":  req.CallbackURL,
		"redirection_url":   req.ReturnURL,
		"extras":            map[string]string{"payment_id": req.PaymentID, "order_id": req.OrderID},
	}
	if !req.ExpiresAt.IsZero() {
		if secs := int64(time.Until(req.ExpiresAt).Seconds()); secs > 0 {
			body["expiration"] = secs
		}
	}
	var out struct {
		ID               string `json:"id"`
		ClientSecret     string `json:"client_secret"`
		IntentionOrderID int64  `json:"intention_order_id"`
	}
	if err := p.post(ctx, "/v1/intention/", body, &out); err != nil {
		return Session{}, err
	}
	if out.ClientSecret == "" || out.IntentionOrderID == 0 {
		return Session{}, fmt.Errorf("%w: paymob: intention without client secret or order id", ErrProvider)
	}
	q := url.Values{"publicKey": {p.cfg.PublicKey}, "clientSecret": {out.ClientSecret}}
	return Session{
		ProviderSessionID: strconv.FormatInt(out.IntentionOrderID, 10),
		RedirectURL:       p.cfg.BaseURL + "/unifiedcheckout/?" + q.Encode(),
		ExpiresAt:         req.ExpiresAt,
	}, nil
}

func (p *Paymob) post(ctx context.Context, path string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.cfg.BaseURL+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Token "+p.cfg.SecretKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: paymob %s: %w", ErrProvider, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		err := fmt.Errorf("%w: paymob %s: %s: %s", ErrProvider, path, resp.Status, truncate(string(data), 300))
		if refusal(resp.StatusCode) {
			err = fmt.Errorf("%w: %w", ErrRefused, err)
		}
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: paymob %s: %w", ErrProvider, path, err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// paymobHMACFields are the documented fields of the HMAC string, in order. For the processed
// (POST) callback they are read from "obj"; "id" and "order.id" are the transaction's and its order's.
var paymobHMACFields = []string{
	"amount_cents", "created_at", "currency", "error_occured", "has_parent_transaction", "id",
	"integration_id", "is_3d_secure", "is_auth", "is_capture", "is_refunded", "is_standalone_payment",
	"is_voided", "order.id", "owner", "pending", "source_data.pan", "source_data.sub_type",
	"source_data.type", "success",
}

// PaymobHMACString concatenates the documented fields of a processed callback's "obj" (decoded with
// UseNumber) without separators. Exported for tests and for support tooling.
func PaymobHMACString(obj map[string]any) string {
	var b strings.Builder
	for _, f := range paymobHMACFields {
		b.WriteString(scalar(lookup(obj, f)))
	}
	return b.String()
}

func lookup(m map[string]any, path string) any {
	var cur any = m
	for _, part := range strings.Split(path, ".") {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[part]
	}
	return cur
}

func scalar(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	case json.Number:
		return x.String()
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}

func (p *Paymob) sign(s string) string {
	m := hmac.New(sha512.New, []byte(p.cfg.HMACSecret))
	m.Write([]byte(s))
	return hex.EncodeToString(m.Sum(nil))
}

func (p *Paymob) verify(s, got string) bool {
	want := p.sign(s)
	return hmac.Equal([]byte(strings.ToLower(strings.TrimSpace(got))), []byte(want))
}

// VerifyCallback checks the transaction processed callback: the hmac query parameter against the
// documented fields of the body's "obj".
func (p *Paymob) VerifyCallback(r *http.Request, body []byte) (Notice, error) {
	var envelope struct {
		Type string          `json:"type"`
		Obj  json.RawMessage `json:"obj"`
	}
	if err := json.Unmarshal(body, &envelope); err != nil || len(envelope.Obj) == 0 {
		return Notice{}, fmt.Errorf("%w: paymob callback body", ErrInvalidSignature)
	}
	dec := json.NewDecoder(bytes.NewReader(envelope.Obj))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return Notice{}, fmt.Errorf("%w: paymob callback obj", ErrInvalidSignature)
	}
	if !p.verify(PaymobHMACString(obj), r.URL.Query().Get("hmac")) {
		return Notice{}, fmt.Errorf("%w: paymob hmac", ErrInvalidSignature)
	}
	if envelope.Type != "TRANSACTION" {
		return Notice{NoticeID: "paymob:" + envelope.Type + ":" + scalar(obj["id"]), Outcome: OutcomeOther}, nil
	}
	return paymobNotice(func(k string) string { return scalar(lookup(obj, k)) },
		scalar(lookup(obj, "order.merchant_order_id")), scalar(lookup(obj, "data.message")))
}

// VerifyReturn checks the transaction response callback: the browser comes back with the same fields
// as query parameters ("order" or "order_id" for the order id) and the hmac.
func (p *Paymob) VerifyReturn(r *http.Request) (Notice, error) {
	q := r.URL.Query()
	get := func(k string) string {
		if k == "order.id" {
			if v := q.Get("order_id"); v != "" {
				return v
			}
			return q.Get("order")
		}
		return q.Get(k)
	}
	var b strings.Builder
	for _, f := range paymobHMACFields {
		b.WriteString(get(f))
	}
	if !p.verify(b.String(), q.Get("hmac")) {
		return Notice{}, fmt.Errorf("%w: paymob return hmac", ErrInvalidSignature)
	}
	return paymobNotice(get, q.Get("merchant_order_id"), q.Get("data.message"))
}

func paymobNotice(get func(string) string, merchantOrderID, message string) (Notice, error) {
	id := get("id")
	cents, err := strconv.ParseInt(get("amount_cents"), 10, 64)
	if id == "" || err != nil {
		return Notice{}, fmt.Errorf("%w: paymob transaction without id or amount", ErrMalformedNotice)
	}
	// Paymob's order id is signed and is the intention's (intention_order_id, kept as the payment's
	// provider session): the application checks the two agree. merchant_order_id, which names the
	// payment, is not signed; without the order id nothing would bind the transaction to the payment.
	if get("order.id") == "" {
		return Notice{}, fmt.Errorf("%w: paymob transaction without an order id", ErrMalformedNotice)
	}
	currency, err := money.ParseCurrency(get("currency"))
	if err != nil {
		return Notice{}, fmt.Errorf("%w: paymob currency: %w", ErrMalformedNotice, err)
	}
	n := Notice{
		PaymentID: merchantOrderID, ProviderSessionID: get("order.id"),
		// One transaction can be reported again after a refund or void: the flags are part of the identity.
		NoticeID:    "paymob:" + id + ":" + get("success") + ":" + get("pending") + ":" + get("is_refunded") + ":" + get("is_voided"),
		Amount:      money.New(cents, currency),
		ProviderRef: id,
	}
	switch {
	case get("pending") == "true" || get("has_parent_transaction") == "true" || get("is_refunded") == "true" || get("is_voided") == "true":
		n.Outcome = OutcomeOther
	case get("success") == "true":
		n.Outcome = OutcomeSucceeded
	default:
		n.Outcome = OutcomeFailed
		n.Reason = ReasonDeclined
		if m := strings.TrimSpace(message); m != "" && len(m) < 100 {
			n.Reason = strings.ToLower(strings.ReplaceAll(m, " ", "_"))
		}
	}
	return n, nil
}

// Refund refunds part or all of a captured transaction. Paymob takes no idempotency key, so Paymob
// does not claim IdempotentRefunds: the caller asks once and leaves a refund whose outcome it does
// not know (a timeout, a crash before recording) to an operator, never asking again.
func (p *Paymob) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	txn, err := strconv.ParseInt(req.ProviderRef, 10, 64)
	if err != nil {
		return RefundResult{}, fmt.Errorf("%w: %w: paymob refund: transaction id %q", ErrProvider, ErrRefused, req.ProviderRef)
	}
	var out struct {
		ID      json.Number `json:"id"`
		Success bool        `json:"success"`
	}
	if err := p.post(ctx, "/api/acceptance/void_refund/refund", map[string]any{"transaction_id": txn, "amount_cents": req.Amount.Minor}, &out); err != nil {
		return RefundResult{}, err
	}
	if !out.Success {
		return RefundResult{}, fmt.Errorf("%w: %w: paymob refused the refund", ErrProvider, ErrRefused)
	}
	return RefundResult{ProviderRef: out.ID.String()}, nil
}
