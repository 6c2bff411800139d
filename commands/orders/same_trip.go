package orders

import (
	"context"
	"errors"
	"time"

	"mishwar/commands"
	"mishwar/domain/order"
)

// checkOut places the checkout cmd (with the promo code typed, promoCode), unless the traveller
// already ordered its trip (order.DecideCheckout): an order of it waiting for payment is resumed (the
// answer is that order paid as "Pay now" pays it, Resumed set, no second order and no second car),
// a confirmed one refuses the checkout.
//
// The traveller's orders of the trip are found on their unpaid-holds stream, where every checkout's
// hold records its trip (the stream that bounds their unpaid orders, read before the hold is taken):
// no read model, so an order placed a moment ago is never missed. Two checkouts of one trip at once
// (two tabs) are settled there too: the second hold is refused (order.ErrSameTripHeld) because the
// first's appeared after the second judged; the second waits for the first's order and resumes it.
func (h *Handlers) checkOut(ctx context.Context, cmd order.PlaceOrder, promoCode string, meta commands.Meta, now time.Time) (Placed, error) {
	key := order.TripKey(cmd.Trip)
	deadline := time.Now().Add(h.outcomeWait)
	delay := 10 * time.Millisecond
	for {
		v, err := h.judgeCheckout(ctx, cmd, promoCode, key, meta, now)
		if err != nil {
			return Placed{}, err
		}
		switch {
		case v.resume != "":
			return h.resumeOrder(ctx, v.resume, cmd.UserID, meta)
		case !v.inFlight:
			withCode, err := h.withPromo(ctx, cmd, promoCode)
			if err != nil {
				return Placed{}, err
			}
			p, err := h.place(ctx, withCode, meta, now, sameTrip{key: key, seen: v.seen})
			if !errors.Is(err, order.ErrSameTripHeld) {
				return p, err
			}
		}
		// Another checkout of this trip is placing its order: judge again once it has.
		if !time.Now().Before(deadline) {
			return Placed{}, ErrBusy
		}
		select {
		case <-ctx.Done():
			return Placed{}, ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 200*time.Millisecond)
	}
}

type checkoutVerdict struct {
	// resume is the order to resume ("": place one).
	resume string
	// seen are the orders whose holds name the trip, as judged.
	seen []string
	// inFlight: a hold names the trip and its order is not placed yet (another checkout at work).
	inFlight bool
}

// judgeCheckout reads the traveller's orders of the trip key names and lets order.DecideCheckout
// judge the checkout against them.
//
// The orders this very command places (a retry, or the same Idempotency-Key sent twice at once) are
// not judged: placing recognises them at each step and answers the first result.
func (h *Handlers) judgeCheckout(ctx context.Context, cmd order.PlaceOrder, promoCode, key string, meta commands.Meta, now time.Time) (checkoutVerdict, error) {
	holds, err := h.customerHolds(ctx, cmd.UserID)
	if err != nil {
		return checkoutVerdict{}, err
	}
	v := checkoutVerdict{seen: holds.SameTrip(key)}
	ours := map[string]bool{}
	for attempt := 0; attempt < maxTripNumberAttempts; attempt++ {
		ours[order.TripNumberFrom(seed(meta.CommandID, attempt))] = true
	}
	var mine []order.State
	for _, id := range v.seen {
		if ours[id] {
			continue
		}
		s, _, err := h.LoadOrder(ctx, id)
		switch {
		case errors.Is(err, order.ErrOrderNotFound):
			// A hold without its order: a checkout placing it right now, or one that failed (its hold
			// released) or died between the two (its hold, older than the grace, lapses on its own).
			takenAt := holds.HeldUntil(id).Add(-h.settings.Hold)
			if holds.Counts(id, now) && takenAt.After(now.Add(-h.orphanUseGrace)) {
				v.inFlight = true
			}
			continue
		case err != nil:
			return v, err
		}
		mine = append(mine, s)
	}
	v.resume, err = order.DecideCheckout(mine, cmd, promoCode, now)
	return v, err
}

// resumeOrder answers a checkout with the traveller's order tripNumber of the same trip: paid as
// their "Pay now" pays it (the session still open, a new one, or the order held again after a failed
// payment or a lapsed hold).
func (h *Handlers) resumeOrder(ctx context.Context, tripNumber, userID string, meta commands.Meta) (Placed, error) {
	p, err := h.PayOwnOrder(ctx, tripNumber, userID, sub(meta, "resume/"+tripNumber))
	p.Resumed = true
	return p, err
}
