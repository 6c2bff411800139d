package dispatch_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

// cairo is a Cairo time in November 2026 (UTC+2).
func cairo(day, h, m int) time.Time { return time.Date(2026, 11, day, h-2, m, 0, 0, time.UTC) }

// A trip retimed on its day is compared with the driver's days before and after too: new times that
// run past midnight into the next day's early trip, or start before the day before's late trip is
// back, release the booking naming that trip, as an overlap on the day itself does.
func TestRetimingATripOverAnotherDaysTripReleasesIt(t *testing.T) {
	t.Parallel()
	trip := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", TripsPerDay: 3, BookedAt: now,
		StartAt: cairo(18, 18, 0), EndAt: cairo(18, 21, 0)}
	lateBefore := dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-17", OrderID: "MSH-LATELA",
		TripsPerDay: 3, BookedAt: now, StartAt: cairo(17, 22, 0), EndAt: cairo(18, 1, 0)}})
	earlyAfter := dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-EARLYE",
		TripsPerDay: 3, BookedAt: now, StartAt: cairo(19, 0, 30), EndAt: cairo(19, 3, 0)}})
	neighbours := []dispatch.DriverDayState{lateBefore, earlyAfter}
	released := func(other string, start, end time.Time) []dispatch.DriverDayEvent {
		cause := dispatch.TimesOverlap(other, start, end)
		return []dispatch.DriverDayEvent{dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", Reason: cause.Text(), Cause: cause, ReleasedAt: now}}
	}
	cases := []struct {
		name       string
		start, end time.Time
		then       []dispatch.DriverDayEvent
	}{
		{"new times running past midnight over the next day's 00:30 trip release the booking naming it", cairo(18, 22, 0), cairo(19, 1, 0),
			released("MSH-EARLYE", cairo(19, 0, 30), cairo(19, 3, 0))},
		{"new times starting before the day before's trip is back at 01:00 release the booking naming it", cairo(18, 0, 30), cairo(18, 2, 0),
			released("MSH-LATELA", cairo(17, 22, 0), cairo(18, 1, 0))},
		{"new times running until the next day's trip starts are kept", cairo(18, 22, 0), cairo(19, 0, 30),
			[]dispatch.DriverDayEvent{dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", FromStartAt: cairo(18, 18, 0),
				FromEndAt: cairo(18, 21, 0), StartAt: cairo(18, 22, 0), EndAt: cairo(19, 0, 30), RetimedAt: now}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{trip}),
				dispatch.RetimeDriverDay{OrderID: "MSH-AAAAAA", StartAt: c.start, EndAt: c.end, Neighbours: neighbours}, now)
			if err != nil || !reflect.DeepEqual(got, c.then) {
				t.Fatalf("got %v %#v\nwant %#v", err, got, c.then)
			}
		})
	}
}

// A trip running past midnight is carried over onto the next day's own stream, so a booking there is
// decided against it under that stream's version (and the carry-over against the day's bookings).
func TestATripRunningPastMidnightIsCarriedOverOntoTheNextDay(t *testing.T) {
	t.Parallel()
	carried := dispatch.DriverDayCarriedOver{DriverID: "d1", Day: "2026-11-19", FromDay: "2026-11-18", OrderID: "MSH-LATELA",
		StartAt: cairo(18, 22, 0), EndAt: cairo(19, 1, 0), CarriedAt: now}
	early := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-EARLYE", TripsPerDay: 3, BookedAt: now,
		StartAt: cairo(19, 0, 30), EndAt: cairo(19, 3, 0)}
	carry := dispatch.CarryOverDriverDay{DriverID: "d1", Day: "2026-11-19", FromDay: "2026-11-18", OrderID: "MSH-LATELA",
		StartAt: cairo(18, 22, 0), EndAt: cairo(19, 1, 0)}
	bookEarly := dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-EARLYE", TripsPerDay: 3,
		StartAt: cairo(19, 0, 30), EndAt: cairo(19, 3, 0)}
	cases := []struct {
		name  string
		given []dispatch.DriverDayEvent
		when  dispatch.DriverDayCommand
		then  []dispatch.DriverDayEvent
		err   error
	}{
		{"given a free day, when the trip of the day before is carried over, then it is", nil, carry,
			[]dispatch.DriverDayEvent{carried}, nil},
		{"given a trip at 00:30, when a trip of the day before until 01:00 is carried over, then it is refused as the driver busy",
			[]dispatch.DriverDayEvent{early}, carry, nil, dispatch.ErrDriverBusy},
		{"given a trip carried over until 01:00, when a trip at 00:30 is booked, then it is refused as the driver busy",
			[]dispatch.DriverDayEvent{carried}, bookEarly, nil, dispatch.ErrDriverBusy},
		{"given a trip carried over, when it is carried over again at the same times, then nothing changes",
			[]dispatch.DriverDayEvent{carried}, carry, nil, nil},
		{"given a trip carried over, when it is dropped, then the day is free",
			[]dispatch.DriverDayEvent{carried}, dispatch.DropCarryOver{OrderID: "MSH-LATELA"},
			[]dispatch.DriverDayEvent{dispatch.DriverDayCarryOverDropped{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-LATELA", DroppedAt: now}}, nil},
		{"given no carry-over, when one is dropped, then nothing changes", nil, dispatch.DropCarryOver{OrderID: "MSH-LATELA"}, nil, nil},
		{"given a carry-over dropped, when a trip at 00:30 is booked, then it is booked",
			[]dispatch.DriverDayEvent{carried, dispatch.DriverDayCarryOverDropped{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-LATELA", DroppedAt: now}},
			bookEarly, []dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-EARLYE", TripsPerDay: 3,
				BookedAt: now, StartAt: cairo(19, 0, 30), EndAt: cairo(19, 3, 0)}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(dispatch.DriverDay.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) || !reflect.DeepEqual(got, c.then) {
				t.Fatalf("got %v %#v\nwant %v %#v", err, got, c.err, c.then)
			}
		})
	}
	day := dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{carried})
	if got := day.Orders(); len(got) != 0 {
		t.Fatalf("a carried-over trip counts among the day's own trips: %v", got)
	}
}

// Only a trip due back after the next day's midnight in Cairo is carried over.
func TestCarriesOverIntoTheNextDayOnlyPastMidnightInCairo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		start, end time.Time
		next       availability.Day
		ok         bool
	}{
		{"back at 01:00", cairo(18, 22, 0), cairo(19, 1, 0), "2026-11-19", true},
		{"back at midnight", cairo(18, 22, 0), cairo(19, 0, 0), "", false},
		{"back at 23:00", cairo(18, 20, 0), cairo(18, 23, 0), "", false},
		{"no length known", cairo(18, 23, 59), time.Time{}, "", false},
	}
	for _, c := range cases {
		next, ok := dispatch.CarriesOver("2026-11-18", c.start, c.end)
		if next != c.next || ok != c.ok {
			t.Errorf("%s: %q %v, want %q %v", c.name, next, ok, c.next, c.ok)
		}
	}
}
