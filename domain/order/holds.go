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
// An address is also bounded per day: it may hold at most half a day's cars unpaid (AddressDayLimit),
// so that a few accounts booking from one network cannot leave a day fully booked with orders nobody
// pays, whatever the bound across days.
//
// A hold counts until it is released (the order was paid, cancelled or failed) or until its time
// runs out, whichever comes first: a release that never arrives only delays the customer's next order
// to the end of the hold.

// ErrTooManyUnpaidOrders: the customer already has as many unpaid orders as allowed.
var ErrTooManyUnpaidOrders = domain.Conflict("orders.too_many_unpaid")

// ErrTooManyUnpaidFromAddress: a signed-in traveller's order would pass their own bound, but the
// client address they book from already holds as many unpaid orders as allowed (whoever placed them).
var ErrTooManyUnpaidFromAddress = domain.Conflict("orders.too_many_unpaid_address")

// ErrTooManyUnpaidForDay: the client address already holds as many unpaid orders for the trip's day
// as one address may (AddressDayLimit).
var ErrTooManyUnpaidForDay = domain.Conflict("orders.too_many_unpaid_day")

// AddressDayLimit is how many unpaid orders for one day a client address may hold at once when the
// day has capacity cars: half of them, rounded up (never fewer than one, so a day of one car can be
// booked). Two families in one hotel can still book the same day; one network alone cannot leave it
// fully booked.
func AddressDayLimit(capacity int) int {
	if capacity <= 1 {
		return 1
	}
	return (capacity + 1) / 2
}

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
//
// Day is the trip's day ("YYYY-MM-DD", Cairo) and DayLimit the holds for that day that may count at
// once (0: no bound); a hold for the day is refused (ErrTooManyUnpaidForDay) beyond it.
type TakeHold struct {
	OrderID  string
	Until    time.Time
	Limit    int
	Trip     string
	Seen     []string
	Day      string
	DayLimit int
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
	// Day is the trip's day, absent on holds taken before it was recorded (they count for no day).
	Day string `json:"day,omitempty"`
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
	days     map[string]string
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

// ActiveOn is how many holds for the day count at now.
func (s HoldsState) ActiveOn(day string, now time.Time) int {
	n := 0
	for id, d := range s.days {
		if d == day && s.Counts(id, now) {
			n++
		}
	}
	return n
}

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
		if c.DayLimit > 0 && c.Day != "" && s.ActiveOn(c.Day, now) >= c.DayLimit {
			return nil, ErrTooManyUnpaidForDay
		}
		trip := c.Trip
		if known := s.trips[c.OrderID]; known != "" {
			trip = known
		}
		return []HoldsEvent{UnpaidHoldTaken{OrderID: c.OrderID, HeldUntil: c.Until.UTC(), Trip: trip, Day: c.Day}}, nil
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
	s.until, s.released, s.trips, s.days = cloneMap(s.until), cloneMap(s.released), cloneMap(s.trips), cloneMap(s.days)
	switch ev := e.(type) {
	case UnpaidHoldTaken:
		s.until[ev.OrderID] = ev.HeldUntil
		delete(s.released, ev.OrderID)
		if ev.Trip != "" {
			s.trips[ev.OrderID] = ev.Trip
		}
		if ev.Day != "" {
			s.days[ev.OrderID] = ev.Day
		}
	case UnpaidHoldReleased:
		s.released[ev.OrderID] = true
	default:
		panic(fmt.Sprintf("order: unknown holds event %T", e))
	}
	return s
}
