package projections_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
	"mishwar/projections"
)

// lids reads only the "box" streams, and of them only BoxClosed: the rest of the log is not for it.
type lids struct{ handlers *projections.Handlers }

func newLids(r *eventstore.Registry) *lids {
	return &lids{handlers: &projections.Handlers{
		Registry: r,
		Streams:  []string{"box"},
		Events: []projections.Handler{
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxClosed]) error {
				_, err := tx.Exec(ctx, `INSERT INTO closed (label) VALUES ($1)`, e.Data.Label)
				return err
			}),
		},
	}}
}

func (*lids) Name() string                      { return "lids" }
func (*lids) Schema() string                    { return `CREATE TABLE closed (label text NOT NULL);` }
func (l *lids) Handlers() *projections.Handlers { return l.handlers }

// countCheckpointSaves counts, from now on, every write of the named projection's checkpoint row.
func countCheckpointSaves(t *testing.T, e env, name string) func() int {
	t.Helper()
	ctx := context.Background()
	if _, err := e.pool.Exec(ctx, `
		CREATE TABLE checkpoint_saves (name text NOT NULL);
		CREATE FUNCTION count_checkpoint_save() RETURNS trigger LANGUAGE plpgsql AS
			$$ BEGIN INSERT INTO checkpoint_saves VALUES (NEW.name); RETURN NEW; END $$;
		CREATE TRIGGER count_checkpoint_saves AFTER UPDATE ON projection_checkpoints
			FOR EACH ROW EXECUTE FUNCTION count_checkpoint_save();`); err != nil {
		t.Fatal(err)
	}
	return func() int {
		var n int
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM checkpoint_saves WHERE name = $1`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
}

func TestBatchesAProjectionDoesNotReadMoveItOnAtOnceAndAreSavedTogether(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.BatchSize = 1
	cfg.SkipSaveDelay = 500 * time.Millisecond
	r, stop := startRunner(t, e, cfg, newLids(boxRegistry()))
	first := appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", Data: []byte(`{"label":"a"}`)})
	waitFor(t, r, "lids", first)
	saves := countCheckpointSaves(t, e, "lids")

	// Twenty cart changes, one batch each: the projection is past them at once (read-your-writes
	// in this process does not wait for a save) and its checkpoint follows in far fewer saves.
	last := appendEvents(t, e.store, 20, 1, []string{"cart"}, []string{"Changed"})
	waitFor(t, r, "lids", last)
	eventually(t, 10*time.Second, "the checkpoint is saved past the skipped batches", func() bool {
		return statusOf(t, e, "lids").Position == last
	})
	if v := r.Version("lids"); v != first {
		t.Errorf("version %s after batches the projection does not read, want %s: its answers have not changed", v, first)
	}
	if n := saves(); n >= 10 {
		t.Errorf("%d checkpoint saves for 20 batches the projection does not read; want them saved together", n)
	}
	if s := statusOf(t, e, "lids"); s.EventsProcessed != 21 || s.LagEvents != 0 {
		t.Errorf("status: processed %d lag %d, want 21 and 0", s.EventsProcessed, s.LagEvents)
	}

	// A batch it reads is applied and saved with its checkpoint, as ever.
	closed := appendRaw(t, e, "box-2", eventstore.EventData{Type: "BoxClosed", Data: []byte(`{"label":"b"}`)})
	waitFor(t, r, "lids", closed)
	var labels int
	if err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM rm_lids.closed`).Scan(&labels); err != nil || labels != 2 {
		t.Fatalf("closed boxes: %d (%v), want 2", labels, err)
	}
	if v := r.Version("lids"); v != closed {
		t.Errorf("version %s after a batch the projection read, want %s", v, closed)
	}
	if s := statusOf(t, e, "lids"); s.Position != closed {
		t.Fatalf("checkpoint %s after a batch the projection read, want %s", s.Position, closed)
	}

	// Stopping saves what was skipped since: the next runner starts there, and nothing is written
	// once the runner has stopped.
	tail := appendEvents(t, e.store, 3, 1, []string{"cart"}, []string{"Changed"})
	waitFor(t, r, "lids", tail)
	stop()
	if s := statusOf(t, e, "lids"); s.Position != tail || s.EventsProcessed != 25 {
		t.Fatalf("after stopping: checkpoint %s processed %d, want %s and 25", s.Position, s.EventsProcessed, tail)
	}
	after := saves()
	time.Sleep(2 * cfg.SkipSaveDelay)
	if n := saves(); n != after {
		t.Fatalf("%d checkpoint saves after the runner stopped", n-after)
	}
}

func TestASkippedRunIsNotSavedWhileABatchHoldsTheCheckpointAndIsSavedAfter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.BatchSize = 1
	cfg.SkipSaveDelay = 3 * time.Second
	r, _ := startRunner(t, e, cfg, newLids(boxRegistry()))
	first := appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", Data: []byte(`{"label":"a"}`)})
	waitFor(t, r, "lids", first)

	// Given runs the projection does not read, passed but not yet saved, when a batch being applied
	// holds the checkpoint row (as ApplyBatch does) at the save's moment: the test takes the row once
	// the runner has passed the run, within the save delay. The row cannot be taken earlier (its
	// transaction holds an xid, and the log is read only below it), so a machine too slow for that
	// window, where the save came first, is given another run to try with; only the count changes.
	ctx := context.Background()
	var batch pgx.Tx
	base, last, skipped := first, first, 0
	for attempt := 1; batch == nil; attempt++ {
		last = appendEvents(t, e.store, 5, 1, []string{"cart"}, []string{"Changed"})
		skipped += 5
		waitFor(t, r, "lids", last)
		tx, err := e.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var saved int64
		if err := tx.QueryRow(ctx, `SELECT position_prepare FROM projection_checkpoints WHERE name = 'lids' FOR UPDATE`).Scan(&saved); err != nil {
			t.Fatal(err)
		}
		if saved == int64(base.Prepare) {
			batch = tx
			break
		}
		_ = tx.Rollback(ctx)
		if attempt == 5 {
			t.Fatalf("in %d tries the run was saved before the test held the row: the save delay is too short for this machine", attempt)
		}
		eventually(t, 15*time.Second, "the run saved before the test held the row is saved whole", func() bool {
			return statusOf(t, e, "lids").Position == last
		})
		base = last
	}
	defer func() { _ = batch.Rollback(ctx) }()
	time.Sleep(cfg.SkipSaveDelay + time.Second)

	// then no save waits for the row (a waiting save holds a pool connection the batch may need),
	var waiting int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
		WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting); err != nil {
		t.Fatal(err)
	}
	if waiting != 0 {
		t.Fatalf("%d statements wait for a lock while a batch holds the checkpoint", waiting)
	}
	// and once the batch ends, the run is saved, its events counted.
	if err := batch.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, 15*time.Second, "the skipped run is saved once the row is free", func() bool {
		s := statusOf(t, e, "lids")
		return s.Position == last && s.EventsProcessed == int64(1+skipped)
	})
}
