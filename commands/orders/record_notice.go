package orders

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
)

// NoticeResult says what a provider's notice changed.
type NoticeResult struct {
	PaymentID string
	OrderID   string
	// Status is the payment's status after the notice.
	Status payment.Status
	// Repeated: the notice had been recorded before (a replay); nothing new was written.
	Repeated bool
	// Skipped: the notice named no payment and reported nothing to act on; nothing was recorded.
	Skipped  bool
	Position eventstore.Position
}

// noticeNamespace makes a notice's command id from the provider's own notice id, so the same notice
// delivered twice is the same command.
var noticeNamespace = uuid.MustParse("6f1f6a3e-2f0a-4d55-9a8e-3c1c0f0b7a11")

// RecordNotice records a verified notice from the provider and applies its outcome to the order: a
// success confirms it (booking the car again if its hold had lapsed, or flagging the money for an
// operator when the day filled up meanwhile), a failure fails it and frees the car. A replay changes
// nothing; a failure after a success is recorded on the payment as ignored and never touches the order.
func (h *Handlers) RecordNotice(ctx context.Context, provider string, n payment.Notice) (NoticeResult, error) {
	out := NoticeResult{PaymentID: n.PaymentID}
	if n.PaymentID == "" {
		return out, payment.ErrPaymentNotFound
	}
	st, err := loadPayment(ctx, h, n.PaymentID)
	if err != nil {
		return out, wrap("load payment", err)
	}
	if st.Status() == payment.StatusNone {
		return out, payment.ErrPaymentNotFound
	}
	started := st.Started()
	if started.Provider != provider || (n.ProviderSessionID != "" && started.ProviderSessionID != "" && n.ProviderSessionID != started.ProviderSessionID) {
		return out, ErrNoticeMismatch
	}
	out.OrderID = started.OrderID
	meta := systemMeta(uuid.NewSHA1(noticeNamespace, []byte(provider+"/"+n.NoticeID)), started.OrderID)
	res, err := execPayment(ctx, h, n.PaymentID, payment.RecordNotice{
		NoticeID: n.NoticeID, Outcome: n.Outcome, Amount: n.Amount, ProviderRef: n.ProviderRef, Reason: n.Reason,
	}, meta)
	if err != nil {
		return out, wrap("record notice", err)
	}
	out.Repeated, out.Position = res.Repeated || len(res.Events) == 0, res.Position
	for _, e := range res.Events {
		if ig, ok := e.(payment.PaymentNoticeIgnored); ok && ig.Reason == payment.IgnoredAnotherCapture {
			// The money is not the order's; an operator gives it back at the provider (the notice is
			// on the order's payments, marked so).
			h.log.Error("orders: a second charge on one payment session", "order", started.OrderID, "payment", n.PaymentID,
				"provider_ref", ig.ProviderRef, "amount_minor", ig.Amount.Minor, "currency", ig.Amount.Currency)
		}
	}
	if st, err = loadPayment(ctx, h, n.PaymentID); err != nil {
		return out, wrap("load payment", err)
	}
	out.Status = st.Status()
	// The order is brought in line with the payment's settled status every time, a replay included:
	// the order's decider ignores what it has seen, and a crash between the two streams heals.
	var pos eventstore.Position
	switch st.Status() {
	case payment.StatusSucceeded:
		pos, err = h.applySuccess(ctx, st, sub(meta, "order"))
	case payment.StatusFailed:
		pos, err = h.applyFailure(ctx, st, sub(meta, "order"))
	}
	if err != nil {
		return out, err
	}
	if out.Position.Less(pos) {
		out.Position = pos
	}
	return out, nil
}

func (h *Handlers) applySuccess(ctx context.Context, st payment.State, meta commands.Meta) (eventstore.Position, error) {
	started := st.Started()
	s, _, err := h.LoadOrder(ctx, started.OrderID)
	if err != nil {
		return eventstore.Position{}, wrap("load order", err)
	}
	cmd := order.RecordPayment{PaymentID: started.PaymentID, Provider: started.Provider, ProviderRef: st.ProviderRef(), Amount: st.Captured()}
	if s.NeedsCapacityCheck(started.PaymentID, cmd.Amount) {
		cmd.Capacity = h.bookAgain(ctx, s, meta)
	}
	res, err := execOrder(ctx, h, s.ID(), cmd, meta)
	if errors.Is(err, order.ErrCapacityCheckNeeded) {
		// The hold lapsed between our read and our write.
		if s, _, err = h.LoadOrder(ctx, started.OrderID); err != nil {
			return eventstore.Position{}, wrap("load order", err)
		}
		cmd.Capacity = h.bookAgain(ctx, s, meta)
		meta = sub(meta, "again")
		res, err = execOrder(ctx, h, s.ID(), cmd, meta)
	}
	if err != nil {
		return eventstore.Position{}, wrap("record payment", err)
	}
	h.settleAll(ctx, started.OrderID, res.Events, meta)
	return res.Position, nil
}

// bookAgain tries to book the car of an order whose hold lapsed, for a payment that came late.
func (h *Handlers) bookAgain(ctx context.Context, s order.State, meta commands.Meta) order.CapacityCheck {
	day := s.Trip().Day
	capacity, err := h.catalogue.DayCapacity(ctx, day)
	if err != nil {
		h.log.Warn("orders: capacity for a late payment", "order", s.ID(), "err", err)
		return order.CapacityLost
	}
	_, err = execDay(ctx, h, day, availability.ConfirmReservation{Reservation: s.Reservation(), Capacity: capacity}, sub(meta, "book-again"))
	if err != nil {
		h.log.Warn("orders: a late payment found no car", "order", s.ID(), "day", day, "err", err)
		return order.CapacityLost
	}
	return order.CapacityKept
}

// confirmCar books the held car of a confirmed order for good (idempotent).
func (h *Handlers) confirmCar(ctx context.Context, s order.State, meta commands.Meta) error {
	capacity, err := h.catalogue.DayCapacity(ctx, s.Trip().Day)
	if err != nil {
		return wrap("capacity", err)
	}
	_, err = execDay(ctx, h, s.Trip().Day, availability.ConfirmReservation{Reservation: s.Reservation(), Capacity: capacity}, meta)
	return h.followUp("confirm the car of a paid order", err, "order", s.ID())
}

func (h *Handlers) applyFailure(ctx context.Context, st payment.State, meta commands.Meta) (eventstore.Position, error) {
	started := st.Started()
	res, err := execOrder(ctx, h, started.OrderID, order.RecordPaymentFailure{PaymentID: started.PaymentID, Reason: lastDeclineReason(st)}, meta)
	if err != nil {
		return eventstore.Position{}, wrap("record payment failure", err)
	}
	h.settleAll(ctx, started.OrderID, res.Events, meta)
	return res.Position, nil
}

func lastDeclineReason(st payment.State) string { return st.DeclineReason() }
