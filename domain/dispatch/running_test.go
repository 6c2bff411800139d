package dispatch_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/dispatch"
)

// A driver runs one trip at a time: the morning trip is still running at 13:35 when the driver taps
// "Start trip" on the afternoon one.
func TestADriverRunsOneTripAtATime(t *testing.T) {
	t.Parallel()
	const morning, afternoon, evening = "MSH-AAAAAA", "MSH-S5M3NV", "MSH-CCCCCC"
	booked := func(order string) dispatch.DriverDayBooked {
		return dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: 3, BookedAt: now}
	}
	setOff := func(order string) dispatch.DriverSetOff {
		return dispatch.DriverSetOff{DriverID: "d1", Day: "2026-11-18", OrderID: order, SetOffAt: now}
	}
	released := func(order, reason string) dispatch.DriverDayReleased {
		return dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: order, Reason: reason, ReleasedAt: now}
	}
	start := func(order string) dispatch.SetOff {
		return dispatch.SetOff{DriverID: "d1", Day: "2026-11-18", OrderID: order}
	}
	completed := func(c dispatch.SetOff, order string) dispatch.SetOff {
		c.Ended = map[string]time.Time{order: now}
		return c
	}
	handedOver := func(order string) dispatch.BookDriverDay {
		return dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: 3, OnTheRoad: true}
	}
	day := []dispatch.DriverDayEvent{booked(morning), booked(afternoon)}
	running := slices.Concat(day, []dispatch.DriverDayEvent{setOff(morning)})
	cases := []struct {
		name  string
		given []dispatch.DriverDayEvent
		when  dispatch.DriverDayCommand
		then  []dispatch.DriverDayEvent
		err   error
		names string
	}{
		{"the first trip of the day sets off", day, start(morning), []dispatch.DriverDayEvent{setOff(morning)}, nil, ""},
		{"a second trip while the first runs is refused, naming the first", running, start(afternoon), nil, dispatch.ErrFinishTripFirst, morning},
		{"starting the running trip again changes nothing", running, start(morning), nil, nil, ""},
		{"once the first is completed the second sets off", running, completed(start(afternoon), morning), []dispatch.DriverDayEvent{setOff(afternoon)}, nil, ""},
		{"a completion of another trip does not free the driver", running, completed(start(afternoon), evening), nil, dispatch.ErrFinishTripFirst, morning},
		{"once the first is cancelled the second sets off", slices.Concat(running, []dispatch.DriverDayEvent{released(morning, "order cancelled")}), start(afternoon),
			[]dispatch.DriverDayEvent{setOff(afternoon)}, nil, ""},
		{"once the first is handed to another driver the second sets off", slices.Concat(running, []dispatch.DriverDayEvent{released(morning, "handed over")}), start(afternoon),
			[]dispatch.DriverDayEvent{setOff(afternoon)}, nil, ""},
		{"a trip released that is not the running one frees nothing", slices.Concat(running, []dispatch.DriverDayEvent{booked(evening), released(evening, "unassigned")}), start(afternoon),
			nil, dispatch.ErrFinishTripFirst, morning},
		{"a trip the day no longer carries (given back meanwhile) never becomes the running one", slices.Concat(day, []dispatch.DriverDayEvent{released(afternoon, "order cancelled")}),
			start(afternoon), nil, nil, ""},
		{"a trip on the road is not handed to a driver who runs another", running, handedOver(evening), nil, dispatch.ErrDriverOnAnotherTrip, morning},
		{"a trip on the road handed to a free driver is booked and set off on at once", day, handedOver(evening),
			[]dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: evening, TripsPerDay: 3, BookedAt: now},
				setOff(evening)}, nil, ""},
		{"a trip on the road handed to a driver whose running trip is completed", running, func() dispatch.DriverDayCommand {
			c := handedOver(evening)
			c.Ended = map[string]time.Time{morning: now}
			return c
		}(), []dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: evening, TripsPerDay: 3, BookedAt: now},
			setOff(evening)}, nil, ""},
		{"a driver handed a trip runs it: their own next start is refused",
			slices.Concat(day, []dispatch.DriverDayEvent{booked(evening), setOff(evening)}), start(morning), nil, dispatch.ErrFinishTripFirst, evening},
		{"an ordinary booking while a trip runs is booked (the trip is later)", running, dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: evening, TripsPerDay: 3},
			[]dispatch.DriverDayEvent{booked(evening)}, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(dispatch.DriverDay.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
			var de *domain.Error
			if c.err != nil && (!errors.As(err, &de) || !reflect.DeepEqual(de.Args, []any{c.names})) {
				t.Fatalf("the refusal does not name the trip to finish first (%s): %#v", c.names, err)
			}
		})
	}
}

func TestTheRunningTripIsTheOneSetOffOnUntilItIsGivenBack(t *testing.T) {
	t.Parallel()
	s := dispatch.DriverDay.Fold([]dispatch.DriverDayEvent{
		dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", TripsPerDay: 2, BookedAt: now},
		dispatch.DriverSetOff{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", SetOffAt: now},
	})
	if s.Running() != "MSH-AAAAAA" {
		t.Fatalf("running %q after setting off", s.Running())
	}
	s = dispatch.DriverDay.Evolve(s, dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", ReleasedAt: now})
	if s.Running() != "" {
		t.Fatalf("running %q after the trip was given back", s.Running())
	}
}
