package dispatch

import (
	"fmt"
	"slices"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
)

// DriverDay commands.
type (
	DriverDayCommand interface{ isDriverDayCommand() }

	// BookDriverDay takes one of the driver's trips on the day for an order. TripsPerDay comes from
	// the driver's record as it is now; StartAt and EndAt are the trip's (refused when it overlaps a
	// trip the driver already carries; zero: not known, nothing to compare).
	BookDriverDay struct {
		DriverID    string
		Day         availability.Day
		OrderID     string
		TripsPerDay int
		StartAt     time.Time
		EndAt       time.Time
	}
	// ReleaseDriverDay gives the order's trip back (unassigned, or the assignment failed).
	ReleaseDriverDay struct {
		OrderID string
		Reason  string
	}
)

func (BookDriverDay) isDriverDayCommand()    {}
func (ReleaseDriverDay) isDriverDayCommand() {}

// DriverDay events.
type (
	DriverDayEvent interface{ isDriverDayEvent() }

	DriverDayBooked struct {
		DriverID    string           `json:"driver_id"`
		Day         availability.Day `json:"day"`
		OrderID     string           `json:"order_id"`
		TripsPerDay int              `json:"trips_per_day"`
		BookedAt    time.Time        `json:"booked_at"`
		// StartAt and EndAt are the trip's times (absent on bookings recorded before they were).
		StartAt time.Time `json:"start_at,omitzero"`
		EndAt   time.Time `json:"end_at,omitzero"`
	}
	DriverDayReleased struct {
		DriverID   string           `json:"driver_id"`
		Day        availability.Day `json:"day"`
		OrderID    string           `json:"order_id"`
		Reason     string           `json:"reason,omitempty"`
		ReleasedAt time.Time        `json:"released_at"`
	}
)

func (DriverDayBooked) isDriverDayEvent()   {}
func (DriverDayReleased) isDriverDayEvent() {}

// DriverDayState is the orders a driver carries on one day, with their trips' times.
type DriverDayState struct {
	driverID string
	day      availability.Day
	orders   []string
	booked   []booking
}

type booking struct {
	order      string
	start, end time.Time
}

// Orders are the orders the driver carries that day, in booking order.
func (s DriverDayState) Orders() []string { return slices.Clone(s.orders) }

// DriverDay is the decider of one driver's day.
var DriverDay = domain.Decider[DriverDayState, DriverDayCommand, DriverDayEvent]{
	Initial: func() DriverDayState { return DriverDayState{} },
	Decide:  DecideDriverDay,
	Evolve:  EvolveDriverDay,
}

// DecideDriverDay books or releases one of the driver's trips of the day.
func DecideDriverDay(s DriverDayState, cmd DriverDayCommand, now time.Time) ([]DriverDayEvent, error) {
	now = now.UTC()
	switch c := cmd.(type) {
	case BookDriverDay:
		if slices.Contains(s.orders, c.OrderID) {
			return nil, nil
		}
		if len(s.orders) >= max(c.TripsPerDay, 1) {
			return nil, ErrDriverFullyBooked
		}
		if err := s.busy(c.StartAt, c.EndAt); err != nil {
			return nil, err
		}
		return []DriverDayEvent{DriverDayBooked{DriverID: c.DriverID, Day: c.Day, OrderID: c.OrderID, TripsPerDay: c.TripsPerDay, BookedAt: now,
			StartAt: c.StartAt.UTC(), EndAt: c.EndAt.UTC()}}, nil
	case ReleaseDriverDay:
		if !slices.Contains(s.orders, c.OrderID) {
			return nil, nil
		}
		return []DriverDayEvent{DriverDayReleased{DriverID: s.driverID, Day: s.day, OrderID: c.OrderID, Reason: c.Reason, ReleasedAt: now}}, nil
	default:
		panic(fmt.Sprintf("dispatch: unknown driver day command %T", cmd))
	}
}

// EvolveDriverDay folds one event into the state.
func EvolveDriverDay(s DriverDayState, e DriverDayEvent) DriverDayState {
	switch ev := e.(type) {
	case DriverDayBooked:
		s.driverID, s.day = ev.DriverID, ev.Day
		s.orders = append(slices.Clone(s.orders), ev.OrderID)
		s.booked = append(slices.Clone(s.booked), booking{order: ev.OrderID, start: ev.StartAt, end: ev.EndAt})
	case DriverDayReleased:
		s.orders = slices.DeleteFunc(slices.Clone(s.orders), func(o string) bool { return o == ev.OrderID })
		s.booked = slices.DeleteFunc(slices.Clone(s.booked), func(b booking) bool { return b.order == ev.OrderID })
	default:
		panic(fmt.Sprintf("dispatch: unknown driver day event %T", e))
	}
	return s
}
