package dispatch_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// 2026-11-18 is a Wednesday.
const day = "2026-11-18"

func admin() commands.Meta { return commands.NewMeta(dispatchtest.Admin) }

func TestAssignAndDriveATripToTheEnd(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, driverUser := f.Driver(t, 1)
	orderID := f.Order(t, day, "traveller-1", true)

	f.Assign(t, orderID, driverID)
	trip, _, err := f.Dispatch.Trip(ctx, orderID)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := trip.Driver()
	if trip.Status() != dispatch.StatusAssigned || d.ID != driverID || d.UserID != driverUser || d.Name != "Karim Driver" || trip.Owner() != "traveller-1" {
		t.Fatalf("after assigning: %s %+v", trip.Status(), d)
	}
	// Another driver account may not touch it, nor may the operator drive it.
	_, stranger := f.Driver(t, 1)
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(stranger, "driver")); !errors.Is(err, dispatch.ErrNotYourTrip) {
		t.Fatalf("a stranger starts: %v", err)
	}
	steps := []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}}
	for _, s := range steps {
		if _, err := f.Dispatch.Advance(ctx, orderID, s.step, s.stop, dispatchtest.As(driverUser, "driver")); err != nil {
			t.Fatalf("%s %d: %v", s.step, s.stop, err)
		}
	}
	trip, _, _ = f.Dispatch.Trip(ctx, orderID)
	if trip.Status() != dispatch.StatusCompleted || trip.Stop() != 2 {
		t.Fatalf("at the end: %s stop %d", trip.Status(), trip.Stop())
	}
	if _, err := f.Dispatch.UnassignDriver(ctx, orderID, "too late", admin()); !errors.Is(err, dispatch.ErrTripUnderway) {
		t.Fatalf("unassigning a completed trip: %v", err)
	}
}

func TestAssignmentRefusals(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, _ := f.Driver(t, 1)
	mondays, _ := f.Driver(t, 1, time.Monday)
	unpaid := f.Order(t, day, "traveller-1", false)
	paid := f.Order(t, day, "traveller-1", true)

	if _, err := f.Dispatch.AssignDriver(ctx, unpaid, driverID, admin()); !errors.Is(err, dispatch.ErrOrderNotConfirmed) {
		t.Errorf("an unpaid order: %v", err)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, paid, mondays, admin()); !errors.Is(err, dispatch.ErrDriverNotWorking) {
		t.Errorf("a driver off on Wednesdays: %v", err)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, "MSH-222222", driverID, admin()); !errors.Is(err, order.ErrOrderNotFound) {
		t.Errorf("an unknown order: %v", err)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, paid, "6f1d2a36-5c57-4b8e-9a43-2f6f0d0f4c11", admin()); !errors.Is(err, dispatch.ErrDriverNotFound) {
		t.Errorf("an unknown driver: %v", err)
	}
	// None of the refusals took the driver's day.
	second := f.Order(t, day, "traveller-2", true)
	if _, err := f.Dispatch.AssignDriver(ctx, second, driverID, admin()); err != nil {
		t.Errorf("the driver's day should still be free: %v", err)
	}
	traveller := f.Account(t, "user")
	if _, err := f.Dispatch.LinkAccount(ctx, driverID, traveller[:13]+"@example.com", nil, admin()); !errors.Is(err, dispatch.ErrAccountNotDriver) {
		t.Errorf("linking a traveller's account: %v", err)
	}
}

// A driver's account that stopped being a driver's (its role changed) keeps its link, but the driver
// gets no trip through it: nobody could drive it.
func TestADriverWhoseAccountIsNoLongerADriversGetsNoTrip(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, userID := f.Driver(t, 1)
	if err := f.Accounts.SetRole(ctx, f.Pool, uuid.MustParse(userID), "user"); err != nil {
		t.Fatal(err)
	}
	orderID := f.Order(t, day, "u", true)
	if _, err := f.Dispatch.AssignDriver(ctx, orderID, driverID, admin()); !errors.Is(err, dispatch.ErrDriverAccountLapsed) {
		t.Fatalf("assigning through an account that is no longer a driver's: %v", err)
	}
	if err := f.Accounts.SetRole(ctx, f.Pool, uuid.MustParse(userID), "driver"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, orderID, driverID, admin()); err != nil {
		t.Fatalf("once it is a driver's again: %v", err)
	}
}

func TestUnassigningFreesTheDriversDay(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, _ := f.Driver(t, 1)
	first, second := f.Order(t, day, "u", true), f.Order(t, day, "u", true)
	f.Assign(t, first, driverID)
	if _, err := f.Dispatch.AssignDriver(ctx, second, driverID, admin()); !errors.Is(err, dispatch.ErrDriverFullyBooked) {
		t.Fatalf("a second trip the same day: %v", err)
	}
	if _, err := f.Dispatch.UnassignDriver(ctx, first, "swap", admin()); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, second, driverID, admin()); err != nil {
		t.Fatalf("after unassigning the first: %v", err)
	}
	// A repeated command (the same id, a client retry) changes nothing.
	m := admin()
	third := f.Order(t, "2026-11-19", "u", true)
	out1, err1 := f.Dispatch.AssignDriver(ctx, third, driverID, m)
	out2, err2 := f.Dispatch.AssignDriver(ctx, third, driverID, m)
	if err1 != nil || err2 != nil || !out1.Changed || out2.Changed {
		t.Fatalf("repeat: %v %v %+v %+v", err1, err2, out1, out2)
	}
}

// A driver who completed a trip early is free for another in what was its planned time; until they
// complete it, that trip is refused as overlapping.
func TestADriverIsFreeOnceTheyCompletedATrip(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, driverUser := f.Driver(t, 2)
	morning, another := f.Order(t, day, "u", true), f.Order(t, day, "u", true) // both at 10:00 Cairo
	f.Assign(t, morning, driverID)
	if _, err := f.Dispatch.AssignDriver(ctx, another, driverID, admin()); !errors.Is(err, dispatch.ErrDriverBusy) {
		t.Fatalf("a trip inside one not yet done: %v", err)
	}
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}} {
		if _, err := f.Dispatch.Advance(ctx, morning, s.step, s.stop, dispatchtest.As(driverUser, "driver")); err != nil {
			t.Fatalf("%s %d: %v", s.step, s.stop, err)
		}
	}
	if _, err := f.Dispatch.AssignDriver(ctx, another, driverID, admin()); err != nil {
		t.Fatalf("after the driver completed the first trip: %v", err)
	}
}

// Twenty operators assign one driver (one trip a day) to twenty different orders of the same day at
// once: the driver's day stream lets exactly one through, every other hears the driver is booked.
func TestADriverIsNeverDoubleBookedUnderConcurrency(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	for round := 0; round < 3; round++ {
		driverID, _ := f.Driver(t, 1)
		orders := make([]string, 20)
		for i := range orders {
			orders[i] = f.Order(t, day, "u", true)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(orders))
		start := make(chan struct{})
		for i, id := range orders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = f.Dispatch.AssignDriver(ctx, id, driverID, admin())
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, dispatch.ErrDriverFullyBooked):
				t.Errorf("round %d order %d: %v", round, i, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d assignments won, want exactly 1", round, won)
		}
		assigned := 0
		for _, id := range orders {
			trip, _, err := f.Dispatch.Trip(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if trip.Status() == dispatch.StatusAssigned {
				assigned++
			}
		}
		if assigned != 1 {
			t.Fatalf("round %d: %d trips carry the driver", round, assigned)
		}
	}
}
