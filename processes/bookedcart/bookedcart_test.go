package bookedcart_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/processes"
	"mishwar/processes/bookedcart"
	"mishwar/projections"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A batch's transaction takes a connection and holds it, with the checkpoint row and an xid, until it
// commits: what the process needs besides the batch (what the order booked, from its first event) is
// read before it begins. On a pool of one connection a read inside the transaction would wait for
// the connection the transaction holds, and the batch would never apply. The confirmation queues one
// job with the order's stops, once: the batch delivered again, or the whole log after the checkpoint
// was lost, queues nothing more.
func TestAConfirmationsBatchAppliesOnAPoolOfOneConnectionAndQueuesItsJobOnce(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	ctx := context.Background()
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	received, _ := f.Registry.Name(order.PaymentReceived{})
	events := orderstest.LogUntil(t, f.Store, func(e eventstore.RecordedEvent) bool {
		return e.Type == received && e.StreamID == orderscmd.OrderStream(p.OrderID)
	})

	pool, store := f.OneConnection(t)
	proc := orderstest.Process(f.Registry, bookedcart.New(f.Registry, store, &jobs.Queue{Pool: pool}))
	bounded, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := projections.EnsureSchema(bounded, pool, store, proc); err != nil {
		t.Fatal(err)
	}
	if res, err := projections.ApplyBatch(bounded, pool, proc, events); err != nil || res.Applied != len(events) {
		t.Fatalf("the log on a pool of one connection: %+v %v, want all %d applied", res, err, len(events))
	}
	want := bookedcart.Booked{UserID: "u1", OrderID: p.OrderID}
	for _, s := range f.Sights {
		want.DestinationIDs = append(want.DestinationIDs, s.String())
	}
	queued(t, f.Pool, want)

	if res, err := projections.ApplyBatch(bounded, pool, proc, events); err != nil || res.Applied != 0 {
		t.Fatalf("the same batch again: %+v %v, want nothing applied", res, err)
	}
	if _, err := f.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, bookedcart.Name); err != nil {
		t.Fatal(err)
	}
	if res, err := projections.ApplyBatch(bounded, pool, proc, events); err != nil || res.Applied != len(events) {
		t.Fatalf("the log again from the start: %+v %v, want all %d applied", res, err, len(events))
	}
	queued(t, f.Pool, want)
}

// queued checks that exactly one job empties a cart, the one for want.
func queued(t *testing.T, pool *pgxpool.Pool, want bookedcart.Booked) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT payload FROM jobs WHERE kind = $1`, bookedcart.JobRemoveBookedStops)
	if err != nil {
		t.Fatal(err)
	}
	payloads, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		t.Fatal(err)
	}
	if len(payloads) != 1 {
		t.Fatalf("%d jobs to empty a cart, want 1", len(payloads))
	}
	var got bookedcart.Booked
	if err := (processes.Job{Payload: payloads[0]}).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.UserID != want.UserID || got.OrderID != want.OrderID || !slices.Equal(got.DestinationIDs, want.DestinationIDs) {
		t.Fatalf("the job %+v, want %+v", got, want)
	}
}
