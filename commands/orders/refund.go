package orders

import (
	"context"
	"strings"
	"time"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// Refunds never call the provider here: a command records the decision (order.RefundOrdered, which
// reserves its amount), the process manager processes/payments turns it into a job, and PerformRefund
// (perform_refund.go) calls the provider and records its answer. The commands then wait a little for
// that answer, so an operator or a traveller usually sees the money on its way back at once; when it
// takes longer, the answer says the refund is in progress and the order shows the outcome when it
// arrives.

// orderRefund records the decision to send amount back, under meta (the same meta again is the same
// refund), and waits a little for the provider's answer.
func (h *Handlers) orderRefund(ctx context.Context, orderID string, amount money.Money, reason string, actor order.Actor, meta commands.Meta) (Outcome, error) {
	refundID := refundIDOf(meta)
	res, err := execOrder(ctx, h, orderID, order.OrderRefund{RefundID: refundID, Amount: amount, Reason: strings.TrimSpace(reason), Actor: actor}, meta)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("order a refund", err)
	}
	return h.refundOutcome(ctx, orderID, refundID, res.Position)
}

// refundIDOf is the id of the refund the command meta describes.
func refundIDOf(meta commands.Meta) string { return derived(meta.CommandID, "refund").String() }

// refundOutcome waits (at most the configured outcome wait) for the provider's answers to every part
// of the refund refundID and says what they were; pos is where the command's own write landed.
func (h *Handlers) refundOutcome(ctx context.Context, orderID, refundID string, pos eventstore.Position) (Outcome, error) {
	out := Outcome{OrderID: orderID, Refunded: money.New(0, money.EGP), RefundPending: money.New(0, money.EGP), Position: pos}
	parts := func(s order.State, each func(id string, issued, failed bool, r order.InFlightRefund, inFlight bool)) {
		for i := 0; ; i++ {
			id := order.RefundPartID(refundID, i)
			r, inFlight := s.InFlight(id)
			if !inFlight && !s.RefundSettled(id) {
				return
			}
			each(id, s.RefundIssuedFor(id), s.RefundSettled(id) && !s.RefundIssuedFor(id), r, inFlight)
		}
	}
	s, at, err := h.await(ctx, orderID, func(s order.State) bool {
		settled := true
		parts(s, func(_ string, _, _ bool, _ order.InFlightRefund, inFlight bool) { settled = settled && !inFlight })
		return settled
	})
	if err != nil {
		return out, err
	}
	out.Position = maxPosition(out.Position, at)
	hist, err := h.refundAmounts(ctx, orderID)
	if err != nil {
		return out, err
	}
	parts(s, func(id string, issued, failed bool, r order.InFlightRefund, inFlight bool) {
		switch {
		case issued:
			out.Refunded = out.Refunded.Add(hist[id])
		case failed:
			out.RefundFailed = true
		case inFlight:
			out.RefundPending = out.RefundPending.Add(r.Amount)
		}
	})
	return out, nil
}

// refundAmounts reads what each refund of the order sent back.
func (h *Handlers) refundAmounts(ctx context.Context, orderID string) (map[string]money.Money, error) {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return nil, wrap("load order", err)
	}
	out := map[string]money.Money{}
	for _, e := range hist.Events {
		if x, ok := e.(order.RefundIssued); ok {
			out[x.RefundID] = x.Amount
		}
	}
	return out, nil
}

// await reads the order until done holds or the outcome wait runs out, and answers the last state
// read with the position of its last event. A wait cut short by ctx answers what was read so far.
func (h *Handlers) await(ctx context.Context, orderID string, done func(order.State) bool) (order.State, eventstore.Position, error) {
	deadline := time.Now().Add(h.outcomeWait)
	delay := 10 * time.Millisecond
	for {
		hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
		if err != nil {
			return order.State{}, eventstore.Position{}, wrap("load order", err)
		}
		s := order.Decider.Fold(hist.Events)
		if !s.Exists() {
			return s, eventstore.Position{}, order.ErrOrderNotFound
		}
		at := hist.Recorded[len(hist.Recorded)-1].Position
		if done(s) || !time.Now().Before(deadline) {
			return s, at, nil
		}
		select {
		case <-ctx.Done():
			return s, at, nil
		case <-time.After(delay):
		}
		delay = min(delay*2, 200*time.Millisecond)
	}
}

func truncateReason(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		return s[:200]
	}
	return s
}
