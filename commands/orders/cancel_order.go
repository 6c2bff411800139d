package orders

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
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
	// RefundPending is what was ordered refunded and still waits for the provider's answer.
	RefundPending money.Money
	// PaymentURL is set when an exchange costs more: the difference is paid there.
	PaymentURL string
	Position   eventstore.Position
}

// CancelOrder cancels an order under its recorded policy, frees its car and refunds what is owed.
func (h *Handlers) CancelOrder(ctx context.Context, orderID string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	return h.cancelOrder(ctx, orderID, actor, reason, "", meta)
}

// cancelOrder cancels an order for initiatedBy (order.InitiatedByBusiness or InitiatedByTraveller;
// staff say which on a confirmed order).
func (h *Handlers) cancelOrder(ctx context.Context, orderID string, actor order.Actor, reason, initiatedBy string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	// The driver may have set off before the order heard of it: the trip's stream says so at once.
	started, err := h.tripStarted(ctx, orderID)
	if err != nil {
		return Outcome{OrderID: orderID}, err
	}
	// What the cancellation owes back is ordered refunded in the same decision; a job asks the provider.
	refundID := refundIDOf(sub(meta, "refund"))
	res, err := execOrder(ctx, h, orderID, order.CancelOrder{Actor: actor, Reason: reason, RefundID: refundID, InitiatedBy: initiatedBy, TripStarted: started}, meta)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("cancel", err)
	}
	// The car, the unpaid hold and a promo code's use are given back (settle.go); the job the
	// cancellation queues gives them back should this process die first.
	h.settleAll(ctx, orderID, res.Events, meta)
	// A repeat (a double click under one Idempotency-Key, even at the same moment) is the same
	// decision with the same refund: it answers the same outcome.
	return h.refundOutcome(ctx, orderID, refundID, res.Position)
}

// CancelOwnOrder is the traveller cancelling their own order; someone else's does not exist for them.
func (h *Handlers) CancelOwnOrder(ctx context.Context, tripNumber string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	s, err := h.ownOrder(ctx, tripNumber, actor.UserID)
	if err != nil {
		return Outcome{}, err
	}
	return h.CancelOrder(ctx, s.ID(), actor, reason, meta)
}

// CancelOrderAsStaff is an operator cancelling any order, saying who it is for: the business
// cancelling (order.InitiatedByBusiness: everything paid goes back) or the traveller having asked
// (order.InitiatedByTraveller: the order's policy applies).
func (h *Handlers) CancelOrderAsStaff(ctx context.Context, tripNumber string, actor order.Actor, reason, initiatedBy string, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, tripNumber)
	if err != nil {
		return Outcome{}, err
	}
	return h.cancelOrder(ctx, s.ID(), actor, reason, initiatedBy, meta)
}
