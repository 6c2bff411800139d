package orderstest

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/commands"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/projections"
)

// What the process tests (processes/...) share beside the fixture: writing another feature's event as
// staff would, counting the job queue, waiting for a process, and a pool that cannot lend a second
// connection.

// Write appends e to stream as an admin's command would, at any version (events of features the
// fixture does not run, such as dispatch's).
func (f *Fixture) Write(t testing.TB, stream string, e any) {
	t.Helper()
	meta := commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"})
	data, err := f.Registry.Encode(eventstore.DeterministicID(meta.CommandID, 0), e, eventstore.Metadata{CommandID: meta.CommandID.String()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Store.Append(context.Background(), stream, eventstore.Any, data); err != nil {
		t.Fatal(err)
	}
}

// JobCounts counts the queued jobs by kind ("kind"), by kind and status ("kind done") and their attempts
// ("kind attempts").
func (f *Fixture) JobCounts(t testing.TB) map[string]int {
	t.Helper()
	rows, err := f.Pool.Query(context.Background(), `SELECT kind, status, attempts FROM jobs`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var kind, status string
		var attempts int
		if err := rows.Scan(&kind, &status, &attempts); err != nil {
			t.Fatal(err)
		}
		out[kind]++
		out[kind+" "+status]++
		out[kind+" attempts"] += attempts
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// CaughtUp waits up to 30 s until the runner's process name has handled pos.
func CaughtUp(t testing.TB, runner *projections.Runner, name string, pos eventstore.Position) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := runner.WaitFor(ctx, name, pos); err != nil {
		t.Fatal(err)
	}
}

// OneConnection is a pool of a single connection to the fixture's database, and a store over it:
// whatever a batch reads through the pool while its own transaction holds that connection waits for
// ever, so a test on it shows that nothing is read inside the transaction.
func (f *Fixture) OneConnection(t testing.TB) (*pgxpool.Pool, *postgres.Store) {
	t.Helper()
	cfg := f.Pool.Config().Copy()
	cfg.MaxConns, cfg.MinConns = 1, 0
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool, postgres.New(pool, postgres.WithLogger(slog.New(slog.DiscardHandler)))
}

// LogUntil reads the global log, for up to 30 s, until it holds an event found picks (the log is
// readable only below the oldest running transaction).
func LogUntil(t testing.TB, store eventstore.Store, found func(eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		events, err := store.ReadAll(context.Background(), eventstore.Start, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if found(e) {
				return events
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the log never held the event")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// At is LogUntil's pick for the event at pos or after it.
func At(pos eventstore.Position) func(eventstore.RecordedEvent) bool {
	return func(e eventstore.RecordedEvent) bool { return !e.Position.Less(pos) }
}
