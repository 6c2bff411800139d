package dispatch_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/dispatch"
)

var (
	// now is 09:00 in Cairo on the trip's day, an hour before its pickup.
	now     = time.Date(2026, 11, 18, 7, 0, 0, 0, time.UTC)
	lead    = 2 * time.Hour
	admin   = dispatch.Actor{UserID: "admin-1", Role: "admin"}
	driverA = dispatch.Actor{UserID: "user-a", Role: "driver", DriverID: "d1"}
	driverB = dispatch.Actor{UserID: "user-b", Role: "driver", DriverID: "d2"}
	// 2026-11-18 is a Wednesday.
	facts = dispatch.OrderFacts{OrderID: "MSH-7K3Q9P", Confirmed: true, Day: "2026-11-18",
		StartAt: time.Date(2026, 11, 18, 8, 0, 0, 0, time.UTC), OwnerID: "traveller-1", Stops: []string{"Pyramids", "Museum"}}
)

func driver(id, user string, days ...time.Weekday) dispatch.Driver {
	return dispatch.Driver{ID: id, UserID: user, Name: "Karim", Phone: "+201001112223", Vehicle: "Sedan", Plate: "ABC 123",
		Seats: 4, TripsPerDay: 1, WorkingDays: days, Active: true}
}

var (
	karim    = driver("d1", "user-a", time.Wednesday)
	assigned = dispatch.DriverAssigned{OrderID: facts.OrderID, Day: facts.Day, StartAt: facts.StartAt, OwnerID: "traveller-1",
		Stops: facts.Stops, Driver: karim, ByUserID: "admin-1", AssignedAt: now}
	started  = dispatch.TripStarted{OrderID: facts.OrderID, DriverID: "d1", StartedAt: now}
	pickedUp = dispatch.TravellersPickedUp{OrderID: facts.OrderID, DriverID: "d1", PickedUpAt: now}
	atStop1  = dispatch.ArrivedAtStop{OrderID: facts.OrderID, DriverID: "d1", Stop: 1, Name: "Pyramids", ArrivedAt: now}
	atStop2  = dispatch.ArrivedAtStop{OrderID: facts.OrderID, DriverID: "d1", Stop: 2, Name: "Museum", ArrivedAt: now}
	// system is Mishwar acting on its own (the order ↔ trip process).
	system    = dispatch.Actor{UserID: "system", Role: "system"}
	cancelled = dispatch.TripCancelled{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Reason: "order cancelled", ByUserID: "system", CancelledAt: now}
)

