package domain_test

import (
	"testing"
	"time"

	"mishwar/domain"
)

func TestATimeOfDayIsTheClockTimeOnItsOwnClock(t *testing.T) {
	t.Parallel()
	cairo := time.FixedZone("EET", 2*60*60)
	// given 07:05 UTC, when it is read on Cairo's clock, then it is 09:05 written as 15:04 writes it
	at := domain.TimeOfDayOf(time.Date(2026, 11, 28, 7, 5, 0, 0, time.UTC).In(cairo))
	if at != (domain.TimeOfDay{Hour: 9, Minute: 5}) || at.ClockTime() != "09:05" || at.String() != "09:05" {
		t.Errorf("TimeOfDayOf = %+v (%q)", at, at.ClockTime())
	}
}
