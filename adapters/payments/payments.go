// Package payments is the port to card payment providers and its adapters: the sandbox (a hosted
// test card page served by Mishwar itself, the default), Paymob (intention API, unified checkout,
// HMAC-SHA512 callbacks) and Stripe Checkout (hosted session, Stripe-Signature webhooks). Each adapter
// opens a hosted payment session, authenticates the provider's server-to-server notices, and refunds.
//
// Card data never passes through Mishwar's code except on the sandbox's own test page, where it is
// read to pick a test outcome and then dropped: it is never stored, logged or sent anywhere. This
// package never decides what a payment means for an order (domain/order does) and never writes events.
package payments

import (
	"context"
	"errors"
	"net/http"
	"time"

	"mishwar/domain/money"
)

var (
	// ErrInvalidSignature: a notice whose signature does not verify (forged, tampered or stale).
	ErrInvalidSignature = errors.New("payments: invalid signature")
	// ErrMalformedNotice: a notice that verifies but cannot be understood.
	ErrMalformedNotice = errors.New("payments: malformed notice")
	// ErrProvider: the provider refused a request or could not be reached.
	ErrProvider = errors.New("payments: provider error")
	// ErrUnknownProvider: MISHWAR_PAYMENTS names no adapter.
	ErrUnknownProvider = errors.New("payments: unknown provider")
)

// Outcomes a notice reports (the same words as domain/payment).
const (
	OutcomeSucceeded = "succeeded"
	OutcomeFailed    = "failed"
	// OutcomeOther is a notice about something else (a refund, a pending step); it is recorded and
	// changes nothing.
	OutcomeOther = "other"
)

// Customer is who pays, as far as a provider needs to know.
type Customer struct {
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Country   string
}

// SessionRequest asks a provider for a hosted payment page.
type SessionRequest struct {
	// PaymentID is Mishwar's id for this payment attempt; providers echo it back in notices.
	PaymentID string
	// OrderID is the trip number, shown on the page.
	OrderID     string
	Description string
	Amount      money.Money
	Customer    Customer
	Lang        string
	// SuccessURL and FailureURL are where the browser goes afterwards; CallbackURL receives the
	// provider's signed server-to-server notice.
	SuccessURL  string
	FailureURL  string
	CallbackURL string
	// ReturnURL is where providers with a single browser redirect (Paymob) send the traveller; Mishwar
	// verifies the result there and forwards to SuccessURL or FailureURL.
	ReturnURL string
	ExpiresAt time.Time
}

// Session is an opened hosted payment page.
type Session struct {
	// ProviderSessionID is the provider's id for the session (Paymob's order id, Stripe's session id).
	ProviderSessionID string
	RedirectURL       string
	ExpiresAt         time.Time
}

// Notice is a verified server-to-server notice about a payment.
type Notice struct {
	// PaymentID is Mishwar's payment id as echoed by the provider (may be empty when the provider
	// only names its own session; then ProviderSessionID identifies the payment).
	PaymentID         string
	ProviderSessionID string
	// NoticeID identifies this notice at the provider (its event or transaction id): a replay has the
	// same NoticeID.
	NoticeID    string
	Outcome     string
	Amount      money.Money
	ProviderRef string
	Reason      string
}

// RefundRequest sends money back for one captured payment. RefundID doubles as the provider's
// idempotency key, so retrying a refund never pays twice.
type RefundRequest struct {
	RefundID    string
	PaymentID   string
	ProviderRef string
	Amount      money.Money
	Reason      string
}

// RefundResult is the provider's reference for the refund.
type RefundResult struct {
	ProviderRef string
}

// Provider is the payment port.
type Provider interface {
	// Name is the adapter's name, recorded in events: sandbox, paymob or stripe.
	Name() string
	// CreateSession opens a hosted payment page. Calling it again with the same PaymentID must not
	// charge twice (adapters pass it as the provider's idempotency key or unique reference).
	CreateSession(ctx context.Context, req SessionRequest) (Session, error)
	// VerifyCallback authenticates a server-to-server notice (r with its already-read body) and parses
	// it. A notice that does not verify returns ErrInvalidSignature.
	VerifyCallback(r *http.Request, body []byte) (Notice, error)
	// Refund sends money back.
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
}

// Returner is implemented by providers whose browser return carries a verifiable result (Paymob's
// transaction response callback). The return is a second channel for the same notice.
type Returner interface {
	VerifyReturn(r *http.Request) (Notice, error)
}
