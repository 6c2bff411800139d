package orders

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
)

// An order's decision touches other streams: the day's cars (availability), the customer's unpaid
// holds, the promo code's uses, and the refund a cheaper exchange owes. Those follow-ups are made in
// the request, so that its answer already shows them, and again by a job the order's event queues
// (processes/ordereffects): a process that dies between the order's event and its follow-ups, or a
// database that drops out meanwhile, leaves them to the job. Each follow-up's command id derives
// from the command that wrote the event and the follow-up's name, and each is decided on its own
// stream against what that stream already says, so running them again repeats nothing.

// settle makes the follow-ups of order event e, written by the command meta describes, with s the
// order as it is now. Follow-ups that depend on the order's status look at its status now: a job may
// run after later events (a payment confirmed, then the order cancelled) and must not undo them.
func (h *Handlers) settle(ctx context.Context, s order.State, e order.Event, meta commands.Meta) error {
	var errs []error
	switch x := e.(type) {
	case order.OrderCancelled:
		errs = append(errs,
			h.release(ctx, s.Trip().Day, s.Reservation(), availability.ReasonCancelled, false, sub(meta, "release")),
			h.releaseUnpaidHold(ctx, s.ID(), order.HoldReleasedCancelled, sub(meta, "unpaid-hold")),
			h.givePromoBack(ctx, s.Placed().Promo, s.ID(), order.PromoBackCancelled, sub(meta, "promo")))
	case order.ExchangeAbandoned:
		if x.NewReservation != "" && x.NewReservation != s.Reservation() {
			reason := x.Reason
			if reason == "" {
				reason = availability.ReasonCancelled
			}
			// Only a held car is given back: an abandoned exchange's car was never confirmed.
			errs = append(errs, h.release(ctx, x.Day, x.NewReservation, reason, reason != availability.ReasonCancelled, sub(meta, "release-exchange")))
		}
	case order.OrderExchanged:
		if x.OldReservation != x.NewReservation {
			errs = append(errs, h.release(ctx, x.From.Day, x.OldReservation, availability.ReasonExchanged, false, sub(meta, "release-old")))
		}
		if s.Status() == order.StatusConfirmed {
			errs = append(errs, h.confirmCar(ctx, s, sub(meta, "confirm")))
		}
		// A cheaper exchange owes the difference: ordered here, sent by the refund job. What is owed
		// is found by the decision, not here: an earlier exchange's job running now, beside this
		// request, would otherwise order the same money back under its own id.
		if owed := s.Unclaimed(); owed.Minor > 0 {
			refund := sub(meta, "refund")
			_, err := execOrder(ctx, h, s.ID(), order.OrderRefund{RefundID: refundIDOf(refund), Owed: true, Reason: "exchange",
				Actor: order.Actor{UserID: "system", Staff: true}}, refund)
			errs = append(errs, h.followUp("order the exchange's refund", err, "order", s.ID()))
		}
	case order.PaymentReceived:
		if x.Confirms {
			errs = append(errs, h.settleConfirmed(ctx, s, meta)...)
		}
	case order.PaymentAccepted:
		if x.Confirms {
			errs = append(errs, h.settleConfirmed(ctx, s, meta)...)
		}
	case order.PaymentFailed:
		if s.Status() == order.StatusPaymentFailed {
			errs = append(errs,
				h.release(ctx, s.Trip().Day, s.Reservation(), availability.ReasonPaymentFailed, true, sub(meta, "release")),
				h.releaseUnpaidHold(ctx, s.ID(), order.HoldReleasedFailed, sub(meta, "unpaid-hold")),
				h.givePromoBack(ctx, s.Placed().Promo, s.ID(), order.PromoBackFailed, sub(meta, "promo")))
		}
	case order.OrderExpired:
		if s.Status() == order.StatusExpired {
			errs = append(errs,
				h.release(ctx, s.Trip().Day, s.Reservation(), availability.ReasonExpired, true, sub(meta, "release")),
				h.givePromoBack(ctx, s.Placed().Promo, s.ID(), order.PromoBackExpired, sub(meta, "promo")))
		}
	}
	return errors.Join(errs...)
}

