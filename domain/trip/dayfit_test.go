package trip_test

import (
	"errors"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/trip"
)

// The one-day rule: given an itinerary timed from a departure, when it is judged, then it fits or
// says why not and what to do.

func judge(t *testing.T, in trip.Input) trip.DayFit {
	t.Helper()
	c, err := trip.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if c.Fit != trip.FitOneDay(c, in.Departure) {
		t.Fatalf("Calculate's verdict %+v is not the rule's", c.Fit)
	}
	return c.Fit
}

func TestAnItineraryWithinTheDayPlanOpenAndBackBeforeMidnightFits(t *testing.T) {
	// given the known itinerary leaving on a Monday at 09:00 (about 5 h 49 min, every stop open)
	in := knownItinerary(at(2, 9, 0, 0))
	// when it is judged
	f := judge(t, in)
	// then it fits, with nothing to suggest
	if !f.Fits() || f.Suggestion != trip.SuggestNothing || f.Stop != -1 || f.LongerThanDayPlan || f.StopsClosed || f.PastMidnight {
		t.Fatalf("verdict %+v, want a fit", f)
	}
}

func TestLongerThanTheDayPlanSuggestsMovingTheStopsFromTheOverrunningOneToASecondTrip(t *testing.T) {
	// given visits long enough that the citadel's visit ends after the eighth hour
	in := knownItinerary(at(2, 9, 0, 0))
	in.Stops[1].Visit = 4 * time.Hour
	in.Stops[2].Hours = nil
	// when it is judged
	f := judge(t, in)
	// then it does not fit the day plan; the citadel and what follows go to a second trip
	if f.Misfit != trip.MisfitDayPlan || f.Suggestion != trip.SuggestSecondTrip || f.Stop != 2 || !f.LongerThanDayPlan {
		t.Fatalf("verdict %+v, want the day plan with a second trip from stop 2", f)
	}
}

func TestOnlyTheDriveBackOverrunningMovesTheLastStop(t *testing.T) {
	// given an itinerary whose last visit ends within the eighth hour but the drive back does not
	in := knownItinerary(at(2, 9, 0, 0))
	in.Stops[1].Visit = 4*time.Hour - 35*time.Minute
	in.Stops[2].Hours = nil
	// when it is judged
	f := judge(t, in)
	// then the last stop is the one to move
	if f.Misfit != trip.MisfitDayPlan || f.Suggestion != trip.SuggestSecondTrip || f.Stop != 2 {
		t.Fatalf("verdict %+v, want a second trip from the last stop", f)
	}
}

func TestTheDayPlanComesBeforeAClosedStop(t *testing.T) {
	// given a too-long trip on a Friday, when the citadel is closed
	in := knownItinerary(at(6, 9, 0, 0))
	in.Stops[1].Visit = 5 * time.Hour
	// when it is judged
	f := judge(t, in)
	// then the day plan is the reason (no day mends it) and the closed stop is still noted
	if f.Misfit != trip.MisfitDayPlan || !f.StopsClosed {
		t.Fatalf("verdict %+v", f)
	}
}

func TestAStopClosedAllThatDaySuggestsAnotherDay(t *testing.T) {
	// given the known itinerary on a Friday, when the citadel is closed
	in := knownItinerary(at(6, 9, 0, 0))
	// when it is judged
	f := judge(t, in)
	// then no time that day mends it: another day
	if f.Misfit != trip.MisfitClosedThatDay || f.Suggestion != trip.SuggestAnotherDay || f.Stop != 2 {
		t.Fatalf("verdict %+v, want the citadel closed that day", f)
	}
}

func TestAStopReachedAfterClosingSuggestsTheLatestStartThatReachesItOpen(t *testing.T) {
	// given the known itinerary leaving at 14:00: the citadel (closes 16:00) is reached at 18:39
	in := knownItinerary(at(2, 14, 0, 0))
	// when it is judged
	f := judge(t, in)
	// then its visit (ending 19:39:20) must move 3 h 39 min 20 s earlier: start by 10:15
	if f.Misfit != trip.MisfitReachedClosed || f.Suggestion != trip.SuggestStartBy || f.Stop != 2 || !f.Closes.Equal(at(2, 16, 0, 0)) {
		t.Fatalf("verdict %+v, want the citadel reached when closed", f)
	}
	if !f.StartBy.Equal(at(2, 10, 15, 0)) {
		t.Fatalf("start by %v, want 10:15", f.StartBy)
	}
	// and starting then, it fits
	if g := judge(t, knownItinerary(f.StartBy)); !g.Fits() {
		t.Fatalf("at the suggested start: %+v", g)
	}
}

