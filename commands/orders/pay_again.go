package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/order"
)

// payer is who pays an order: its owner (or staff), or whoever proved the trip number and e-mail.
type payer struct {
	actor  order.Actor
	proven bool
}

var payAgainNamespace = uuid.MustParse("3c0e7d7a-5b8e-4f0c-9a1d-6e2b7f4c8d21")

// payAgain pays again an order whose payment failed or whose hold lapsed (s, folded at version): the
// car it stood on is let go, a car is held on its day's stream, the order is held on it and a new
// payment session ordered in one decision (order.PayAgain), which the payments process opens like any
// other; the answer is that session, as "pay now" answers. The same trip number throughout.
//
// The car held derives from the order's version, so concurrent "pay again" clicks on the order as it
// stood hold one car and the order decides once: the others find it held and answer its session.
// Every other step's id derives from meta, so a retry walks the same steps.
func (h *Handlers) payAgain(ctx context.Context, s order.State, version int64, who payer, meta commands.Meta) (Placed, error) {
	out := Placed{OrderID: s.ID(), Status: s.Status()}
	now := h.now()
	cmd := order.PayAgain{Actor: who.actor, Proven: who.proven, Provider: h.provider.Name(), Policy: h.settings.Policy(),
		PaymentID: sub(meta, "payment").CommandID.String(), Lang: meta.Lang}
	// Refuse what the decider would refuse before holding a car for it.
	probe := cmd
	probe.Reservation, probe.Capacity = "probe", order.CapacityKept
	events, err := order.Decide(s, probe, now)
	if err != nil {
		return out, err
	}
	if len(events) == 0 {
		return h.openOrderPayment(ctx, s, meta)
	}
	day := s.Trip().Day
	// The car the order stood on was let go by the failure or the expiry, unless a crash left it:
	// it must not count against the car held now.
	reason := availability.ReasonExpired
	if s.Status() == order.StatusPaymentFailed {
		reason = availability.ReasonPaymentFailed
	}
	h.release(ctx, day, s.Reservation(), reason, true, sub(meta, "release-old"))

	capacity, err := h.catalogue.DayCapacity(ctx, day)
	if err != nil {
		return out, err
	}
	holdUntil := now.Add(h.settings.Hold)
	holdMeta := sub(meta, "unpaid-hold")
	if err := h.takeUnpaidHold(ctx, s.UserID(), meta.ClientIP, s.ID(), string(day), capacity, holdUntil, sameTrip{}, holdMeta); err != nil {
		return out, wrap("count the unpaid hold", err)
	}
	reservation := uuid.NewSHA1(payAgainNamespace, fmt.Appendf(nil, "%s/%d", s.ID(), version)).String()
	cmd.Reservation, cmd.Capacity = reservation, order.CapacityKept
	_, err = execDay(ctx, h, day, availability.ReserveCapacity{
		Reservation: reservation, OrderID: s.ID(), Day: day, Capacity: capacity, HoldUntil: holdUntil,
	}, sub(meta, "reserve"))
	switch {
	case errors.Is(err, availability.ErrDateFullyBooked):
		cmd.Capacity = order.CapacityLost
	case err != nil:
		h.releaseHoldOf(ctx, s.UserID(), meta.ClientIP, s.ID(), order.HoldReleasedNotPlaced, sub(holdMeta, "compensate"))
		return out, wrap("reserve", err)
	}
	if _, err := execOrder(ctx, h, s.ID(), cmd, sub(meta, "pay-again")); err != nil {
		if cmd.Capacity == order.CapacityKept {
			h.release(ctx, day, reservation, availability.ReasonPlacingFailed, true, sub(meta, "compensate"))
		}
		h.releaseHoldOf(ctx, s.UserID(), meta.ClientIP, s.ID(), order.HoldReleasedNotPlaced, sub(holdMeta, "compensate"))
		return out, wrap("pay again", err)
	}
	cur, _, err := h.LoadOrder(ctx, s.ID())
	if err != nil {
		return out, err
	}
	if cmd.Capacity == order.CapacityKept && cur.Reservation() != reservation {
		// Another "pay again" (on a later version of the order) held it on its own car first.
		h.release(ctx, day, reservation, availability.ReasonPlacingFailed, true, sub(meta, "compensate"))
	}
	p, err := h.openOrderPayment(ctx, cur, meta)
	p.Status = cur.Status()
	return p, err
}
