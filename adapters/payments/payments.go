// Package payments is the port to card payment providers and its adapters: the sandbox (a hosted
// test card page served by Mishwar itself, the default), Paymob (intention API, unified checkout,
// HMAC-SHA512 callbacks) and Stripe Checkout (hosted session, Stripe-Signature webhooks). Each adapter
// opens a hosted payment session, authenticates the provider's server-to-server notices, and refunds.
//
// The adapters implement the application's payment port (commands/orders.PaymentProvider) in the
// port's words (domain/payment); this package never imports the application.
//
// Card data never passes through Mishwar's code except on the sandbox's own test page, where it is
// read to pick a test outcome and then dropped: it is never stored, logged or sent anywhere. This
// package never decides what a payment means for an order (domain/order does) and never writes events.
package payments

import (
	"context"
	"errors"
	"net/http"

	"mishwar/domain/payment"
)

var (
	// ErrInvalidSignature: a notice whose signature does not verify (forged, tampered or stale).
	ErrInvalidSignature = payment.ErrInvalidSignature
	// ErrMalformedNotice: a notice that verifies but cannot be understood.
	ErrMalformedNotice = errors.New("payments: malformed notice")
	// ErrProvider: the provider refused a request or could not be reached.
	ErrProvider = errors.New("payments: provider error")
	// ErrRefused marks, beside ErrProvider, a definite "no" from the provider (a 4xx answer other
	// than a conflict or a rate limit): asking again with the same idempotency key changes nothing.
	// An ErrProvider without it (unreachable, timed out, 5xx) may be retried.
	ErrRefused = payment.ErrRefused
	// ErrUnknownProvider: MISHWAR_PAYMENTS names no adapter.
	ErrUnknownProvider = errors.New("payments: unknown provider")
)

// Outcomes a notice reports (domain/payment's words).
const (
	OutcomeSucceeded = payment.OutcomeSucceeded
	OutcomeFailed    = payment.OutcomeFailed
	// OutcomeOther is a notice about something else (a refund, a pending step); it is recorded and
	// changes nothing.
	OutcomeOther = payment.OutcomeOther
)

// The adapters speak the port's words (domain/payment); these names keep them short here.
type (
	Customer       = payment.Customer
	SessionRequest = payment.SessionRequest
	Session        = payment.Session
	Notice         = payment.Notice
	RefundRequest  = payment.RefundRequest
	RefundResult   = payment.RefundResult
)

// Provider is what every adapter here offers; it satisfies the application's payment port
// (commands/orders.PaymentProvider), which is declared there, where it is used.
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

// SessionCloser is implemented by providers that can close an open payment session at the shop's
// request (its order cancelled, its change given up), so its page takes no card any more: the sandbox
// (its page then refuses the card and says why) and Stripe (the Checkout Session is expired). Paymob
// cannot: its intention API offers no call that voids an unpaid intention or payment key, so a
// Paymob page stays payable until it lapses, and a payment that still arrives is refunded in full by
// the order (paid_after_cancellation, paid_for_abandoned_exchange). Closing again with the same
// CloseRequest.Key changes nothing.
type SessionCloser interface {
	ExpireSession(ctx context.Context, req payment.CloseRequest) error
}

var (
	_ SessionCloser = (*Sandbox)(nil)
	_ SessionCloser = (*Stripe)(nil)
)

// Returner is implemented by providers whose browser return carries a verifiable result (Paymob's
// transaction response callback). The return is a second channel for the same notice.
type Returner interface {
	VerifyReturn(r *http.Request) (Notice, error)
}

// refusal reports whether an HTTP status is the provider's definite "no": a 4xx other than a
// conflict (Stripe: the same idempotency key still in progress) or a rate limit.
func refusal(status int) bool {
	return status/100 == 4 && status != http.StatusConflict && status != http.StatusTooManyRequests
}
