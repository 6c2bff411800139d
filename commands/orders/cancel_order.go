package orders

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
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
	res, err := execOrder(ctx, h, orderID, order.CancelOrder{Actor: actor, Reason: reason}, meta)
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
	out, err := h.refundOwed(ctx, s, "cancellation", actor, sub(meta, "refund"))
	if out.Position.Less(res.Position) {
		out.Position = res.Position
	}
	return out, err
}

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
		r, err := h.provider.Refund(ctx, payments.RefundRequest{RefundID: refundID, PaymentID: part.PaymentID, ProviderRef: part.ProviderRef, Amount: part.Amount, Reason: reason})
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

// RequestRefund records the traveller's request for money back, for an operator to decide.
func (h *Handlers) RequestRefund(ctx context.Context, orderID string, actor order.Actor, reason string, amount money.Money, meta commands.Meta) (Outcome, error) {
	res, err := execOrder(ctx, h, orderID, order.RequestRefund{Actor: actor, Reason: reason, Amount: amount}, meta)
	if err != nil {
		return Outcome{OrderID: orderID}, wrap("request refund", err)
	}
	return Outcome{OrderID: orderID, Position: res.Position}, nil
}

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
