// Package availability is the decider of one day's booking capacity: the stream
// "availability-YYYY-MM-DD" holds every reservation made for trips starting that day (Cairo time).
// It is the only place where "is there still a car free that day?" is decided, so two travellers can
// never take the last car at the same time: every reservation is appended with the stream's expected
// version, and the count of reservations can never pass the day's capacity.
//
// The capacity (active drivers working that weekday × trips per driver per day) is looked up by the
// caller and arrives in the command; it is recorded in the event, so the history shows what the
// decision was based on. This package never looks anything up and never reads a clock.
package availability

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// Refusals. Keys name messages in internal/i18n (catalog_orders.go).
var (
	// ErrDateFullyBooked: every car of the day is held or confirmed.
	ErrDateFullyBooked = domain.Conflict("orders.date_fully_booked")
	// ErrReservationNotFound: the reservation was never made on this day.
	ErrReservationNotFound = domain.NotFound("orders.reservation_not_found")
	// ErrReservationReleased: the reservation id was used before and released; ids are not reused.
	ErrReservationReleased = domain.Conflict("orders.reservation_released")
	// ErrInvalidReservation: a command without a reservation id, order id or with a bad capacity.
	ErrInvalidReservation = domain.Invalid("orders.invalid_reservation")
)

// Why a reservation is released. Recorded in the event.
const (
	ReasonPaymentFailed = "payment_failed"
	ReasonExpired       = "expired"
	ReasonCancelled     = "cancelled"
	ReasonPlacingFailed = "placing_failed"
	ReasonExchanged     = "exchanged"
)

// Day is a Cairo calendar date, "YYYY-MM-DD".
type Day string

// ParseDay accepts "YYYY-MM-DD".
func ParseDay(s string) (Day, error) {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return "", fmt.Errorf("availability: day %q: %w", s, err)
	}
	return Day(s), nil
}

// DayOf is the calendar date of t in t's location (callers pass Cairo times).
func DayOf(t time.Time) Day { return Day(t.Format(time.DateOnly)) }

// Time is midnight of the day in loc.
func (d Day) Time(loc *time.Location) (time.Time, error) {
	return time.ParseInLocation(time.DateOnly, string(d), loc)
}

// Commands.
type Command interface{ isCommand() }

// ReserveCapacity holds one car of the day for an order until HoldUntil (the payment deadline).
// Reservation is a fresh id per placement attempt; reserving the same id again does nothing.
type ReserveCapacity struct {
	Reservation string
	OrderID     string
	Day         Day
	// Capacity is how many trips the day can take, as the catalogue says now.
	Capacity  int
	HoldUntil time.Time
}

// ConfirmReservation turns a hold into a confirmed booking (the order was paid). When the hold had
// lapsed and was released, it reserves again if a car is still free (a late payment), else refuses
// with ErrDateFullyBooked.
type ConfirmReservation struct {
	Reservation string
	Capacity    int
}

// ReleaseReservation frees the car. OnlyIfHeld leaves a confirmed reservation alone: an expiry or a
// payment failure racing a success must never free a paid car.
type ReleaseReservation struct {
	Reservation string
	Reason      string
	OnlyIfHeld  bool
}

func (ReserveCapacity) isCommand()    {}
func (ConfirmReservation) isCommand() {}
func (ReleaseReservation) isCommand() {}

// Events.
type Event interface{ isEvent() }

// CapacityReserved: a car of the day is held for an order until HeldUntil. Capacity is the day's
// capacity the decision used; Held is how many cars were held or confirmed after it.
type CapacityReserved struct {
	Reservation string    `json:"reservation"`
	OrderID     string    `json:"order_id"`
	Day         Day       `json:"day"`
	Capacity    int       `json:"capacity"`
	Held        int       `json:"held"`
	HeldUntil   time.Time `json:"held_until"`
}

// ReservationConfirmed: the held car is booked for good (paid).
type ReservationConfirmed struct {
	Reservation string `json:"reservation"`
	OrderID     string `json:"order_id"`
	Day         Day    `json:"day"`
}

// ReservationReleased: the car is free again.
type ReservationReleased struct {
	Reservation string `json:"reservation"`
	OrderID     string `json:"order_id"`
	Day         Day    `json:"day"`
	Reason      string `json:"reason"`
}

func (CapacityReserved) isEvent()     {}
func (ReservationConfirmed) isEvent() {}
func (ReservationReleased) isEvent()  {}

// Status of one reservation.
type Status int

const (
	Held Status = iota + 1
	Confirmed
	Released
)

