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
// guest the client address. limit is the bound that applies (0: none, or no customer known).
func (h *Handlers) holdsStream(userID, clientIP string) (stream string, limit int) {
	switch {
	case userID != "":
		return eventstore.StreamID(HoldsCategory, "user:"+userID), h.settings.UnpaidHoldsPerCustomer
	case clientIP != "":
		return eventstore.StreamID(HoldsCategory, "ip:"+clientIP), h.settings.UnpaidHoldsPerAddress
	}
	return "", 0
}

// takeUnpaidHold counts the order about to be placed among its customer's unpaid holds, refusing it
// (order.ErrTooManyUnpaidOrders) when the customer has as many as allowed.
func (h *Handlers) takeUnpaidHold(ctx context.Context, userID, clientIP, orderID string, until time.Time, meta commands.Meta) error {
	stream, limit := h.holdsStream(userID, clientIP)
	if stream == "" || limit <= 0 {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Holds, stream, order.HoldsCommand(order.TakeHold{OrderID: orderID, Until: until, Limit: limit}), meta, commuting)
	return err
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
	stream, limit := h.holdsStream(userID, clientIP)
	if stream == "" || limit <= 0 {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Holds, stream, order.HoldsCommand(order.ReleaseHold{OrderID: orderID, Reason: reason}), meta, commuting)
	return h.followUp("release an unpaid hold", err, "order", orderID, "reason", reason)
}
