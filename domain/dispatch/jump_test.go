package dispatch_test

import (
	"errors"
	"testing"
	"time"

	"mishwar/domain/dispatch"
)

// fixAt is a fix at lat, lng taken secs seconds after 09:00.
func fixAt(lat, lng float64, secs int) dispatch.Position {
	return dispatch.Position{Lat: lat, Lng: lng, At: time.Date(2026, 12, 1, 7, 0, 0, 0, time.UTC).Add(time.Duration(secs) * time.Second)}
}

// Tahrir Square, the Pyramids (about 13 km away) and Alexandria (about 180 km away).
const (
	tahrirLat, tahrirLng   = 30.0444, 31.2357
	pyramidsLat, pyrLng    = 29.9792, 31.1342
	alexandriaLat, alexLng = 31.2001, 29.9187
)

func follow(t *testing.T, fixes ...dispatch.Position) (dispatch.Track, []error) {
	t.Helper()
	var tr dispatch.Track
	var errs []error
	for _, p := range fixes {
		var err error
		tr, err = tr.Follow(p)
		errs = append(errs, err)
	}
	return tr, errs
}

func TestAFixImplyingAnImpossibleSpeedIsRefusedAndNotRemembered(t *testing.T) {
	t.Parallel()
	// Given the car at Tahrir, when a fix 180 km away comes 10 s later, then it is refused and the
	// car stays at Tahrir.
	tr, errs := follow(t, fixAt(tahrirLat, tahrirLng, 0), fixAt(alexandriaLat, alexLng, 10))
	if errs[0] != nil || !errors.Is(errs[1], dispatch.ErrPositionJump) {
		t.Fatalf("errs = %v, want the jump refused", errs)
	}
	if last, _ := tr.Last(); last.Lat != tahrirLat {
		t.Fatalf("the refused fix became the car's last: %+v", last)
	}
	// When the next fix is 200 m from Tahrir 5 s later, then it is taken.
	if _, err := tr.Follow(fixAt(tahrirLat+0.0018, tahrirLng, 15)); err != nil {
		t.Fatalf("a plausible fix after a jump: %v", err)
	}
}

func TestTheSpeedRuleAllowsWhatACarCanDrive(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		next dispatch.Position
		err  error
	}{
		{"13 km in 10 s is refused", fixAt(pyramidsLat, pyrLng, 10), dispatch.ErrPositionJump},
		{"13 km in 5 minutes (156 km/h) is taken", fixAt(pyramidsLat, pyrLng, 300), nil},
		{"13 km in 3 minutes (260 km/h) is refused", fixAt(pyramidsLat, pyrLng, 180), dispatch.ErrPositionJump},
		{"after a long gap a long distance is taken: 180 km in an hour and a half", fixAt(alexandriaLat, alexLng, 90*60), nil},
		{"a parked car's GPS noise of 50 m in a second is taken", fixAt(tahrirLat+0.00045, tahrirLng, 1), nil},
		{"a fix no later than the last, 13 km away, is refused", fixAt(pyramidsLat, pyrLng, 0), dispatch.ErrPositionJump},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, errs := follow(t, fixAt(tahrirLat, tahrirLng, 0), c.next)
			if !errors.Is(errs[1], c.err) {
				t.Fatalf("err = %v, want %v", errs[1], c.err)
			}
		})
	}
}

func TestAVagueFixWidensTheSlackOnlySoFar(t *testing.T) {
	t.Parallel()
	vague := fixAt(pyramidsLat, pyrLng, 10)
	vague.Accuracy = 10_000
	if _, errs := follow(t, fixAt(tahrirLat, tahrirLng, 0), vague); !errors.Is(errs[1], dispatch.ErrPositionJump) {
		t.Fatalf("a fix saying it is 10 km vague licensed a 13 km jump in 10 s: %v", errs[1])
	}
	near := fixAt(tahrirLat+0.009, tahrirLng, 1) // 1 km away in a second
	near.Accuracy = 1_000
	if _, errs := follow(t, fixAt(tahrirLat, tahrirLng, 0), near); errs[1] != nil {
		t.Fatalf("a fix within its own accuracy: %v", errs[1])
	}
}

func TestFixesThatKeepReportingTheNewPlaceForOverAMinuteAreTaken(t *testing.T) {
	t.Parallel()
	// Given the car at Tahrir (a wrong fix, say), when the phone keeps reporting the Pyramids every
	// 10 s, then they are refused for a minute and the one a minute after the first is taken.
	fixes := []dispatch.Position{fixAt(tahrirLat, tahrirLng, 0)}
	for s := 10; s <= 70; s += 10 {
		fixes = append(fixes, fixAt(pyramidsLat, pyrLng, s))
	}
	tr, errs := follow(t, fixes...)
	for i, err := range errs[1 : len(errs)-1] {
		if !errors.Is(err, dispatch.ErrPositionJump) {
			t.Fatalf("fix %d, %d s into the run: %v, want refused", i+1, i*10, err)
		}
	}
	if errs[len(errs)-1] != nil {
		t.Fatalf("the fix a minute into the run was refused: %v", errs[len(errs)-1])
	}
	if last, _ := tr.Last(); last.Lat != pyramidsLat {
		t.Fatalf("the car's last fix is %+v, want the Pyramids", last)
	}
	// And the car goes on from there.
	if _, err := tr.Follow(fixAt(pyramidsLat+0.001, pyrLng, 75)); err != nil {
		t.Fatalf("the next fix near the new place: %v", err)
	}
}

func TestRefusedFixesThatDisagreeWithOneAnotherNeverTakeOver(t *testing.T) {
	t.Parallel()
	// Given the car at Tahrir, when wild fixes alternate between the Pyramids and Alexandria for two
	// minutes, then each is refused: they are noise, not a new place.
	fixes := []dispatch.Position{fixAt(tahrirLat, tahrirLng, 0)}
	for s := 10; s <= 120; s += 10 {
		if s%20 == 0 {
			fixes = append(fixes, fixAt(alexandriaLat, alexLng, s))
		} else {
			fixes = append(fixes, fixAt(pyramidsLat, pyrLng, s))
		}
	}
	tr, errs := follow(t, fixes...)
	for i, err := range errs[1:] {
		if !errors.Is(err, dispatch.ErrPositionJump) {
			t.Fatalf("wild fix %d: %v, want refused", i+1, err)
		}
	}
	if last, _ := tr.Last(); last.Lat != tahrirLat {
		t.Fatalf("the car's last fix is %+v, want Tahrir", last)
	}
}

func TestAFixRelayedElsewhereBecomesTheLastWhenLater(t *testing.T) {
	t.Parallel()
	tr, _ := follow(t, fixAt(tahrirLat, tahrirLng, 0))
	tr = tr.Seen(fixAt(pyramidsLat, pyrLng, 300))
	tr = tr.Seen(fixAt(alexandriaLat, alexLng, 200)) // older: ignored
	if last, _ := tr.Last(); last.Lat != pyramidsLat {
		t.Fatalf("last = %+v, want the later fix relayed elsewhere", last)
	}
}
