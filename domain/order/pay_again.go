package order

import (
	"time"

	"mishwar/domain"
)

// Paying again: an order whose payment failed, or whose hold lapsed before it was paid, keeps its trip
// number. Its owner (or whoever proved the trip number and e-mail, on a guest's payment link) may pay
// it again while a car can still be held for its day: the caller holds a car on the day's stream
// first (domain/availability decides whether one is free), then this decider holds the order on that
// car again (OrderHeldAgain) and orders a new payment session in the same decision
// (PaymentSessionOrdered, opened by the payments process like any other). Whether the order may be
// paid again is decided here only (PayAgainRefusal), for the command and for the order page's button.

// Refusals of paying again. Keys name messages in internal/i18n (catalog_orders.go).
var (
	// ErrTooLateToPayAgain: the trip starts within the booking lead; no car is held for it any more.
	ErrTooLateToPayAgain = domain.Conflict("orders.too_late_to_pay_again")
	// ErrDayFullToPayAgain: every car of the trip's day was taken after this order's hold was let go.
	ErrDayFullToPayAgain = domain.Conflict("orders.day_full_to_pay_again")
)

// PayAgain holds the order on a car again and orders a payment session for its price, for an order
// whose payment failed or whose hold lapsed. Reservation is the car the caller held on the day's
// stream for it (Capacity says whether it could: CapacityKept, or CapacityLost when the day was
// full). PaymentID is the new session's id (the provider's idempotency key). An order that already
// waits for payment with its hold in place changes nothing: the caller answers with its session.
type PayAgain struct {
	Actor Actor
	// Proven: the caller checked the trip number and the e-mail the order was placed with (a guest's
	// payment link); otherwise Actor must be the owner or staff.
	Proven      bool
	Reservation string
	Capacity    CapacityCheck
	PaymentID   string
	Provider    string
	// Lang is the language the traveller asks to pay in ("" for the order's).
	Lang string
	// Policy is the booking rules in force now: the lead a trip's start must keep, the hold.
	Policy Policy
}

func (PayAgain) isOrderCommand() {}

// OrderHeldAgain: a car is held again for an order whose payment failed or whose hold lapsed; it waits
// for payment until HoldUntil, on the reservation Reservation. A PaymentSessionOrdered follows in the
// same decision.
type OrderHeldAgain struct {
	Reservation    string    `json:"reservation"`
	HoldUntil      time.Time `json:"hold_until"`
	PreviousStatus Status    `json:"previous_status"`
	ByUserID       string    `json:"by_user_id,omitempty"`
}

func (OrderHeldAgain) isOrderEvent() {}

// PayAgainRefusal says why the order cannot be paid again at now under the booking lead lead, or nil
// when it can (its payment failed or its hold lapsed, and its start is still outside the lead).
// Whether its day still has a car is not known here: the day's stream decides that.
func (s State) PayAgainRefusal(now time.Time, lead time.Duration) error {
	switch {
	case s.status == StatusPaymentFailed, s.status == StatusExpired:
	case s.status == StatusAwaitingPayment && !now.Before(s.holdUntil):
	default:
		return ErrNotAwaitingPayment
	}
	if s.trip.StartAt.Before(now.Add(lead)) {
		return ErrTooLateToPayAgain
	}
	return nil
}

// CanPayAgain reports whether the order can be paid again at now (PayAgainRefusal is nil).
func (s State) CanPayAgain(now time.Time, lead time.Duration) bool {
	return s.PayAgainRefusal(now, lead) == nil
}

// CanPayAgain is PayAgainRefusal for what a read model knows of an order (its status, hold and start):
// the order page offers "Pay now" by the same rule the command applies.
func CanPayAgain(status Status, holdUntil, startAt, now time.Time, lead time.Duration) bool {
	s := State{status: status, holdUntil: holdUntil, trip: Trip{StartAt: startAt}}
	return s.CanPayAgain(now, lead)
}

func decidePayAgain(s State, c PayAgain, now time.Time) ([]Event, error) {
	if !c.Proven {
		if err := authorize(s, c.Actor); err != nil {
			return nil, err
		}
	}
	if c.Reservation == "" || c.PaymentID == "" || c.Provider == "" {
		return nil, ErrInvalidOrder
	}
	if s.status == StatusAwaitingPayment && now.Before(s.holdUntil) {
		// Held already (a concurrent "pay again" won, or the order never lapsed): its session answers.
		return nil, nil
	}
	if err := s.PayAgainRefusal(now, c.Policy.Lead); err != nil {
		return nil, err
	}
	switch c.Capacity {
	case CapacityKept:
	case CapacityLost:
		return nil, ErrDayFullToPayAgain
	default:
		return nil, ErrCapacityCheckNeeded
	}
	var events []Event
	previous := s.status
	if s.status == StatusAwaitingPayment {
		// The hold lapsed and the expiry job has not come by yet: it expires here, first.
		expired := OrderExpired{Reservation: s.reservation, HeldUntil: s.holdUntil}
		events = append(events, expired)
		s = Evolve(s, expired)
		previous = StatusExpired
	}
	held := OrderHeldAgain{Reservation: c.Reservation, HoldUntil: now.Add(c.Policy.Hold).UTC(), PreviousStatus: previous}
	if !c.Actor.Staff {
		held.ByUserID = c.Actor.UserID
	}
	s = Evolve(s, held)
	opened, err := decideOpenPayment(s, OpenPayment{PaymentID: c.PaymentID, Purpose: PurposeOrder, Provider: c.Provider, Lang: c.Lang}, now)
	if err != nil {
		return nil, err
	}
	return append(append(events, held), opened...), nil
}
