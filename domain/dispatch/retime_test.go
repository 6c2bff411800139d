package dispatch_test

import (
	"reflect"
	"testing"
	"time"

	"mishwar/domain/dispatch"
)

// A trip exchanged within its day keeps its driver at its new times, unless the driver has another
// trip then: the driver is never booked on two trips at once, the booking is released with a reason
// that names the other trip.
func TestRetimingADriversBookedTrip(t *testing.T) {
	t.Parallel()
	at := func(h, m int) time.Time { return time.Date(2026, 11, 18, h-2, m, 0, 0, time.UTC) } // Cairo is UTC+2 in November
	booked := func(order string, start, end time.Time) dispatch.DriverDayEvent {
		return dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: 3, BookedAt: now, StartAt: start, EndAt: end}
	}
	morning := booked("MSH-AAAAAA", at(9, 0), at(11, 0))
	afternoon := booked("MSH-BBBBBB", at(14, 0), at(16, 0))
	retime := func(start, end time.Time) dispatch.RetimeDriverDay {
		return dispatch.RetimeDriverDay{OrderID: "MSH-AAAAAA", StartAt: start, EndAt: end}
	}
	cases := []struct {
		name  string
		given []dispatch.DriverDayEvent
		when  dispatch.RetimeDriverDay
		then  []dispatch.DriverDayEvent
	}{
		{"new times on a free stretch of the day are kept", []dispatch.DriverDayEvent{morning, afternoon}, retime(at(11, 30), at(13, 30)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				FromStartAt: at(9, 0), FromEndAt: at(11, 0), StartAt: at(11, 30), EndAt: at(13, 30), RetimedAt: now}}},
		{"a longer trip at the same start is retimed", []dispatch.DriverDayEvent{morning}, retime(at(9, 0), at(12, 0)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				FromStartAt: at(9, 0), FromEndAt: at(11, 0), StartAt: at(9, 0), EndAt: at(12, 0), RetimedAt: now}}},
		{"new times overlapping only the trip's own old times are kept", []dispatch.DriverDayEvent{morning}, retime(at(10, 0), at(12, 0)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				FromStartAt: at(9, 0), FromEndAt: at(11, 0), StartAt: at(10, 0), EndAt: at(12, 0), RetimedAt: now}}},
		{"new times overlapping another of the driver's trips release the booking, naming that trip and its times as a code and in words",
			[]dispatch.DriverDayEvent{morning, afternoon}, retime(at(13, 0), at(15, 0)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				Reason: "the new times overlap trip MSH-BBBBBB (14:00–16:00)",
				Cause:  &dispatch.Cause{Code: dispatch.CauseTimesOverlap, Trip: "MSH-BBBBBB", StartAt: at(14, 0), EndAt: at(16, 0)}, ReleasedAt: now}}},
		{"a trip booked without an end overlaps from its start, and the cause says a minute", []dispatch.DriverDayEvent{morning,
			booked("MSH-CCCCCC", at(12, 0), time.Time{})}, retime(at(11, 30), at(13, 0)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				Reason: "the new times overlap trip MSH-CCCCCC (12:00–12:01)",
				Cause:  &dispatch.Cause{Code: dispatch.CauseTimesOverlap, Trip: "MSH-CCCCCC", StartAt: at(12, 0), EndAt: at(12, 1)}, ReleasedAt: now}}},
		{"unchanged times change nothing", []dispatch.DriverDayEvent{morning}, retime(at(9, 0), at(11, 0)), nil},
		{"an order the day no longer carries changes nothing", []dispatch.DriverDayEvent{morning,
			dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", ReleasedAt: now}}, retime(at(12, 0), at(13, 0)), nil},
		{"a booking recorded without its times gets them", []dispatch.DriverDayEvent{booked("MSH-AAAAAA", time.Time{}, time.Time{})}, retime(at(12, 0), at(13, 0)),
			[]dispatch.DriverDayEvent{dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA",
				StartAt: at(12, 0), EndAt: at(13, 0), RetimedAt: now}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(dispatch.DriverDay.Fold(c.given), c.when, now)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

// After a retime the overlap rule works on the new times: the old slot is free, the new one taken.
func TestARetimedTripHoldsItsNewTimesOnly(t *testing.T) {
	t.Parallel()
	at := func(h, m int) time.Time { return time.Date(2026, 11, 18, h-2, m, 0, 0, time.UTC) }
	day := dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{
		dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", TripsPerDay: 3, BookedAt: now, StartAt: at(9, 0), EndAt: at(11, 0)},
		dispatch.DriverDayRetimed{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", FromStartAt: at(9, 0), FromEndAt: at(11, 0),
			StartAt: at(15, 0), EndAt: at(17, 0), RetimedAt: now},
	})
	book := func(start, end time.Time) dispatch.BookDriverDay {
		return dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-BBBBBB", TripsPerDay: 3, StartAt: start, EndAt: end}
	}
	if got, err := dispatch.DecideDriverDay(day, book(at(9, 0), at(11, 0)), now); err != nil || len(got) != 1 {
		t.Fatalf("the old times are not free: %v %#v", err, got)
	}
	if _, err := dispatch.DecideDriverDay(day, book(at(16, 0), at(18, 0)), now); err == nil {
		t.Fatalf("a trip over the new times was booked")
	}
	if got := day.Orders(); !reflect.DeepEqual(got, []string{"MSH-AAAAAA"}) {
		t.Fatalf("orders = %v", got)
	}
}

// A driver's day that released the trip takes it back from that driver only: a trip already given
// to another driver, or to none, is left alone.
func TestTakingATripBackFromOneDriverOnly(t *testing.T) {
	t.Parallel()
	cause := dispatch.TimesOverlap("MSH-BBBBBB", time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC), time.Date(2026, 11, 18, 14, 0, 0, 0, time.UTC))
	back := dispatch.UnassignDriver{By: system, Reason: cause.Text(), Cause: cause, DriverID: "d1"}
	got, err := dispatch.DecideTrip(dispatch.Trip.Fold([]dispatch.TripEvent{assigned}), back, now)
	want := []dispatch.TripEvent{dispatch.DriverUnassigned{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Reason: "the new times overlap trip MSH-BBBBBB (14:00–16:00)",
		Cause: &dispatch.Cause{Code: dispatch.CauseTimesOverlap, Trip: "MSH-BBBBBB", StartAt: time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC),
			EndAt: time.Date(2026, 11, 18, 14, 0, 0, 0, time.UTC)}, ByUserID: "system", UnassignedAt: now}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("from d1: %v %#v", err, got)
	}
	other := assigned
	other.Driver = driver("d2", "user-b", time.Wednesday)
	for name, given := range map[string][]dispatch.TripEvent{
		"given to another driver": {other},
		"with no driver":          nil,
		"already taken back":      {assigned, want[0]},
	} {
		if got, err := dispatch.DecideTrip(dispatch.Trip.Fold(given), back, now); err != nil || len(got) != 0 {
			t.Fatalf("%s: %v %#v, want nothing", name, err, got)
		}
	}
}
