package dispatch_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

// Two operators give one driver, at the same instant, a late trip running past midnight and an early
// trip of the next day that it overlaps. The days are two streams, yet exactly one assignment lands
// and the other is refused as the driver being busy: the driver is never booked on both.
func TestTwoOverlappingTripsOnAdjacentDaysAssignedAtOnceLeaveTheDriverOnOne(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	const evening, morning availability.Day = "2026-11-18", "2026-11-19"
	outcomes := map[string]int{}
	for round := range 6 {
		driverID, _ := f.Driver(t, 3)
		late := f.OrderLasting(t, evening, 22*time.Hour, 3*time.Hour, "traveller-1", true)    // 22:00–01:00
		early := f.OrderLasting(t, morning, 30*time.Minute, 2*time.Hour, "traveller-2", true) // 00:30–02:30
		var (
			wg                sync.WaitGroup
			lateErr, earlyErr error
			start             = make(chan struct{})
		)
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-start
			_, lateErr = f.Dispatch.AssignDriver(ctx, late, driverID, commands.NewMeta(dispatchtest.Admin))
		}()
		go func() {
			defer wg.Done()
			<-start
			_, earlyErr = f.Dispatch.AssignDriver(ctx, early, driverID, commands.NewMeta(dispatchtest.Admin))
		}()
		close(start)
		wg.Wait()
		winner := ""
		switch {
		case lateErr == nil && errors.Is(earlyErr, dispatch.ErrDriverBusy):
			winner = late
			outcomes["late trip first"]++
		case earlyErr == nil && errors.Is(lateErr, dispatch.ErrDriverBusy):
			winner = early
			outcomes["early trip first"]++
		default:
			t.Fatalf("round %d: late trip %v, early trip %v: want exactly one assigned, the other refused as the driver busy", round, lateErr, earlyErr)
		}
		var carried []string
		for _, d := range []availability.Day{evening, morning} {
			hist, err := commands.Load[dispatch.DriverDayEvent](ctx, f.Runner, dispatchcmd.DriverDayStream(driverID, d))
			if err != nil {
				t.Fatal(err)
			}
			carried = append(carried, dispatch.DriverDay.Fold(hist.Events).Orders()...)
		}
		if len(carried) != 1 || carried[0] != winner {
			t.Fatalf("round %d: the driver's days carry %v, want only %s", round, carried, winner)
		}
		for _, o := range []string{late, early} {
			trip, _, err := f.Dispatch.Trip(ctx, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, has := trip.Driver(); has != (o == winner) {
				t.Fatalf("round %d: trip %s has a driver: %v", round, o, has)
			}
		}
	}
	t.Logf("outcomes: %v", outcomes)
}
