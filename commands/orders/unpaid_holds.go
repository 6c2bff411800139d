package orders

import (
	"context"
	"time"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// HoldsCategory is the stream category of customers' unpaid holds (domain/order's Holds decider).
const HoldsCategory = "unpaidholds"

// holdsStream is the unpaid-holds stream of a customer: the signed-in traveller userID, or for a
// guest the client address. limit is the bound that applies (0: none, or no customer known); kept
// says whether the stream is written: always for a signed-in traveller, whose holds also name their
// trips (one trip, one order: checkout.go), and for a guest only under a bound.
func (h *Handlers) holdsStream(userID, clientIP string) (stream string, limit int, kept bool) {
	switch {
	case userID != "":
		return eventstore.StreamID(HoldsCategory, "user:"+userID), h.settings.UnpaidHoldsPerCustomer, true
	case clientIP != "":
		limit := h.settings.UnpaidHoldsPerAddress
		return eventstore.StreamID(HoldsCategory, "ip:"+clientIP), limit, limit > 0
	}
	return "", 0, false
}

// sameTrip is what a checkout found of the customer's orders of its trip (see Handlers.judgeCheckout):
// the trip's key and the orders of it that were judged. The zero value is no checkout (paying again,
// a quoted enquiry).
type sameTrip struct {
	key  string
	seen []string
}

// takeUnpaidHold counts the order about to be placed among its customer's unpaid holds, refusing it
// (order.ErrTooManyUnpaidOrders) when the customer has as many as allowed, or (order.ErrSameTripHeld)
// when another order of the same trip took a hold the checkout did not judge.
func (h *Handlers) takeUnpaidHold(ctx context.Context, userID, clientIP, orderID string, until time.Time, trip sameTrip, meta commands.Meta) error {
	stream, limit, kept := h.holdsStream(userID, clientIP)
	if !kept {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Holds, stream, order.HoldsCommand(order.TakeHold{
		OrderID: orderID, Until: until, Limit: limit, Trip: trip.key, Seen: trip.seen,
	}), meta, commuting)
	return err
}

// customerHolds is the signed-in traveller's unpaid holds as their stream says now.
func (h *Handlers) customerHolds(ctx context.Context, userID string) (order.HoldsState, error) {
	stream, _, kept := h.holdsStream(userID, "")
	if !kept {
		return order.HoldsState{}, nil
	}
	hist, err := commands.Load[order.HoldsEvent](ctx, h.runner, stream)
	if err != nil {
		return order.HoldsState{}, wrap("load unpaid holds", err)
	}
	return order.Holds.Fold(hist.Events), nil
}

// releaseUnpaidHold stops counting the order among its customer's unpaid holds (paid, cancelled,
// failed, never placed). It logs instead of failing: a hold that is not released lapses with its time.
func (h *Handlers) releaseUnpaidHold(ctx context.Context, orderID, reason string, meta commands.Meta) error {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return wrap("load order", err)
	}
	if len(hist.Recorded) == 0 {
		return nil
	}
	s := order.Decider.Fold(hist.Events)
	return h.releaseHoldOf(ctx, s.UserID(), hist.Recorded[0].Metadata.ClientIP, orderID, reason, meta)
}

func (h *Handlers) releaseHoldOf(ctx context.Context, userID, clientIP, orderID, reason string, meta commands.Meta) error {
	stream, _, kept := h.holdsStream(userID, clientIP)
	if !kept {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Holds, stream, order.HoldsCommand(order.ReleaseHold{OrderID: orderID, Reason: reason}), meta, commuting)
	return h.followUp("release an unpaid hold", err, "order", orderID, "reason", reason)
}
