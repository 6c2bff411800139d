package ordertrip_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

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
	"mishwar/processes/ordertrip"
	"mishwar/projections"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// world is the orders and dispatch applications on one store, the process in a projections runner
// and the real job queue.
type world struct {
	*orderstest.Fixture
	dispatch *dispatchcmd.Handlers
	// linked: driver d1's account is linked (paidAndAssigned links it once).
	linked bool
	queue  *jobs.Queue
	runner *projections.Runner
	stop   func()
}

const tripDay = "2026-11-18" // picked up at 10:00 (orderstest)

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
	w.runner, w.stop = w.RunProcesses(t, orderstest.Process(w.Registry, ordertrip.New(w.Registry, w.Store, w.queue)))
}

// paidAndAssigned is a paid order for the trip day with driver d1 (account driver-user) assigned and
// their day booked, as commands/dispatch writes them. The driver's account is linked once (the claim
// on the account and the link on the driver), as a step is the driver's whose link names the account.
func (w *world) paidAndAssigned(t *testing.T, user string) string {
	t.Helper()
	if !w.linked {
		w.Write(t, dispatchcmd.DriverLoginStream("driver-user"), dispatch.DriverLoginClaimed{UserID: "driver-user", DriverID: "d1"})
		w.Write(t, dispatchcmd.DriverAccountStream("d1"), dispatch.DriverAccountLinked{DriverID: "d1", UserID: "driver-user"})
		w.linked = true
	}
	w.FillCart(t, user)
	p := w.Place(t, user, tripDay)
	w.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, w.Order(t, p.OrderID).Price()))
	s := w.Order(t, p.OrderID)
	w.Write(t, dispatchcmd.DriverDayStream("d1", tripDay), dispatch.DriverDayBooked{DriverID: "d1", Day: tripDay, OrderID: p.OrderID, TripsPerDay: 2})
	w.Write(t, dispatchcmd.TripStream(p.OrderID), dispatch.DriverAssigned{OrderID: p.OrderID, Day: tripDay, StartAt: s.Trip().StartAt,
		OwnerID: user, Stops: []string{"Pyramids", "Museum"}, Driver: dispatch.Driver{ID: "d1", UserID: "driver-user", Name: "Karim"}})
	return p.OrderID
}

// worker performs the process's jobs with the commands the composition root gives them
// (cmd/mishwar/app/ordertrip.go), and dies once right after each job's effect, before recording it
// done: every job runs twice.
func (w *world) worker() *jobs.Worker {
	meta := func(j jobs.Job) commands.Meta {
		return commands.Meta{CommandID: j.ID, Actor: commands.Actor{UserID: "system", Role: "system"}}
	}
	dieOnce := func(h jobs.Handler) jobs.Handler {
		return func(ctx context.Context, j jobs.Job) error {
			if err := h(ctx, j); err != nil {
				return err
			}
			if j.Attempts == 1 {
				return errors.New("killed after the effect, before the job was recorded done")
			}
			return nil
		}
	}
	return &jobs.Worker{Queue: w.queue, Backoff: func(int) time.Duration { return 0 }, Logger: slog.New(slog.DiscardHandler), Handlers: map[string]jobs.Handler{
		ordertrip.JobRecordTripStep: dieOnce(func(ctx context.Context, j jobs.Job) error {
			var s ordertrip.TripStep
			if err := (processes.Job{Payload: j.Payload}).Decode(&s); err != nil {
				return err
			}
			var err error
			if s.Step == ordertrip.StepStarted {
				_, err = w.Orders.RecordTripStarted(ctx, s.OrderID, s.DriverID, s.StartedAt, meta(j))
			} else {
				_, err = w.Orders.RecordTripCompleted(ctx, s.OrderID, s.DriverID, s.StartedAt, s.CompletedAt, meta(j))
			}
			return err
		}),
		ordertrip.JobReleaseTrip: dieOnce(func(ctx context.Context, j jobs.Job) error {
			var r ordertrip.ReleaseTrip
			if err := (processes.Job{Payload: j.Payload}).Decode(&r); err != nil {
				return err
			}
			_, err := w.dispatch.ReleaseTrip(ctx, r.OrderID, r.Reason, meta(j))
			return err
		}),
		ordertrip.JobMoveTrip: dieOnce(func(ctx context.Context, j jobs.Job) error {
			var m ordertrip.MoveTrip
			if err := (processes.Job{Payload: j.Payload}).Decode(&m); err != nil {
				return err
			}
			_, err := w.dispatch.MoveTrip(ctx, m.OrderID, m.Day, meta(j))
			return err
		}),
	}}
}

