package dispatch_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/accountsdb"
	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain"
	"mishwar/domain/dispatch"
)

// afternoon is 13:35 in Cairo on the fixture's day: the 09:00 trip may be running, and the 15:30 one
// may be started (up to two hours early).
var afternoon = time.Date(2026, 11, 18, 11, 35, 0, 0, time.UTC)

func drive(t *testing.T, f *dispatchtest.Fixture, orderID, user string, steps ...string) {
	t.Helper()
	stop := 0
	for _, s := range steps {
		if s == dispatch.StepArrive {
			stop++
		}
		if _, err := f.Dispatch.Advance(context.Background(), orderID, s, stop, dispatchtest.As(user, "driver")); err != nil {
			t.Fatalf("%s %s: %v", orderID, s, err)
		}
	}
}

func names(t *testing.T, err error, orderID string) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || !reflect.DeepEqual(de.Args, []any{orderID}) {
		t.Fatalf("the refusal %#v does not name %s", err, orderID)
	}
}

// The tester's day: two trips of one driver (09:00 and 15:30). At 13:35 the driver is still on the
// morning trip and taps "Start trip" on the afternoon one: refused, naming the trip to finish first;
// once the morning trip is completed the afternoon one starts.
func TestADriverCannotStartASecondTripWhileAnotherRuns(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	f.Clock.Set(afternoon)
	driverID, user := f.Driver(t, 2)
	morning, later := f.OrderAt(t, day, 9*time.Hour, "traveller-a", true), f.OrderAt(t, day, 15*time.Hour+30*time.Minute, "traveller-b", true)
	f.Assign(t, morning, driverID)
	f.Assign(t, later, driverID)
	drive(t, f, morning, user, dispatch.StepStart, dispatch.StepPickUp)

	_, err := f.Dispatch.Advance(ctx, later, dispatch.StepStart, 0, dispatchtest.As(user, "driver"))
	if !errors.Is(err, dispatch.ErrFinishTripFirst) {
		t.Fatalf("starting the afternoon trip while the morning one runs: %v", err)
	}
	names(t, err, morning)
	if trip, _, _ := f.Dispatch.Trip(ctx, later); trip.Status() != dispatch.StatusAssigned {
		t.Fatalf("the afternoon trip is %s, want still assigned", trip.Status())
	}

	drive(t, f, morning, user, dispatch.StepArrive, dispatch.StepArrive, dispatch.StepComplete)
	drive(t, f, later, user, dispatch.StepStart)
}

// A trip handed to another driver on the road frees its former driver for their next trip, and is
// the trip its new driver runs: they are not handed it while on another trip of their own, and cannot
// start another of theirs before finishing it. A cancelled trip frees its driver too.
func TestTheRunningTripFollowsHandOversAndCancellations(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	f.Clock.Set(afternoon)
	karim, karimUser := f.Driver(t, 2)
	// Samir takes three trips a day: only his running trip stands in the hand-over's way.
	samir, samirUser := f.Driver(t, 3)
	karimsMorning, karimsLater := f.OrderAt(t, day, 9*time.Hour, "a", true), f.OrderAt(t, day, 15*time.Hour+30*time.Minute, "b", true)
	samirsMorning, samirsLater := f.OrderAt(t, day, 8*time.Hour, "c", true), f.OrderAt(t, day, 15*time.Hour, "d", true)
	f.Assign(t, karimsMorning, karim)
	f.Assign(t, karimsLater, karim)
	f.Assign(t, samirsMorning, samir)
	f.Assign(t, samirsLater, samir)
	drive(t, f, karimsMorning, karimUser, dispatch.StepStart, dispatch.StepPickUp)
	drive(t, f, samirsMorning, samirUser, dispatch.StepStart)

	_, err := f.Dispatch.HandOverTrip(ctx, karimsMorning, samir, "flat tyre", "", admin())
	if !errors.Is(err, dispatch.ErrDriverOnAnotherTrip) {
		t.Fatalf("handing a trip to a driver on another trip: %v", err)
	}
	names(t, err, samirsMorning)
	if trip, _, _ := f.Dispatch.Trip(ctx, karimsMorning); func() string { d, _ := trip.Driver(); return d.ID }() != karim {
		t.Fatal("the refused hand-over took the trip from its driver")
	}

	// Samir's own trip is cancelled: he is free, and takes Karim's over.
	f.CancelOrder(t, samirsMorning)
	if _, err := f.Dispatch.ReleaseTrip(ctx, samirsMorning, "order cancelled", job()); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.HandOverTrip(ctx, karimsMorning, samir, "flat tyre", "", admin()); err != nil {
		t.Fatalf("handing the trip to a driver whose trip was cancelled: %v", err)
	}
	// Karim, handed off, may start his afternoon trip; Samir runs Karim's morning trip now.
	drive(t, f, karimsLater, karimUser, dispatch.StepStart)
	_, err = f.Dispatch.Advance(ctx, samirsLater, dispatch.StepStart, 0, dispatchtest.As(samirUser, "driver"))
	if !errors.Is(err, dispatch.ErrFinishTripFirst) {
		t.Fatalf("the new driver starts another trip while running the one handed over: %v", err)
	}
	names(t, err, karimsMorning)
	drive(t, f, karimsMorning, samirUser, dispatch.StepArrive, dispatch.StepArrive, dispatch.StepComplete)
	drive(t, f, samirsLater, samirUser, dispatch.StepStart)
}

// Two starts of one driver's two trips at the same instant (two tabs, perhaps on two processes):
// exactly one sets off, the other is refused naming it. The decision is made on the driver's day
// stream, which both starts append to under its expected version.
func TestTwoStartsAtOnceOnlyOneRuns(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	f.Clock.Set(afternoon)
	// A second process: its own runner, so its own per-stream locks; the same store.
	other := commands.NewRunner(f.Store, f.Registry)
	other.Now = f.Clock.Now
	processes := []*dispatchcmd.Handlers{f.Dispatch, dispatchcmd.New(other, accountsdb.NewTables(f.Accounts, nil))}
	for round := range 6 {
		driverID, user := f.Driver(t, 2)
		trips := []string{f.OrderAt(t, day, 9*time.Hour, "a", true), f.OrderAt(t, day, 15*time.Hour+30*time.Minute, "b", true)}
		f.Assign(t, trips[0], driverID)
		f.Assign(t, trips[1], driverID)
		var (
			wg   sync.WaitGroup
			errs [2]error
			go_  = make(chan struct{})
		)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-go_
				// Rounds alternate between two starts on one process and one on each.
				_, errs[i] = processes[(i*round)%2].Advance(ctx, trips[i], dispatch.StepStart, 0, dispatchtest.As(user, "driver"))
			}()
		}
		close(go_)
		wg.Wait()
		var won, lost int
		switch {
		case errs[0] == nil && errors.Is(errs[1], dispatch.ErrFinishTripFirst):
			won, lost = 0, 1
		case errs[1] == nil && errors.Is(errs[0], dispatch.ErrFinishTripFirst):
			won, lost = 1, 0
		default:
			t.Fatalf("round %d: starts answered %v and %v; want exactly one refused", round, errs[0], errs[1])
		}
		names(t, errs[lost], trips[won])
		started := 0
		for _, id := range trips {
			if trip, _, _ := f.Dispatch.Trip(ctx, id); trip.Started() {
				started++
			}
		}
		if started != 1 {
			t.Fatalf("round %d: %d trips started", round, started)
		}
	}
}
