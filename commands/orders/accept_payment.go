package orders

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/order"
)

// AcceptPaymentAsStaff is an operator accepting money that differed from what was asked (a notice for
// another amount or currency): the order is confirmed as if it had matched (booking the car again if
// its hold lapsed meanwhile), or the exchange it paid for is made. paymentID empty names the oldest
// payment under review. The other way to settle such money is a refund (IssueRefundAsStaff).
func (h *Handlers) AcceptPaymentAsStaff(ctx context.Context, tripNumber, paymentID string, actor order.Actor, reason string, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, tripNumber)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{OrderID: s.ID()}
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	if paymentID == "" {
		review := s.PaymentsUnderReview()
		if len(review) == 0 {
			return out, order.ErrNotUnderReview
		}
		paymentID = review[0]
	}
	cmd := order.AcceptPayment{PaymentID: paymentID, Actor: actor, Reason: reason}
	// Refuse what the decider would refuse before booking a car for it.
	if _, err := order.Decide(s, cmd, h.now()); err != nil && !errors.Is(err, order.ErrCapacityCheckNeeded) {
		return out, err
	} else if err != nil {
		cmd.Capacity = h.bookAgain(ctx, s, sub(meta, "book-again"))
	}
	res, err := execOrder(ctx, h, s.ID(), cmd, meta)
	if err != nil {
		return out, wrap("accept payment", err)
	}
	out.Position = res.Position
	h.settleAll(ctx, s.ID(), res.Events, meta)
	return out, nil
}
