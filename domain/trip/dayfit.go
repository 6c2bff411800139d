package trip

import (
	"time"

	"mishwar/domain"
)

// The one-day rule. A trip is booked as one day with one car: it fits when it takes no longer than
// the day plan, every stop is reached while it is open on that day and the trip is back before
// midnight. The cart's warnings, the checkout's refusal and the pickup times offered all ask this
// rule (FitOneDay), so they never disagree.

// Misfit is why an itinerary does not fit one day at its departure ("" when it fits).
type Misfit string

const (
	// FitsOneDay: nothing is wrong.
	FitsOneDay Misfit = ""
	// MisfitDayPlan: the trip takes longer than the day plan.
	MisfitDayPlan Misfit = "longer_than_day_plan"
	// MisfitClosedThatDay: a stop does not open on that day.
	MisfitClosedThatDay Misfit = "closed_that_day"
	// MisfitReachedClosed: a stop is reached after it closes, or closes before its visit ends.
	MisfitReachedClosed Misfit = "reached_when_closed"
	// MisfitPastMidnight: the trip ends after midnight.
	MisfitPastMidnight Misfit = "past_midnight"
)

// Suggestion is what the traveller can do about a misfit.
type Suggestion string

const (
	// SuggestNothing: the itinerary fits.
	SuggestNothing Suggestion = ""
	// SuggestSecondTrip: move the stops from DayFit.Stop on to a second trip.
	SuggestSecondTrip Suggestion = "second_trip"
	// SuggestStartBy: start by DayFit.StartBy (on the same day).
	SuggestStartBy Suggestion = "start_by"
	// SuggestAnotherDay: choose a day on which DayFit.Stop is open.
	SuggestAnotherDay Suggestion = "another_day"
)

// StartStep is the granularity of the start times suggested and offered.
const StartStep = 15 * time.Minute

// KeyStartOffStep: a pickup time asked for is not on the StartStep grid (internal/i18n).
const KeyStartOffStep = "trip.start_off_step"

// OnStartStep reports whether start is a pickup time the service offers: a whole number of StartSteps
// after midnight by its day's clock (10:00, 10:15, ...; never 10:07). Booking, exchanging and
// enquiring all ask it, so no trip is ever moved to a time the pickup list would not offer.
func OnStartStep(start time.Time) bool {
	h, m, s := start.Clock()
	return s == 0 && start.Nanosecond() == 0 && time.Duration(h*60+m)*time.Minute%StartStep == 0
}

// DayFit is the rule's verdict on a timed itinerary.
type DayFit struct {
	Misfit Misfit
	// Stop is the index (in Calculation.Stops) of the stop the verdict is about: the first stop to
	// move to a second trip, or the stop that is closed; -1 when none.
	Stop int
	// Closes is that stop's closing time on the day (MisfitReachedClosed).
	Closes time.Time
	// Finish is when the trip ends, for MisfitPastMidnight.
	Finish     time.Time
	Suggestion Suggestion
	// What else is wrong, beside the misfit reported first.
	LongerThanDayPlan, StopsClosed, PastMidnight bool
	// StartBy is the latest start (on StartStep) at which the schedule, moved earlier as a whole, fits
	// (SuggestStartBy). Traffic differs at another hour, so it is an estimate; the pickup times
	// offered are each judged on their own quote.
	StartBy time.Time
}

// Fits reports whether the itinerary fits one day.
func (f DayFit) Fits() bool { return f.Misfit == FitsOneDay }

