package dispatch_test

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/commands/commandstest"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
)

// The traveller cancels while the driver starts, at the same instant. Whichever lands first wins and
// the other is refused, or compensated once the order ↔ trip process has run its jobs (in either
// order): never an order cancelled with its trip under way, never a trip under way on the order with
// the traveller's cancellation accepted.
func TestATravellerCancellingWhileTheDriverStartsEndsInOneStory(t *testing.T) {
	t.Parallel()
	f := dispatchtest.New(t)
	ctx := context.Background()
	sandbox, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("test-secret-test-secret"), PublicURL: "http://mishwar.test", Now: f.Clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	orders := orderscmd.New(orderscmd.Config{Runner: f.Runner, Provider: sandbox, Settings: orderscmd.DefaultSettings(),
		PublicURL: func() string { return "http://mishwar.test" }, Logger: slog.New(slog.DiscardHandler)})
	outcomes := map[string]int{}
	for round := range 4 {
		driverID, driverUser := f.Driver(t, 1)
		orderID := f.Order(t, day, "traveller-1", true)
		f.Assign(t, orderID, driverID)
		var (
			wg                  sync.WaitGroup
			cancelErr, startErr error
			go_                 = make(chan struct{})
		)
		wg.Add(2)
		go func() {
			defer wg.Done()
			<-go_
			_, cancelErr = orders.CancelOwnOrder(ctx, orderID, order.Actor{UserID: "traveller-1"}, "plans changed", dispatchtest.As("traveller-1", "user"))
		}()
		go func() {
			defer wg.Done()
			<-go_
			_, startErr = f.Dispatch.Advance(ctx, orderID, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver"))
		}()
		close(go_)
		wg.Wait()
		switch {
		case cancelErr == nil && startErr == nil:
			outcomes["both landed"]++
		case cancelErr == nil && errors.Is(startErr, dispatch.ErrOrderCancelled):
			outcomes["cancel first"]++
		case errors.Is(cancelErr, order.ErrTripStarted) && startErr == nil:
			outcomes["start first"]++
		default:
			t.Fatalf("round %d: cancel %v, start %v", round, cancelErr, startErr)
		}

		// The process's jobs for what landed, in a random order, each run twice (a worker that died
		// before marking it done).
		var jobs []func()
		trip, _, err := f.Dispatch.Trip(ctx, orderID)
		if err != nil {
			t.Fatal(err)
		}
		if trip.Started() {
			m := job()
			jobs = append(jobs, func() {
				if _, err := orders.RecordTripStarted(ctx, orderID, driverID, f.Clock.Now(), m); err != nil {
					t.Error(err)
				}
			})
		}
		s, _, err := orders.LoadOrder(ctx, orderID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Status() == order.StatusCancelled {
			m := job()
			jobs = append(jobs, func() {
				if _, err := f.Dispatch.ReleaseTrip(ctx, orderID, "order cancelled", m); err != nil {
					t.Error(err)
				}
			})
		}
		jobs = append(jobs, jobs...)
		rand.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
		for _, run := range jobs {
			run()
		}

		s, _, _ = orders.LoadOrder(ctx, orderID)
		trip, _, _ = f.Dispatch.Trip(ctx, orderID)
		cancelled := s.Status() == order.StatusCancelled
		switch {
		case cancelled && trip.Status() == dispatch.StatusCancelled && s.TripStartedAt().IsZero():
			// The cancellation won: the trip (started or not) is off the road, the order never heard of a start.
		case !cancelled && s.Status() == order.StatusConfirmed && !s.TripStartedAt().IsZero() && trip.Status() == dispatch.StatusStarted:
			// The start won: the order knows its trip is under way, the traveller was refused.
			if cancelErr == nil {
				t.Fatalf("round %d: the traveller's cancellation was accepted, yet the order goes on", round)
			}
		default:
			t.Fatalf("round %d: two stories: order %s (trip started at %v), trip %s; cancel %v, start %v",
				round, s.Status(), s.TripStartedAt(), trip.Status(), cancelErr, startErr)
		}
		if cancelled {
			if n := commandstest.Count[dispatch.DriverDayReleased](t, f.Runner, dispatchcmd.DriverDayStream(driverID, day)); n > 1 {
				t.Fatalf("round %d: the driver's day was freed %d times", round, n)
			}
		}
	}
	t.Logf("outcomes: %v", outcomes)
}
