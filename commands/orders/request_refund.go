package orders

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// RequestRefund records the traveller's request for money back, for an operator to decide.
func (h *Handlers) RequestRefund(ctx context.Context, orderID string, actor order.Actor, reason string, amount money.Money, meta commands.Meta) (Outcome, error) {
	started, err := h.tripStarted(ctx, orderID)
	if err != nil {
		return Outcome{OrderID: orderID}, err
	}
	res, err := execOrder(ctx, h, orderID, order.RequestRefund{Actor: actor, Reason: reason, Amount: amount, TripStarted: started}, meta)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("request refund", err)
	}
	return Outcome{OrderID: orderID, Position: res.Position}, nil
}

// RequestOwnRefund is the traveller asking for money back on their own order; amount nil asks for
// everything paid and not yet refunded.
func (h *Handlers) RequestOwnRefund(ctx context.Context, tripNumber string, actor order.Actor, reason string, amount *money.Money, meta commands.Meta) (Outcome, error) {
	s, err := h.ownOrder(ctx, tripNumber, actor.UserID)
	if err != nil {
		return Outcome{}, err
	}
	want := money.New(s.Paid().Minor-s.Refunded().Minor, money.EGP)
	if amount != nil {
		want = *amount
	}
	return h.RequestRefund(ctx, s.ID(), actor, reason, want, meta)
}