// FitOneDay judges c, an itinerary timed from departure (Calculate). The day plan comes first (no
// start time mends it), then a stop closed all day (no time that day mends it), then stops reached
// when closed and an end after midnight, which an earlier start mends when the day allows one.
func FitOneDay(c Calculation, departure time.Time) DayFit {
	f := DayFit{Stop: -1}
	if len(c.Stops) == 0 {
		return f
	}
	y, m, d := departure.Date()
	midnight := time.Date(y, m, d+1, 0, 0, 0, 0, departure.Location())
	f.LongerThanDayPlan = c.Total() > DayPlan
	f.PastMidnight = c.Finish.After(midnight)
	// How much earlier the whole schedule must run so every visit ends by its stop's closing time
	// and the trip is back by midnight; and the first stop at fault.
	var earlier time.Duration
	closedThatDay, reachedClosed := -1, -1
	for i, s := range c.Stops {
		switch s.Problem {
		case StopOK:
			continue
		case StopClosedThatDay:
			if closedThatDay < 0 {
				closedThatDay = i
			}
		default:
			if reachedClosed < 0 {
				reachedClosed = i
			}
			earlier = max(earlier, s.Leave.Sub(s.Closes))
		}
		f.StopsClosed = true
	}
	if f.PastMidnight {
		f.Finish = c.Finish
		earlier = max(earlier, c.Finish.Sub(midnight))
	}
	switch {
	case f.LongerThanDayPlan:
		f.Misfit, f.Suggestion = MisfitDayPlan, SuggestSecondTrip
		f.Stop = c.SecondDayFrom
		if f.Stop < 0 {
			// Only the drive back overruns: the last stop is the one to move.
			f.Stop = len(c.Stops) - 1
		}
		return f
	case closedThatDay >= 0:
		f.Misfit, f.Suggestion, f.Stop = MisfitClosedThatDay, SuggestAnotherDay, closedThatDay
		return f
	case reachedClosed >= 0:
		f.Misfit, f.Stop, f.Closes = MisfitReachedClosed, reachedClosed, c.Stops[reachedClosed].Closes
	case f.PastMidnight:
		f.Misfit = MisfitPastMidnight
	default:
		return f
	}
	startBy := floorStep(departure.Add(-earlier), departure)
	if startBy.Before(time.Date(y, m, d, 0, 0, 0, 0, departure.Location())) {
		// No start on that day mends it: the stops from the one at fault go to a second trip.
		f.Suggestion = SuggestSecondTrip
		if f.Stop < 0 {
			f.Stop = len(c.Stops) - 1
		}
		return f
	}
	f.Suggestion, f.StartBy = SuggestStartBy, startBy
	return f
}

// NotBefore is the verdict for a day whose first pickup is at earliest: a start-by suggestion
// earlier than that cannot be taken, so the stops from the one at fault go to a second trip.
func (f DayFit) NotBefore(earliest time.Time) DayFit {
	if f.Suggestion == SuggestStartBy && f.StartBy.Before(earliest) {
		f.Suggestion, f.StartBy = SuggestSecondTrip, time.Time{}
	}
	return f
}

// StartByAmong is the verdict with its start-by suggestion taken from fitting, the starts of the
// same day known to fit (each judged on a quote of its own, as the pickup times offered are): the
// latest of them before departure. FitOneDay's StartBy moves the whole schedule earlier with its
// traffic, which at that earlier hour is not the same, so it may name a start that does not fit
// either. With no fitting start before departure, no start that day mends it: the stops from the
// one at fault go to a second trip.
func (f DayFit) StartByAmong(departure time.Time, fitting []time.Time) DayFit {
	if f.Suggestion != SuggestStartBy {
		return f
	}
	var best time.Time
	for _, t := range fitting {
		if t.Before(departure) && t.After(best) {
			best = t
		}
	}
	if best.IsZero() {
		f.Suggestion, f.StartBy = SuggestSecondTrip, time.Time{}
		return f
	}
	f.StartBy = best.In(departure.Location())
	return f
}

// floorStep moves t back to a StartStep boundary of its day's clock.
func floorStep(t, ref time.Time) time.Time {
	t = t.In(ref.Location())
	y, m, d := t.Date()
	midnight := time.Date(y, m, d, 0, 0, 0, 0, t.Location())
	since := t.Sub(midnight)
	return midnight.Add(since - since%StartStep)
}

