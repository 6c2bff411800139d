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

// IdempotentRefunds is implemented by providers that honour RefundRequest.RefundID as an idempotency
// key: the same id again answers the first refund and sends nothing more (the sandbox, Stripe). A
// refund through a provider without it (Paymob) is asked at most once; one whose outcome is unknown
// (interrupted, timed out) is recorded as failed for an operator to check, never asked again.
type IdempotentRefunds interface {
	IdempotentRefunds() bool
}

// refundsAreIdempotent reports whether p honours refund ids as idempotency keys.
func refundsAreIdempotent(p PaymentProvider) bool {
	i, ok := p.(IdempotentRefunds)
	return ok && i.IdempotentRefunds()
}
