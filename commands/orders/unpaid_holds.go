package orders

import (
	"context"
	"errors"
	"time"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// HoldsCategory is the stream category of customers' unpaid holds (domain/order's Holds decider).
const HoldsCategory = "unpaidholds"

// holdStream is one unpaid-holds stream an order is counted on, with the bound that applies there
// (0: none): the client address's, or else the traveller's own, the one that records the order's trip.
type holdStream struct {
	id     string
	limit  int
	client bool
}

// holdStreams are the unpaid-holds streams an order of userID placed from clientIP counts on:
//   - the signed-in traveller's own, always written (its holds name their trips: one trip, one order,
//     checkout.go), bounded by UnpaidHoldsPerCustomer;
//   - the client address's, bounded by UnpaidHoldsPerAddress (and not written without a bound), for
//     guests and signed-in travellers alike: accounts cost nothing, so a bound per account alone let a
//     few accounts made for the purpose keep every car of a day held, lapse after lapse.
//
// The traveller's comes first: it is the one that judges the same trip.
func (h *Handlers) holdStreams(userID, clientIP string) []holdStream {
	var out []holdStream
	if userID != "" {
		out = append(out, holdStream{id: eventstore.StreamID(HoldsCategory, "user:"+userID), limit: h.settings.UnpaidHoldsPerCustomer})
	}
	if clientIP != "" && h.settings.UnpaidHoldsPerAddress > 0 {
		out = append(out, holdStream{id: eventstore.StreamID(HoldsCategory, "ip:"+clientIP), limit: h.settings.UnpaidHoldsPerAddress, client: true})
	}
	return out
}

// sameTrip is what a checkout found of the customer's orders of its trip (see Handlers.judgeCheckout):
// the trip's key and the orders of it that were judged. The zero value is no checkout (paying again,
// a quoted enquiry).
type sameTrip struct {
	key  string
	seen []string
}

// takeUnpaidHold counts the order about to be placed, for a trip on day (whose capacity is the cars
// of that day), among its customer's unpaid holds on each of its streams, refusing it
// (order.ErrTooManyUnpaidOrders) when the traveller, or (for a signed-in traveller)
// order.ErrTooManyUnpaidFromAddress when their address, has as many as allowed,
// (order.ErrTooManyUnpaidForDay) when the address holds its share of the day's cars, or
// (order.ErrSameTripHeld) when another order of the same trip took a hold the checkout did not judge.
// A refusal on the address gives back the hold taken on the traveller's stream.
func (h *Handlers) takeUnpaidHold(ctx context.Context, userID, clientIP, orderID, day string, capacity int, until time.Time, trip sameTrip, meta commands.Meta) error {
	streams := h.holdStreams(userID, clientIP)
	for i, st := range streams {
		take := order.TakeHold{OrderID: orderID, Until: until, Limit: st.limit, Day: day}
		if st.client {
			take.DayLimit = order.AddressDayLimit(capacity)
		} else {
			take.Trip, take.Seen = trip.key, trip.seen
		}
		_, err := commands.Execute(ctx, h.runner, order.Holds, st.id, order.HoldsCommand(take), holdMeta(meta, st), commuting)
		if err == nil {
			continue
		}
		if st.client && userID != "" && errors.Is(err, order.ErrTooManyUnpaidOrders) {
			err = order.ErrTooManyUnpaidFromAddress
		}
		for _, taken := range streams[:i] {
			h.releaseOn(ctx, taken, orderID, order.HoldReleasedNotPlaced, sub(meta, "compensate"))
		}
		return err
	}
	return nil
}

// holdMeta is the meta of a command on st: each stream's command has an id of its own.
func holdMeta(meta commands.Meta, st holdStream) commands.Meta {
	if st.client {
		return sub(meta, "address")
	}
	return meta
}

// customerHolds is the signed-in traveller's unpaid holds as their stream says now.
func (h *Handlers) customerHolds(ctx context.Context, userID string) (order.HoldsState, error) {
	if userID == "" {
		return order.HoldsState{}, nil
	}
	hist, err := commands.Load[order.HoldsEvent](ctx, h.runner, h.holdStreams(userID, "")[0].id)
	if err != nil {
		return order.HoldsState{}, wrap("load unpaid holds", err)
	}
	return order.Holds.Fold(hist.Events), nil
}

// releaseUnpaidHold stops counting the order among its customer's unpaid holds (paid, cancelled,
// failed, never placed). It logs instead of failing: a hold that is not released lapses with its time.
func (h *Handlers) releaseUnpaidHold(ctx context.Context, orderID, reason string, meta commands.Meta) error {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(orderID))
	if err != nil {
		return wrap("load order", err)
	}
	if len(hist.Recorded) == 0 {
		return nil
	}
	s := order.Decider.Fold(hist.Events)
	return h.releaseHoldOf(ctx, s.UserID(), hist.Recorded[0].Metadata.ClientIP, orderID, reason, meta)
}

// releaseHoldOf releases the order's hold on each of its streams. (An order paid again from another
// address holds a car on that address until the hold lapses: the release goes to the address it was
// placed from.)
func (h *Handlers) releaseHoldOf(ctx context.Context, userID, clientIP, orderID, reason string, meta commands.Meta) error {
	var errs []error
	for _, st := range h.holdStreams(userID, clientIP) {
		errs = append(errs, h.releaseOn(ctx, st, orderID, reason, meta))
	}
	return errors.Join(errs...)
}

func (h *Handlers) releaseOn(ctx context.Context, st holdStream, orderID, reason string, meta commands.Meta) error {
	_, err := commands.Execute(ctx, h.runner, order.Holds, st.id, order.HoldsCommand(order.ReleaseHold{OrderID: orderID, Reason: reason}), holdMeta(meta, st), commuting)
	return h.followUp("release an unpaid hold", err, "order", orderID, "reason", reason)
}