func TestATripEndingAfterMidnightSuggestsAStartThatIsBackByMidnight(t *testing.T) {
	// given the known itinerary with no opening hours, leaving at 21:00 (6 h 19.5 min: back 03:19:30)
	in := knownItinerary(at(2, 21, 0, 0))
	for i := range in.Stops {
		in.Stops[i].Hours = nil
	}
	// when it is judged
	f := judge(t, in)
	// then it ends past midnight; start by 17:30 (17:40:30 on the quarter hour)
	if f.Misfit != trip.MisfitPastMidnight || !f.PastMidnight || !f.Finish.Equal(at(3, 3, 19, 30)) {
		t.Fatalf("verdict %+v, want past midnight", f)
	}
	if f.Suggestion != trip.SuggestStartBy || !f.StartBy.Equal(at(2, 17, 30, 0)) {
		t.Fatalf("suggestion %s by %v, want start by 17:30", f.Suggestion, f.StartBy)
	}
}

func TestWhenNoStartThatDayMendsItTheStopGoesToASecondTrip(t *testing.T) {
	// given a first stop open only from midnight to 00:30, reached at 09:35
	in := knownItinerary(at(2, 9, 0, 0))
	in.Stops[0].Hours = trip.OpeningHours{time.Monday: {{Open: 0, Close: 30}}}
	// when it is judged
	f := judge(t, in)
	// then starting earlier would mean the day before: move it to a second trip
	if f.Misfit != trip.MisfitReachedClosed || f.Suggestion != trip.SuggestSecondTrip || f.Stop != 0 {
		t.Fatalf("verdict %+v", f)
	}
}

func TestAStartBySuggestionBeforeTheDaysFirstPickupBecomesASecondTrip(t *testing.T) {
	// given the verdict at 14:00 (start by 10:15), when the day's first pickup is 11:00
	f := judge(t, knownItinerary(at(2, 14, 0, 0))).NotBefore(at(2, 11, 0, 0))
	// then the citadel goes to a second trip
	if f.Suggestion != trip.SuggestSecondTrip || f.Stop != 2 || !f.StartBy.IsZero() {
		t.Fatalf("verdict %+v", f)
	}
	// and a first pickup at 09:00 keeps the suggestion
	if g := judge(t, knownItinerary(at(2, 14, 0, 0))).NotBefore(at(2, 9, 0, 0)); g.Suggestion != trip.SuggestStartBy {
		t.Fatalf("verdict %+v", g)
	}
}

func TestAStartBySuggestionIsTheLatestStartOfTheDayKnownToFit(t *testing.T) {
	// given the verdict at 14:00, whose schedule moved earlier as a whole says start by 10:15
	f := judge(t, knownItinerary(at(2, 14, 0, 0)))
	if f.Suggestion != trip.SuggestStartBy || !f.StartBy.Equal(at(2, 10, 15, 0)) {
		t.Fatalf("verdict %+v", f)
	}
	// when the starts of the day judged one by one fit only until 09:30 (later ones meet more traffic)
	// and again at 15:00 (after the chosen start, which cannot mend it)
	g := f.StartByAmong(at(2, 14, 0, 0), []time.Time{at(2, 9, 0, 0), at(2, 9, 30, 0), at(2, 9, 15, 0), at(2, 15, 0, 0)})
	// then the suggestion is the latest of them before the chosen start, not the estimate
	if g.Suggestion != trip.SuggestStartBy || !g.StartBy.Equal(at(2, 9, 30, 0)) || g.Misfit != f.Misfit || g.Stop != f.Stop {
		t.Fatalf("verdict %+v", g)
	}
	// and when no start before it fits that day, the citadel goes to a second trip
	if h := f.StartByAmong(at(2, 14, 0, 0), []time.Time{at(2, 15, 0, 0)}); h.Suggestion != trip.SuggestSecondTrip || !h.StartBy.IsZero() || h.Stop != 2 {
		t.Fatalf("verdict %+v", h)
	}
	// a verdict suggesting no start is left as it is
	long := knownItinerary(at(2, 9, 0, 0))
	for i := range long.Stops {
		long.Stops[i].Visit = 4 * time.Hour
		long.Stops[i].Hours = nil
	}
	if d := judge(t, long); d.StartByAmong(at(2, 9, 0, 0), nil) != d {
		t.Fatalf("a day-plan verdict changed: %+v", d.StartByAmong(at(2, 9, 0, 0), nil))
	}
}

