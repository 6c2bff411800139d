package order_test

import (
	"testing"
	"time"

	"mishwar/domain/catalogue"
	"mishwar/domain/order"
)

func TestADayTheServiceIsClosedTakesNoTrips(t *testing.T) {
	// Given service hours Monday to Friday, 09:00 to 22:00, with Friday 4 December a holiday,
	hours := catalogue.BusinessHours{Holidays: []catalogue.Holiday{{Date: "2026-12-04"}}}
	for d := time.Monday; d <= time.Friday; d++ {
		hours.Weekly = append(hours.Weekly, catalogue.DayHours{Day: d, Open: "09:00", Close: "22:00"})
	}
	broken := catalogue.BusinessHours{Weekly: catalogue.WeeklyHours{{Day: time.Monday, Open: "9am", Close: "22:00"}}}
	day := func(date string) time.Time {
		d, err := time.ParseInLocation(time.DateOnly, date, catalogue.Cairo)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	cases := []struct {
		name  string
		hours catalogue.BusinessHours
		day   string
		want  int
	}{
		{"a weekday with hours takes the drivers' trips", hours, "2026-12-07", 8},
		{"a Saturday without hours takes none", hours, "2026-12-05", 0},
		{"a Sunday without hours takes none", hours, "2026-12-06", 0},
		{"a holiday takes none", hours, "2026-12-04", 0},
		{"hours that do not read close the day", broken, "2026-12-07", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// when eight trips' worth of drivers work that weekday, then the day takes want.
			if got := order.DayCapacity(c.hours, day(c.day), 8); got != c.want {
				t.Fatalf("capacity %d, want %d", got, c.want)
			}
			if _, _, open := order.ServiceDay(c.hours, day(c.day)); open != (c.want > 0) {
				t.Fatalf("open %v", open)
			}
		})
	}
	if open, closing, ok := order.ServiceDay(hours, day("2026-12-07")); !ok || open != 9*60 || closing != 22*60 {
		t.Fatalf("Monday's hours: %d–%d %v", open, closing, ok)
	}
}
