package order

import (
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/trip"
)

// What a day offers one trip. The booking calendar of a traveller's cart and the pickup times of a
// day answer the same question, by this one rule: a day the calendar finds bookable (DayAvailable: in
// the booking window, open, a car free, a start left after the lead time) offers the starts from its
// earliest to its latest every trip.StartStep (DayStarts); the trip may be booked at those of them
// at which it fits one day (trip.FitOneDay, each start judged on a quote of its own); and the day is
// available to the trip only when it fits at one of them at least (OfferDay). Otherwise the calendar
// would offer a day whose pickup times are all refused.

// ReasonNoStartFits is why a day open for booking is blocked for a trip: it fits one day at none of
// the day's starts (too long, a stop closed by the time the day's first start reaches it).
const ReasonNoStartFits = "no_start_fits"

// TripDay is what one day offers one trip.
type TripDay struct {
	Status DayStatus
	// Why says why the day is blocked: "full", "closed" (the calendar's reason) or ReasonNoStartFits.
	// (The calendar's reason for a day, not a reason an order records.)
	Why string
	// Starts are the starts at which the trip may be booked, in order; empty unless available.
	Starts []time.Time
}

// DayStarts are the starts a bookable day offers before any trip is judged: from earliest to latest
// ("HH:MM" on Cairo's clock, as the calendar says them) every trip.StartStep. Counted on the clock,
// not as time elapsed since midnight, so the day summer time starts keeps its times. None when the
// day or a time does not read.
func DayStarts(day availability.Day, earliest, latest string) []time.Time {
	d, err := day.Time(catalogue.Cairo)
	if err != nil {
		return nil
	}
	first, errF := catalogue.Minutes(earliest)
	last, errL := catalogue.Minutes(latest)
	if errF != nil || errL != nil {
		return nil
	}
	step := int(trip.StartStep / time.Minute)
	var out []time.Time
	for m := first; m <= last; m += step {
		out = append(out, time.Date(d.Year(), d.Month(), d.Day(), m/60, m%60, 0, 0, catalogue.Cairo))
	}
	return out
}

// OfferDay decides what a day offers a trip. status and why are the day's as the calendar judges
// it before any trip; fits[i] is the trip's one-day verdict at starts[i] (the day's DayStarts, or the
// first of them: a day available at a prefix of its starts is available). A day the calendar blocks
// or puts out of range stays so; an available day offers the starts at which the trip fits, and is
// blocked with ReasonNoStartFits when there are none.
func OfferDay(status DayStatus, why string, starts []time.Time, fits []trip.DayFit) TripDay {
	if status != DayAvailable {
		return TripDay{Status: status, Why: why}
	}
	out := TripDay{Status: DayAvailable}
	for i, start := range starts {
		if i < len(fits) && fits[i].Fits() {
			out.Starts = append(out.Starts, start)
		}
	}
	if len(out.Starts) == 0 {
		return TripDay{Status: DayBlocked, Why: ReasonNoStartFits}
	}
	return out
}