// Message keys of the rule's verdicts (internal/i18n, catalog_cart.go). A reason takes the stop's
// name (and its closing time or the trip's end); a suggestion takes a stop's name or a time.
const (
	KeyNotOneDay           = "trip.not_one_day"
	KeyReasonDayPlan       = "trip.reason.longer_than_day_plan"
	KeyReasonClosedThatDay = "trip.reason.closed_that_day"
	KeyReasonReachedClosed = "trip.reason.reached_when_closed"
	KeyReasonPastMidnight  = "trip.reason.past_midnight"
	KeySuggestSecondTrip   = "trip.suggest.second_trip"
	KeySuggestStartBy      = "trip.suggest.start_by"
	KeySuggestAnotherDay   = "trip.suggest.another_day"
	KeySuggestProgramDay   = "trip.suggest.program_day"
	KeyNoPickupTimeFits    = "trip.no_pickup_time_fits"
)

// Verdict is a DayFit said in words: message keys with their arguments (stop names in both
// languages as domain.Text, times as domain.TimeOfDay on the trip's clock).
type Verdict struct {
	Misfit     Misfit
	Reason     domain.Message
	Suggestion domain.Message
	// Stop is the item the verdict is about (its position in the itinerary, from 1), 0 when none.
	Stop int
	// StartBy is "HH:MM" for SuggestStartBy.
	StartBy string
}

// Verdict is the quote's DayFit (Calc.Fit) in words; the zero Verdict when it fits.
func (q Quote) Verdict() Verdict {
	f := q.Calc.Fit
	if f.Fits() {
		return Verdict{}
	}
	v := Verdict{Misfit: f.Misfit}
	var name domain.Text
	if s, ok := q.stopAt(f.Stop); ok {
		name = domain.Text{En: s.Destination.NameEN, Ar: s.Destination.Name("ar")}
		v.Stop = s.Item.Position
	}
	switch f.Misfit {
	case MisfitDayPlan:
		v.Reason = domain.Msg(KeyReasonDayPlan, int(DayPlan/time.Hour))
	case MisfitClosedThatDay:
		v.Reason = domain.Msg(KeyReasonClosedThatDay, name)
	case MisfitReachedClosed:
		v.Reason = domain.Msg(KeyReasonReachedClosed, name, domain.TimeOfDayOf(f.Closes))
	case MisfitPastMidnight:
		v.Reason = domain.Msg(KeyReasonPastMidnight, domain.TimeOfDayOf(f.Finish))
	}
	switch f.Suggestion {
	case SuggestSecondTrip:
		v.Suggestion = domain.Msg(KeySuggestSecondTrip, name)
	case SuggestStartBy:
		startBy := domain.TimeOfDayOf(f.StartBy)
		v.StartBy = startBy.ClockTime()
		v.Suggestion = domain.Msg(KeySuggestStartBy, startBy)
	case SuggestAnotherDay:
		v.Suggestion = domain.Msg(KeySuggestAnotherDay, name)
	}
	return v
}

// OfProgram is the verdict on a program's itinerary: its stops are the operator's, not the traveller's
// to move to a second trip, so that suggestion becomes another day or a pickup point nearer its sights.
// (Starting earlier and choosing a day the stop is open stay as they are: a traveller can take them.)
func (v Verdict) OfProgram() Verdict {
	if v.Suggestion.Key == KeySuggestSecondTrip {
		v.Suggestion = domain.Msg(KeySuggestProgramDay)
	}
	return v
}

// Refusal is the checkout's refusal of an itinerary that does not fit one day (422): its reason and
// what to do, in one message. Nil when it fits.
func (v Verdict) Refusal() error {
	if v.Misfit == FitsOneDay {
		return nil
	}
	return domain.InvalidWith(KeyNotOneDay, v.Reason, v.Suggestion)
}

// stopAt is the quoted stop behind Calc.Stops[i] (the stops still offered, in order).
func (q Quote) stopAt(i int) (QuotedStop, bool) {
	if i < 0 {
		return QuotedStop{}, false
	}
	k := 0
	for _, s := range q.Stops {
		if !s.Available {
			continue
		}
		if k == i {
			return s, true
		}
		k++
	}
	return QuotedStop{}, false
}
