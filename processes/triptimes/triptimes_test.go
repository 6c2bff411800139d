package triptimes_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	"mishwar/commands/commandstest"
	dispatchcmd "mishwar/commands/dispatch"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/processes"
	"mishwar/processes/triptimes"
	"mishwar/projections"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// world is the orders and dispatch applications on one store, the process in a projections runner
// and the real job queue.
type world struct {
	*orderstest.Fixture
	dispatch *dispatchcmd.Handlers
	queue    *jobs.Queue
	runner   *projections.Runner
	stop     func()
}

const tripDay = "2026-11-18" // picked up at 10:00 (orderstest)

var dayStream = dispatchcmd.DriverDayStream("d1", availability.Day(tripDay))

func newWorld(t *testing.T) *world {
	t.Helper()
	f := orderstest.New(t, 2)
	dispatchcmd.RegisterEvents(f.Registry)
	w := &world{Fixture: f, dispatch: dispatchcmd.New(f.Runner, nil), queue: &jobs.Queue{Pool: f.Pool}}
	w.start(t)
	return w
}

// start runs the process as the composition root does, until the test ends or stop.
func (w *world) start(t *testing.T) {
	t.Helper()
	w.runner, w.stop = w.RunProcesses(t, orderstest.Process(w.Registry, triptimes.New(w.queue)))
}

// paidAndAssigned is a paid order for the trip day with driver d1 (account driver-user) assigned and
// their day booked at the trip's times, as commands/dispatch writes them.
func (w *world) paidAndAssigned(t *testing.T, user string) (string, dispatch.OrderFacts) {
	t.Helper()
	w.FillCart(t, user)
	p := w.Place(t, user, tripDay)
	w.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, w.Order(t, p.OrderID).Price()))
	facts, err := w.dispatch.OrderFacts(context.Background(), p.OrderID)
	if err != nil || facts.EndAt.IsZero() {
		t.Fatalf("facts %+v %v", facts, err)
	}
	w.Write(t, dayStream, dispatch.DriverDayBooked{DriverID: "d1", Day: tripDay, OrderID: p.OrderID, TripsPerDay: 2, StartAt: facts.StartAt, EndAt: facts.EndAt})
	w.Write(t, dispatchcmd.TripStream(p.OrderID), dispatch.DriverAssigned{OrderID: p.OrderID, Day: tripDay, StartAt: facts.StartAt,
		OwnerID: user, Stops: facts.Stops, Driver: dispatch.Driver{ID: "d1", UserID: "driver-user", Name: "Karim"}})
	return p.OrderID, facts
}

// exchange moves the order to hh:mm on its own day, done at once (no difference to pay).
func (w *world) exchange(t *testing.T, orderID, user, at string) eventstore.Position {
	t.Helper()
	out, err := w.Orders.ExchangeOrder(context.Background(), orderscmd.ExchangeInput{OrderID: orderID, Actor: order.Actor{UserID: user}, Date: tripDay, Time: at}, orderstest.UserMeta(user))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("exchange to %s: %+v %v, want it done at once", at, out, err)
	}
	return out.Position
}

