package dispatch_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/commands"
	"mishwar/commands/commandstest"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

const nextDay availability.Day = "2026-11-19"

// retime runs the trip-times job for orderID as the system, failing the test on error.
func retime(t *testing.T, f *dispatchtest.Fixture, orderID string) {
	t.Helper()
	if _, err := f.Dispatch.RetimeTrip(context.Background(), orderID, commands.NewMeta(commands.Actor{UserID: "system", Role: "system"})); err != nil {
		t.Fatal(err)
	}
}

// An exchange within the day that makes the evening's trip run past midnight over the driver's
// 00:30 trip of the next day takes it off the driver, naming that trip: the driver is not booked on
// both.
func TestRetimingATripPastMidnightOverTheNextDaysTripTakesItOffTheDriver(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, _ := f.Driver(t, 3)
	evening := f.OrderLasting(t, day, 18*time.Hour, 3*time.Hour, "traveller-1", true)
	early := f.OrderLasting(t, nextDay, 30*time.Minute, 2*time.Hour, "traveller-2", true)
	f.Assign(t, evening, driverID)
	f.Assign(t, early, driverID)

	f.Exchange(t, evening, day, 22*time.Hour, 3*time.Hour) // 22:00–01:00
	retime(t, f, evening)

	trip, _, err := f.Dispatch.Trip(ctx, evening)
	if err != nil {
		t.Fatal(err)
	}
	if _, has := trip.Driver(); has {
		t.Fatal("the retimed trip kept its driver over the next day's trip")
	}
	hist, err := commands.Load[dispatch.DriverDayEvent](ctx, f.Runner, dispatchcmd.DriverDayStream(driverID, day))
	if err != nil {
		t.Fatal(err)
	}
	var released []dispatch.DriverDayReleased
	for _, e := range hist.Events {
		if r, ok := e.(dispatch.DriverDayReleased); ok {
			released = append(released, r)
		}
	}
	if len(released) != 1 || released[0].Cause == nil || released[0].Cause.Code != dispatch.CauseTimesOverlap || released[0].Cause.Trip != early {
		t.Fatalf("released %+v, want one naming %s", released, early)
	}
	if n := commandstest.Count[dispatch.DriverDayCarriedOver](t, f.Runner, dispatchcmd.DriverDayStream(driverID, nextDay)); n != 0 {
		t.Fatalf("%d carry-overs onto the next day", n)
	}
}

// An exchange within the day that makes the evening's trip run past midnight carries it over onto
// the next day: a trip there at 00:30 is refused while it runs, and booked once it is back by
// midnight again.
func TestATripRetimedPastMidnightKeepsTheDriverBusyOnTheNextDayUntilRetimedBack(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	driverID, _ := f.Driver(t, 3)
	evening := f.OrderLasting(t, day, 18*time.Hour, 3*time.Hour, "traveller-1", true)
	early := f.OrderLasting(t, nextDay, 30*time.Minute, 2*time.Hour, "traveller-2", true)
	f.Assign(t, evening, driverID)

	f.Exchange(t, evening, day, 22*time.Hour, 3*time.Hour) // 22:00–01:00
	retime(t, f, evening)
	if n := commandstest.Count[dispatch.DriverDayCarriedOver](t, f.Runner, dispatchcmd.DriverDayStream(driverID, nextDay)); n != 1 {
		t.Fatalf("%d carry-overs onto the next day, want 1", n)
	}
	if _, err := f.Dispatch.AssignDriver(ctx, early, driverID, commands.NewMeta(dispatchtest.Admin)); !errors.Is(err, dispatch.ErrDriverBusy) {
		t.Fatalf("the next day's 00:30 trip: %v, want %v", err, dispatch.ErrDriverBusy)
	}

	f.Exchange(t, evening, day, 18*time.Hour, 3*time.Hour)
	retime(t, f, evening)
	if n := commandstest.Count[dispatch.DriverDayCarryOverDropped](t, f.Runner, dispatchcmd.DriverDayStream(driverID, nextDay)); n != 1 {
		t.Fatalf("%d carry-overs dropped, want 1", n)
	}
	f.Assign(t, early, driverID)
}
