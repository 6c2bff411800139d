package order

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// Unpaid holds: every order waiting for payment holds a car. So that one customer cannot take every
// car of a day with orders they never pay, the number of unpaid holds each customer may have at once
// is bounded. It is decided on a stream of the customer's own ("unpaidholds-user:<id>" for a signed-in
// traveller, "unpaidholds-ip:<address>" for a guest), appended with its expected version, never
// counted from a read model.
//
// A hold counts until it is released (the order was paid, cancelled or failed) or until its time
// runs out, whichever comes first: a release that never arrives only delays the customer's next order
// to the end of the hold.

// ErrTooManyUnpaidOrders: the customer already has as many unpaid orders as allowed.
var ErrTooManyUnpaidOrders = domain.Conflict("orders.too_many_unpaid")

// HoldsCommand is one of a customer's unpaid-holds commands.
type HoldsCommand interface{ isHoldsCommand() }

// TakeHold counts the order OrderID, held until Until, among the customer's unpaid holds; it is
// refused when Limit holds are already counted. Taking the same order's hold again changes nothing
// while it counts; once released or lapsed (the order is paid again), it is taken again.
type TakeHold struct {
	OrderID string
	Until   time.Time
	Limit   int
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
		if until, taken := s.until[c.OrderID]; taken && !s.released[c.OrderID] && now.Before(until) {
			return nil, nil
		}
		if c.Limit > 0 && s.Active(now) >= c.Limit {
			return nil, ErrTooManyUnpaidOrders
		}
		return []HoldsEvent{UnpaidHoldTaken{OrderID: c.OrderID, HeldUntil: c.Until.UTC()}}, nil
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
	s.until, s.released = cloneMap(s.until), cloneMap(s.released)
	switch ev := e.(type) {
	case UnpaidHoldTaken:
		s.until[ev.OrderID] = ev.HeldUntil
		delete(s.released, ev.OrderID)
	case UnpaidHoldReleased:
		s.released[ev.OrderID] = true
	default:
		panic(fmt.Sprintf("order: unknown holds event %T", e))
	}
	return s
}