// drain runs the worker until no job is due.
func (w *world) drain(t *testing.T) {
	t.Helper()
	wk := w.worker()
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

func TestATripsStartAndCompletionAreRecordedOnTheOrderOnceEvenWhenTheWorkerDies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID := w.paidAndAssigned(t, "u1")
	w.Clock.Set(time.Date(2026, 11, 18, 9, 0, 0, 0, orderstest.Now.Location()))
	var last eventstore.Position
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}} {
		out, err := w.dispatch.Advance(ctx, orderID, s.step, s.stop, commands.NewMeta(commands.Actor{UserID: "driver-user", Role: "driver"}))
		if err != nil {
			t.Fatalf("%s: %v", s.step, err)
		}
		last = out.Position
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, last)
	if j := w.JobCounts(t); j[ordertrip.JobRecordTripStep] != 2 {
		t.Fatalf("jobs %v, want one for the start and one for the completion", j)
	}
	// The process restarted without its checkpoint sees every event again and asks for nothing new.
	w.stop()
	if _, err := w.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, ordertrip.Name); err != nil {
		t.Fatal(err)
	}
	w.start(t)
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, last)
	if j := w.JobCounts(t); j[ordertrip.JobRecordTripStep] != 2 {
		t.Fatalf("after a replay: jobs %v", j)
	}

	w.drain(t)
	j := w.JobCounts(t)
	if j[ordertrip.JobRecordTripStep+" done"] != 2 || j[ordertrip.JobRecordTripStep+" attempts"] != 4 {
		t.Fatalf("jobs %v, want both done after two attempts each", j)
	}
	stream := orderscmd.OrderStream(orderID)
	if a, b, c := commandstest.Count[order.TripStarted](t, w.Runner, stream), commandstest.Count[order.TripCompleted](t, w.Runner, stream), commandstest.Count[order.OrderCompleted](t, w.Runner, stream); a != 1 || b != 1 || c != 1 {
		t.Fatalf("on the order: %d started, %d trip completed, %d order completed; want one each", a, b, c)
	}
	if s := w.Order(t, orderID); s.Status() != order.StatusCompleted {
		t.Fatalf("the order is %s", s.Status())
	}
}

func TestACancelledOrdersTripIsReleasedOnceEvenWhenTheWorkerDies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID := w.paidAndAssigned(t, "u1")
	out, err := w.Orders.CancelOwnOrder(ctx, orderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, out.Position)
	if j := w.JobCounts(t); j[ordertrip.JobReleaseTrip] != 1 {
		t.Fatalf("jobs %v, want one release", j)
	}
	w.drain(t)
	if j := w.JobCounts(t); j[ordertrip.JobReleaseTrip+" done"] != 1 || j[ordertrip.JobReleaseTrip+" attempts"] != 2 {
		t.Fatalf("jobs %v, want the release done after two attempts", j)
	}
	if n := commandstest.Count[dispatch.TripCancelled](t, w.Runner, dispatchcmd.TripStream(orderID)); n != 1 {
		t.Fatalf("%d TripCancelled, want 1", n)
	}
	if n := commandstest.Count[dispatch.DriverDayReleased](t, w.Runner, dispatchcmd.DriverDayStream("d1", availability.Day(tripDay))); n != 1 {
		t.Fatalf("%d DriverDayReleased, want 1", n)
	}
	trip, _, err := w.dispatch.Trip(ctx, orderID)
	if _, has := trip.Driver(); err != nil || trip.Status() != dispatch.StatusCancelled || has {
		t.Fatalf("the trip after the release: %s driver %v (%v)", trip.Status(), has, err)
	}
}

func TestAnOrderMovedToAnotherDayReleasesItsDriverOnceEvenWhenTheWorkerDies(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID := w.paidAndAssigned(t, "u1")
	const newDay = "2026-11-19"
	out, err := w.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: orderID, Actor: order.Actor{UserID: "u1"}, Date: newDay, Time: "10:00"}, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("exchange to %s: %+v %v, want it done at once", newDay, out, err)
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, out.Position)
	if j := w.JobCounts(t); j[ordertrip.JobMoveTrip] != 1 {
		t.Fatalf("jobs %v, want one move", j)
	}
	w.drain(t)
	if j := w.JobCounts(t); j[ordertrip.JobMoveTrip+" done"] != 1 || j[ordertrip.JobMoveTrip+" attempts"] != 2 {
		t.Fatalf("jobs %v, want the move done after two attempts", j)
	}
	if n := commandstest.Count[dispatch.DriverUnassigned](t, w.Runner, dispatchcmd.TripStream(orderID)); n != 1 {
		t.Fatalf("%d DriverUnassigned, want 1", n)
	}
	if n := commandstest.Count[dispatch.DriverDayReleased](t, w.Runner, dispatchcmd.DriverDayStream("d1", availability.Day(tripDay))); n != 1 {
		t.Fatalf("%d DriverDayReleased on the old day, want 1", n)
	}
	trip, _, err := w.dispatch.Trip(ctx, orderID)
	if _, has := trip.Driver(); err != nil || trip.Status() != dispatch.StatusUnassigned || has {
		t.Fatalf("the trip after the move: %s driver %v (%v), want unassigned", trip.Status(), has, err)
	}
}

