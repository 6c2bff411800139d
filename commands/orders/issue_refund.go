package orders

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// IssueRefund sends amount back (an operator's decision: full or partial, with a reason). The
// decision is recorded first (order.OrderRefund, judged against what is still refundable including
// the refunds in flight); the provider is asked by a job (PerformRefund). The same meta again (a
// double click under one Idempotency-Key) is the same refund; another is judged on its own.
func (h *Handlers) IssueRefund(ctx context.Context, orderID string, actor order.Actor, reason string, amount money.Money, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	return h.orderRefund(ctx, orderID, amount, reason, actor, meta)
}

// IssueRefundAsStaff is an operator's refund on any order; amount nil refunds what the order owes
// and no refund in flight covers yet (refused on amount when it owes nothing: domain/order).
func (h *Handlers) IssueRefundAsStaff(ctx context.Context, tripNumber string, actor order.Actor, reason string, amount *money.Money, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, tripNumber)
	if err != nil {
		return Outcome{}, err
	}
	var want money.Money
	if amount != nil {
		want = *amount
	}
	return h.IssueRefund(ctx, s.ID(), actor, reason, want, meta)
}
