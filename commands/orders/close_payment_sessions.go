package orders

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// SessionCloser is implemented by providers that can close an open payment session so its page takes
// no card any more (the sandbox, Stripe). Closing again with the same CloseRequest.Key changes nothing.
// A provider without it (Paymob) leaves its page payable until it lapses; a payment that still
// arrives is refunded in full by the order.
type SessionCloser interface {
	ExpireSession(ctx context.Context, req payment.CloseRequest) error
}

// ClosePaymentSessions is the job that closes the payment sessions an order event left without a
// purpose (processes/payments queues it): on an order's cancellation every session still open
// (requested, not paid), on a change given up the session of that change. Each session is closed with
// the provider outside any transaction, with a key derived from the job (so a repeat closes nothing
// new), and what came of it is recorded on the payment's stream (PaymentSessionClosed: closed, not
// open, or the provider cannot close it), once per job, whatever the retries.
func (h *Handlers) ClosePaymentSessions(ctx context.Context, job Job, orderID string, version int64) error {
	if orderID == "" {
		return refused("close job %s: no order", job.ID)
	}
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return wrap("load order", err)
	}
	if version < 0 || version >= int64(len(hist.Events)) {
		return refused("close job %s: order %s has no event %d", job.ID, orderID, version)
	}
	before := hist.Events[:version]
	var why string
	var ids []string
	switch ev := hist.Events[version].(type) {
	case order.OrderCancelled:
		why = payment.CloseOrderCancelled
		ids = requestedPayments(before)
	case order.ExchangeAbandoned:
		why = payment.CloseExchangeAbandoned
		ids = exchangePayments(before, ev.ExchangeID)
	default:
		return refused("close job %s: order %s event %d closes no session", job.ID, orderID, version)
	}
	meta := systemMeta(derived(job.ID, "outcome"), orderID)
	meta.CausationID = job.ID.String()
	for _, id := range ids {
		if err := h.closeSession(ctx, job, id, why, meta); err != nil {
			return err
		}
	}
	return nil
}

// requestedPayments are the payments whose page was opened (PaymentRequested) in events, in order.
func requestedPayments(events []order.Event) []string {
	return paymentsWhere(events, func(order.PaymentRequested, string) bool { return true })
}

// exchangePayments are the payments whose page was opened in events for the change exchangeID.
func exchangePayments(events []order.Event, exchangeID string) []string {
	return paymentsWhere(events, func(r order.PaymentRequested, exchange string) bool {
		return exchange == exchangeID && r.Purpose == order.PurposeExchange
	})
}

// paymentsWhere are the payments requested in events that keep selects, each once, in order; keep
// gets the change requested last before the payment ("" before any).
func paymentsWhere(events []order.Event, keep func(r order.PaymentRequested, exchange string) bool) []string {
	var ids []string
	seen := map[string]bool{}
	current := ""
	for _, e := range events {
		switch ev := e.(type) {
		case order.ExchangeRequested:
			current = ev.ExchangeID
		case order.PaymentRequested:
			if !seen[ev.PaymentID] && keep(ev, current) {
				seen[ev.PaymentID] = true
				ids = append(ids, ev.PaymentID)
			}
		}
	}
	return ids
}

// closeSession closes one payment's session and records the outcome on its stream. A payment already
// paid is left alone (nothing recorded: it was never open to close); one whose close is recorded
// already is not asked again.
func (h *Handlers) closeSession(ctx context.Context, job Job, paymentID, why string, meta commands.Meta) error {
	st, err := loadPayment(ctx, h, paymentID)
	if err != nil {
		return wrap("load payment", err)
	}
	if st.Status() == payment.StatusNone || st.Status() == payment.StatusSucceeded {
		return nil
	}
	key := derived(job.ID, paymentID).String()
	record := func(outcome, detail string) error {
		cmd := payment.RecordSessionClose{Key: key, Outcome: outcome, Why: why, Detail: truncateReason(detail)}
		if _, err := execPayment(ctx, h, paymentID, cmd, sub(meta, "close/"+paymentID)); err != nil {
			return wrap("record session close", err)
		}
		return nil
	}
	if st.ClosedBy(key) || st.Closed() != "" {
		// Closed by this job before a crash, or by an earlier close (a change given up in the same
		// append as the order's cancellation): nothing more to ask.
		return nil
	}
	started := st.Started()
	if !h.now().Before(started.ExpiresAt) {
		return record(payment.SessionWasNotOpen, "expired")
	}
	closer, ok := h.provider.(SessionCloser)
	if !ok || started.Provider != h.provider.Name() {
		return record(payment.SessionCannotClose, started.Provider+" cannot close a session")
	}
	err = closer.ExpireSession(ctx, payment.CloseRequest{PaymentID: paymentID, ProviderSessionID: started.ProviderSessionID, Reason: why, Key: key})
	switch {
	case errors.Is(err, payment.ErrRefused):
		h.log.Info("orders: the provider says a payment session is no longer open", "payment", paymentID, "err", err)
		return record(payment.SessionWasNotOpen, err.Error())
	case err != nil:
		// Asked again later with the same key: the provider closes it once.
		return fmt.Errorf("orders: close payment session %s: %w", paymentID, err)
	}
	return record(payment.SessionClosed, "")
}
