package postgres_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
)

// logReads counts the queries that read the global log (every one of them applies the horizon).
type logReads struct{ n atomic.Int64 }

func (r *logReads) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if strings.Contains(data.SQL, "pg_snapshot_xmin") || strings.Contains(data.SQL, "eventstore_horizon()") {
		r.n.Add(1)
	}
	return ctx
}

func (*logReads) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func TestSubscriptionsOfOneStoreShareOneReaderOfTheLogsEnd(t *testing.T) {
	t.Parallel()
	cfg, err := pgxpool.ParseConfig(pgtest.NewDatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	reads := &logReads{}
	cfg.ConnConfig.Tracer = reads
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	store := postgres.New(pool, postgres.WithPollInterval(time.Minute))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// Some history, so that each subscription first catches up by itself.
	for i := range 30 {
		if _, err := store.Append(ctx, "old-1", eventstore.Exactly(int64(i)-1), event("Old")); err != nil {
			t.Fatal(err)
		}
	}
	const subscribers, live = 8, 40
	var (
		mu   sync.Mutex
		seen = make([][]string, subscribers)
		wg   sync.WaitGroup
	)
	for i := range subscribers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = store.Subscribe(ctx, eventstore.Start, 7, func(_ context.Context, batch []eventstore.RecordedEvent) error {
				mu.Lock()
				defer mu.Unlock()
				for _, e := range batch {
					seen[i] = append(seen[i], e.StreamID+"@"+e.Type)
				}
				return nil
			})
		}()
	}
	all := func(n int) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, s := range seen {
			if len(s) < n {
				return false
			}
		}
		return true
	}
	waitUntil(t, func() bool { return all(30) })
	before := reads.n.Load()

	for i := range live {
		if _, err := store.Append(ctx, "live-1", eventstore.Exactly(int64(i)-1), event("Live")); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, func() bool { return all(30 + i + 1) })
	}
	// One reader: about two reads per append (the events, then "anything held back?"), whatever
	// the number of subscriptions; each reading for itself would be 2 × 8 per append.
	if n := reads.n.Load() - before; n > 4*live {
		t.Errorf("%d reads of the log for %d appends and %d subscriptions; want them to share one reader", n, live, subscribers)
	}
	mu.Lock()
	for i, s := range seen {
		if len(s) != 30+live || s[0] != "old-1@Old" || s[29] != "old-1@Old" || s[30] != "live-1@Live" || s[len(s)-1] != "live-1@Live" {
			t.Errorf("subscription %d saw %d events: %v", i, len(s), s)
		}
	}
	mu.Unlock()
	cancel()
	wg.Wait()
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("not within 10s")
		}
		time.Sleep(2 * time.Millisecond)
	}
}
