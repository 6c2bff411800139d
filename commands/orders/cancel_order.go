package orders

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// Outcome is what a cancellation, refund or exchange did.
type Outcome struct {
	OrderID  string
	Refunded money.Money
	// RefundFailed: the provider refused a refund the order owes; an operator sees it.
	RefundFailed bool
	// PaymentURL is set when an exchange costs more: the difference is paid there.
	PaymentURL string
	Position   eventstore.Position
}

// CancelOrder cancels an order under its recorded policy, frees its car and refunds what is owed.
func (h *Handlers) CancelOrder(ctx context.Context, orderID string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	// The driver may have set off before the order heard of it: the trip's stream says so at once.
	started, err := h.tripStarted(ctx, orderID)
	if err != nil {
		return Outcome{OrderID: orderID}, err
	}
	res, err := execOrder(ctx, h, orderID, order.CancelOrder{Actor: actor, Reason: reason, TripStarted: started}, meta)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("cancel", err)
	}
	s, _, err := h.LoadOrder(ctx, orderID)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("load order", err)
	}
	h.release(ctx, s.Trip().Day, s.Reservation(), availability.ReasonCancelled, false, sub(meta, "release"))
	for _, e := range res.Events {
		if x, ok := e.(order.ExchangeAbandoned); ok && x.NewReservation != s.Reservation() {
			h.release(ctx, x.Day, x.NewReservation, availability.ReasonCancelled, false, sub(meta, "release-exchange"))
		}
	}
	refundMeta := sub(meta, "refund")
	out, err := h.refundOwed(ctx, s, "cancellation", actor, refundMeta)
	if err != nil {
		return out, err
	}
	return h.cancelled(ctx, orderID, refundMeta, out, res.Position)
}

// cancelled is the answer of a cancellation, the same however often the command runs: a repeat (a
// double click under one Idempotency-Key, even at the same moment) may find the refunds already made
// by its twin, so what it refunded is read from the order stream (the refunds recorded under this
// command's refund ids), and the position covers every step either of them took.
func (h *Handlers) cancelled(ctx context.Context, orderID string, refundMeta commands.Meta, out Outcome, pos eventstore.Position) (Outcome, error) {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return out, wrap("load order", err)
	}
	if n := len(hist.Recorded); n > 0 {
		pos = maxPosition(pos, hist.Recorded[n-1].Position)
	}
	out.Position = maxPosition(out.Position, pos)
	ours := map[string]bool{}
	for i := range hist.Events {
		ours[sub(refundMeta, fmt.Sprintf("part/%d", i)).CommandID.String()] = true
	}
	refunded := money.New(0, money.EGP)
	for _, e := range hist.Events {
		switch x := e.(type) {
		case order.RefundIssued:
			if ours[x.RefundID] {
				refunded = refunded.Add(x.Amount)
			}
		case order.RefundFailed:
			if ours[x.RefundID] {
				out.RefundFailed = true
			}
		}
	}
	out.Refunded = refunded
	return out, nil
}

// CancelOwnOrder is the traveller cancelling their own order; someone else's does not exist for them.
func (h *Handlers) CancelOwnOrder(ctx context.Context, tripNumber string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	s, err := h.ownOrder(ctx, tripNumber, actor.UserID)
	if err != nil {
		return Outcome{}, err
	}
	return h.CancelOrder(ctx, s.ID(), actor, reason, meta)
}

// CancelOrderAsStaff is an operator cancelling any order.
func (h *Handlers) CancelOrderAsStaff(ctx context.Context, tripNumber string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, tripNumber)
	if err != nil {
		return Outcome{}, err
	}
	return h.CancelOrder(ctx, s.ID(), actor, reason, meta)
}
