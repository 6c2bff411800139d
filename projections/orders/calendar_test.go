package orders_test

import (
	"testing"
	"time"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
)

func TestCalendar(t *testing.T) {
	now := time.Date(2026, 11, 16, 13, 7, 0, 0, cat.Cairo) // Monday 13:07
	hours := cat.BusinessHours{
		Weekly: cat.WeeklyHours{
			{Day: time.Monday, Open: "09:00", Close: "22:00"}, {Day: time.Tuesday, Open: "09:00", Close: "22:00"},
			{Day: time.Wednesday, Open: "09:00", Close: "22:00"}, {Day: time.Thursday, Open: "09:00", Close: "22:00"},
			{Day: time.Friday, Open: "09:00", Close: "22:00"},
		},
		Holidays: []cat.Holiday{{Date: "2026-11-19"}},
	}
	days := ordersrm.BuildCalendar(ordersrm.CalendarInput{
		From: "2026-11-16", Days: 8, Now: now,
		Policy:   order.Policy{Lead: 12 * time.Hour, WindowDays: 6},
		Hours:    hours,
		Capacity: func(d time.Weekday) int { return 2 },
		Taken:    map[availability.Day]int{"2026-11-18": 2, "2026-11-20": 1},
	})
	want := []struct {
		date             availability.Day
		status           order.DayStatus
		reason           string
		earliest, latest string
	}{
		{"2026-11-16", order.DayOutOfRange, "", "", ""},          // 13:07 + 12h is past today's closing
		{"2026-11-17", order.DayAvailable, "", "09:00", "21:45"}, // from opening (01:07 is before it)
		{"2026-11-18", order.DayBlocked, "full", "", ""},
		{"2026-11-19", order.DayBlocked, "closed", "", ""}, // a holiday
		{"2026-11-20", order.DayAvailable, "", "09:00", "21:45"},
		{"2026-11-21", order.DayBlocked, "closed", "", ""}, // Saturday
		{"2026-11-22", order.DayBlocked, "closed", "", ""}, // Sunday: today + 6, last day in the window
		{"2026-11-23", order.DayOutOfRange, "", "", ""},    // beyond the window
	}
	if len(days) != len(want) {
		t.Fatalf("%d days", len(days))
	}
	for i, w := range want {
		d := days[i]
		if d.Date != w.date || d.Status != w.status || d.Reason != w.reason || d.Earliest != w.earliest || d.Latest != w.latest {
			t.Errorf("day %d: got %+v, want %+v", i, d, w)
		}
	}
	late := ordersrm.BuildCalendar(ordersrm.CalendarInput{From: "2026-11-17", Days: 1, Now: time.Date(2026, 11, 16, 21, 10, 0, 0, cat.Cairo),
		Policy: order.Policy{Lead: 12 * time.Hour, WindowDays: 6}, Hours: hours, Capacity: func(time.Weekday) int { return 1 }})
	if late[0].Earliest != "09:15" {
		t.Fatalf("the first pickup at 21:10 + 12h is %s, want 09:15", late[0].Earliest)
	}
}
