package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/benchtest"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/stats"
)

// Two ways to run the same measurements:
//
//	MISHWAR_BENCH=1 go test ./projections/ -run TestBenchmarkTable -v   (make bench: a Markdown table,
//	    on a durable private cluster as `mishwar serve` runs it, or on MISHWAR_BENCH_DATABASE_URL)
//	go test ./projections/ -run '^$' -bench .                          (Go benchmarks, on the test
//	    cluster, which runs without fsync)

const rebuildEvents = 200_000

// TestBenchmarkTable prints the projections section of docs/benchmarks.md.
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the projections benchmarks (make bench)")
	}
	ctx := context.Background()
	pool, database := benchtest.Pool(t, ctx, benchtest.Options{})
	store := postgres.New(pool)
	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; %s.\n\n", benchtest.Machine(), database)

	lag := measureLag(t, pool, store, 4, 10*time.Second)
	fmt.Fprintf(out, "| Append → stats read model, 4 writers appending one event at a time, 10 s | samples | p50 | p99 | max |\n|---|---:|---:|---:|---:|\n")
	fmt.Fprintf(out, "| from the append call to WaitFor returning (read-your-writes) | %d | %s | %s | %s |\n",
		len(lag.total), benchtest.Ms(benchtest.Percentile(lag.total, 0.5)), benchtest.Ms(benchtest.Percentile(lag.total, 0.99)), benchtest.Ms(benchtest.Percentile(lag.total, 1)))
	fmt.Fprintf(out, "| from the append returning to WaitFor returning (projection only) | %d | %s | %s | %s |\n",
		len(lag.after), benchtest.Ms(benchtest.Percentile(lag.after, 0.5)), benchtest.Ms(benchtest.Percentile(lag.after, 0.99)), benchtest.Ms(benchtest.Percentile(lag.after, 1)))
	fmt.Fprintf(out, "\n(%.0f appends/s meanwhile.)\n", lag.rate)

	seedLog(t, store, rebuildEvents)
	fmt.Fprintf(out, "\n| Full rebuild of the stats projection over %d events | run | seconds | events/s |\n|---|---:|---:|---:|\n", rebuildEvents)
	for run := 1; run <= 3; run++ {
		elapsed := rebuildOnce(t, pool, store)
		fmt.Fprintf(out, "| `projections.Rebuild` (replay, catch up, swap) | %d | %.2f | %.0f |\n",
			run, elapsed.Seconds(), rebuildEvents/elapsed.Seconds())
	}
	fmt.Print("\n" + out.String())
}

// BenchmarkStatsRebuild measures a full rebuild of the stats read model over 200,000 events.
func BenchmarkStatsRebuild(b *testing.B) {
	pool := pgtest.NewDatabase(b)
	store := postgres.New(pool)
	seedLog(b, store, rebuildEvents)
	var total time.Duration
	for b.Loop() {
		total += rebuildOnce(b, pool, store)
	}
	b.ReportMetric(float64(rebuildEvents*b.N)/total.Seconds(), "events/s")
}

// BenchmarkAppendToProjectionLag measures, while 4 writers append one event at a time for 5 s per
// iteration (so one iteration gives a stable p99 and the default -benchtime runs it once), how long
// until the stats read model reflects each append.
func BenchmarkAppendToProjectionLag(b *testing.B) {
	pool := pgtest.NewDatabase(b)
	store := postgres.New(pool)
	var all lagResult
	for b.Loop() {
		r := measureLag(b, pool, store, 4, 5*time.Second)
		all.total = append(all.total, r.total...)
		all.after = append(all.after, r.after...)
		all.rate += r.rate / float64(b.N)
	}
	slices.Sort(all.total)
	b.ReportMetric(benchtest.Millis(benchtest.Percentile(all.total, 0.5)), "p50-ms")
	b.ReportMetric(benchtest.Millis(benchtest.Percentile(all.total, 0.99)), "p99-ms")
	b.ReportMetric(benchtest.Millis(benchtest.Percentile(all.total, 1)), "max-ms")
	b.ReportMetric(all.rate, "appends/s")
}

