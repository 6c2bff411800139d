package trip_test

import (
	"errors"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/trip"
)

func TestAStartIsReadOnCairosClock(t *testing.T) {
	got, err := trip.ParseStart(" 2026-12-01 ", "09:30")
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 12, 1, 7, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("start %v, want %v (09:30 in Cairo, UTC+2 in winter)", got, want)
	}
}

func TestAStartNamesEachFieldItsFault(t *testing.T) {
	for _, c := range []struct {
		name, date, clock string
		want              map[string]string
	}{
		{"nothing given", "", "", map[string]string{"date": domain.KeyRequired, "time": domain.KeyRequired}},
		{"a day that does not exist", "2026-02-30", "10:00", map[string]string{"date": trip.KeyInvalidDate}},
		{"day before month", "01-12-2026", "10:00", map[string]string{"date": trip.KeyInvalidDate}},
		{"an hour past midnight", "2026-12-01", "24:00", map[string]string{"time": trip.KeyInvalidTime}},
		{"not a time", "2026-12-01", "ten", map[string]string{"time": trip.KeyInvalidTime}},
		{"off the quarter hours", "2026-12-01", "10:07", map[string]string{"time": trip.KeyStartOffStep}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := trip.ParseStart(c.date, c.clock)
			var v *domain.ValidationError
			if !errors.As(err, &v) {
				t.Fatalf("error %v, want a validation error", err)
			}
			if len(v.Fields) != len(c.want) {
				t.Fatalf("fields %v, want %v", v.Fields, c.want)
			}
			for field, key := range c.want {
				if got := v.Fields[field]; len(got) != 1 || got[0] != key {
					t.Errorf("%s: %v, want %s", field, got, key)
				}
			}
		})
	}
}

func TestTheFirstPickupIsTheDaysOpeningAndNoneOnAClosedDay(t *testing.T) {
	var hours catalogue.BusinessHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		if d != time.Friday {
			hours.Weekly = append(hours.Weekly, catalogue.DayHours{Day: d, Open: "09:00", Close: "22:00"})
		}
	}
	tuesday := time.Date(2026, 12, 1, 15, 0, 0, 0, catalogue.Cairo)
	if got, want := trip.FirstPickup(hours, tuesday), time.Date(2026, 12, 1, 9, 0, 0, 0, catalogue.Cairo); !got.Equal(want) {
		t.Errorf("Tuesday's first pickup %v, want %v", got, want)
	}
	if got := trip.FirstPickup(hours, tuesday.AddDate(0, 0, 3)); !got.IsZero() {
		t.Errorf("Friday (closed): %v, want none", got)
	}
}

func TestAQuoteIsTimedFromTheYear2000UpToTwoYearsAhead(t *testing.T) {
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		departure time.Time
		want      bool
	}{
		{now.Add(24 * time.Hour), true},
		{now.AddDate(0, 6, 0), true},
		{now.Add(-time.Hour), true},
		{time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), true},
		{now.AddDate(3, 0, 0), false},
		{time.Date(9999, 12, 31, 21, 0, 0, 0, time.UTC), false},
		{time.Date(1900, 1, 1, 9, 0, 0, 0, time.UTC), false},
		{time.Time{}, false},
	} {
		if got := trip.QuotableDeparture(c.departure, now); got != c.want {
			t.Errorf("given now %s, when a quote is timed for %s, then quotable %v; want %v", now, c.departure, got, c.want)
		}
	}
}