func TestTripDecisions(t *testing.T) {
	t.Parallel()
	unconfirmed := facts
	unconfirmed.Confirmed = false
	inactive := karim
	inactive.Active = false
	noAccount := karim
	noAccount.UserID = ""
	cases := []struct {
		name  string
		given []dispatch.TripEvent
		when  dispatch.TripCommand
		then  []dispatch.TripEvent
		err   error
	}{
		{"a confirmed order is assigned to a driver who works that day", nil,
			dispatch.AssignDriver{Order: facts, Driver: karim, By: admin}, []dispatch.TripEvent{assigned}, nil},
		{"an unpaid order cannot be dispatched", nil, dispatch.AssignDriver{Order: unconfirmed, Driver: karim, By: admin}, nil, dispatch.ErrOrderNotConfirmed},
		{"a driver off that weekday is refused", nil, dispatch.AssignDriver{Order: facts, Driver: driver("d1", "user-a", time.Monday), By: admin}, nil, dispatch.ErrDriverNotWorking},
		{"an inactive driver is refused", nil, dispatch.AssignDriver{Order: facts, Driver: inactive, By: admin}, nil, dispatch.ErrDriverNotWorking},
		{"a driver without an account is refused", nil, dispatch.AssignDriver{Order: facts, Driver: noAccount, By: admin}, nil, dispatch.ErrDriverHasNoAccount},
		{"assigning the same driver again changes nothing", []dispatch.TripEvent{assigned}, dispatch.AssignDriver{Order: facts, Driver: karim, By: admin}, nil, nil},
		{"another driver needs the first unassigned", []dispatch.TripEvent{assigned}, dispatch.AssignDriver{Order: facts, Driver: driver("d2", "user-b", time.Wednesday), By: admin}, nil, dispatch.ErrAlreadyAssigned},
		{"a started trip cannot be reassigned", []dispatch.TripEvent{assigned, started}, dispatch.AssignDriver{Order: facts, Driver: driver("d2", "user-b", time.Wednesday), By: admin}, nil, dispatch.ErrTripUnderway},
		{"unassigning before the start", []dispatch.TripEvent{assigned}, dispatch.UnassignDriver{By: admin, Reason: "sick"},
			[]dispatch.TripEvent{dispatch.DriverUnassigned{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Reason: "sick", ByUserID: "admin-1", UnassignedAt: now}}, nil},
		{"an operator's unassignment records their words and no code", []dispatch.TripEvent{assigned}, dispatch.UnassignDriver{By: admin, Reason: "ليس على ما يرام"},
			[]dispatch.TripEvent{dispatch.DriverUnassigned{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Reason: "ليس على ما يرام", ByUserID: "admin-1", UnassignedAt: now}}, nil},
		{"unassigning an unassigned trip", nil, dispatch.UnassignDriver{By: admin}, nil, dispatch.ErrNotAssigned},
		{"unassigning a started trip", []dispatch.TripEvent{assigned, started}, dispatch.UnassignDriver{By: admin}, nil, dispatch.ErrTripUnderway},
		{"a trip moved to another day releases its driver, saying why as a code with the new day", []dispatch.TripEvent{assigned},
			dispatch.MoveTrip{Day: "2026-11-19", Reason: "the trip moved to 2026-11-19", By: system},
			[]dispatch.TripEvent{dispatch.DriverUnassigned{OrderID: facts.OrderID, Day: facts.Day, DriverID: "d1", Reason: "the trip moved to 2026-11-19",
				Cause: &dispatch.Cause{Code: dispatch.CauseMovedToDay, Day: "2026-11-19"}, ByUserID: "system", UnassignedAt: now}}, nil},
		{"a trip moved within its day keeps its driver", []dispatch.TripEvent{assigned}, dispatch.MoveTrip{Day: facts.Day, By: system}, nil, nil},
		{"a trip with no driver has nobody to release", nil, dispatch.MoveTrip{Day: "2026-11-19", By: system}, nil, nil},
		{"a cancelled trip has nobody to release", []dispatch.TripEvent{assigned, cancelled}, dispatch.MoveTrip{Day: "2026-11-19", By: system}, nil, nil},
		{"a started trip is not moved from under its driver", []dispatch.TripEvent{assigned, started}, dispatch.MoveTrip{Day: "2026-11-19", By: system}, nil, dispatch.ErrTripUnderway},
		{"the assigned driver starts", []dispatch.TripEvent{assigned}, dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, []dispatch.TripEvent{started}, nil},
		{"another driver cannot start it", []dispatch.TripEvent{assigned}, dispatch.StartTrip{By: driverB, Order: facts, Lead: lead}, nil, dispatch.ErrNotYourTrip},
		{"the driver's trip follows them to the account linked to them since it was assigned", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: dispatch.Actor{UserID: "user-c", Role: "driver", DriverID: "d1"}, Order: facts, Lead: lead}, []dispatch.TripEvent{started}, nil},
		{"the account the driver was linked to at assignment, linked away since, cannot start it", []dispatch.TripEvent{assigned},
			dispatch.StartTrip{By: dispatch.Actor{UserID: "user-a", Role: "driver"}, Order: facts, Lead: lead}, nil, dispatch.ErrNotYourTrip},
		{"an admin is not the driver", []dispatch.TripEvent{assigned}, dispatch.StartTrip{By: admin, Order: facts, Lead: lead}, nil, dispatch.ErrNotYourTrip},
		{"nobody starts an unassigned trip", nil, dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, nil, dispatch.ErrNotAssigned},
		{"starting twice is out of order", []dispatch.TripEvent{assigned, started}, dispatch.StartTrip{By: driverA, Order: facts, Lead: lead}, nil, dispatch.ErrOutOfOrder},
		{"pick-up after the start", []dispatch.TripEvent{assigned, started}, dispatch.PickUpTravellers{By: driverA, Order: facts, Lead: lead}, []dispatch.TripEvent{pickedUp}, nil},
		{"pick-up before the start", []dispatch.TripEvent{assigned}, dispatch.PickUpTravellers{By: driverA, Order: facts, Lead: lead}, nil, dispatch.ErrOutOfOrder},
		{"the first stop after the pick-up", []dispatch.TripEvent{assigned, started, pickedUp}, dispatch.ArriveAtStop{By: driverA, Stop: 1, Order: facts, Lead: lead}, []dispatch.TripEvent{atStop1}, nil},
		{"stops come in order", []dispatch.TripEvent{assigned, started, pickedUp}, dispatch.ArriveAtStop{By: driverA, Stop: 2, Order: facts, Lead: lead}, nil, dispatch.ErrOutOfOrder},
		{"the next stop", []dispatch.TripEvent{assigned, started, pickedUp, atStop1}, dispatch.ArriveAtStop{By: driverA, Stop: 2, Order: facts, Lead: lead}, []dispatch.TripEvent{atStop2}, nil},
		{"a stop beyond the itinerary", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2}, dispatch.ArriveAtStop{By: driverA, Stop: 3, Order: facts, Lead: lead}, nil, dispatch.ErrNoSuchStop},
		{"a stop before the pick-up", []dispatch.TripEvent{assigned, started}, dispatch.ArriveAtStop{By: driverA, Stop: 1, Order: facts, Lead: lead}, nil, dispatch.ErrOutOfOrder},
		{"a stop the itinerary does not have, before the pick-up, is no such stop", []dispatch.TripEvent{assigned, started}, dispatch.ArriveAtStop{By: driverA, Stop: 5, Order: facts, Lead: lead}, nil, dispatch.ErrNoSuchStop},
		{"stop 0 is no such stop", []dispatch.TripEvent{assigned}, dispatch.ArriveAtStop{By: driverA, Stop: 0, Order: facts, Lead: lead}, nil, dispatch.ErrNoSuchStop},
		{"another driver asking for no such stop is not the driver", []dispatch.TripEvent{assigned, started}, dispatch.ArriveAtStop{By: admin, Stop: 5, Order: facts, Lead: lead}, nil, dispatch.ErrNotYourTrip},
		{"completing with a stop left", []dispatch.TripEvent{assigned, started, pickedUp, atStop1}, dispatch.CompleteTrip{By: driverA, Order: facts, Lead: lead}, nil, dispatch.ErrOutOfOrder},
		{"completing after the last stop", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2}, dispatch.CompleteTrip{By: driverA, Order: facts, Lead: lead},
			[]dispatch.TripEvent{dispatch.TripCompleted{OrderID: facts.OrderID, DriverID: "d1", CompletedAt: now}}, nil},
		{"nothing after completion", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2, dispatch.TripCompleted{}}, dispatch.ArriveAtStop{By: driverA, Stop: 1, Order: facts, Lead: lead}, nil, dispatch.ErrTripCompleted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.Trip.Decide(dispatch.Trip.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestNextStepFollowsTheTrip(t *testing.T) {
	t.Parallel()
	history := []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2}
	want := []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}}
	for i := range history {
		step, stop := dispatch.Trip.Fold(history[:i+1]).NextStep()
		if step != want[i].step || stop != want[i].stop {
			t.Errorf("after %d events: %s %d, want %+v", i+1, step, stop, want[i])
		}
	}
	if _, err := dispatch.StepCommand("fly", 0, driverA, facts, lead); !errors.Is(err, dispatch.ErrUnknownStep) {
		t.Errorf("unknown step: %v", err)
	}
}

