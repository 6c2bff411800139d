package dispatch_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/commands/commandstest"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/dispatch"
)

// job is the metadata a job worker gives the command it runs: the job's id as the command id.
func job() commands.Meta {
	return commands.Meta{CommandID: uuid.New(), Actor: commands.Actor{UserID: "system", Role: "system"}}
}

func TestADriverStartsATripOnlyOnItsDayAndWhileItsOrderGoesAhead(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, driverUser := f.Driver(t, 2)
	orderID, cancelled := f.Order(t, day, "traveller-1", true), f.OrderAt(t, day, 15*time.Hour, "traveller-2", true)
	for _, id := range []string{orderID, cancelled} {
		f.Assign(t, id, driverID)
	}
	f.Clock.Set(dispatchtest.OnTheDay.AddDate(0, 0, -7))
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver")); !errors.Is(err, dispatch.ErrTooEarlyToStart) {
		t.Fatalf("a week early: %v", err)
	}
	f.Clock.Set(dispatchtest.OnTheDay)
	// The order is read from its own stream: a cancellation the dispatch stream has not heard of yet
	// already stops the trip.
	f.CancelOrder(t, cancelled)
	if _, err := f.Dispatch.Advance(ctx, cancelled, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver")); !errors.Is(err, dispatch.ErrOrderCancelled) {
		t.Fatalf("the trip of a cancelled order: %v", err)
	}
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver")); err != nil {
		t.Fatalf("on the day: %v", err)
	}
}

// The job of an order's cancellation, run twice (the worker died before marking it done) or resumed
// after dying between its two steps, cancels the trip once and frees the driver's day once.
func TestReleasingACancelledOrdersTripHappensOnceHoweverOftenItsJobRuns(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, driverUser := f.Driver(t, 1)
	first, second := f.Order(t, day, "u", true), f.Order(t, day, "u", true)
	f.Assign(t, first, driverID)
	f.CancelOrder(t, first)
	m := job()
	for range 2 {
		if _, err := f.Dispatch.ReleaseTrip(ctx, first, "order cancelled", m); err != nil {
			t.Fatal(err)
		}
	}
	if n := commandstest.Count[dispatch.TripCancelled](t, f.Runner, dispatchcmd.TripStream(first)); n != 1 {
		t.Fatalf("%d TripCancelled, want 1", n)
	}
	if n := commandstest.Count[dispatch.DriverDayReleased](t, f.Runner, dispatchcmd.DriverDayStream(driverID, day)); n != 1 {
		t.Fatalf("%d DriverDayReleased, want 1", n)
	}
	// The freed day takes another trip; the released one is out of the driver's hands.
	if _, err := f.Dispatch.AssignDriver(ctx, second, driverID, admin()); err != nil {
		t.Fatalf("the driver's day should be free: %v", err)
	}
	if _, err := f.Dispatch.Advance(ctx, first, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver")); !errors.Is(err, dispatch.ErrTripCancelled) {
		t.Fatalf("starting a released trip: %v", err)
	}

	// Killed between the two steps: the trip is cancelled, the day still booked. The job again.
	third := f.Order(t, "2026-11-19", "u", true)
	f.Assign(t, third, driverID)
	f.CancelOrder(t, third)
	m = job()
	if _, err := commands.Execute(ctx, f.Runner, dispatch.Trip, dispatchcmd.TripStream(third),
		dispatch.TripCommand(dispatch.CancelTrip{OrderID: third, Reason: "order cancelled", By: dispatch.Actor{UserID: "system"}}), m, commands.Options{}); err != nil {
		t.Fatal(err)
	}
	if n := commandstest.Count[dispatch.DriverDayReleased](t, f.Runner, dispatchcmd.DriverDayStream(driverID, "2026-11-19")); n != 0 {
		t.Fatalf("the day was freed before the job resumed: %d", n)
	}
	if _, err := f.Dispatch.ReleaseTrip(ctx, third, "order cancelled", m); err != nil {
		t.Fatal(err)
	}
	if a, b := commandstest.Count[dispatch.TripCancelled](t, f.Runner, dispatchcmd.TripStream(third)), commandstest.Count[dispatch.DriverDayReleased](t, f.Runner, dispatchcmd.DriverDayStream(driverID, "2026-11-19")); a != 1 || b != 1 {
		t.Fatalf("after resuming: %d TripCancelled, %d DriverDayReleased, want 1 and 1", a, b)
	}
}

func TestAStaffCancellationStopsATripUnderWay(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, driverUser := f.Driver(t, 1)
	orderID := f.Order(t, day, "u", true)
	f.Assign(t, orderID, driverID)
	f.Clock.Set(dispatchtest.OnTheDay.Add(30 * time.Minute))
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver")); err != nil {
		t.Fatal(err)
	}
	f.CancelOrder(t, orderID)
	out, err := f.Dispatch.ReleaseTrip(ctx, orderID, "order cancelled: car broke down", job())
	if err != nil || !out.Changed {
		t.Fatalf("release: %v %+v", err, out)
	}
	trip, _, err := f.Dispatch.Trip(ctx, orderID)
	if err != nil {
		t.Fatal(err)
	}
	if _, has := trip.Driver(); trip.Status() != dispatch.StatusCancelled || has || !trip.Started() {
		t.Fatalf("after the release: %s, driver %v, started %v", trip.Status(), has, trip.Started())
	}
}
