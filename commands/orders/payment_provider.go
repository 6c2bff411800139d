package orders

import (
	"context"
	"net/http"

	"mishwar/domain/payment"
)

// PaymentProvider is the port to a card payment provider (adapters/payments implements it: the
// sandbox, Paymob, Stripe). It speaks domain/payment's words, so this package never imports an adapter.
type PaymentProvider interface {
	// Name is the provider's name, recorded in events: sandbox, paymob or stripe.
	Name() string
	// CreateSession opens a hosted payment page. Calling it again with the same PaymentID must not
	// charge twice.
	CreateSession(ctx context.Context, req payment.SessionRequest) (payment.Session, error)
	// VerifyCallback authenticates a server-to-server notice (r with its already-read body) and parses
	// it; one that does not verify is payment.ErrInvalidSignature.
	VerifyCallback(r *http.Request, body []byte) (payment.Notice, error)
	// Refund sends money back; RefundID is the provider's idempotency key.
	Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error)
}

// PaymentReturns is implemented by providers whose browser return carries a verifiable result
// (Paymob): the return is a second channel for the same notice.
type PaymentReturns interface {
	VerifyReturn(r *http.Request) (payment.Notice, error)
}
