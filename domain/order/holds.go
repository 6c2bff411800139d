package order

import (
	"fmt"
	"slices"
	"time"

	"mishwar/domain"
)

// Unpaid holds: every order waiting for payment holds a car. So that one customer cannot take every
// car of a day with orders they never pay, the number of unpaid holds each customer may have at once
// is bounded, and so is the number held from one client address (accounts cost nothing to make). It is
// decided on a stream of the customer's own ("unpaidholds-user:<id>" for a signed-in traveller) and
// one of the address ("unpaidholds-ip:<address>", a guest's only one), each appended with its expected
// version, never counted from a read model.
//
// A hold counts until it is released (the order was paid, cancelled or failed) or until its time
// runs out, whichever comes first: a release that never arrives only delays the customer's next order
// to the end of the hold.

// ErrTooManyUnpaidOrders: the customer already has as many unpaid orders as allowed.
var ErrTooManyUnpaidOrders = domain.Conflict("orders.too_many_unpaid")

// ErrTooManyUnpaidFromAddress: a signed-in traveller's order would pass their own bound, but the
// client address they book from already holds as many unpaid orders as allowed (whoever placed them).
var ErrTooManyUnpaidFromAddress = domain.Conflict("orders.too_many_unpaid_address")

// HoldsCommand is one of a customer's unpaid-holds commands.
type HoldsCommand interface{ isHoldsCommand() }

// TakeHold counts the order OrderID, held until Until, among the customer's unpaid holds; it is
// refused when Limit holds are already counted (0: no bound). Taking the same order's hold again
// changes nothing while it counts; once released or lapsed (the order is paid again), it is taken
// again, with the trip it was first taken for.
//
// Trip is the key of the order's trip (TripKey; "" for an order that is not a traveller's checkout).
// Seen are the orders of that trip the checkout judged (DecideCheckout): a hold taken since for the
// same trip by another order refuses this one (ErrSameTripHeld), so that of two checkouts of one trip
// at once, one places and the other judges again and finds it.
type TakeHold struct {
	OrderID string
	Until   time.Time
	Limit   int
	Trip    string
	Seen    []string
}

// ReleaseHold stops counting the order's hold (paid, cancelled, failed, or never placed).
type ReleaseHold struct {
	OrderID string
	Reason  string
}

func (TakeHold) isHoldsCommand()    {}
func (ReleaseHold) isHoldsCommand() {}

// HoldsEvent is one of a customer's unpaid-holds events.
type HoldsEvent interface{ isHoldsEvent() }

// UnpaidHoldTaken: the order OrderID counts among the customer's unpaid holds until HeldUntil.
type UnpaidHoldTaken struct {
	OrderID   string    `json:"order_id"`
	HeldUntil time.Time `json:"held_until"`
	// Trip is the key of the order's trip (TripKey), absent on holds taken before it was recorded
	// and on orders that are not a traveller's checkout.
	Trip string `json:"trip,omitempty"`
}

// UnpaidHoldReleased: the order OrderID no longer counts.
type UnpaidHoldReleased struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

func (UnpaidHoldTaken) isHoldsEvent()    {}
func (UnpaidHoldReleased) isHoldsEvent() {}

// Why a hold is released.
const (
	HoldReleasedPaid      = "paid"
	HoldReleasedCancelled = "cancelled"
	HoldReleasedFailed    = "payment_failed"
	HoldReleasedNotPlaced = "not_placed"
)

// HoldsState is a customer's unpaid holds.
type HoldsState struct {
	until    map[string]time.Time
	released map[string]bool
	trips    map[string]string
}

// SameTrip is the orders whose holds were taken for the trip key (TripKey), in no particular order.
func (s HoldsState) SameTrip(key string) []string {
	if key == "" {
		return nil
	}
	var ids []string
	for id, k := range s.trips {
		if k == key {
			ids = append(ids, id)
		}
	}
	return ids
}

// Counts reports whether the order's hold counts at now (taken, not released, not lapsed).
func (s HoldsState) Counts(orderID string, now time.Time) bool {
	until, taken := s.until[orderID]
	return taken && !s.released[orderID] && now.Before(until)
}

// HeldUntil is when the order's hold lapses (zero: never taken).
func (s HoldsState) HeldUntil(orderID string) time.Time { return s.until[orderID] }

// Active is how many holds count at now.
func (s HoldsState) Active(now time.Time) int {
	n := 0
	for id, until := range s.until {
		if !s.released[id] && now.Before(until) {
			n++
		}
	}
	return n
}

// Holds is the decider of a customer's unpaid holds.
var Holds = domain.Decider[HoldsState, HoldsCommand, HoldsEvent]{
	Initial: func() HoldsState { return HoldsState{} },
	Decide:  DecideHolds,
	Evolve:  EvolveHolds,
}

// DecideHolds turns a command into events or refuses it.
func DecideHolds(s HoldsState, cmd HoldsCommand, now time.Time) ([]HoldsEvent, error) {
	switch c := cmd.(type) {
	case TakeHold:
		if c.OrderID == "" {
			return nil, ErrInvalidOrder
		}
		if s.Counts(c.OrderID, now) {
			return nil, nil
		}
		if c.Trip != "" {
			for _, id := range s.SameTrip(c.Trip) {
				if id != c.OrderID && !slices.Contains(c.Seen, id) {
					return nil, ErrSameTripHeld
				}
			}
		}
		if c.Limit > 0 && s.Active(now) >= c.Limit {
			return nil, ErrTooManyUnpaidOrders
		}
		trip := c.Trip
		if known := s.trips[c.OrderID]; known != "" {
			trip = known
		}
		return []HoldsEvent{UnpaidHoldTaken{OrderID: c.OrderID, HeldUntil: c.Until.UTC(), Trip: trip}}, nil
	case ReleaseHold:
		if _, taken := s.until[c.OrderID]; !taken || s.released[c.OrderID] {
			return nil, nil
		}
		return []HoldsEvent{UnpaidHoldReleased(c)}, nil
	default:
		panic(fmt.Sprintf("order: unknown holds command %T", cmd))
	}
}

// EvolveHolds folds one event into the state.
func EvolveHolds(s HoldsState, e HoldsEvent) HoldsState {
	s.until, s.released, s.trips = cloneMap(s.until), cloneMap(s.released), cloneMap(s.trips)
	switch ev := e.(type) {
	case UnpaidHoldTaken:
		s.until[ev.OrderID] = ev.HeldUntil
		delete(s.released, ev.OrderID)
		if ev.Trip != "" {
			s.trips[ev.OrderID] = ev.Trip
		}
	case UnpaidHoldReleased:
		s.released[ev.OrderID] = true
	default:
		panic(fmt.Sprintf("order: unknown holds event %T", e))
	}
	return s
}
