package dispatch

import (
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
)

// A trip is driven on its day. Before this rule a driver could start and complete a trip a week early,
// and the order it belonged to still looked bookable (and cancellable with a full refund).
var (
	ErrTooEarlyToStart = domain.Conflict("dispatch.too_early")
	ErrTripDayOver     = domain.Conflict("dispatch.trip_day_over")
	ErrOrderCancelled  = domain.Conflict("dispatch.order_cancelled")
	ErrTripCancelled   = domain.Conflict("dispatch.trip_cancelled")
)

// DefaultStartLead is how long before the pickup a driver may start a trip when the operator has not
// said otherwise (MISHWAR_TRIP_START_LEAD): time to drive to the pickup.
const DefaultStartLead = 2 * time.Hour

// Window is when a trip's steps may be taken: from Lead before its pickup (StartAt), and never before
// its Day begins in Cairo; a trip can be started until its day ends.
type Window struct {
	Day     availability.Day
	StartAt time.Time
	Lead    time.Duration
}

// WindowOf is the window of the order's trip with lead.
func WindowOf(o OrderFacts, lead time.Duration) Window {
	return Window{Day: o.Day, StartAt: o.StartAt, Lead: lead}
}

// Opens is the first moment a step may be taken.
func (w Window) Opens() time.Time {
	opens := w.StartAt.Add(-max(w.Lead, 0))
	if midnight, err := w.Day.Time(catalogue.Cairo); err == nil && opens.Before(midnight) {
		opens = midnight
	}
	return opens.UTC()
}

// Closes is the end of the trip's day in Cairo: a trip not started by then is not started at all (an
// operator sorts it out). Steps after the start may run past it (a late trip still gets completed).
func (w Window) Closes() time.Time {
	midnight, err := w.Day.Time(catalogue.Cairo)
	if err != nil {
		return w.StartAt.UTC()
	}
	return midnight.AddDate(0, 0, 1).UTC()
}

// checkStart refuses a start outside the window.
func (w Window) checkStart(now time.Time) error {
	if now.Before(w.Opens()) {
		return ErrTooEarlyToStart
	}
	if !now.Before(w.Closes()) {
		return ErrTripDayOver
	}
	return nil
}

// checkStep refuses a later step before the window opens (a clock that disagrees, or a stream
// written before the rule): nothing of a trip happens before its day.
func (w Window) checkStep(now time.Time) error {
	if now.Before(w.Opens()) {
		return ErrTooEarlyToStart
	}
	return nil
}

// checkOrder refuses a step on an order that is no longer going ahead. A cancelled order says so; an
// order that was never confirmed cannot have a trip to drive.
func checkOrder(o OrderFacts) error {
	switch {
	case o.Cancelled:
		return ErrOrderCancelled
	case !o.Confirmed:
		return ErrOrderNotConfirmed
	}
	return nil
}
