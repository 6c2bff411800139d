package payments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"mishwar/domain/money"
	"mishwar/internal/keylock"
)

// The sandbox's test cards. Any expiry in the future and any 3-digit CVC work with them.
const (
	CardSuccess           = "4242424242424242"
	CardDeclined          = "4000000000000002"
	CardInsufficientFunds = "4000000000009995"
	// Card3DS asks for a one-time code first; SandboxOTP passes, anything else fails authentication.
	Card3DS    = "4000000000003220"
	SandboxOTP = "123456"
)

// Reasons the sandbox reports for a failed payment.
const (
	ReasonDeclined          = "card_declined"
	ReasonInsufficientFunds = "insufficient_funds"
	ReasonAuthentication    = "authentication_failed"
	ReasonCancelled         = "cancelled"
)

// SandboxSignatureHeader carries the sandbox callback's signature: "t=<unix>,v1=<hex HMAC-SHA256>".
const SandboxSignatureHeader = "Mishwar-Sandbox-Signature"

const sandboxTolerance = 5 * time.Minute

// Sandbox is the default provider: a hosted card page served by Mishwar itself, marked as a test,
// that behaves like a real gateway (session, 3-D Secure-like step, signed server-to-server callback,
// browser redirect) without moving money.
type Sandbox struct {
	secret    []byte
	publicURL func() string
	pagePath  string
	client    *http.Client
	now       func() time.Time
	log       *slog.Logger
	ledger    RefundLedger
	// settled, when set, says what a payment's notices settled (see SettledBy).
	settled func(ctx context.Context, paymentID string) string
	// paying holds one lock per payment while its page takes a card: a second submit (two tabs, Back
	// and submit again) waits, then finds the payment settled, as a real hosted page charges once.
	paying keylock.Locks
}

// SettledBy tells the sandbox how to learn what a payment's notices settled (OutcomeSucceeded,
// OutcomeFailed, or "" while none has): a browser that comes Back to the page of a payment already
// settled is sent on to its result (success or failure page) instead of seeing the card form again,
// as a real provider's hosted page says "already paid". The composition root passes the orders
// application's PaymentSettled; call it before serving.
func (s *Sandbox) SettledBy(f func(ctx context.Context, paymentID string) string) { s.settled = f }

// SandboxConfig configures the sandbox.
type SandboxConfig struct {
	// Secret signs sessions and callbacks (shared by every process of one deployment).
	Secret []byte
	// PublicURL is the site's address; the page is at PublicURL + PagePath + session.
	PublicURL string
	// PublicURLFunc, when set, is asked for the address at each session instead (it may change after
	// start-up, as in tests that learn their server's address late).
	PublicURLFunc func() string
	// PagePath is where the hosted page is mounted (default "/pay/sandbox/").
	PagePath string
	// Client sends callbacks (default: 10-second timeout).
	Client *http.Client
	Now    func() time.Time
	Logger *slog.Logger
	// Ledger keeps the refunds it makes by refund id (default: in the process; PostgresLedger shares
	// them between the processes of a deployment and keeps them across restarts).
	Ledger RefundLedger
}

