package payments

import (
	"context"
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

// StripeConfig configures the Stripe Checkout adapter (MISHWAR_STRIPE_*).
type StripeConfig struct {
	// BaseURL is Stripe's API host (default https://api.stripe.com).
	BaseURL       string
	SecretKey     string
	WebhookSecret string
	Client        *http.Client
	Now           func() time.Time
}

// StripeSignatureHeader carries Stripe's webhook signature.
const StripeSignatureHeader = "Stripe-Signature"

const stripeTolerance = 5 * time.Minute

// Stripe talks to Stripe Checkout: a hosted session per payment (created with an idempotency key),
// webhooks verified with Stripe-Signature (HMAC-SHA256 over "timestamp.body"), and refunds.
type Stripe struct {
	cfg    StripeConfig
	client *http.Client
	now    func() time.Time
}

// NewStripe returns the Stripe adapter.
func NewStripe(cfg StripeConfig) (*Stripe, error) {
	if cfg.SecretKey == "" || cfg.WebhookSecret == "" {
		return nil, fmt.Errorf("payments: stripe needs MISHWAR_STRIPE_SECRET_KEY and MISHWAR_STRIPE_WEBHOOK_SECRET")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://api.stripe.com"
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	s := &Stripe{cfg: cfg, client: cfg.Client, now: cfg.Now}
	if s.client == nil {
		s.client = &http.Client{Timeout: 20 * time.Second}
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

func (s *Stripe) Name() string { return "stripe" }

// Checkout sessions must live between 30 minutes and 24 hours.
const (
	stripeMinSession = 31 * time.Minute
	stripeMaxSession = 23 * time.Hour
)

// CreateSession creates a Checkout Session. The payment id is both the idempotency key and the
// client_reference_id, so a retry returns the same session.
func (s *Stripe) CreateSession(ctx context.Context, req SessionRequest) (Session, error) {
	name := req.Description
	if name == "" {
		name = "Mishwar trip " + req.OrderID
	}
	expires := req.ExpiresAt
	now := s.now()
	if expires.Before(now.Add(stripeMinSession)) {
		expires = now.Add(stripeMinSession)
	}
	if expires.After(now.Add(stripeMaxSession)) {
		expires = now.Add(stripeMaxSession)
	}
	form := url.Values{
		"mode":                                   {"payment"},
		"success_url":                            {req.SuccessURL},
		"cancel_url":                             {req.FailureURL},
		"client_reference_id":                    {req.PaymentID},
		"line_items[0][quantity]":                {"1"},
		"line_items[0][price_data][currency]":    {strings.ToLower(string(req.Amount.Currency))},
		"line_items[0][price_data][unit_amount]": {strconv.FormatInt(req.Amount.Minor, 10)},
		"line_items[0][price_data][product_data][name]": {name},
		"metadata[payment_id]":                          {req.PaymentID},
		"metadata[order_id]":                            {req.OrderID},
		"payment_intent_data[metadata][payment_id]":     {req.PaymentID},
		"payment_intent_data[metadata][order_id]":       {req.OrderID},
		"expires_at": {strconv.FormatInt(expires.Unix(), 10)},
		"locale":     {"auto"},
	}
	if req.Customer.Email != "" {
		form.Set("customer_email", req.Customer.Email)
	}
	var out struct {
		ID        string `json:"id"`
		URL       string `json:"url"`
		ExpiresAt int64  `json:"expires_at"`
	}
	if err := s.post(ctx, "/v1/checkout/sessions", "mishwar-session-"+req.PaymentID, form, &out); err != nil {
		return Session{}, err
	}
	if out.ID == "" || out.URL == "" {
		return Session{}, fmt.Errorf("%w: stripe: session without id or url", ErrProvider)
	}
	sess := Session{ProviderSessionID: out.ID, RedirectURL: out.URL, ExpiresAt: expires}
	if out.ExpiresAt > 0 {
		sess.ExpiresAt = time.Unix(out.ExpiresAt, 0)
	}
	return sess, nil
}

func (s *Stripe) post(ctx context.Context, path, idempotencyKey string, form url.Values, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.BaseURL+path, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.cfg.SecretKey)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Idempotency-Key", idempotencyKey)
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: stripe %s: %w", ErrProvider, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		err := fmt.Errorf("%w: stripe %s: %s: %s", ErrProvider, path, resp.Status, truncate(e.Error.Message, 300))
		if refusal(resp.StatusCode) {
			err = fmt.Errorf("%w: %w", ErrRefused, err)
		}
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: stripe %s: %w", ErrProvider, path, err)
	}
	return nil
}

type stripeSession struct {
	ID                string            `json:"id"`
	ClientReferenceID string            `json:"client_reference_id"`
	PaymentStatus     string            `json:"payment_status"`
	AmountTotal       int64             `json:"amount_total"`
	Currency          string            `json:"currency"`
	PaymentIntent     json.RawMessage   `json:"payment_intent"`
	Metadata          map[string]string `json:"metadata"`
}

// VerifyCallback checks Stripe-Signature and turns Checkout Session events into notices.
func (s *Stripe) VerifyCallback(r *http.Request, body []byte) (Notice, error) {
	if err := verifyTimestamped([]byte(s.cfg.WebhookSecret), r.Header.Get(StripeSignatureHeader), body, s.now(), stripeTolerance); err != nil {
		return Notice{}, err
	}
	var ev struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		Data struct {
			Object json.RawMessage `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return Notice{}, fmt.Errorf("%w: stripe event", ErrMalformedNotice)
	}
	if !strings.HasPrefix(ev.Type, "checkout.session.") {
		return Notice{NoticeID: ev.ID, Outcome: OutcomeOther}, nil
	}
	var cs stripeSession
	if err := json.Unmarshal(ev.Data.Object, &cs); err != nil {
		return Notice{}, fmt.Errorf("%w: stripe session: %w", ErrMalformedNotice, err)
	}
	n := Notice{PaymentID: cs.ClientReferenceID, ProviderSessionID: cs.ID, NoticeID: ev.ID, ProviderRef: paymentIntentID(cs.PaymentIntent)}
	if n.PaymentID == "" {
		n.PaymentID = cs.Metadata["payment_id"]
	}
	if cur, err := money.ParseCurrency(strings.ToUpper(cs.Currency)); err == nil {
		n.Amount = money.New(cs.AmountTotal, cur)
	}
	switch ev.Type {
	case "checkout.session.completed":
		n.Outcome = OutcomeOther
		if cs.PaymentStatus == "paid" {
			n.Outcome = OutcomeSucceeded
		}
	case "checkout.session.async_payment_succeeded":
		n.Outcome = OutcomeSucceeded
	case "checkout.session.async_payment_failed":
		n.Outcome, n.Reason = OutcomeFailed, ReasonDeclined
	case "checkout.session.expired":
		n.Outcome, n.Reason = OutcomeFailed, "expired"
	default:
		n.Outcome = OutcomeOther
	}
	return n, nil
}

// payment_intent is an id, or an object when expanded.
func paymentIntentID(raw json.RawMessage) string {
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return id
	}
	var obj struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &obj)
	return obj.ID
}

// IdempotentRefunds: Stripe honours the Idempotency-Key each refund is sent with (the refund id), so
// a refund asked again answers the first one. Stripe keeps keys for 24 hours at least; a refund job
// retried for longer than that is stuck and shown to operators long before.
func (s *Stripe) IdempotentRefunds() bool { return true }

// Refund refunds a payment intent; the refund id is the idempotency key.
func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	if req.ProviderRef == "" {
		return RefundResult{}, fmt.Errorf("%w: stripe refund without a payment intent", ErrProvider)
	}
	form := url.Values{
		"payment_intent":       {req.ProviderRef},
		"amount":               {strconv.FormatInt(req.Amount.Minor, 10)},
		"reason":               {"requested_by_customer"},
		"metadata[refund_id]":  {req.RefundID},
		"metadata[payment_id]": {req.PaymentID},
	}
	var out struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	if err := s.post(ctx, "/v1/refunds", "mishwar-refund-"+req.RefundID, form, &out); err != nil {
		return RefundResult{}, err
	}
	if out.Status == "failed" || out.Status == "canceled" {
		return RefundResult{}, fmt.Errorf("%w: stripe refund %s", ErrProvider, out.Status)
	}
	return RefundResult{ProviderRef: out.ID}, nil
}
