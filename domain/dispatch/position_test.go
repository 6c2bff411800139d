package dispatch_test

import (
	"errors"
	"math"
	"testing"
	"time"

	"mishwar/domain/dispatch"
)

func TestAPositionIsCheckedForRangeAccuracyHeadingAndFixTime(t *testing.T) {
	now := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	heading := func(v float64) *float64 { return &v }
	ok := dispatch.Position{Lat: 30.0444, Lng: 31.2357, Accuracy: 12, Heading: heading(90), At: now.Add(-3 * time.Second)}
	if err := dispatch.CheckPosition(ok, now); err != nil {
		t.Fatalf("a good fix refused: %v", err)
	}
	sokhna := ok
	sokhna.Lat, sokhna.Lng = 29.75, 32.2 // the Ain Sokhna road, out of the box: a car's road, not a typo
	if err := dispatch.CheckPosition(sokhna, now); err != nil {
		t.Fatalf("a fix on a road just outside the service area refused: %v", err)
	}
	cases := []struct {
		name string
		edit func(*dispatch.Position)
		want error
	}{
		{"latitude above 90", func(p *dispatch.Position) { p.Lat = 90.5 }, dispatch.ErrPositionInvalid},
		{"longitude below -180", func(p *dispatch.Position) { p.Lng = -181 }, dispatch.ErrPositionInvalid},
		{"not a number", func(p *dispatch.Position) { p.Lat = math.NaN() }, dispatch.ErrPositionInvalid},
		{"null island", func(p *dispatch.Position) { p.Lat, p.Lng = 0, 0 }, dispatch.ErrPositionInvalid},
		{"negative accuracy", func(p *dispatch.Position) { p.Accuracy = -1 }, dispatch.ErrPositionInvalid},
		{"accuracy of 20 km", func(p *dispatch.Position) { p.Accuracy = 20_000 }, dispatch.ErrPositionInvalid},
		{"heading of 360", func(p *dispatch.Position) { p.Heading = heading(360) }, dispatch.ErrPositionInvalid},
		{"no fix time", func(p *dispatch.Position) { p.At = time.Time{} }, dispatch.ErrPositionInvalid},
		{"in London", func(p *dispatch.Position) { p.Lat, p.Lng = 51.5, -0.1 }, dispatch.ErrPositionFarAway},
		{"in Alexandria, 180 km away", func(p *dispatch.Position) { p.Lat, p.Lng = 31.2, 29.9 }, dispatch.ErrPositionFarAway},
		{"three minutes old", func(p *dispatch.Position) { p.At = now.Add(-3 * time.Minute) }, dispatch.ErrPositionStale},
		{"a minute ahead", func(p *dispatch.Position) { p.At = now.Add(time.Minute) }, dispatch.ErrPositionAhead},
	}
	for _, c := range cases {
		p := ok
		c.edit(&p)
		if err := dispatch.CheckPosition(p, now); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	// Clocks disagree a little: a fix a few seconds ahead is taken.
	p := ok
	p.At = now.Add(10 * time.Second)
	if err := dispatch.CheckPosition(p, now); err != nil {
		t.Errorf("a fix 10 s ahead: %v", err)
	}
}

func TestOnlyTheAssignedDriverSharesAndOnlyWhileTheTripRuns(t *testing.T) {
	for _, s := range []dispatch.Status{dispatch.StatusStarted, dispatch.StatusPickedUp, dispatch.StatusAtStop} {
		if err := dispatch.MayShare(s, "driver-1", "driver-1"); err != nil {
			t.Errorf("%s: %v", s, err)
		}
		if err := dispatch.MayShare(s, "driver-1", "driver-2"); !errors.Is(err, dispatch.ErrNotTripsDriver) {
			t.Errorf("another driver at %s: %v", s, err)
		}
	}
	for _, s := range []dispatch.Status{dispatch.StatusUnassigned, dispatch.StatusAssigned, dispatch.StatusCompleted, dispatch.StatusCancelled} {
		if err := dispatch.MayShare(s, "driver-1", "driver-1"); !errors.Is(err, dispatch.ErrTripNotRunning) {
			t.Errorf("%s: %v, want not running", s, err)
		}
	}
	if err := dispatch.MayShare(dispatch.StatusStarted, "", ""); !errors.Is(err, dispatch.ErrNotTripsDriver) {
		t.Errorf("no driver: %v", err)
	}
}

func TestTheCarHeadsToWhereTheDriversNextStepIsTaken(t *testing.T) {
	cases := []struct {
		status dispatch.Status
		stop   int
		want   dispatch.Target
		ok     bool
	}{
		{dispatch.StatusAssigned, 0, dispatch.Target{}, false},
		{dispatch.StatusStarted, 0, dispatch.Target{Kind: dispatch.TargetPickup}, true},
		{dispatch.StatusPickedUp, 0, dispatch.Target{Kind: dispatch.TargetStop, Stop: 1}, true},
		{dispatch.StatusAtStop, 1, dispatch.Target{Kind: dispatch.TargetStop, Stop: 2}, true},
		{dispatch.StatusAtStop, 2, dispatch.Target{Kind: dispatch.TargetEnd}, true},
		{dispatch.StatusCompleted, 2, dispatch.Target{}, false},
	}
	for _, c := range cases {
		got, ok := dispatch.TargetOf(c.status, c.stop, 2)
		if got != c.want || ok != c.ok {
			t.Errorf("%s at stop %d: %+v %v, want %+v %v", c.status, c.stop, got, ok, c.want, c.ok)
		}
	}
}

func TestTheETAIsTheDriveInWholeMinutesRoundedUp(t *testing.T) {
	cases := map[time.Duration]int{
		0:                     0,
		20 * time.Second:      1,
		time.Minute:           1,
		time.Minute + 1:       2,
		14*time.Minute + 59e9: 15,
		90 * time.Minute:      90,
		-5 * time.Second:      0,
	}
	for d, want := range cases {
		if got := dispatch.ETAMinutes(d); got != want {
			t.Errorf("%v: %d, want %d", d, got, want)
		}
	}
}

// A phone whose clock is ten minutes slow still shares its position: the fix's age comes from the
// phone's own clock, its time of day from the server's.
func TestAPhoneWithAWrongClockSaysHowOldItsFixIs(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	slow := now.Add(-10 * time.Minute)
	p := dispatch.Position{Lat: 30.0444, Lng: 31.2357, At: slow.Add(-3 * time.Second), SentAt: slow}
	if err := dispatch.CheckPosition(p, now); !errors.Is(err, dispatch.ErrPositionStale) {
		t.Fatalf("taken at its word the fix is stale: %v", err)
	}
	on := p.OnClock(now)
	if err := dispatch.CheckPosition(on, now); err != nil || !on.At.Equal(now.Add(-3*time.Second)) {
		t.Fatalf("on the server's clock: %v at %v", err, on.At)
	}
	old := dispatch.Position{Lat: 30.0444, Lng: 31.2357, At: slow.Add(-5 * time.Minute), SentAt: slow}
	if err := dispatch.CheckPosition(old.OnClock(now), now); !errors.Is(err, dispatch.ErrPositionStale) {
		t.Fatalf("a fix five minutes old by the phone's own clock is still stale: %v", err)
	}
	if unsaid := (dispatch.Position{At: slow}).OnClock(now); !unsaid.At.Equal(slow) {
		t.Fatalf("a phone that does not say when it sent is taken at its word: %v", unsaid.At)
	}
}