// NewSandbox returns the sandbox provider.
func NewSandbox(cfg SandboxConfig) (*Sandbox, error) {
	if len(cfg.Secret) < 16 {
		return nil, fmt.Errorf("payments: sandbox secret must have at least 16 bytes")
	}
	s := &Sandbox{secret: cfg.Secret, publicURL: cfg.PublicURLFunc, pagePath: cfg.PagePath,
		client: cfg.Client, now: cfg.Now, log: cfg.Logger, ledger: cfg.Ledger}
	if s.ledger == nil {
		s.ledger = &MemoryLedger{}
	}
	if s.publicURL == nil {
		fixed := strings.TrimRight(cfg.PublicURL, "/")
		s.publicURL = func() string { return fixed }
	}
	if s.pagePath == "" {
		s.pagePath = "/pay/sandbox/"
	}
	if s.client == nil {
		s.client = &http.Client{Timeout: 10 * time.Second}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s, nil
}

// PagePath is where Handler must be mounted.
func (s *Sandbox) PagePath() string { return s.pagePath }

func (s *Sandbox) Name() string { return "sandbox" }

type sandboxSession struct {
	PaymentID   string `json:"p"`
	OrderID     string `json:"o"`
	Description string `json:"d,omitempty"`
	Minor       int64  `json:"a"`
	Currency    string `json:"c"`
	Expires     int64  `json:"x"`
	Success     string `json:"s"`
	Failure     string `json:"f"`
	Callback    string `json:"cb"`
	Lang        string `json:"l,omitempty"`
}

// CreateSession signs the session into the page's URL: the sandbox keeps no state of its own, so any
// process of a deployment can serve the page.
func (s *Sandbox) CreateSession(_ context.Context, req SessionRequest) (Session, error) {
	if req.PaymentID == "" || req.Amount.Minor <= 0 || req.CallbackURL == "" {
		return Session{}, fmt.Errorf("%w: sandbox: incomplete session request", ErrProvider)
	}
	token, err := s.seal(sandboxSession{
		PaymentID: req.PaymentID, OrderID: req.OrderID, Description: req.Description,
		Minor: req.Amount.Minor, Currency: string(req.Amount.Currency), Expires: req.ExpiresAt.Unix(),
		Success: req.SuccessURL, Failure: req.FailureURL, Callback: req.CallbackURL, Lang: req.Lang,
	})
	if err != nil {
		return Session{}, err
	}
	return Session{ProviderSessionID: req.PaymentID, RedirectURL: strings.TrimRight(s.publicURL(), "/") + s.pagePath + token, ExpiresAt: req.ExpiresAt}, nil
}

func (s *Sandbox) seal(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(raw)
	return payload + "." + base64.RawURLEncoding.EncodeToString(hmacSHA256(s.secret, []byte(payload))), nil
}

func (s *Sandbox) open(token string, v any) bool {
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, hmacSHA256(s.secret, []byte(payload))) {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	return err == nil && json.Unmarshal(raw, v) == nil
}

// SandboxNotice is the sandbox callback's body.
type SandboxNotice struct {
	PaymentID string      `json:"payment_id"`
	NoticeID  string      `json:"notice_id"`
	Outcome   string      `json:"outcome"`
	Amount    money.Money `json:"amount"`
	Reference string      `json:"reference"`
	Reason    string      `json:"reason,omitempty"`
	CreatedAt time.Time   `json:"created_at"`
}

// SignSandboxNotice signs a callback body the way the sandbox does (for tests of the receiving side).
func (s *Sandbox) SignSandboxNotice(body []byte) string {
	return signTimestamped(s.secret, s.now(), body)
}

// VerifyCallback checks the HMAC-SHA256 signature and its timestamp (5 minutes either way).
func (s *Sandbox) VerifyCallback(r *http.Request, body []byte) (Notice, error) {
	if err := verifyTimestamped(s.secret, r.Header.Get(SandboxSignatureHeader), body, s.now(), sandboxTolerance); err != nil {
		return Notice{}, err
	}
	var n SandboxNotice
	if err := json.Unmarshal(body, &n); err != nil || n.PaymentID == "" || n.NoticeID == "" {
		return Notice{}, fmt.Errorf("%w: sandbox notice", ErrMalformedNotice)
	}
	return Notice{PaymentID: n.PaymentID, ProviderSessionID: n.PaymentID, NoticeID: n.NoticeID, Outcome: n.Outcome,
		Amount: n.Amount, ProviderRef: n.Reference, Reason: n.Reason}, nil
}

func newNonce() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// deliver posts a signed notice to the session's callback URL, retrying a few times; the browser is
// redirected either way (the result page waits for the order to change).
func (s *Sandbox) deliver(ctx context.Context, sess sandboxSession, n SandboxNotice) error {
	body, err := json.Marshal(n)
	if err != nil {
		return err
	}
	var lastErr error
	for attempt, wait := range []time.Duration{0, 200 * time.Millisecond, time.Second} {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, sess.Callback, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(SandboxSignatureHeader, signTimestamped(s.secret, s.now(), body))
		resp, err := s.client.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		resp.Body.Close()
		if resp.StatusCode/100 == 2 {
			return nil
		}
		lastErr = fmt.Errorf("callback answered %s", resp.Status)
		if resp.StatusCode/100 == 4 && resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusConflict {
			break
		}
	}
	return lastErr
}
