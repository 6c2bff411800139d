package dispatch

import (
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
)

// Cause is why a rule (not a person) took a driver off a trip, as data: a code and what it names,
// so that staff read it in their own language. The event's free Reason beside it says the same in
// English. Events recorded before causes were, and a person's own unassignment (their words), have
// the text only: their Cause is nil.
type Cause struct {
	Code string `json:"code"`
	// Day is the trip's new day (CauseMovedToDay).
	Day availability.Day `json:"day,omitempty"`
	// Trip is the driver's other trip, StartAt and EndAt its times (CauseTimesOverlap).
	Trip    string    `json:"trip,omitempty"`
	StartAt time.Time `json:"start_at,omitzero"`
	EndAt   time.Time `json:"end_at,omitzero"`
}

// Cause codes.
const (
	// CauseMovedToDay: an exchange moved the order to another day, Day (MoveTrip).
	CauseMovedToDay = "moved_to_day"
	// CauseTimesOverlap: an exchange within the day put the trip over Trip, another of the driver's
	// trips that day, from StartAt to EndAt (RetimeDriverDay).
	CauseTimesOverlap = "times_overlap"
)

// MovedToDay is the cause of a driver released because the trip moved to day.
func MovedToDay(day availability.Day) *Cause { return &Cause{Code: CauseMovedToDay, Day: day} }

// TimesOverlap is the cause of a driver released because the trip's new times overlap trip, which
// the driver carries from start to end.
func TimesOverlap(trip string, start, end time.Time) *Cause {
	return &Cause{Code: CauseTimesOverlap, Trip: trip, StartAt: start.UTC(), EndAt: end.UTC()}
}

// Text says the cause in English, as the event's Reason records it (the other trip's times in
// Cairo): "the trip moved to 2026-11-19", "the new times overlap trip MSH-BBBBBB (14:00–16:00)".
func (c Cause) Text() string {
	switch c.Code {
	case CauseMovedToDay:
		return "the trip moved to " + string(c.Day)
	case CauseTimesOverlap:
		return fmt.Sprintf("the new times overlap trip %s (%s–%s)", c.Trip,
			domain.TimeOfDayOf(c.StartAt.In(catalogue.Cairo)), domain.TimeOfDayOf(c.EndAt.In(catalogue.Cairo)))
	default:
		return c.Code
	}
}