// settleConfirmed books a confirmed order's car for good, ends its unpaid hold and counts its promo
// code's use again if a failure had given it back.
func (h *Handlers) settleConfirmed(ctx context.Context, s order.State, meta commands.Meta) []error {
	if s.Status() != order.StatusConfirmed {
		return nil
	}
	return []error{
		h.confirmCar(ctx, s, sub(meta, "confirm")),
		h.releaseUnpaidHold(ctx, s.ID(), order.HoldReleasedPaid, sub(meta, "unpaid-hold")),
		h.recountPromo(ctx, s, sub(meta, "promo")),
	}
}

// settleAll makes the follow-ups of the events a command just wrote under meta, in the request. A
// failure is logged, not returned: the command's own decision stands, and the job queued by its
// events makes the follow-ups again.
func (h *Handlers) settleAll(ctx context.Context, orderID string, events []order.Event, meta commands.Meta) {
	if len(events) == 0 {
		return
	}
	s, _, err := h.LoadOrder(ctx, orderID)
	if err == nil {
		for _, e := range events {
			if err = h.settle(ctx, s, e, meta); err != nil {
				break
			}
		}
	}
	if err != nil {
		h.log.Warn("orders: follow-ups of an order's decision (its job makes them again)", "order", orderID, "err", err)
	}
}

// SettleOrderEvent is the job of one order event (processes/ordereffects): the event at version of
// the order's stream, written by command commandID, has its follow-ups made, again if the request
// made them already. An error is retried by the job worker.
func (h *Handlers) SettleOrderEvent(ctx context.Context, job Job, orderID string, version int64) error {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return wrap("load order", err)
	}
	if version < 0 || version >= int64(len(hist.Events)) {
		return refused("settle job %s: order %s has no event %d", job.ID, orderID, version)
	}
	rec := hist.Recorded[version]
	commandID, err := uuid.Parse(rec.Metadata.CommandID)
	if err != nil {
		// Events written before command ids were recorded: the job's own id stands in.
		commandID = job.ID
	}
	meta := systemMeta(commandID, rec.Metadata.CorrelationID)
	s := order.Decider.Fold(hist.Events)
	return h.settle(ctx, s, hist.Events[version], meta)
}

// SettlePayment is the job of a payment's settled outcome (processes/ordereffects): the order is
// brought in line with the payment, as the provider's notice did in its request unless that request
// died first. commandID is the command that recorded the outcome on the payment (the notice's).
func (h *Handlers) SettlePayment(ctx context.Context, job Job, paymentID string, commandID uuid.UUID) error {
	st, err := loadPayment(ctx, h, paymentID)
	if err != nil {
		return wrap("load payment", err)
	}
	if st.Status() == payment.StatusNone {
		return refused("settle job %s: no payment %s", job.ID, paymentID)
	}
	meta := systemMeta(commandID, st.Started().OrderID)
	_, err = h.applyOutcome(ctx, st, sub(meta, "order"))
	if domain.KindOf(err) != 0 {
		// The order refuses the payment's outcome (no such order): no retry changes that; the job
		// ends failed, for an operator to see among the process steps.
		return refused("settle job %s: payment %s: %v", job.ID, paymentID, err)
	}
	return err
}

// applyOutcome brings the order in line with its payment's settled status (nothing while it is open).
func (h *Handlers) applyOutcome(ctx context.Context, st payment.State, meta commands.Meta) (eventstore.Position, error) {
	switch st.Status() {
	case payment.StatusSucceeded:
		return h.applySuccess(ctx, st, meta)
	case payment.StatusFailed:
		return h.applyFailure(ctx, st, meta)
	}
	return eventstore.Position{}, nil
}

// followUp is a follow-up's outcome: a refusal by the stream it was decided on (the day is full, the
// promo code's limit reached) is logged and done with, since deciding it again gives the same answer;
// anything else (the store, the network) is returned, for the job to try again.
func (h *Handlers) followUp(what string, err error, attrs ...any) error {
	if err == nil {
		return nil
	}
	if domain.KindOf(err) != 0 {
		h.log.Warn("orders: "+what, append(attrs, "err", err)...)
		return nil
	}
	return wrap(what, err)
}
