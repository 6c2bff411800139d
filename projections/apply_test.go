package projections_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
	"mishwar/projections"
	"mishwar/projections/stats"
)

// hooked wraps a projection to observe or disturb its batches: before runs ahead of the inner
// handlers, after runs behind them, inside the same transaction (so a failure in after undoes the
// inner writes).
type hooked struct {
	projections.Projection
	extraSchema string
	before      func(ctx context.Context, events []eventstore.RecordedEvent) error
	after       func(ctx context.Context, events []eventstore.RecordedEvent) error

	once     sync.Once
	handlers *projections.Handlers
}

func (h *hooked) Schema() string { return h.Projection.Schema() + h.extraSchema }

func (h *hooked) Handlers() *projections.Handlers {
	h.once.Do(func() {
		h.handlers = &projections.Handlers{All: func(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
			if h.before != nil {
				if err := h.before(ctx, events); err != nil {
					return err
				}
			}
			if err := h.Projection.Handlers().Apply(ctx, tx, events); err != nil {
				return err
			}
			if h.after != nil {
				return h.after(ctx, events)
			}
			return nil
		}}
	})
	return h.handlers
}

// readLog reads the whole log once it holds want events. The log can lag behind appends: it is
// readable only below the cluster's oldest running transaction, and parallel tests share the cluster.
func readLog(t *testing.T, store eventstore.Store, want int) []eventstore.RecordedEvent {
	t.Helper()
	var events []eventstore.RecordedEvent
	eventually(t, 30*time.Second, "the log holds every event appended", func() bool {
		var err error
		events, err = store.ReadAll(context.Background(), eventstore.Start, 10_000)
		if err != nil {
			t.Fatalf("read all: %v", err)
		}
		return len(events) >= want
	})
	return events
}

func TestApplyBatchAppliesEachEventExactlyOnce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		batches [][2]int // [from, to) slices of the log, delivered in order
		applied []int    // expected Applied per batch
	}{
		{"each batch once", [][2]int{{0, 10}, {10, 30}}, []int{10, 20}},
		{"a batch delivered twice", [][2]int{{0, 10}, {0, 10}, {10, 30}}, []int{10, 0, 20}},
		{"whole log delivered again", [][2]int{{0, 30}, {0, 30}}, []int{30, 0}},
		{"overlapping batches", [][2]int{{0, 20}, {10, 25}, {5, 30}}, []int{20, 5, 5}},
		{"a tail already applied", [][2]int{{0, 30}, {29, 30}}, []int{30, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			ctx := context.Background()
			appendEvents(t, e.store, 30, 3, []string{"cart", "order"}, []string{"Opened", "Changed", "Closed"})
			log := readLog(t, e.store, 30)
			p := stats.New()
			if err := projections.EnsureSchema(ctx, e.pool, e.store, p); err != nil {
				t.Fatalf("ensure schema: %v", err)
			}
			for i, b := range tc.batches {
				res, err := projections.ApplyBatch(ctx, e.pool, p, log[b[0]:b[1]])
				if err != nil {
					t.Fatalf("batch %d: %v", i, err)
				}
				if res.Applied != tc.applied[i] || res.Skipped != b[1]-b[0]-tc.applied[i] {
					t.Errorf("batch %d %v: applied %d skipped %d, want applied %d", i, b, res.Applied, res.Skipped, tc.applied[i])
				}
				if want := log[b[1]-1].Position; res.Checkpoint.Less(want) {
					t.Errorf("batch %d: checkpoint %s is before the batch's end %s", i, res.Checkpoint, want)
				}
			}
			assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
			if s := statusOf(t, e, stats.Name); s.EventsProcessed != 30 || s.LagEvents != 0 {
				t.Errorf("status: processed %d lag %d, want 30 and 0", s.EventsProcessed, s.LagEvents)
			}
		})
	}
}

func TestApplyBatchRollsBackEverythingWhenApplyFails(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	appendEvents(t, e.store, 10, 5, []string{"cart"}, []string{"Opened"})
	log := readLog(t, e.store, 10)
	boom := errors.New("boom")
	p := &hooked{Projection: stats.New(), after: func(context.Context, []eventstore.RecordedEvent) error { return boom }}
	if err := projections.EnsureSchema(ctx, e.pool, e.store, p); err != nil {
		t.Fatalf("ensure schema: %v", err)
	}
	if _, err := projections.ApplyBatch(ctx, e.pool, p, log); !errors.Is(err, boom) {
		t.Fatalf("apply: got %v, want %v", err, boom)
	}
	if rows := readStats(t, e.pool); len(rows) != 0 {
		t.Errorf("a failed batch left rows: %+v", rows)
	}
	if s := statusOf(t, e, stats.Name); s.Position != eventstore.Start || s.EventsProcessed != 0 {
		t.Errorf("a failed batch moved the checkpoint: %+v", s)
	}
}

func TestApplyBatchNeedsEnsureSchema(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	appendEvents(t, e.store, 1, 1, []string{"cart"}, []string{"Opened"})
	_, err := projections.ApplyBatch(context.Background(), e.pool, stats.New(), readLog(t, e.store, 1))
	if !errors.Is(err, projections.ErrUnknownProjection) {
		t.Fatalf("got %v, want ErrUnknownProjection", err)
	}
}

// stamped reads BoxClosed and records each label with what its batch's Prepare read.
type stamped struct{ handlers *projections.Handlers }

func (*stamped) Name() string                      { return "stamped" }
func (*stamped) Schema() string                    { return `CREATE TABLE closed (label text NOT NULL);` }
func (s *stamped) Handlers() *projections.Handlers { return s.handlers }

// Prepare runs before the batch's transaction begins: on a pool of one connection it still reads
// through the pool (inside the transaction it would wait for the connection the transaction holds),
// and what it reads reaches the handlers.
func TestPrepareReadsBeforeTheBatchsTransactionAndItsHandlersGetWhatItRead(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", Data: []byte(`{"label":"a"}`)})
	events := readLog(t, e.store, 1)

	cfg := e.pool.Config().Copy()
	cfg.MaxConns, cfg.MinConns = 1, 0
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	p := &stamped{handlers: &projections.Handlers{
		Registry: boxRegistry(),
		Prepare: func(ctx context.Context, events []eventstore.RecordedEvent) (context.Context, error) {
			var n int
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE stream_id = $1`, events[0].StreamID).Scan(&n); err != nil {
				return ctx, err
			}
			return projections.WithBatchState(ctx, fmt.Sprintf("%d in its stream", n)), nil
		},
		Events: []projections.Handler{
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxClosed]) error {
				_, err := tx.Exec(ctx, `INSERT INTO closed (label) VALUES ($1)`, e.Data.Label+", "+projections.BatchState[string](ctx))
				return err
			}),
		},
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := projections.EnsureSchema(ctx, pool, e.store, p); err != nil {
		t.Fatal(err)
	}
	if res, err := projections.ApplyBatch(ctx, pool, p, events); err != nil || res.Applied != 1 {
		t.Fatalf("a batch on a pool of one connection: %+v %v", res, err)
	}
	var label string
	if err := e.pool.QueryRow(ctx, `SELECT label FROM rm_stamped.closed`).Scan(&label); err != nil || label != "a, 1 in its stream" {
		t.Fatalf("recorded %q (%v), want the label with what Prepare read", label, err)
	}
}
