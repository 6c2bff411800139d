package dispatch_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/dispatch"
)

// minivanOrder booked the 7-seat family minivan for a group of five.
func minivanOrder() dispatch.OrderFacts {
	o := facts
	o.Travellers = 5
	o.Class = dispatch.VehicleClass{ID: "plan-minivan", Name: "Family minivan", NameAR: "ميني فان عائلية", Seats: 7}
	return o
}

func TestTheCarMustFitTheOrdersClassAndGroup(t *testing.T) {
	t.Parallel()
	corolla := karim // four seats
	carnival := karim
	carnival.Seats = 7
	bigGroup := facts
	bigGroup.Travellers = 6
	sedanFull := facts
	sedanFull.Travellers = 4
	sedanFull.Class = dispatch.VehicleClass{ID: "plan-sedan", Name: "Economy sedan", Seats: 4}
	cases := []struct {
		name     string
		when     dispatch.AssignDriver
		err      error
		needed   int
		override *dispatch.VehicleOverride
	}{
		{"a family-minivan order is refused a four-seat Corolla", dispatch.AssignDriver{Order: minivanOrder(), Driver: corolla, By: admin}, dispatch.ErrCarTooSmallForClass, 0, nil},
		{"a family-minivan order goes to a seven-seat car", dispatch.AssignDriver{Order: minivanOrder(), Driver: carnival, By: admin}, nil, 7, nil},
		{"a group of six is refused a four-seat car whatever class it booked", dispatch.AssignDriver{Order: bigGroup, Driver: corolla, By: admin}, dispatch.ErrCarTooSmallForGroup, 0, nil},
		{"a full sedan fits a four-seat car", dispatch.AssignDriver{Order: sedanFull, Driver: corolla, By: admin}, nil, 4, nil},
		{"a blank override reason overrides nothing", dispatch.AssignDriver{Order: minivanOrder(), Driver: corolla, By: admin, Override: "  "}, dispatch.ErrCarTooSmallForClass, 0, nil},
		{"staff may send the small car anyway, and the assignment says so with their reason",
			dispatch.AssignDriver{Order: minivanOrder(), Driver: corolla, By: admin, Override: " the family said a sedan is fine "}, nil, 7,
			&dispatch.VehicleOverride{Reason: "the family said a sedan is fine", Seats: 4, Needed: 7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideTrip(dispatch.Trip.Initial(), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if c.err != nil {
				if len(got) != 0 {
					t.Fatalf("a refusal recorded %+v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("events = %+v", got)
			}
			ev := got[0].(dispatch.DriverAssigned)
			if ev.SeatsNeeded != c.needed || !reflect.DeepEqual(ev.VehicleOverride, c.override) {
				t.Fatalf("assigned with seats needed %d, override %+v; want %d, %+v", ev.SeatsNeeded, ev.VehicleOverride, c.needed, c.override)
			}
		})
	}
}

func TestTheVehicleRefusalSaysTheSeatsAndTheClass(t *testing.T) {
	t.Parallel()
	_, err := dispatch.DecideTrip(dispatch.Trip.Initial(), dispatch.AssignDriver{Order: minivanOrder(), Driver: karim, By: admin}, now)
	var de *domain.Error
	if !errors.As(err, &de) || de.Kind != domain.KindInvalid {
		t.Fatalf("err = %#v, want a 422 refusal", err)
	}
	want := []any{4, domain.Text{En: "Family minivan", Ar: "ميني فان عائلية"}, 7}
	if !reflect.DeepEqual(de.Args, want) {
		t.Fatalf("args = %#v, want %#v", de.Args, want)
	}
}

func TestADriverIsNotBookedOnTwoTripsAtOnce(t *testing.T) {
	t.Parallel()
	at := func(h, m int) time.Time { return time.Date(2026, 11, 18, h-2, m, 0, 0, time.UTC) } // Cairo is UTC+2 in November
	morning := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", TripsPerDay: 3, BookedAt: now,
		StartAt: at(9, 0), EndAt: at(13, 0)}
	old := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-OLDOLD", TripsPerDay: 3, BookedAt: now}
	book := func(order string, start, end time.Time) dispatch.BookDriverDay {
		return dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: 3, StartAt: start, EndAt: end}
	}
	ended := func(c dispatch.BookDriverDay, at time.Time) dispatch.BookDriverDay {
		c.Ended = map[string]time.Time{"MSH-AAAAAA": at}
		return c
	}
	cases := []struct {
		name  string
		given []dispatch.DriverDayEvent
		when  dispatch.BookDriverDay
		err   error
	}{
		{"a trip inside the morning's is refused", []dispatch.DriverDayEvent{morning}, book("MSH-BBBBBB", at(10, 0), at(11, 0)), dispatch.ErrDriverBusy},
		{"a trip starting before the morning's ends is refused", []dispatch.DriverDayEvent{morning}, book("MSH-BBBBBB", at(12, 30), at(16, 0)), dispatch.ErrDriverBusy},
		{"a trip starting as the morning's ends is booked", []dispatch.DriverDayEvent{morning}, book("MSH-BBBBBB", at(13, 0), at(16, 0)), nil},
		{"a trip ending as the morning's starts is booked", []dispatch.DriverDayEvent{morning}, book("MSH-BBBBBB", at(7, 0), at(9, 0)), nil},
		{"a released trip's time is free again", []dispatch.DriverDayEvent{morning,
			dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", ReleasedAt: now}}, book("MSH-BBBBBB", at(10, 0), at(11, 0)), nil},
		{"a booking recorded without its times overlaps nothing", []dispatch.DriverDayEvent{old}, book("MSH-BBBBBB", at(10, 0), at(11, 0)), nil},
		{"a trip the driver completed early frees them from when it ended", []dispatch.DriverDayEvent{morning},
			ended(book("MSH-BBBBBB", at(11, 30), at(14, 0)), at(11, 0)), nil},
		{"a completed trip still occupies the driver until it ended", []dispatch.DriverDayEvent{morning},
			ended(book("MSH-BBBBBB", at(10, 30), at(14, 0)), at(11, 0)), dispatch.ErrDriverBusy},
		{"a trip completed late occupies no more than its planned times", []dispatch.DriverDayEvent{morning},
			ended(book("MSH-BBBBBB", at(13, 0), at(16, 0)), at(14, 0)), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(dispatch.DriverDay.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if c.err == nil && len(got) != 1 {
				t.Fatalf("events = %+v", got)
			}
			var de *domain.Error
			if c.err != nil && (!errors.As(err, &de) || !reflect.DeepEqual(de.Args, []any{"MSH-AAAAAA", domain.TimeOfDay{Hour: 9}, domain.TimeOfDay{Hour: 13}})) {
				t.Fatalf("the refusal does not name the trip and its Cairo times: %#v", err)
			}
		})
	}
}

// Staff are told what an override would send: the car's seats and the order's need travel with the
// refusal, which still reads as the translated 422.
func TestTheVehicleRefusalCarriesTheSeatsAnOverrideWouldSend(t *testing.T) {
	t.Parallel()
	bigMinivan := minivanOrder()
	bigMinivan.Travellers = 9
	cases := []struct {
		name   string
		order  dispatch.OrderFacts
		key    error
		needed int
	}{
		{"a minivan order needs its class's seats", minivanOrder(), dispatch.ErrCarTooSmallForClass, 7},
		{"a group larger than its class needs the group's", bigMinivan, dispatch.ErrCarTooSmallForClass, 9},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := dispatch.DecideTrip(dispatch.Trip.Initial(), dispatch.AssignDriver{Order: c.order, Driver: karim, By: admin}, now)
			var small *dispatch.CarTooSmall
			if !errors.As(err, &small) || small.Seats != 4 || small.Needed != c.needed || !errors.Is(err, c.key) {
				t.Fatalf("err = %#v; want a CarTooSmall of 4 seats for %d", err, c.needed)
			}
		})
	}
}

func TestTheTripRemembersAnOverrideUntilItsDriverGoes(t *testing.T) {
	t.Parallel()
	assigned, err := dispatch.DecideTrip(dispatch.Trip.Initial(), dispatch.AssignDriver{Order: minivanOrder(), Driver: karim, By: admin, Override: "asked for it"}, now)
	if err != nil {
		t.Fatal(err)
	}
	s := dispatch.Trip.Fold(assigned)
	if o, ok := s.VehicleOverride(); !ok || o != (dispatch.VehicleOverride{Reason: "asked for it", Seats: 4, Needed: 7}) {
		t.Fatalf("after an overriding assignment: %+v %v", o, ok)
	}
	s = dispatch.Trip.Evolve(s, dispatch.DriverUnassigned{OrderID: facts.OrderID, DriverID: karim.ID})
	if o, ok := s.VehicleOverride(); ok {
		t.Fatalf("the override outlived its driver: %+v", o)
	}
}

// A trip that runs past midnight occupies its driver on the next day too: the overlap rule sees the
// trips of the days before and after the one booked, and refuses as it does within a day.
func TestATripPastMidnightKeepsItsDriverBusyOnTheNextDay(t *testing.T) {
	t.Parallel()
	cairo := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h-2, m, 0, 0, time.UTC) } // Cairo is UTC+2 in November
	late := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-LATELA", TripsPerDay: 3, BookedAt: now,
		StartAt: cairo(18, 22, 0), EndAt: cairo(19, 1, 30)}
	early := dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-EARLYE", TripsPerDay: 3, BookedAt: now,
		StartAt: cairo(19, 0, 30), EndAt: cairo(19, 3, 0)}
	dayOf := func(events ...dispatch.DriverDayEvent) dispatch.DriverDayState {
		return dispatch.DriverDay.Fold(events)
	}
	cases := []struct {
		name  string
		given dispatch.DriverDayState
		when  dispatch.BookDriverDay
		err   error
		names []any
	}{
		{"given the day before's trip runs until 01:30, when a trip at 00:30 is booked, then it is refused naming that trip",
			dayOf(), dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-BBBBBB", TripsPerDay: 3,
				StartAt: cairo(19, 0, 30), EndAt: cairo(19, 4, 0), Neighbours: []dispatch.DriverDayState{dayOf(late), dayOf()}},
			dispatch.ErrDriverBusy, []any{"MSH-LATELA", domain.TimeOfDay{Hour: 22}, domain.TimeOfDay{Hour: 1, Minute: 30}}},
		{"given the day before's trip runs until 01:30, when a trip at 01:30 is booked, then it is booked",
			dayOf(), dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-BBBBBB", TripsPerDay: 3,
				StartAt: cairo(19, 1, 30), EndAt: cairo(19, 4, 0), Neighbours: []dispatch.DriverDayState{dayOf(late), dayOf()}},
			nil, nil},
		{"given the day before's trip ended at midnight, when a trip at 00:30 is booked, then it is booked",
			dayOf(), dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-BBBBBB", TripsPerDay: 3,
				StartAt: cairo(19, 0, 30), EndAt: cairo(19, 4, 0), Neighbours: []dispatch.DriverDayState{dayOf(late)},
				Ended: map[string]time.Time{"MSH-LATELA": cairo(19, 0, 0)}},
			nil, nil},
		{"given the next day's trip at 00:30, when a trip running past midnight is booked, then it is refused naming that trip",
			dayOf(), dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-BBBBBB", TripsPerDay: 3,
				StartAt: cairo(18, 22, 0), EndAt: cairo(19, 1, 30), Neighbours: []dispatch.DriverDayState{dayOf(), dayOf(early)}},
			dispatch.ErrDriverBusy, []any{"MSH-EARLYE", domain.TimeOfDay{Minute: 30}, domain.TimeOfDay{Hour: 3}}},
		{"given the day before's trip was released, when a trip at 00:30 is booked, then it is booked",
			dayOf(), dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-19", OrderID: "MSH-BBBBBB", TripsPerDay: 3,
				StartAt: cairo(19, 0, 30), EndAt: cairo(19, 4, 0), Neighbours: []dispatch.DriverDayState{dayOf(late,
					dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-LATELA", ReleasedAt: now})}},
			nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DecideDriverDay(c.given, c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if c.err == nil {
				if len(got) != 1 {
					t.Fatalf("events = %+v", got)
				}
				return
			}
			var de *domain.Error
			if !errors.As(err, &de) || !reflect.DeepEqual(de.Args, c.names) {
				t.Fatalf("the refusal does not name the trip and its Cairo times: %#v", err)
			}
		})
	}
}