// drain runs the job with the command the composition root gives it (cmd/mishwar/app/triptimes.go)
// until no job is due; the worker dies once right after each job's effect, before recording it done,
// so every job runs twice.
func (w *world) drain(t *testing.T) {
	t.Helper()
	wk := &jobs.Worker{Queue: w.queue, Backoff: func(int) time.Duration { return 0 }, Logger: slog.New(slog.DiscardHandler), Handlers: map[string]jobs.Handler{
		triptimes.JobRetimeTrip: func(ctx context.Context, j jobs.Job) error {
			var r triptimes.RetimeTrip
			if err := (processes.Job{Payload: j.Payload}).Decode(&r); err != nil {
				return err
			}
			if _, err := w.dispatch.RetimeTrip(ctx, r.OrderID, commands.Meta{CommandID: j.ID, Actor: commands.Actor{UserID: "system", Role: "system"}}); err != nil {
				return err
			}
			if j.Attempts == 1 {
				return errors.New("killed after the effect, before the job was recorded done")
			}
			return nil
		},
	}}
	for range 10 {
		n, err := wk.RunOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatal("the jobs never settled")
}

// only is the events of type E on stream.
func only[E any](t *testing.T, w *world, stream string) []E {
	t.Helper()
	h, err := commands.Load[any](context.Background(), w.Runner, stream)
	if err != nil {
		t.Fatal(err)
	}
	var out []E
	for _, e := range h.Events {
		if v, ok := e.(E); ok {
			out = append(out, v)
		}
	}
	return out
}

func TestAnOrderMovedWithinItsDayMovesItsDriversBookingOnceEvenWhenTheWorkerDies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID, before := w.paidAndAssigned(t, "u1")
	pos := w.exchange(t, orderID, "u1", "13:00")
	orderstest.CaughtUp(t, w.runner, triptimes.Name, pos)
	if j := w.JobCounts(t); j[triptimes.JobRetimeTrip] != 1 {
		t.Fatalf("jobs %v, want one retime", j)
	}
	// The process restarted without its checkpoint sees the exchange again and asks for nothing new.
	w.stop()
	if _, err := w.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, triptimes.Name); err != nil {
		t.Fatal(err)
	}
	w.start(t)
	orderstest.CaughtUp(t, w.runner, triptimes.Name, pos)
	if j := w.JobCounts(t); j[triptimes.JobRetimeTrip] != 1 {
		t.Fatalf("after a replay: jobs %v", j)
	}

	w.drain(t)
	if j := w.JobCounts(t); j[triptimes.JobRetimeTrip+" done"] != 1 || j[triptimes.JobRetimeTrip+" attempts"] != 2 {
		t.Fatalf("jobs %v, want the retime done after two attempts", j)
	}
	after, err := w.dispatch.OrderFacts(ctx, orderID)
	if err != nil {
		t.Fatal(err)
	}
	if !after.StartAt.Equal(before.StartAt.Add(3 * time.Hour)) {
		t.Fatalf("the order starts at %s, want three hours after %s", after.StartAt, before.StartAt)
	}
	retimed := only[dispatch.DriverDayRetimed](t, w, dayStream)
	if len(retimed) != 1 || !retimed[0].StartAt.Equal(after.StartAt) || !retimed[0].EndAt.Equal(after.EndAt) ||
		!retimed[0].FromStartAt.Equal(before.StartAt) || !retimed[0].FromEndAt.Equal(before.EndAt) || retimed[0].OrderID != orderID {
		t.Fatalf("retimed %+v, want once from %s–%s to %s–%s", retimed, before.StartAt, before.EndAt, after.StartAt, after.EndAt)
	}
	trip, _, err := w.dispatch.Trip(ctx, orderID)
	if d, has := trip.Driver(); err != nil || trip.Status() != dispatch.StatusAssigned || !has || d.ID != "d1" {
		t.Fatalf("the trip: %s driver %v (%v), want still d1's", trip.Status(), has, err)
	}
	// The driver's day now holds the new times: another trip in the morning the order left fits, one
	// at the end of its new times does not.
	day := dispatch.DriverDay.Fold(orderstest.Events[dispatch.DriverDayEvent](t, w.Fixture, dayStream))
	if _, err := dispatch.DecideDriverDay(day, dispatch.BookDriverDay{DriverID: "d1", Day: tripDay, OrderID: "MSH-OTHER1", TripsPerDay: 2,
		StartAt: before.StartAt, EndAt: before.StartAt.Add(2 * time.Hour)}, w.Clock.Now()); err != nil {
		t.Fatalf("the old times %s–%s are still taken (new %s–%s): %v", before.StartAt, before.EndAt, after.StartAt, after.EndAt, err)
	}
	if _, err := dispatch.DecideDriverDay(day, dispatch.BookDriverDay{DriverID: "d1", Day: tripDay, OrderID: "MSH-OTHER1", TripsPerDay: 2,
		StartAt: after.EndAt.Add(-time.Hour), EndAt: after.EndAt.Add(time.Hour)}, w.Clock.Now()); !errors.Is(err, dispatch.ErrDriverBusy) {
		t.Fatalf("a trip at the new times: %v, want %v", err, dispatch.ErrDriverBusy)
	}
}