func TestAnOrderMovedWithinItsDayKeepsItsDriver(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	orderID := w.paidAndAssigned(t, "u1")
	out, err := w.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: orderID, Actor: order.Actor{UserID: "u1"}, Date: tripDay, Time: "11:00"}, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("exchange to 11:00: %+v %v, want it done at once", out, err)
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, out.Position)
	if j := w.JobCounts(t); j[ordertrip.JobMoveTrip] != 0 {
		t.Fatalf("jobs %v, want no move", j)
	}
	trip, _, err := w.dispatch.Trip(ctx, orderID)
	if d, has := trip.Driver(); err != nil || trip.Status() != dispatch.StatusAssigned || !has || d.ID != "d1" {
		t.Fatalf("the trip: %s driver %v (%v), want still d1's", trip.Status(), has, err)
	}
}

// A batch's transaction takes a connection and holds it, with the checkpoint row and an xid, until it
// commits: what the process needs from the store besides the batch (when the trip started, for its
// completion's job) is read before it begins. On a pool of one connection, a read inside the
// transaction would wait for the connection the transaction holds, and the batch would never apply.
func TestACompletionsBatchAppliesOnAPoolOfOneConnection(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	dispatchcmd.RegisterEvents(f.Registry)
	w := &world{Fixture: f, dispatch: dispatchcmd.New(f.Runner, nil), queue: &jobs.Queue{Pool: f.Pool}}
	ctx := context.Background()
	orderID := w.paidAndAssigned(t, "u1")
	w.Clock.Set(time.Date(2026, 11, 18, 9, 0, 0, 0, orderstest.Now.Location()))
	var last eventstore.Position
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}} {
		out, err := w.dispatch.Advance(ctx, orderID, s.step, s.stop, commands.NewMeta(commands.Actor{UserID: "driver-user", Role: "driver"}))
		if err != nil {
			t.Fatalf("%s: %v", s.step, err)
		}
		last = out.Position
	}
	events := orderstest.LogUntil(t, f.Store, orderstest.At(last))

	pool, store := f.OneConnection(t)
	proc := orderstest.Process(f.Registry, ordertrip.New(f.Registry, store, &jobs.Queue{Pool: pool}))
	bounded, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := projections.EnsureSchema(bounded, pool, store, proc); err != nil {
		t.Fatal(err)
	}
	// The start and the completion in separate batches, as a runner may deliver them.
	for i, batch := range [][]eventstore.RecordedEvent{events[:len(events)-1], events[len(events)-1:]} {
		res, err := projections.ApplyBatch(bounded, pool, proc, batch)
		if err != nil {
			t.Fatalf("batch %d on a pool of one connection: %v", i+1, err)
		}
		if res.Applied != len(batch) {
			t.Fatalf("batch %d: %+v, want all %d applied", i+1, res, len(batch))
		}
	}
	rows, err := f.Pool.Query(ctx, `SELECT payload FROM jobs WHERE kind = $1 ORDER BY created_at`, ordertrip.JobRecordTripStep)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		t.Fatal(err)
	}
	var got []ordertrip.TripStep
	for _, raw := range steps {
		var s ordertrip.TripStep
		if err := (processes.Job{Payload: raw}).Decode(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if len(got) != 2 || got[0].Step != ordertrip.StepStarted || got[1].Step != ordertrip.StepCompleted ||
		got[1].StartedAt.IsZero() || !got[1].StartedAt.Equal(got[0].StartedAt) {
		t.Fatalf("jobs %+v, want the start and the completion carrying the start's time", got)
	}
}

// The trip's cancellation is read in every language (the support history quotes its reason as it
// is): it carries the office's own words when staff cancelled, and nothing of its own otherwise.
func TestATripCancelledWithItsOrderCarriesOnlyTheOfficesOwnWords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	travellers := w.paidAndAssigned(t, "u1")
	office := w.paidAndAssigned(t, "u2")
	out, err := w.Orders.CancelOwnOrder(ctx, travellers, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, out.Position)
	out, err = w.Orders.CancelOrderAsStaff(ctx, office, order.Actor{UserID: "admin", Staff: true}, "Car broke down", order.InitiatedByBusiness, orderstest.UserMeta("admin"))
	if err != nil {
		t.Fatal(err)
	}
	orderstest.CaughtUp(t, w.runner, ordertrip.Name, out.Position)
	w.drain(t)
	for orderID, want := range map[string]string{travellers: "", office: "Car broke down"} {
		h, err := commands.Load[any](ctx, w.Runner, dispatchcmd.TripStream(orderID))
		if err != nil {
			t.Fatal(err)
		}
		var reasons []string
		for _, e := range h.Events {
			if c, ok := e.(dispatch.TripCancelled); ok {
				reasons = append(reasons, c.Reason)
			}
		}
		if len(reasons) != 1 || reasons[0] != want {
			t.Errorf("trip of %s cancelled with reasons %q, want [%q]", orderID, reasons, want)
		}
	}
}
