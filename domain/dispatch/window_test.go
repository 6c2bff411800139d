package dispatch_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

// cairoTime is a wall-clock time in Cairo (UTC+2 in November).
func cairoTime(day string, hour, minute int) time.Time {
	d, err := availability.Day(day).Time(time.FixedZone("EET", 2*3600))
	if err != nil {
		panic(err)
	}
	return d.Add(time.Duration(hour)*time.Hour + time.Duration(minute)*time.Minute).UTC()
}

type tripCase struct {
	name  string
	given []dispatch.TripEvent
	when  dispatch.TripCommand
	at    time.Time
	then  []dispatch.TripEvent
	err   error
}

func runTripCases(t *testing.T, cases []tripCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.Trip.Decide(dispatch.Trip.Fold(c.given), c.when, c.at)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

// The trip of facts is picked up at 10:00 on Wednesday 2026-11-18 (Cairo); the driver may set off from
// 08:00, until the day ends.
func TestTripStepsAreTakenOnlyOnTheTripsDay(t *testing.T) {
	t.Parallel()
	start := func(at time.Time) dispatch.TripEvent {
		return dispatch.TripStarted{OrderID: facts.OrderID, DriverID: "d1", StartedAt: at}
	}
	cancelled := facts
	cancelled.Confirmed, cancelled.Cancelled = false, true
	unpaid := facts
	unpaid.Confirmed = false
	// Exchanged to the next day after the driver was assigned: the order's facts say when it goes.
	moved := facts
	moved.Day, moved.StartAt = "2026-11-19", cairoTime("2026-11-19", 10, 0)
	// Picked up at 01:00: two hours before would be the day before.
	early := facts
	early.StartAt = cairoTime("2026-11-18", 1, 0)
	weekEarly := cairoTime("2026-11-11", 9, 0)
	cases := []tripCase{
		{"a week before its day the trip cannot start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, weekEarly, nil, dispatch.ErrTooEarlyToStart},
		{"the evening before it cannot start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-17", 22, 0), nil, dispatch.ErrTooEarlyToStart},
		{"a minute before the lead it cannot start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-18", 7, 59), nil, dispatch.ErrTooEarlyToStart},
		{"from the lead before pickup it starts", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-18", 8, 0),
			[]dispatch.TripEvent{start(cairoTime("2026-11-18", 8, 0))}, nil},
		{"a late driver still starts on the day", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-18", 23, 59),
			[]dispatch.TripEvent{start(cairoTime("2026-11-18", 23, 59))}, nil},
		{"once the day is over it cannot start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-19", 0, 0), nil, dispatch.ErrTripDayOver},
		{"the lead never reaches into the day before", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: early, Lead: lead}, cairoTime("2026-11-17", 23, 30), nil, dispatch.ErrTooEarlyToStart},
		{"an early pickup starts from midnight", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: early, Lead: lead}, cairoTime("2026-11-18", 0, 0),
			[]dispatch.TripEvent{start(cairoTime("2026-11-18", 0, 0))}, nil},
		{"the window follows the order to its new day", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: moved, Lead: lead}, cairoTime("2026-11-18", 9, 0), nil, dispatch.ErrTooEarlyToStart},
		{"a trip whose order was cancelled does not start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: cancelled, Lead: lead}, now, nil, dispatch.ErrOrderCancelled},
		{"a trip whose order is not confirmed does not start", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: driverA, Order: unpaid, Lead: lead}, now, nil, dispatch.ErrOrderNotConfirmed},
		{"a trip started late goes on past midnight", []dispatch.TripEvent{assigned, started},
			dispatch.PickUpTravellers{By: driverA, Order: facts, Lead: lead}, cairoTime("2026-11-19", 0, 30),
			[]dispatch.TripEvent{dispatch.TravellersPickedUp{OrderID: facts.OrderID, DriverID: "d1", PickedUpAt: cairoTime("2026-11-19", 0, 30)}}, nil},
		{"no later step before the window either", []dispatch.TripEvent{assigned, started},
			dispatch.PickUpTravellers{By: driverA, Order: facts, Lead: lead}, weekEarly, nil, dispatch.ErrTooEarlyToStart},
		{"a cancelled order's trip is not completed", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2},
			dispatch.CompleteTrip{By: driverA, Order: cancelled, Lead: lead}, now, nil, dispatch.ErrOrderCancelled},
		{"a cancelled order's trip does not reach its stops", []dispatch.TripEvent{assigned, started, pickedUp},
			dispatch.ArriveAtStop{By: driverA, Stop: 1, Order: cancelled, Lead: lead}, now, nil, dispatch.ErrOrderCancelled},
	}
	runTripCases(t, cases)
}

func TestACancelledOrderReleasesItsTrip(t *testing.T) {
	t.Parallel()
	cancelTrip := dispatch.CancelTrip{OrderID: facts.OrderID, Reason: "order cancelled", By: dispatch.Actor{UserID: "system", Role: "system"}}
	released := func(underway bool) dispatch.TripEvent {
		return dispatch.TripCancelled{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Underway: underway, Reason: "order cancelled",
			ByUserID: "system", CancelledAt: now}
	}
	completed := dispatch.TripCompleted{OrderID: facts.OrderID, DriverID: "d1", CompletedAt: now}
	cases := []tripCase{
		{"an assigned trip is released", []dispatch.TripEvent{assigned}, cancelTrip, now, []dispatch.TripEvent{released(false)}, nil},
		{"a trip under way is stopped", []dispatch.TripEvent{assigned, started, pickedUp}, cancelTrip, now, []dispatch.TripEvent{released(true)}, nil},
		{"a trip without a driver has nothing to release", nil, cancelTrip, now, nil, nil},
		{"an unassigned trip has nothing to release", []dispatch.TripEvent{assigned, dispatch.DriverUnassigned{OrderID: facts.OrderID}}, cancelTrip, now, nil, nil},
		{"a completed trip stays completed", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2, completed}, cancelTrip, now, nil, nil},
		{"releasing twice changes nothing", []dispatch.TripEvent{assigned, released(false)}, cancelTrip, now, nil, nil},
		{"a released trip is not started", []dispatch.TripEvent{assigned, released(false)},
			dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, now, nil, dispatch.ErrTripCancelled},
		{"a stopped trip goes no further", []dispatch.TripEvent{assigned, started, released(true)},
			dispatch.PickUpTravellers{By: driverA, Order: facts, Lead: lead}, now, nil, dispatch.ErrTripCancelled},
		{"a released trip is not given to another driver", []dispatch.TripEvent{assigned, released(false)},
			dispatch.AssignDriver{Order: facts, Driver: driver("d2", "user-b", time.Wednesday), By: admin}, now, nil, dispatch.ErrTripCancelled},
	}
	runTripCases(t, cases)
}

func TestATripRemembersItStartedAfterItIsCancelled(t *testing.T) {
	t.Parallel()
	s := dispatch.Trip.Fold([]dispatch.TripEvent{assigned})
	if s.Started() {
		t.Fatal("an assigned trip has not started")
	}
	s = dispatch.Trip.Fold([]dispatch.TripEvent{assigned, started, dispatch.TripCancelled{OrderID: facts.OrderID, DriverID: "d1", Underway: true}})
	if !s.Started() || s.Status() != dispatch.StatusCancelled {
		t.Fatalf("started %v status %s", s.Started(), s.Status())
	}
	if _, ok := s.Driver(); ok {
		t.Fatal("a cancelled trip keeps no driver")
	}
	if step, _ := s.NextStep(); step != "" {
		t.Fatalf("a cancelled trip has a next step: %q", step)
	}
}
