package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// ErrJobRefused marks a job error that retrying cannot change (a job naming nothing we know): the
// job queue recognises its Permanent mark and ends the job failed, shown to operators.
var ErrJobRefused error = jobRefused{}

type jobRefused struct{}

func (jobRefused) Error() string { return "orders: job refused for good" }

// Permanent is the mark the job queue (adapters/jobs.IsPermanent) looks for in an error's chain.
func (jobRefused) Permanent() bool { return true }

// Job is one run of a job of the job queue (the composition root decodes its payload): its ID is the
// idempotency key every record the run writes derives from; Attempts counts the runs, this one included.
type Job struct {
	ID       uuid.UUID
	Attempts int
}

func refused(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrJobRefused, fmt.Sprintf(format, args...))
}

// PerformRefund is the job that sends an ordered refund (order.RefundOrdered) through the provider
// and records its answer: RefundIssued on the payment's and the order's streams, or RefundFailed.
// It runs outside any transaction and may run again after a crash or a lost lease: the refund id is
// the provider's idempotency key and every record it writes has a command id derived from the job,
// so the provider pays once and each answer is recorded once. A refund already answered is left alone.
//
// A provider that does not honour idempotency keys (IdempotentRefunds) is asked once: a second
// attempt, or an error that leaves the outcome unknown, is recorded as a failure for an operator to
// check with the provider, never asked again.
func (h *Handlers) PerformRefund(ctx context.Context, job Job, orderID, refundID string) error {
	p := struct{ OrderID, RefundID string }{orderID, refundID}
	if p.OrderID == "" || p.RefundID == "" {
		return refused("refund job %s: no order or refund", job.ID)
	}
	s, _, err := h.LoadOrder(ctx, p.OrderID)
	if errors.Is(err, order.ErrOrderNotFound) {
		return refused("refund job %s: order %s not found", job.ID, p.OrderID)
	}
	if err != nil {
		return err
	}
	r, inFlight := s.InFlight(p.RefundID)
	if !inFlight {
		if s.RefundSettled(p.RefundID) {
			return nil
		}
		return refused("refund job %s: order %s has no refund %s", job.ID, p.OrderID, p.RefundID)
	}
	meta := systemMeta(derived(job.ID, "outcome"), p.OrderID)
	meta.CausationID = job.ID.String()
	fail := func(reason string) error {
		if _, err := execOrder(ctx, h, p.OrderID, order.RecordRefundFailure{RefundID: p.RefundID, Reason: truncateReason(reason)}, sub(meta, "failed")); err != nil {
			return wrap("record refund failure", err)
		}
		return nil
	}
	st, err := loadPayment(ctx, h, r.PaymentID)
	if err != nil {
		return wrap("load payment", err)
	}
	if provider := st.Started().Provider; provider != h.provider.Name() {
		return fail("provider " + provider + " is not configured")
	}
	once := !refundsAreIdempotent(h.provider)
	if once && job.Attempts > 1 {
		return fail("interrupted while asking " + h.provider.Name() + ": check with the provider whether the refund was made")
	}
	res, err := h.provider.Refund(ctx, payment.RefundRequest{RefundID: p.RefundID, PaymentID: r.PaymentID,
		ProviderRef: st.ProviderRef(), Amount: r.Amount, Reason: r.Reason})
	switch {
	case errors.Is(err, payment.ErrRefused):
		h.log.Warn("orders: the provider refused a refund", "order", p.OrderID, "refund", p.RefundID, "err", err)
		return fail(err.Error())
	case err != nil && once:
		h.log.Warn("orders: a refund's outcome is unknown", "order", p.OrderID, "refund", p.RefundID, "err", err)
		return fail("outcome unknown (" + err.Error() + "): check with the provider whether the refund was made")
	case err != nil:
		// Asked again later with the same key: the provider refunds at most once.
		return fmt.Errorf("orders: refund %s: %w", p.RefundID, err)
	}
	return h.recordRefund(ctx, p.OrderID, r, res.ProviderRef, meta)
}

// recordRefund records a refund the provider made, on the payment's stream, then on the order's.
func (h *Handlers) recordRefund(ctx context.Context, orderID string, r order.InFlightRefund, providerRef string, meta commands.Meta) error {
	if _, err := execPayment(ctx, h, r.PaymentID, payment.RecordRefund{RefundID: r.RefundID, Amount: r.Amount, ProviderRef: providerRef, Reason: r.Reason}, sub(meta, "payment")); err != nil {
		return wrap("record refund on payment", err)
	}
	if _, err := execOrder(ctx, h, orderID, order.IssueRefund{RefundID: r.RefundID, ProviderRef: providerRef}, sub(meta, "order")); err != nil {
		return wrap("record refund on order", err)
	}
	return nil
}
