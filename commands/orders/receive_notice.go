package orders

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"mishwar/domain"
	"mishwar/domain/payment"
)

// Refusals of the provider's channels.
var (
	// ErrNoSuchProvider: the path names a provider that is not the one configured, or one without a
	// browser return (answered like an unknown route).
	ErrNoSuchProvider = domain.NotFound("common.route_not_found")
	// ErrForgedNotice: a notice whose signature does not verify. It wraps payment.ErrInvalidSignature.
	ErrForgedNotice = fmt.Errorf("%w: %w", domain.Unauthenticated("payments.invalid_signature"), payment.ErrInvalidSignature)
	// ErrUnreadableNotice: a notice that verifies but cannot be understood.
	ErrUnreadableNotice = domain.Invalid("common.invalid_body")
)

// ReceiveCallback takes a provider's server-to-server notice (r with its already-read body): verified
// (a forged one is ErrForgedNotice), recorded once (a replay changes nothing), applied to the order.
// A notice about something else that names no payment of ours is acknowledged and dropped (Skipped).
func (h *Handlers) ReceiveCallback(ctx context.Context, provider string, r *http.Request, body []byte) (NoticeResult, error) {
	if provider != h.provider.Name() {
		return NoticeResult{}, ErrNoSuchProvider
	}
	n, err := h.provider.VerifyCallback(r, body)
	switch {
	case errors.Is(err, payment.ErrInvalidSignature):
		return NoticeResult{}, ErrForgedNotice
	case err != nil:
		return NoticeResult{}, fmt.Errorf("%w: %w", ErrUnreadableNotice, err)
	}
	if n.Outcome == payment.OutcomeOther && n.PaymentID == "" {
		return NoticeResult{Skipped: true}, nil
	}
	return h.RecordNotice(ctx, h.provider.Name(), n)
}

// ReceiveReturn takes the traveller's browser back from a provider with one redirect (Paymob): the
// result it carries is verified and recorded like a callback.
func (h *Handlers) ReceiveReturn(ctx context.Context, provider string, r *http.Request) (NoticeResult, error) {
	ret, ok := h.provider.(PaymentReturns)
	if !ok || provider != h.provider.Name() {
		return NoticeResult{}, ErrNoSuchProvider
	}
	n, err := ret.VerifyReturn(r)
	if err != nil {
		return NoticeResult{}, fmt.Errorf("orders: verify a payment return: %w", err)
	}
	return h.RecordNotice(ctx, h.provider.Name(), n)
}
