package dispatch_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/commands/commandstest"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/dispatch"
)

// A car breaks down after the pickup: the operator hands the trip to another driver, who goes on from
// the stop it reached; the former driver is free for another trip, and can no longer move this one.
func TestATripOnTheRoadGoesOnWithAnotherDriver(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	karim, karimUser := f.Driver(t, 1)
	samir, samirUser := f.Driver(t, 1)
	orderID, later := f.Order(t, day, "traveller-1", true), f.OrderAt(t, day, 15*time.Hour, "traveller-2", true)
	f.Assign(t, orderID, karim)
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}} {
		if _, err := f.Dispatch.Advance(ctx, orderID, s.step, s.stop, dispatchtest.As(karimUser, "driver")); err != nil {
			t.Fatalf("%s %d: %v", s.step, s.stop, err)
		}
	}
	if _, err := f.Dispatch.HandOverTrip(ctx, orderID, samir, "", "", admin()); err == nil {
		t.Fatal("a hand-over without a reason was taken")
	}
	if n := commandstest.Count[dispatch.DriverDayBooked](t, f.Runner, dispatchcmd.DriverDayStream(samir, day)); n != 0 {
		t.Fatalf("a refused hand-over booked the new driver's day %d times", n)
	}
	out, err := f.Dispatch.HandOverTrip(ctx, orderID, samir, "flat tyre at the Pyramids", "", admin())
	if err != nil || !out.Changed {
		t.Fatalf("hand-over: %v %+v", err, out)
	}
	trip, _, _ := f.Dispatch.Trip(ctx, orderID)
	if d, _ := trip.Driver(); d.ID != samir || trip.Status() != dispatch.StatusAtStop || trip.Stop() != 1 {
		t.Fatalf("after the hand-over: driver %s, %s at stop %d", d.ID, trip.Status(), trip.Stop())
	}
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepArrive, 2, dispatchtest.As(karimUser, "driver")); !errors.Is(err, dispatch.ErrNotYourTrip) {
		t.Fatalf("the former driver moves the trip: %v", err)
	}
	if _, err := f.Dispatch.Advance(ctx, orderID, dispatch.StepArrive, 2, dispatchtest.As(samirUser, "driver")); err != nil {
		t.Fatalf("the new driver goes on: %v", err)
	}
	// Karim's day (one trip a day) is free again; Samir's is taken by the trip he drives now.
	if _, err := f.Dispatch.AssignDriver(ctx, later, karim, admin()); err != nil {
		t.Fatalf("the former driver's day should be free: %v", err)
	}
	if n := commandstest.Count[dispatch.DriverDayBooked](t, f.Runner, dispatchcmd.DriverDayStream(samir, day)); n != 1 {
		t.Fatalf("the new driver's day was booked %d times, want 1", n)
	}
	// The same request again (a retried click) changes nothing more.
	if _, err := f.Dispatch.HandOverTrip(ctx, orderID, samir, "flat tyre at the Pyramids", "", admin()); !errors.Is(err, dispatch.ErrSameDriver) {
		t.Fatalf("handing over to the driver who has it: %v", err)
	}
}

func TestATripNotYetStartedIsNotHandedOver(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	karim, _ := f.Driver(t, 1)
	samir, _ := f.Driver(t, 1)
	orderID := f.Order(t, day, "traveller-1", true)
	f.Assign(t, orderID, karim)
	if _, err := f.Dispatch.HandOverTrip(ctx, orderID, samir, "ill", "", admin()); !errors.Is(err, dispatch.ErrNotUnderway) {
		t.Fatalf("a trip not started: %v", err)
	}
	if n := commandstest.Count[dispatch.DriverDayBooked](t, f.Runner, dispatchcmd.DriverDayStream(samir, day)); n != 0 {
		t.Fatalf("the refused hand-over booked the new driver's day %d times", n)
	}
}
