package trip

import (
	"time"

	"mishwar/domain/catalogue"
)

// Span is one opening period of a day, in minutes after midnight: Open ≤ t < Close. Close may be
// 24*60 (open until midnight); periods across midnight are split by whoever builds the hours.
type Span struct {
	Open, Close int
}

// OpeningHours are a stop's weekly opening periods. A nil value means the hours are unknown and
// nothing is flagged; a weekday with no periods in a non-nil value means closed that day.
type OpeningHours map[time.Weekday][]Span

// check says what is wrong with being at a stop from arrive to leave (both in the stop's clock).
// Only the day of arrival counts: a visit never runs over midnight in a day trip.
func (h OpeningHours) check(arrive, leave time.Time) (StopProblem, time.Time) {
	if h == nil {
		return StopOK, time.Time{}
	}
	spans := h[arrive.Weekday()]
	if len(spans) == 0 {
		return StopClosedThatDay, time.Time{}
	}
	// Wall-clock times, not midnight plus a duration: Egypt's summer-time changes happen at midnight.
	y, m, d := arrive.Date()
	at := func(minutes int) time.Time {
		return time.Date(y, m, d, minutes/60, minutes%60, 0, 0, arrive.Location())
	}
	lastClose := spans[0].Close
	for _, s := range spans {
		lastClose = max(lastClose, s.Close)
	}
	closes := at(lastClose)
	if !arrive.Before(closes) {
		return StopAfterClosing, closes
	}
	for _, s := range spans {
		open, close := at(s.Open), at(s.Close)
		if !arrive.Before(open) && arrive.Before(close) {
			if leave.After(close) {
				return StopClosesDuringVisit, closes
			}
			return StopOK, closes
		}
	}
	// Reached before opening or in a midday break: the traveller waits, the visit still happens.
	return StopOK, closes
}

// WeeklyOpeningHours converts a catalogue place's weekly hours. A place with no hours at all is taken
// as "hours unknown" rather than "closed every day", which would flag every trip.
func WeeklyOpeningHours(w catalogue.WeeklyHours) (OpeningHours, error) {
	if len(w) == 0 {
		return nil, nil
	}
	h := OpeningHours{}
	for _, d := range w {
		open, err := catalogue.Minutes(d.Open)
		if err != nil {
			return nil, err
		}
		closing, err := catalogue.Minutes(d.Close)
		if err != nil {
			return nil, err
		}
		h[d.Day] = append(h[d.Day], Span{Open: open, Close: closing})
	}
	return h, nil
}