func TestAPastMidnightTripIsWarnedAbout(t *testing.T) {
	// given a trip back after midnight, when it is calculated, then the cart warns from the verdict
	in := knownItinerary(at(2, 21, 0, 0))
	for i := range in.Stops {
		in.Stops[i].Hours = nil
	}
	c, err := trip.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range c.Warnings {
		found = found || w == trip.WarnPastMidnight
	}
	if !found {
		t.Fatalf("warnings %v", c.Warnings)
	}
}

func TestTheVerdictNamesTheStopAndRefusesWithTheSuggestion(t *testing.T) {
	// given a quote of a and b (an hour each) leaving at 14:00 when b closes at 15:00
	it := itinerary("a", "b")
	places := offered("a", "b")
	b := places["b"]
	b.Hours = trip.OpeningHours{time.Monday: {{Open: 9 * 60, Close: 15 * 60}}}
	places["b"] = b
	start, end := trip.Ends(it, &hotel)
	leg := trip.Leg{Meters: 10_000, Duration: 20 * time.Minute}
	q, err := trip.Lay(it, places, start, end, at(2, 14, 0, 0)).Price([]trip.Leg{leg, leg, leg}, []trip.RatePlan{sedan}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// when it is said in words
	v := q.Verdict()
	// then it is about b (position 2), reached when closed at 15:00, and suggests a start by 12:15
	// (b's visit 15:40–16:40 must end by 15:00: 1 h 40 min earlier, on the quarter hour)
	if v.Misfit != trip.MisfitReachedClosed || v.Stop != 2 || v.StartBy != "12:15" {
		t.Fatalf("verdict %+v", v)
	}
	if v.Reason.Key != trip.KeyReasonReachedClosed || v.Reason.Args[0] != (domain.Text{En: "b", Ar: "ar b"}) || v.Reason.Args[1] != (domain.TimeOfDay{Hour: 15}) {
		t.Fatalf("reason %+v", v.Reason)
	}
	if v.Suggestion.Key != trip.KeySuggestStartBy || v.Suggestion.Args[0] != (domain.TimeOfDay{Hour: 12, Minute: 15}) {
		t.Fatalf("suggestion %+v", v.Suggestion)
	}
	// and checkout refuses it as invalid (422), carrying both
	var de *domain.Error
	if err := v.Refusal(); !errors.As(err, &de) || de.Kind != domain.KindInvalid || de.Key != trip.KeyNotOneDay || len(de.Args) != 2 {
		t.Fatalf("refusal %v", err)
	}
	// and a quote that fits has nothing to refuse
	q.Calc.Fit = trip.DayFit{Stop: -1}
	if err := q.Verdict().Refusal(); err != nil {
		t.Fatalf("a fit refused: %v", err)
	}
}

func TestAProgramsVerdictSuggestsAnotherDayOrPickupNotASecondTrip(t *testing.T) {
	// given a verdict that would move the stops from b on to a second trip
	second := trip.Verdict{Misfit: trip.MisfitDayPlan, Reason: domain.Msg(trip.KeyReasonDayPlan, 10),
		Suggestion: domain.Msg(trip.KeySuggestSecondTrip, domain.Text{En: "b", Ar: "ar b"}), Stop: 2}
	// when it is about a program, whose stops are the operator's
	v := second.OfProgram()
	// then it suggests another day or a nearer pickup point, for the same reason
	if v.Suggestion.Key != trip.KeySuggestProgramDay || v.Reason.Key != trip.KeyReasonDayPlan || v.Misfit != second.Misfit {
		t.Fatalf("a program's verdict: %+v", v)
	}
	// and a start-by suggestion, which a traveller can take, is kept
	startBy := trip.Verdict{Misfit: trip.MisfitReachedClosed, Suggestion: domain.Msg(trip.KeySuggestStartBy, domain.TimeOfDay{Hour: 9}), StartBy: "09:00"}
	if got := startBy.OfProgram(); got.Suggestion.Key != trip.KeySuggestStartBy || got.StartBy != "09:00" {
		t.Fatalf("a program's start-by verdict: %+v", got)
	}
}

func TestOnlyQuarterHoursArePickupTimes(t *testing.T) {
	cairo := time.FixedZone("EET", 2*3600)
	for clock, want := range map[string]bool{"00:00": true, "10:15": true, "23:45": true, "10:07": false, "10:59": false, "10:01": false} {
		at, err := time.ParseInLocation("2006-01-02 15:04", "2026-12-03 "+clock, cairo)
		if err != nil {
			t.Fatal(err)
		}
		if got := trip.OnStartStep(at); got != want {
			t.Errorf("%s: on the step %v, want %v", clock, got, want)
		}
	}
	if trip.OnStartStep(time.Date(2026, 12, 3, 10, 15, 30, 0, cairo)) {
		t.Error("10:15:30 is on the step")
	}
}
