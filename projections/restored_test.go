package projections_test

import (
	"context"
	"testing"
	"time"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/migrate"
	"mishwar/projections/stats"
)

// A dump keeps its events' transaction ids, and a cluster it is restored into has usually not counted
// that far: its readers took the restored events for transactions not yet committed, and sorted what
// was appended after the restore before them, behind every checkpoint, where nothing read it. Adopting
// the restored log makes the whole of it, and what follows, read once and in order.
func TestALogRestoredIntoAClusterBehindItIsReadWholeWithWhatFollows(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	first := appendEvents(t, e.store, 30, 3, []string{"cart", "order"}, []string{"Opened", "Changed"})
	r, stop := startRunner(t, e, testConfig(), stats.New())
	waitFor(t, r, stats.Name, first)
	stop()
	if n, err := migrate.AdoptRestoredLog(ctx, e.pool); err != nil || n != 0 {
		t.Fatalf("a log this cluster wrote was renumbered: %d %v", n, err)
	}
	// A process manager that had applied the first twenty events.
	var twentieth int64
	if err := e.pool.QueryRow(ctx, `INSERT INTO projection_checkpoints (name, position_commit, position_prepare)
		SELECT 'mailer', tx_id::text::bigint, position FROM events ORDER BY tx_id, position OFFSET 19 LIMIT 1
		RETURNING position_prepare`).Scan(&twentieth); err != nil {
		t.Fatal(err)
	}

	// The dump, restored into a cluster a billion transactions behind the one that wrote it.
	for _, q := range []string{
		`UPDATE events SET tx_id = (tx_id::text::bigint + 1000000000)::text::xid8`,
		`UPDATE projection_checkpoints SET position_commit = position_commit + 1000000000 WHERE position_commit <> 0`,
	} {
		if _, err := e.pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	n, err := migrate.AdoptRestoredLog(ctx, e.pool)
	if err != nil || n != 30 {
		t.Fatalf("adopting the restored log: %d events renumbered, %v", n, err)
	}
	if again, err := migrate.AdoptRestoredLog(ctx, e.pool); err != nil || again != 0 {
		t.Fatalf("adopting it again: %d %v", again, err)
	}
	var commit, prepare int64
	if err := e.pool.QueryRow(ctx, `SELECT position_commit, position_prepare FROM projection_checkpoints WHERE name = 'mailer'`).Scan(&commit, &prepare); err != nil {
		t.Fatal(err)
	}
	if commit != migrate.RestoredTxID || prepare != twentieth {
		t.Fatalf("the process manager's checkpoint: (%d, %d), want (%d, %d)", commit, prepare, migrate.RestoredTxID, twentieth)
	}

	// The site starts again on the restored database and takes new bookings.
	restarted := env{pool: e.pool, store: postgres.New(e.pool, postgres.WithPollInterval(50*time.Millisecond))}
	last := appendEvents(t, restarted.store, 10, 5, []string{"order"}, []string{"Placed"})
	r, _ = startRunner(t, restarted, testConfig(), stats.New())
	waitFor(t, r, stats.Name, last)
	assertStats(t, readStats(t, e.pool), expectedStats(t, restarted.store))

	all, err := restarted.store.ReadAll(ctx, eventstore.Start, 100)
	if err != nil || len(all) != 40 {
		t.Fatalf("the log after the restore: %d events, %v", len(all), err)
	}
	for i, ev := range all {
		restored := i < 30
		if (ev.Position.Commit == migrate.RestoredTxID) != restored || (i > 0 && !all[i-1].Position.Less(ev.Position)) {
			t.Fatalf("event %d of the log at %v (restored: %v), after %v", i, ev.Position, restored, all[max(i-1, 0)].Position)
		}
	}
}
