package orders

import (
	"context"
	"fmt"
	"strings"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// refundOwed refunds what the order owes back, payment by payment.
func (h *Handlers) refundOwed(ctx context.Context, s order.State, reason string, actor order.Actor, meta commands.Meta) (Outcome, error) {
	return h.refund(ctx, s, s.Owed(), reason, actor, meta)
}

func (h *Handlers) refund(ctx context.Context, s order.State, amount money.Money, reason string, actor order.Actor, meta commands.Meta) (Outcome, error) {
	out := Outcome{OrderID: s.ID(), Refunded: money.New(0, money.EGP)}
	if amount.Minor <= 0 {
		return out, nil
	}
	parts, ok := s.PlanRefund(amount)
	if !ok {
		return out, order.ErrRefundTooLarge
	}
	for i, part := range parts {
		m := sub(meta, fmt.Sprintf("part/%d", i))
		refundID := m.CommandID.String()
		st, err := loadPayment(ctx, h, part.PaymentID)
		if err != nil {
			return out, wrap("load payment", err)
		}
		provider := st.Started().Provider
		if provider != h.provider.Name() {
			// A payment taken by another provider than the one configured now cannot be refunded here.
			res, err := execOrder(ctx, h, s.ID(), order.RecordRefundFailure{RefundID: refundID, Amount: part.Amount,
				Reason: "provider " + provider + " is not configured"}, m)
			if err != nil {
				return out, wrap("record refund failure", err)
			}
			out.RefundFailed, out.Position = true, res.Position
			continue
		}
		r, err := h.provider.Refund(ctx, payment.RefundRequest{RefundID: refundID, PaymentID: part.PaymentID, ProviderRef: part.ProviderRef, Amount: part.Amount, Reason: reason})
		if err != nil {
			h.log.Warn("orders: refund refused", "order", s.ID(), "payment", part.PaymentID, "err", err)
			res, err := execOrder(ctx, h, s.ID(), order.RecordRefundFailure{RefundID: refundID, Amount: part.Amount, Reason: truncateReason(err.Error())}, m)
			if err != nil {
				return out, wrap("record refund failure", err)
			}
			out.RefundFailed, out.Position = true, res.Position
			continue
		}
		if _, err := execPayment(ctx, h, part.PaymentID, payment.RecordRefund{RefundID: refundID, Amount: part.Amount, ProviderRef: r.ProviderRef, Reason: reason}, sub(m, "payment")); err != nil {
			return out, wrap("record refund on payment", err)
		}
		res, err := execOrder(ctx, h, s.ID(), order.IssueRefund{RefundID: refundID, PaymentID: part.PaymentID, Amount: part.Amount,
			Reason: reason, ProviderRef: r.ProviderRef, Actor: actor}, sub(m, "order"))
		if err != nil {
			return out, wrap("record refund on order", err)
		}
		out.Refunded = out.Refunded.Add(part.Amount)
		out.Position = res.Position
	}
	return out, nil
}

func truncateReason(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		return s[:200]
	}
	return s
}
