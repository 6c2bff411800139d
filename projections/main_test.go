package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/stats"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// env is a fresh database with the PostgreSQL event store on it.
type env struct {
	pool  *pgxpool.Pool
	store *postgres.Store
}

func newEnv(tb testing.TB) env {
	tb.Helper()
	pool := pgtest.NewDatabase(tb)
	return env{pool: pool, store: postgres.New(pool, postgres.WithPollInterval(50*time.Millisecond))}
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// testConfig keeps retries and polling fast so tests do not wait on production-sized intervals.
func testConfig() projections.Config {
	return projections.Config{
		BatchSize:            100,
		RetryInitialInterval: 10 * time.Millisecond,
		RetryMaxInterval:     50 * time.Millisecond,
		PollInterval:         20 * time.Millisecond,
		LeaseInterval:        50 * time.Millisecond,
		Logger:               quietLogger(),
	}
}

// appendEvents appends n events to streams of the given categories, round-robin over categories and
// types, in appends of up to perAppend events, and returns the position of the last one.
func appendEvents(tb testing.TB, store eventstore.Store, n, perAppend int, categories, types []string) eventstore.Position {
	tb.Helper()
	ctx := context.Background()
	var last eventstore.Position
	for i := 0; i < n; {
		k := min(perAppend, n-i)
		batch := make([]eventstore.EventData, k)
		for j := range batch {
			batch[j] = eventstore.EventData{
				ID:   uuid.New(),
				Type: types[(i+j)%len(types)],
				Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, i+j)),
			}
		}
		stream := eventstore.StreamID(categories[i%len(categories)], uuid.NewString())
		res, err := store.Append(ctx, stream, eventstore.NoStream, batch...)
		if err != nil {
			tb.Fatalf("append: %v", err)
		}
		last = res.Position
		i += k
	}
	return last
}

// expectedStats computes what the stats read model should hold, straight from the log.
func expectedStats(tb testing.TB, store eventstore.Store) []stats.Row {
	tb.Helper()
	byKey := map[[2]string]*stats.Row{}
	pos := eventstore.Start
	for {
		events, err := store.ReadAll(context.Background(), pos, 1000)
		if err != nil {
			tb.Fatalf("read all: %v", err)
		}
		if len(events) == 0 {
			break
		}
		for _, e := range events {
			k := [2]string{eventstore.Category(e.StreamID), e.Type}
			r, ok := byKey[k]
			if !ok {
				r = &stats.Row{StreamCategory: k[0], EventType: k[1], FirstRecordedAt: e.RecordedAt, LastRecordedAt: e.RecordedAt}
				byKey[k] = r
			}
			r.Events++
			if e.RecordedAt.Before(r.FirstRecordedAt) {
				r.FirstRecordedAt = e.RecordedAt
			}
			if e.RecordedAt.After(r.LastRecordedAt) {
				r.LastRecordedAt = e.RecordedAt
			}
		}
		pos = events[len(events)-1].Position
	}
	out := make([]stats.Row, 0, len(byKey))
	for _, r := range byKey {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b stats.Row) int {
		if a.StreamCategory != b.StreamCategory {
			if a.StreamCategory < b.StreamCategory {
				return -1
			}
			return 1
		}
		if a.EventType < b.EventType {
			return -1
		}
		if a.EventType > b.EventType {
			return 1
		}
		return 0
	})
	return out
}

func readStats(tb testing.TB, pool *pgxpool.Pool) []stats.Row {
	tb.Helper()
	rows, err := stats.Read(context.Background(), pool)
	if err != nil {
		tb.Fatalf("read stats: %v", err)
	}
	return rows
}

func assertStats(tb testing.TB, got, want []stats.Row) {
	tb.Helper()
	if len(got) != len(want) {
		tb.Fatalf("stats: got %d rows, want %d\ngot:  %+v\nwant: %+v", len(got), len(want), got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.StreamCategory != w.StreamCategory || g.EventType != w.EventType || g.Events != w.Events ||
			!g.FirstRecordedAt.Equal(w.FirstRecordedAt) || !g.LastRecordedAt.Equal(w.LastRecordedAt) {
			tb.Fatalf("stats row %d: got %+v, want %+v", i, g, w)
		}
	}
}

// startRunner runs a runner until the test ends (or stop is called) and returns it.
func startRunner(tb testing.TB, e env, cfg projections.Config, ps ...projections.Projection) (*projections.Runner, func()) {
	tb.Helper()
	r, err := projections.NewRunner(e.pool, e.store, cfg, ps...)
	if err != nil {
		tb.Fatalf("new runner: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				tb.Errorf("runner: %v", err)
			}
		case <-time.After(30 * time.Second):
			tb.Errorf("runner did not stop within 30s")
		}
	}
	tb.Cleanup(stop)
	return r, stop
}

func waitFor(tb testing.TB, r *projections.Runner, name string, pos eventstore.Position) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.WaitFor(ctx, name, pos); err != nil {
		tb.Fatalf("wait for %s at %s: %v", name, pos, err)
	}
}

func statusOf(tb testing.TB, e env, name string) projections.ProjectionStatus {
	tb.Helper()
	all, err := projections.Status(context.Background(), e.pool, e.store)
	if err != nil {
		tb.Fatalf("status: %v", err)
	}
	for _, s := range all {
		if s.Name == name {
			return s
		}
	}
	tb.Fatalf("status: no projection %q in %+v", name, all)
	return projections.ProjectionStatus{}
}

// eventually polls cond until it holds or the deadline passes.
func eventually(tb testing.TB, within time.Duration, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("not within %s: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// headOnceItHolds waits until the log's head counts n events and returns its position. Appended
// events become readable only below the cluster's oldest running transaction, which parallel tests
// can hold back for a moment.
func headOnceItHolds(tb testing.TB, store eventstore.Store, n int64) eventstore.Position {
	tb.Helper()
	var head eventstore.Position
	eventually(tb, 30*time.Second, fmt.Sprintf("the log holds %d events", n), func() bool {
		pos, count, err := store.Head(context.Background())
		if err != nil {
			tb.Fatalf("head: %v", err)
		}
		head = pos
		return count >= n
	})
	return head
}
