package orders

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// IssueRefund sends amount back (an operator's decision: full or partial, with a reason).
func (h *Handlers) IssueRefund(ctx context.Context, orderID string, actor order.Actor, reason string, amount money.Money, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	s, _, err := h.LoadOrder(ctx, orderID)
	if err != nil {
		return Outcome{OrderID: orderID}, err
	}
	// Let the decider judge the whole amount against the first payment before any money moves.
	if amount.Minor <= 0 || amount.Currency != money.EGP {
		return Outcome{OrderID: orderID}, order.ErrInvalidAmount
	}
	if strings.TrimSpace(reason) == "" {
		_, err := order.Decide(s, order.IssueRefund{RefundID: "probe", PaymentID: s.CurrentPaymentID(), Amount: amount, Actor: actor}, h.now())
		return Outcome{OrderID: orderID}, err
	}
	if amount.Minor > s.Paid().Minor-s.Refunded().Minor {
		return Outcome{OrderID: orderID}, order.ErrRefundTooLarge
	}
	return h.refund(ctx, s, amount, strings.TrimSpace(reason), actor, meta)
}

// IssueRefundAsStaff is an operator's refund on any order; amount nil refunds what the order owes.
func (h *Handlers) IssueRefundAsStaff(ctx context.Context, tripNumber string, actor order.Actor, reason string, amount *money.Money, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, tripNumber)
	if err != nil {
		return Outcome{}, err
	}
	want := s.Owed()
	if amount != nil {
		want = *amount
	}
	return h.IssueRefund(ctx, s.ID(), actor, reason, want, meta)
}