type reservation struct {
	orderID string
	status  Status
}

// State is one day's reservations.
type State struct {
	day          Day
	capacity     int
	reservations map[string]reservation
	taken        int
}

// Taken is how many cars are held or confirmed.
func (s State) Taken() int { return s.taken }

// Capacity is the capacity recorded by the last reservation (0 before any).
func (s State) Capacity() int { return s.capacity }

// StatusOf returns a reservation's status, or 0 when unknown.
func (s State) StatusOf(reservation string) Status { return s.reservations[reservation].status }

// Decider is the day's decider.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  Decide,
	Evolve:  Evolve,
	// Evolve copies the reservations before it changes them: a busy day's stream is folded once per
	// process and evolved by each new event, where folding it afresh for every order cost a copy of
	// the reservations per event.
	StatesShareNothing: true,
}

// Decide turns a command into events or refuses it.
func Decide(s State, cmd Command, _ time.Time) ([]Event, error) {
	switch c := cmd.(type) {
	case ReserveCapacity:
		return decideReserve(s, c)
	case ConfirmReservation:
		return decideConfirm(s, c)
	case ReleaseReservation:
		return decideRelease(s, c)
	default:
		panic(fmt.Sprintf("availability: unknown command %T", cmd))
	}
}

func decideReserve(s State, c ReserveCapacity) ([]Event, error) {
	if c.Reservation == "" || c.OrderID == "" || c.Capacity < 0 || c.Day == "" {
		return nil, ErrInvalidReservation
	}
	if s.day != "" && c.Day != s.day {
		return nil, ErrInvalidReservation
	}
	switch s.reservations[c.Reservation].status {
	case Held, Confirmed:
		return nil, nil
	case Released:
		return nil, ErrReservationReleased
	}
	if s.taken >= c.Capacity {
		return nil, ErrDateFullyBooked
	}
	return []Event{CapacityReserved{
		Reservation: c.Reservation, OrderID: c.OrderID, Day: c.Day,
		Capacity: c.Capacity, Held: s.taken + 1, HeldUntil: c.HoldUntil.UTC(),
	}}, nil
}

func decideConfirm(s State, c ConfirmReservation) ([]Event, error) {
	r, ok := s.reservations[c.Reservation]
	if !ok {
		return nil, ErrReservationNotFound
	}
	switch r.status {
	case Confirmed:
		return nil, nil
	case Held:
		return []Event{ReservationConfirmed{Reservation: c.Reservation, OrderID: r.orderID, Day: s.day}}, nil
	case Released:
		if s.taken >= c.Capacity {
			return nil, ErrDateFullyBooked
		}
		return []Event{
			CapacityReserved{Reservation: c.Reservation, OrderID: r.orderID, Day: s.day, Capacity: c.Capacity, Held: s.taken + 1},
			ReservationConfirmed{Reservation: c.Reservation, OrderID: r.orderID, Day: s.day},
		}, nil
	}
	panic(fmt.Sprintf("availability: reservation %s has status %d", c.Reservation, r.status))
}

func decideRelease(s State, c ReleaseReservation) ([]Event, error) {
	r, ok := s.reservations[c.Reservation]
	if !ok || r.status == Released {
		// Releasing what was never held (a compensation after a failed reserve) or twice is a no-op.
		return nil, nil
	}
	if r.status == Confirmed && c.OnlyIfHeld {
		return nil, nil
	}
	return []Event{ReservationReleased{Reservation: c.Reservation, OrderID: r.orderID, Day: s.day, Reason: c.Reason}}, nil
}

// Evolve folds one event into the state.
func Evolve(s State, e Event) State {
	next := s
	next.reservations = make(map[string]reservation, len(s.reservations)+1)
	for k, v := range s.reservations {
		next.reservations[k] = v
	}
	switch ev := e.(type) {
	case CapacityReserved:
		next.day = ev.Day
		next.capacity = ev.Capacity
		next.reservations[ev.Reservation] = reservation{orderID: ev.OrderID, status: Held}
		next.taken++
	case ReservationConfirmed:
		r := next.reservations[ev.Reservation]
		r.status = Confirmed
		next.reservations[ev.Reservation] = r
	case ReservationReleased:
		r := next.reservations[ev.Reservation]
		if r.status == Held || r.status == Confirmed {
			next.taken--
		}
		r.status = Released
		next.reservations[ev.Reservation] = r
	default:
		panic(fmt.Sprintf("availability: unknown event %T", e))
	}
	return next
}
