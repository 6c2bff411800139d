package order

import (
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/money"
)

// The order and its trip are one story. The driver's steps are decided on the trip's own stream
// (domain/dispatch); the order records them as its own facts, carried over by the order ↔ trip
// process (processes/ordertrip), so that:
//
//   - once the trip has started the traveller can no longer cancel, ask for a refund or exchange the
//     order (ErrTripStarted); staff can still cancel, with a reason, as a compensation, and refund
//     through their own refund;
//   - a completed trip completes the order (StatusCompleted, OrderCompleted);
//   - a start that reaches an order already cancelled changes nothing: the cancellation won, and the
//     same process takes the trip off the road.
//
// The caller also passes what the trip's stream says (TripStarted on the commands), so the rule
// holds from the moment the driver sets off, before the process has carried the start over.

// ErrTripStarted refuses the traveller's cancel, refund request or exchange once the trip has
// started, and anyone's exchange.
var ErrTripStarted = domain.Conflict("orders.trip_started")

// StatusCompleted: the trip was driven to its end.
const StatusCompleted Status = "completed"

// RecordTripStarted records on the order that its driver set off (dispatch's TripStarted).
type RecordTripStarted struct {
	DriverID  string
	StartedAt time.Time
}

// RecordTripCompleted records on the order that its trip ended (dispatch's TripCompleted), which
// completes the order. StartedAt is the trip's start, in case the start has not been recorded yet.
type RecordTripCompleted struct {
	DriverID    string
	StartedAt   time.Time
	CompletedAt time.Time
}

func (RecordTripStarted) isOrderCommand()   {}
func (RecordTripCompleted) isOrderCommand() {}

// TripStarted: the order's driver set off. From now on the traveller can no longer cancel, ask for a
// refund or exchange.
type TripStarted struct {
	DriverID  string    `json:"driver_id"`
	StartedAt time.Time `json:"started_at"`
}

// TripCompleted: the order's trip ended after its last stop.
type TripCompleted struct {
	DriverID    string    `json:"driver_id"`
	CompletedAt time.Time `json:"completed_at"`
}

// OrderCompleted: the order is fulfilled (its trip was completed while the order went ahead).
type OrderCompleted struct {
	CompletedAt time.Time `json:"completed_at"`
}

func (TripStarted) isOrderEvent()    {}
func (TripCompleted) isOrderEvent()  {}
func (OrderCompleted) isOrderEvent() {}

// journey is how far the order's trip has come, as the order knows it.
type journey struct {
	startedAt   time.Time
	completedAt time.Time
}

// TripStartedAt is when the driver set off (zero: not yet, as far as the order knows).
func (s State) TripStartedAt() time.Time { return s.journey.startedAt }

// CompletedAt is when the trip ended (zero: not yet).
func (s State) CompletedAt() time.Time { return s.journey.completedAt }

// underway reports whether the trip has started, by the order's own facts or by what the caller read
// on the trip's stream (tripStarted).
func (s State) underway(tripStarted bool) bool { return tripStarted || !s.journey.startedAt.IsZero() }

// refuseOnceUnderway is the traveller's side of the rule: nothing changes on their own once the
// trip has started. Staff pass (they compensate; each command says how).
func refuseOnceUnderway(s State, a Actor, tripStarted bool) error {
	if !a.Staff && s.underway(tripStarted) {
		return ErrTripStarted
	}
	return nil
}

func decideJourney(s State, cmd Command) ([]Event, error) {
	switch c := cmd.(type) {
	case RecordTripStarted:
		if !s.journey.startedAt.IsZero() || s.status != StatusConfirmed {
			// Already recorded, or the order stopped going ahead first (a cancellation won the race;
			// its release stops the trip).
			return nil, nil
		}
		return []Event{TripStarted{DriverID: c.DriverID, StartedAt: c.StartedAt.UTC()}}, nil
	case RecordTripCompleted:
		if s.status != StatusConfirmed {
			return nil, nil
		}
		var events []Event
		if s.journey.startedAt.IsZero() {
			// The start's record is late (its job is still retrying): the story is told in order.
			started := c.StartedAt
			if started.IsZero() {
				started = c.CompletedAt
			}
			events = append(events, TripStarted{DriverID: c.DriverID, StartedAt: started.UTC()})
		}
		return append(events,
			TripCompleted{DriverID: c.DriverID, CompletedAt: c.CompletedAt.UTC()},
			OrderCompleted{CompletedAt: c.CompletedAt.UTC()}), nil
	}
	panic(fmt.Sprintf("order: not a trip command %T", cmd))
}

// decideCancelUnderway is a cancellation after the trip started: only staff, with a reason, as a
// compensation. Nothing is refunded by the policy (the trip happened, at least in part); staff refund
// what they decide with their refund command.
func decideCancelUnderway(s State, c CancelOrder) ([]Event, error) {
	if !c.Actor.Staff {
		return nil, ErrTripStarted
	}
	if s.status != StatusConfirmed {
		return nil, ErrNotCancellable
	}
	reason, err := domain.Reason("reason", c.Reason, KeyReasonRequired)
	if err != nil {
		return nil, err
	}
	var events []Event
	if s.exchange != nil {
		events = append(events, ExchangeAbandoned{ExchangeID: s.exchange.id, NewReservation: s.exchange.reservation, Day: s.exchange.to.Day, Reason: "cancelled"})
	}
	return append(events, OrderCancelled{Reason: reason, ByStaff: true, Underway: true, RefundDue: money.New(0, money.EGP), Reservation: s.reservation}), nil
}

func evolveJourney(s State, e Event) State {
	switch ev := e.(type) {
	case TripStarted:
		s.journey.startedAt = ev.StartedAt
	case TripCompleted:
		s.journey.completedAt = ev.CompletedAt
	case OrderCompleted:
		s.status = StatusCompleted
	}
	return s
}
