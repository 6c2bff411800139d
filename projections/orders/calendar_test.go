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

// Cairo skips from midnight to 01:00 on the last Friday of April: that day's first pickup is still
// 09:00 on the clock, as the order's own rule says, and so are the days around it and the autumn day
// that repeats an hour.
func TestTheCalendarReadsPickupTimesFromTheClockOnTheDaysCairoChangesIt(t *testing.T) {
	hours := cat.BusinessHours{Weekly: cat.WeeklyHours{
		{Day: time.Thursday, Open: "09:00", Close: "22:00"}, {Day: time.Friday, Open: "09:00", Close: "22:00"},
	}}
	for _, c := range []struct {
		from availability.Day
		now  time.Time
	}{
		{"2027-04-29", time.Date(2027, 4, 20, 12, 0, 0, 0, cat.Cairo)},  // spring: 2027-04-30 has no midnight
		{"2027-10-28", time.Date(2027, 10, 20, 12, 0, 0, 0, cat.Cairo)}, // autumn: the last Thursday of October repeats an hour
	} {
		days := ordersrm.BuildCalendar(ordersrm.CalendarInput{From: c.from, Days: 2, Now: c.now,
			Policy: order.Policy{Lead: 12 * time.Hour, WindowDays: 180}, Hours: hours, Capacity: func(time.Weekday) int { return 1 }})
		for _, d := range days {
			if d.Status != order.DayAvailable || d.Earliest != "09:00" || d.Latest != "21:45" {
				t.Errorf("%s: %+v, want 09:00 to 21:45 on the clock", d.Date, d)
			}
		}
	}
}
