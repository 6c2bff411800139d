package order_test

import (
	"slices"
	"testing"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/order"
	dtrip "mishwar/domain/trip"
)

// A trip that reaches a stop closing at 15:00 in time only when it starts by 10:15: each start's
// verdict, as its own quote would judge it.
func reachedInTimeBy1015(starts []time.Time) []dtrip.DayFit {
	fits := make([]dtrip.DayFit, len(starts))
	for i, s := range starts {
		if s.Hour()*60+s.Minute() > 10*60+15 {
			fits[i] = dtrip.DayFit{Misfit: dtrip.MisfitReachedClosed, Stop: 0}
		}
	}
	return fits
}

func clocks(ts []time.Time) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.In(catalogue.Cairo).Format("15:04"))
	}
	return out
}

func TestADayIsAvailableToATripOnlyWhenOneOfItsStartsFitsTheTrip(t *testing.T) {
	const day = availability.Day("2026-12-07")
	cases := []struct {
		name string
		// given the day as the calendar judges it before any trip,
		status           order.DayStatus
		reason           string
		earliest, latest string
		// then
		wantStatus order.DayStatus
		wantReason string
		wantStarts []string
	}{
		{name: "a day whose early starts are past the lead time offers none that fits, so it is not available",
			status: order.DayAvailable, earliest: "10:30", latest: "21:45",
			wantStatus: order.DayBlocked, wantReason: order.ReasonNoStartFits},
		{name: "a day whose first start is the last that fits offers exactly that start",
			status: order.DayAvailable, earliest: "10:15", latest: "21:45",
			wantStatus: order.DayAvailable, wantStarts: []string{"10:15"}},
		{name: "a day open from early offers every start that fits and none after",
			status: order.DayAvailable, earliest: "09:00", latest: "21:45",
			wantStatus: order.DayAvailable, wantStarts: []string{"09:00", "09:15", "09:30", "09:45", "10:00", "10:15"}},
		{name: "a day whose cars are all taken stays full, whatever the trip",
			status: order.DayBlocked, reason: "full",
			wantStatus: order.DayBlocked, wantReason: "full"},
		{name: "a closed day stays closed",
			status: order.DayBlocked, reason: "closed",
			wantStatus: order.DayBlocked, wantReason: "closed"},
		{name: "a day out of range stays out of range",
			status: order.DayOutOfRange, wantStatus: order.DayOutOfRange},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// when the trip is judged at each of the day's starts,
			starts := order.DayStarts(day, c.earliest, c.latest)
			got := order.OfferDay(c.status, c.reason, starts, reachedInTimeBy1015(starts))
			// then the day's status and its starts are the rule's.
			if got.Status != c.wantStatus || got.Why != c.wantReason || !slices.Equal(clocks(got.Starts), c.wantStarts) {
				t.Fatalf("got %s %q %v, want %s %q %v", got.Status, got.Why, clocks(got.Starts), c.wantStatus, c.wantReason, c.wantStarts)
			}
		})
	}
}

func TestADayAvailableAtItsFirstStartsIsAvailable(t *testing.T) {
	// Given a day from 09:00 to 21:45, when only its first start is judged and fits,
	starts := order.DayStarts("2026-12-07", "09:00", "21:45")
	got := order.OfferDay(order.DayAvailable, "", starts[:1], reachedInTimeBy1015(starts[:1]))
	// then the day is available: judging the rest can only add starts.
	if got.Status != order.DayAvailable || len(got.Starts) != 1 {
		t.Fatalf("got %+v", got)
	}
}

func TestTheDaysStartsAreEveryStepOnCairosClock(t *testing.T) {
	// Given the day summer time starts in Cairo (the last Friday of April), when its starts are counted,
	// then they are every 15 minutes on the clock.
	starts := order.DayStarts("2026-04-24", "09:00", "09:30")
	if got := clocks(starts); !slices.Equal(got, []string{"09:00", "09:15", "09:30"}) {
		t.Fatalf("starts %v", got)
	}
	if order.DayStarts("2026-04-24", "nine", "09:30") != nil || order.DayStarts("someday", "09:00", "09:30") != nil {
		t.Fatal("a day or time that does not read offers starts")
	}
}
