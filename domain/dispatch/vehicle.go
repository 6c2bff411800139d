package dispatch

import (
	"slices"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
)

// The car must fit the order: the class of car the traveller booked (its rate plan, which names how
// many seats the class has) and their group. Before this rule a 7-seat family-minivan order could be
// given to a four-seat Corolla without a word. The driver's record names the car's seats, not its
// class, so a class is matched by its seats.
const (
	KeyCarTooSmallForClass = "dispatch.car_too_small_for_class"
	KeyCarTooSmallForGroup = "dispatch.car_too_small_for_group"
	KeyDriverBusy          = "dispatch.driver_busy"
)

// Sentinels of the refusals below (errors.Is matches them whatever their arguments).
var (
	ErrCarTooSmallForClass = domain.Invalid(KeyCarTooSmallForClass)
	ErrCarTooSmallForGroup = domain.Invalid(KeyCarTooSmallForGroup)
	ErrDriverBusy          = domain.Conflict(KeyDriverBusy)
)

// VehicleClass is the class of car an order booked (its rate plan) with the seats the class has, as
// the catalogue says at assignment (0 seats: not known, only the group is matched).
type VehicleClass struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	NameAR string `json:"name_ar,omitempty"`
	Seats  int    `json:"seats,omitempty"`
}

// VehicleOverride is a staff member's explicit decision to send a car that does not fit the order,
// recorded on the assignment with their reason.
type VehicleOverride struct {
	Reason string `json:"reason"`
	// Seats is the car's, Needed what the order needed.
	Seats  int `json:"seats"`
	Needed int `json:"needed"`
}

// SeatsNeeded is how many seats the order needs: its class's, or its group's when that is larger.
func (o OrderFacts) SeatsNeeded() int { return max(o.Class.Seats, o.Travellers) }

// CarTooSmall is CheckVehicle's refusal: the translated reason (a *domain.Error, which errors.Is and
// errors.As find through it) with the car's seats and the seats the order needs, so that staff can
// be told what an override would send.
type CarTooSmall struct {
	Reason *domain.Error
	Seats  int
	Needed int
}

func (e *CarTooSmall) Error() string { return e.Reason.Error() }
func (e *CarTooSmall) Unwrap() error { return e.Reason }

// CheckVehicle refuses a car with fewer seats than the order's class or group needs, saying which
// (in the reader's language: the class's name is a domain.Text), as a *CarTooSmall.
func CheckVehicle(o OrderFacts, d Driver) error {
	if o.Class.Seats > 0 && d.Seats < o.Class.Seats {
		return &CarTooSmall{Seats: d.Seats, Needed: o.SeatsNeeded(), Reason: &domain.Error{Kind: domain.KindInvalid, Key: KeyCarTooSmallForClass,
			Args: []any{d.Seats, domain.Text{En: o.Class.Name, Ar: o.Class.NameAR}, o.Class.Seats}}}
	}
	if o.Travellers > 0 && d.Seats < o.Travellers {
		return &CarTooSmall{Seats: d.Seats, Needed: o.SeatsNeeded(),
			Reason: &domain.Error{Kind: domain.KindInvalid, Key: KeyCarTooSmallForGroup, Args: []any{d.Seats, o.Travellers}}}
	}
	return nil
}

// busy refuses a booking whose trip overlaps one the driver still carries that day (but the trip of
// order except; a trip in ended counts until it ended), naming it and its Cairo times. Times are
// instants, so a trip of the day before that runs past midnight is compared as it is.
func (s DriverDayState) busy(start, end time.Time, except string, ended map[string]time.Time) error {
	if b, ok := s.overlapping(start, end, except, ended); ok {
		return &domain.Error{Kind: domain.KindConflict, Key: KeyDriverBusy, Args: []any{b.order,
			domain.TimeOfDayOf(b.start.In(catalogue.Cairo)), domain.TimeOfDayOf(tripEnd(b.start, b.end).In(catalogue.Cairo))}}
	}
	return nil
}

// overlapping finds the first trip the driver carries that day (its own, then those of the day before
// carried over into it), other than order except's, that overlaps start–end. A trip in ended occupies the driver only until it ended; trips booked before
// their times were recorded (zero) overlap nothing.
func (s DriverDayState) overlapping(start, end time.Time, except string, ended map[string]time.Time) (booking, bool) {
	if start.IsZero() {
		return booking{}, false
	}
	end = tripEnd(start, end)
	for _, b := range slices.Concat(s.booked, s.carried) {
		if b.start.IsZero() || b.order == except {
			continue
		}
		until := tripEnd(b.start, b.end)
		if at, done := ended[b.order]; done && at.Before(until) {
			until = at
		}
		if !b.start.Before(until) {
			continue
		}
		if start.Before(until) && b.start.Before(end) {
			return b, true
		}
	}
	return booking{}, false
}

// tripEnd is end, or a minute after start for a trip whose length is not known.
func tripEnd(start, end time.Time) time.Time {
	if !end.After(start) {
		return start.Add(time.Minute)
	}
	return end
}
