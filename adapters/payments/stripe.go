package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"mishwar/domain/money"
	"mishwar/domain/payment"
)

// StripeConfig configures the Stripe Checkout adapter (MISHWAR_STRIPE_*).
type StripeConfig struct {
	// BaseURL is Stripe's API host (default: stripe-go's, Stripe's own API). Tests point it at
	// stripe-mock.
	BaseURL       string
	SecretKey     string
	WebhookSecret string
	Client        *http.Client
	Now           func() time.Time
}

// validate refuses credentials that cannot work, by their form (Stripe's documented prefixes), without
// asking Stripe: a publishable key (pk_) cannot create sessions or refunds, and a webhook secret that
// is not an endpoint's signing secret (whsec_) makes every webhook a 400 that Stripe keeps retrying.
// The values are never repeated in the message: they are secrets.
func (c StripeConfig) validate() error {
	var errs []error
	switch key := c.SecretKey; {
	case key == "":
		errs = append(errs, errors.New("MISHWAR_STRIPE_SECRET_KEY is not set"))
	case strings.ContainsFunc(key, unicode.IsSpace):
		errs = append(errs, errors.New("MISHWAR_STRIPE_SECRET_KEY contains white space (a line end copied with it?)"))
	case strings.HasPrefix(key, "pk_"):
		errs = append(errs, errors.New("MISHWAR_STRIPE_SECRET_KEY is the publishable key (pk_…), which cannot take payments: use the secret key (sk_live_…, sk_test_…) or a restricted key (rk_…)"))
	case !strings.HasPrefix(key, "sk_") && !strings.HasPrefix(key, "rk_"):
		errs = append(errs, errors.New("MISHWAR_STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)"))
	}
	switch secret := c.WebhookSecret; {
	case secret == "":
		errs = append(errs, errors.New("MISHWAR_STRIPE_WEBHOOK_SECRET is not set"))
	case strings.ContainsFunc(secret, unicode.IsSpace):
		errs = append(errs, errors.New("MISHWAR_STRIPE_WEBHOOK_SECRET contains white space (a line end copied with it?)"))
	case !strings.HasPrefix(secret, "whsec_"):
		errs = append(errs, errors.New("MISHWAR_STRIPE_WEBHOOK_SECRET does not start with whsec_: use the signing secret of the webhook endpoint"))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("payments: stripe: %w", err)
	}
	return nil
}

// StripeSignatureHeader carries Stripe's webhook signature.
const StripeSignatureHeader = "Stripe-Signature"

// StripeAPIVersion is the Stripe API version every request is sent with and every webhook event
// must be rendered in: the one stripe-go v82 is pinned to. The webhook endpoint in Stripe's dashboard
// must be created with it (an event of another release train is refused, not misread).
const StripeAPIVersion = stripe.APIVersion

// Stripe talks to Stripe Checkout through stripe-go: a hosted session per payment (created with an
// idempotency key), webhooks verified with webhook.ConstructEvent (Stripe-Signature, the pinned API
// version), and refunds with idempotency keys.
type Stripe struct {
	cfg    StripeConfig
	client *stripe.Client
	now    func() time.Time
}

// NewStripe returns the Stripe adapter.
func NewStripe(cfg StripeConfig) (*Stripe, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	httpClient := cfg.Client
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 20 * time.Second}
	}
	backend := &stripe.BackendConfig{
		HTTPClient: httpClient,
		// The job queue asks again, with backoff and the same idempotency key: one request per run
		// keeps a run short and its outcome in the job's history.
		MaxNetworkRetries: stripe.Int64(0),
		// Errors are returned to the caller, which logs them with the order and the job.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if base := strings.TrimRight(cfg.BaseURL, "/"); base != "" {
		backend.URL = stripe.String(base)
	}
	s := &Stripe{cfg: cfg, client: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(backend))), now: cfg.Now}
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
	meta := map[string]string{"payment_id": req.PaymentID, "order_id": req.OrderID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(req.SuccessURL),
		CancelURL:         stripe.String(req.FailureURL),
		ClientReferenceID: stripe.String(req.PaymentID),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(string(req.Amount.Currency))),
				UnitAmount:  stripe.Int64(req.Amount.Minor),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(name)},
			},
		}},
		Metadata:          meta,
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta},
		ExpiresAt:         stripe.Int64(expires.Unix()),
		// Checkout speaks no Arabic: it follows the traveller's browser.
		Locale: stripe.String("auto"),
	}
	if req.Customer.Email != "" {
		params.CustomerEmail = stripe.String(req.Customer.Email)
	}
	params.SetIdempotencyKey("mishwar-session-" + req.PaymentID)
	cs, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Session{}, stripeError("checkout session", err)
	}
	if cs.ID == "" || cs.URL == "" {
		return Session{}, fmt.Errorf("%w: stripe: session without id or url", ErrProvider)
	}
	sess := Session{ProviderSessionID: cs.ID, RedirectURL: cs.URL, ExpiresAt: expires}
	if cs.ExpiresAt > 0 {
		sess.ExpiresAt = time.Unix(cs.ExpiresAt, 0)
	}
	return sess, nil
}