func TestDriverDayDecisions(t *testing.T) {
	t.Parallel()
	booked := func(order string) dispatch.DriverDayEvent {
		return dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: 1, BookedAt: now}
	}
	book := func(order string, perDay int) dispatch.DriverDayCommand {
		return dispatch.BookDriverDay{DriverID: "d1", Day: "2026-11-18", OrderID: order, TripsPerDay: perDay}
	}
	cases := []struct {
		name  string
		given []dispatch.DriverDayEvent
		when  dispatch.DriverDayCommand
		then  []dispatch.DriverDayEvent
		err   error
	}{
		{"a free day is booked", nil, book("A", 1), []dispatch.DriverDayEvent{booked("A")}, nil},
		{"one trip a day: a second order is refused", []dispatch.DriverDayEvent{booked("A")}, book("B", 1), nil, dispatch.ErrDriverFullyBooked},
		{"two trips a day: a second order fits", []dispatch.DriverDayEvent{booked("A")}, book("B", 2),
			[]dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "B", TripsPerDay: 2, BookedAt: now}}, nil},
		{"the same order again changes nothing", []dispatch.DriverDayEvent{booked("A")}, book("A", 1), nil, nil},
		{"a release frees the day", []dispatch.DriverDayEvent{booked("A")}, dispatch.ReleaseDriverDay{OrderID: "A", Reason: "unassigned"},
			[]dispatch.DriverDayEvent{dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "A", Reason: "unassigned", ReleasedAt: now}}, nil},
		{"after a release another order fits", []dispatch.DriverDayEvent{booked("A"), dispatch.DriverDayReleased{OrderID: "A"}}, book("B", 1),
			[]dispatch.DriverDayEvent{dispatch.DriverDayBooked{DriverID: "d1", Day: "2026-11-18", OrderID: "B", TripsPerDay: 1, BookedAt: now}}, nil},
		{"releasing an order the day does not carry changes nothing", nil, dispatch.ReleaseDriverDay{OrderID: "A"}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.DriverDay.Decide(dispatch.DriverDay.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestDriverAccountLink(t *testing.T) {
	t.Parallel()
	link := dispatch.LinkDriverAccount{DriverID: "d1", UserID: "user-a", Email: "karim@example.com", AccountRole: "driver", By: admin}
	got, err := dispatch.DriverAccount.Decide(dispatch.DriverAccount.Initial(), link, now)
	want := []dispatch.DriverAccountEvent{dispatch.DriverAccountLinked{DriverID: "d1", UserID: "user-a", Email: "karim@example.com", ByUserID: "admin-1", LinkedAt: now}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("link: %v %#v", err, got)
	}
	if again, err := dispatch.DriverAccount.Decide(dispatch.DriverAccount.Fold(got), link, now); err != nil || len(again) != 0 {
		t.Fatalf("the same link again: %v %#v", err, again)
	}
	link.AccountRole = "user"
	if _, err := dispatch.DriverAccount.Decide(dispatch.DriverAccount.Initial(), link, now); !errors.Is(err, dispatch.ErrAccountNotDriver) {
		t.Fatalf("a traveller's account: %v", err)
	}
}

// An account drives for one driver. Given Ahmed's claim on an account, when Hossam's link claims it:
// refused while Ahmed's link still names it or is still on its way (Ahmed's link stream has not moved
// past the version his claim recorded); taken once Ahmed's link has moved to another account.
func TestADriverLoginIsHeldByOneDriverUntilItsLinkMovesOn(t *testing.T) {
	t.Parallel()
	ahmed := dispatch.DriverLoginClaimed{UserID: "user-a", DriverID: "ahmed", LinkVersion: 0, ClaimedAt: now}
	given := dispatch.DriverLogin.Fold([]dispatch.DriverLoginEvent{ahmed})
	claim := func(holder dispatch.HolderLink) dispatch.ClaimDriverLogin {
		return dispatch.ClaimDriverLogin{UserID: "user-a", AccountRole: "driver", DriverID: "hossam", LinkVersion: -1, Holder: holder}
	}
	name := domain.Text{En: "Ahmed Samir", Ar: "أحمد سمير"}
	cases := []struct {
		name   string
		holder dispatch.HolderLink
		want   error
	}{
		{"Ahmed's link names the account", dispatch.HolderLink{DriverID: "ahmed", Name: name, UserID: "user-a", Version: 1}, dispatch.ErrAccountLinkedElsewhere},
		{"Ahmed's link is on its way", dispatch.HolderLink{DriverID: "ahmed", Name: name, UserID: "user-old", Version: 0}, dispatch.ErrAccountLinkedElsewhere},
		{"the caller looked at another driver", dispatch.HolderLink{DriverID: "karim", UserID: "user-b", Version: 5}, dispatch.ErrAccountLinkedElsewhereNow},
		{"the caller saw no holder", dispatch.HolderLink{}, dispatch.ErrAccountLinkedElsewhereNow},
		{"Ahmed's link moved to another account", dispatch.HolderLink{DriverID: "ahmed", Name: name, UserID: "user-b", Version: 1}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := dispatch.DriverLogin.Decide(given, claim(c.holder), now)
			if c.want != nil {
				if !errors.Is(err, c.want) || len(got) != 0 {
					t.Fatalf("got %v %#v, want %v", err, got, c.want)
				}
				return
			}
			want := []dispatch.DriverLoginEvent{dispatch.DriverLoginClaimed{UserID: "user-a", DriverID: "hossam", LinkVersion: -1, ClaimedAt: now}}
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("got %v %#v", err, got)
			}
		})
	}
	traveller := claim(dispatch.HolderLink{})
	traveller.AccountRole = "user"
	if _, err := dispatch.DriverLogin.Decide(dispatch.DriverLogin.Initial(), traveller, now); !errors.Is(err, dispatch.ErrAccountNotDriver) {
		t.Fatalf("a traveller's account: %v", err)
	}
	// The holder claiming again is recorded, so a claim decided against the older version fails.
	again, err := dispatch.DriverLogin.Decide(given, dispatch.ClaimDriverLogin{UserID: "user-a", AccountRole: "driver", DriverID: "ahmed", LinkVersion: 1}, now)
	if err != nil || len(again) != 1 {
		t.Fatalf("the holder's claim again: %v %#v", err, again)
	}
	if _, err := dispatch.DriverLogin.Decide(dispatch.DriverLogin.Fold(append([]dispatch.DriverLoginEvent{ahmed}, again...)),
		claim(dispatch.HolderLink{DriverID: "ahmed", Name: name, UserID: "user-b", Version: 1}), now); !errors.Is(err, dispatch.ErrAccountLinkedElsewhere) {
		t.Fatalf("a claim against the holder's older link version: %v", err)
	}
}