// seedLog appends n events shaped like real ones (a few hundred bytes of data, full metadata) from 4
// writers, 100 events per append, and waits until the log holds them all.
func seedLog(tb testing.TB, store eventstore.Store, n int) {
	tb.Helper()
	categories := []string{"cart", "order", "trip", "enquiry", "payment", "catalogue"}
	types := []string{"CartOpened", "DestinationAddedToCart", "PickupPointChosen", "OrderPlaced", "PaymentReceived", "TripStatusChanged"}
	data := json.RawMessage(`{"destination_id":"0b9f7a52-5d1e-4a3b-9f4e-2a6c1d8e7f10","name":{"en":"Giza Pyramids","ar":"أهرامات الجيزة"},` +
		`"lat":29.9792,"lng":31.1342,"distance_km":18.4,"wait_minutes":120,"price":{"amount":185000,"currency":"EGP"}}`)
	const perAppend, writers = 100, 4
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := w * perAppend; i < n; i += writers * perAppend {
				batch := make([]eventstore.EventData, min(perAppend, n-i))
				for j := range batch {
					batch[j] = eventstore.EventData{
						ID: uuid.New(), Type: types[(i+j)%len(types)], Data: data,
						Metadata: eventstore.Metadata{ActorID: "4d1f0c1e-6a43-4b7e-9d55-0e6b8a7f3c21", ActorRole: "customer",
							CommandID: uuid.NewString(), CorrelationID: uuid.NewString(), CausationID: uuid.NewString(), ClientIP: "197.32.10.4"},
					}
				}
				stream := eventstore.StreamID(categories[(i/perAppend)%len(categories)], uuid.NewString())
				if _, err := store.Append(context.Background(), stream, eventstore.NoStream, batch...); err != nil {
					tb.Errorf("seed: %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
	if tb.Failed() {
		tb.FailNow()
	}
	headOnceItHolds(tb, store, int64(n))
}

// rebuildOnce rebuilds the stats model over the whole log and returns how long it took.
func rebuildOnce(tb testing.TB, pool *pgxpool.Pool, store eventstore.Store) time.Duration {
	tb.Helper()
	_, n, err := store.Head(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	var last projections.RebuildProgress
	start := time.Now()
	if err := projections.Rebuild(context.Background(), pool, store, stats.New(), func(p projections.RebuildProgress) { last = p }); err != nil {
		tb.Fatal(err)
	}
	elapsed := time.Since(start)
	if last.Events != n {
		tb.Fatalf("rebuilt %d events, want %d", last.Events, n)
	}
	return elapsed
}

type lagResult struct {
	total, after []time.Duration // sorted; from the append call, from its return
	rate         float64         // appends/s
}

// measureLag runs the stats projection and has writers append one event at a time for d, each then
// waiting until the read model includes its event. The runner is woken by the store's
// LISTEN/NOTIFY, not by polling: the store's poll interval stays at its default.
func measureLag(tb testing.TB, pool *pgxpool.Pool, store eventstore.Store, writers int, d time.Duration) lagResult {
	tb.Helper()
	r, err := projections.NewRunner(pool, store, projections.Config{Logger: quietLogger()}, stats.New())
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			tb.Error(err)
		}
	}()
	for !r.Leading(stats.Name) {
		time.Sleep(10 * time.Millisecond)
	}

	data := json.RawMessage(`{"status":"driver_on_the_way","eta_minutes":12}`)
	var (
		mu  sync.Mutex
		res lagResult
		wg  sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(d)
	for range writers {
		wg.Go(func() {
			var total, after []time.Duration
			stream := eventstore.StreamID("trip", uuid.NewString())
			version := eventstore.NoStream
			for time.Now().Before(deadline) {
				t0 := time.Now()
				appended, err := store.Append(context.Background(), stream, version,
					eventstore.EventData{ID: uuid.New(), Type: "TripStatusChanged", Data: data})
				if err != nil {
					tb.Error(err)
					return
				}
				version = eventstore.Exactly(appended.NextExpectedVersion)
				t1 := time.Now()
				wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
				err = r.WaitFor(wctx, stats.Name, appended.Position)
				wcancel()
				if err != nil {
					tb.Error(err)
					return
				}
				total = append(total, time.Since(t0))
				after = append(after, time.Since(t1))
			}
			mu.Lock()
			res.total = append(res.total, total...)
			res.after = append(res.after, after...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(res.total) == 0 {
		tb.Fatal("no samples")
	}
	res.rate = float64(len(res.total)) / time.Since(start).Seconds()
	slices.Sort(res.total)
	slices.Sort(res.after)
	return res
}