// stripeError sorts stripe-go's errors into the port's: every one is ErrProvider; a 4xx answer
// other than a conflict (the same idempotency key still in flight) or a rate limit is also
// ErrRefused, Stripe's definite "no".
func stripeError(what string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		out := fmt.Errorf("%w: stripe %s: %d %s: %s", ErrProvider, what, se.HTTPStatusCode, se.Type, truncate(se.Msg, 300))
		if refusal(se.HTTPStatusCode) {
			out = fmt.Errorf("%w: %w", ErrRefused, out)
		}
		return out
	}
	return fmt.Errorf("%w: stripe %s: %w", ErrProvider, what, err)
}

// VerifyCallback checks the webhook with webhook.ConstructEvent (Stripe-Signature, signed within
// webhook.DefaultTolerance, five minutes; the event in the pinned API version) and turns Checkout Session events into notices.
func (s *Stripe) VerifyCallback(r *http.Request, body []byte) (Notice, error) {
	ev, err := webhook.ConstructEvent(body, r.Header.Get(StripeSignatureHeader), s.cfg.WebhookSecret)
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
		return Notice{}, fmt.Errorf("%w: stripe: %w", ErrInvalidSignature, err)
	case err != nil:
		// Signed, but unreadable or rendered in another API version than the one pinned.
		return Notice{}, fmt.Errorf("%w: stripe event: %w", ErrMalformedNotice, err)
	case ev.ID == "":
		return Notice{}, fmt.Errorf("%w: stripe event without id", ErrMalformedNotice)
	}
	if !strings.HasPrefix(string(ev.Type), "checkout.session.") {
		return Notice{NoticeID: ev.ID, Outcome: OutcomeOther}, nil
	}
	if ev.Data == nil {
		return Notice{}, fmt.Errorf("%w: stripe event %s without data", ErrMalformedNotice, ev.ID)
	}
	var cs stripe.CheckoutSession
	if err := cs.UnmarshalJSON(ev.Data.Raw); err != nil {
		return Notice{}, fmt.Errorf("%w: stripe session: %w", ErrMalformedNotice, err)
	}
	n := Notice{PaymentID: cs.ClientReferenceID, ProviderSessionID: cs.ID, NoticeID: ev.ID}
	if cs.PaymentIntent != nil {
		n.ProviderRef = cs.PaymentIntent.ID
	}
	if n.PaymentID == "" {
		n.PaymentID = cs.Metadata["payment_id"]
	}
	if cur, err := money.ParseCurrency(strings.ToUpper(string(cs.Currency))); err == nil {
		n.Amount = money.New(cs.AmountTotal, cur)
	}
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted:
		n.Outcome = OutcomeOther
		if cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid {
			n.Outcome = OutcomeSucceeded
		}
	case stripe.EventTypeCheckoutSessionAsyncPaymentSucceeded:
		n.Outcome = OutcomeSucceeded
	case stripe.EventTypeCheckoutSessionAsyncPaymentFailed:
		n.Outcome, n.Reason = OutcomeFailed, ReasonDeclined
	case stripe.EventTypeCheckoutSessionExpired:
		n.Outcome, n.Reason = OutcomeFailed, "expired"
	default:
		n.Outcome = OutcomeOther
	}
	return n, nil
}

// IdempotentRefunds: Stripe honours the Idempotency-Key each refund is sent with (the refund id), so
// a refund asked again answers the first one. Stripe keeps keys for 24 hours at least; a refund job
// retried for longer than that is stuck and shown to operators long before.
func (s *Stripe) IdempotentRefunds() bool { return true }

// Refund refunds a payment intent; the refund id, recorded in the order's RefundOrdered before the
// refund job exists, is the idempotency key.
func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	if req.ProviderRef == "" {
		return RefundResult{}, fmt.Errorf("%w: stripe refund without a payment intent", ErrProvider)
	}
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.ProviderRef),
		Amount:        stripe.Int64(req.Amount.Minor),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
		Metadata:      map[string]string{"refund_id": req.RefundID, "payment_id": req.PaymentID},
	}
	params.SetIdempotencyKey("mishwar-refund-" + req.RefundID)
	re, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return RefundResult{}, stripeError("refund", err)
	}
	if re.Status == stripe.RefundStatusFailed || re.Status == stripe.RefundStatusCanceled {
		return RefundResult{}, fmt.Errorf("%w: stripe refund %s", ErrProvider, re.Status)
	}
	return RefundResult{ProviderRef: re.ID}, nil
}

// ExpireSession expires the Checkout Session of a payment the shop no longer wants paid (its order
// cancelled, its change given up), so Stripe's page takes no card for it; the close key is the
// idempotency key, so a retried job expires it once. A session no longer open (paid, expired) is
// Stripe's definite "no" (ErrRefused): a payment that arrived is sent back by the order.
func (s *Stripe) ExpireSession(ctx context.Context, req payment.CloseRequest) error {
	if req.ProviderSessionID == "" || req.Key == "" {
		return fmt.Errorf("%w: %w: stripe: no session or key to expire", ErrProvider, ErrRefused)
	}
	params := &stripe.CheckoutSessionExpireParams{}
	params.SetIdempotencyKey("mishwar-close-" + req.Key)
	if _, err := s.client.V1CheckoutSessions.Expire(ctx, req.ProviderSessionID, params); err != nil {
		return stripeError("expire session", err)
	}
	return nil
}