func TestAnOrderMovedOntoAnotherOfItsDriversTripsIsTakenBackFromThemWithTheReason(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID, _ := w.paidAndAssigned(t, "u1")
	// The driver's afternoon trip, 17:00 to 19:00 in Cairo, after the order's (10:00 to before 15:00).
	afternoon := time.Date(2026, 11, 18, 15, 0, 0, 0, time.UTC)
	w.Write(t, dayStream, dispatch.DriverDayBooked{DriverID: "d1", Day: tripDay, OrderID: "MSH-AFTRNN", TripsPerDay: 2,
		StartAt: afternoon, EndAt: afternoon.Add(2 * time.Hour)})
	pos := w.exchange(t, orderID, "u1", "13:00")
	orderstest.CaughtUp(t, w.runner, triptimes.Name, pos)
	w.drain(t)
	if j := w.JobCounts(t); j[triptimes.JobRetimeTrip+" done"] != 1 {
		t.Fatalf("jobs %v, want the retime done", j)
	}
	released := only[dispatch.DriverDayReleased](t, w, dayStream)
	if len(released) != 1 || released[0].OrderID != orderID || !strings.Contains(released[0].Reason, "MSH-AFTRNN (17:00–19:00)") {
		t.Fatalf("released %+v, want the order's booking released once, naming the afternoon trip", released)
	}
	if n := len(only[dispatch.DriverDayRetimed](t, w, dayStream)); n != 0 {
		t.Fatalf("%d DriverDayRetimed, want none", n)
	}
	unassigned := only[dispatch.DriverUnassigned](t, w, dispatchcmd.TripStream(orderID))
	if len(unassigned) != 1 || unassigned[0].Reason != released[0].Reason || unassigned[0].DriverID != "d1" {
		t.Fatalf("unassigned %+v, want once, with the day's reason", unassigned)
	}
	trip, _, err := w.dispatch.Trip(ctx, orderID)
	if _, has := trip.Driver(); err != nil || trip.Status() != dispatch.StatusUnassigned || has {
		t.Fatalf("the trip: %s driver %v (%v), want waiting for a driver", trip.Status(), has, err)
	}
	day := dispatch.DriverDay.Fold(orderstest.Events[dispatch.DriverDayEvent](t, w.Fixture, dayStream))
	if got := day.Orders(); len(got) != 1 || got[0] != "MSH-AFTRNN" {
		t.Fatalf("the driver's day carries %v, want the afternoon trip only", got)
	}
}

func TestAnOrderMovedToAnotherDayIsLeftToTheOrderTripProcess(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	orderID, _ := w.paidAndAssigned(t, "u1")
	out, err := w.Orders.ExchangeOrder(context.Background(), orderscmd.ExchangeInput{OrderID: orderID, Actor: order.Actor{UserID: "u1"}, Date: "2026-11-19", Time: "10:00"}, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("exchange: %+v %v", out, err)
	}
	orderstest.CaughtUp(t, w.runner, triptimes.Name, out.Position)
	if j := w.JobCounts(t); j[triptimes.JobRetimeTrip] != 0 {
		t.Fatalf("jobs %v, want no retime", j)
	}
	if n := commandstest.Count[dispatch.DriverDayRetimed](t, w.Runner, dayStream); n != 0 {
		t.Fatalf("%d DriverDayRetimed", n)
	}
}
