package projections_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/stats"
)

// Run with: go test ./projections/ -run '^$' -bench .   (each iteration takes seconds, so the
// default -benchtime runs each benchmark once)
// (docs/benchmarks.md records the figures and the machine).

const rebuildEvents = 200_000

// seedLog appends n events shaped like real ones (a few hundred bytes of data, full metadata) from 4
// writers, 100 events per append.
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
}

// BenchmarkStatsRebuild measures a full rebuild of the stats read model over 200,000 events.
func BenchmarkStatsRebuild(b *testing.B) {
	pool := pgtest.NewDatabase(b)
	store := postgres.New(pool)
	seedLog(b, store, rebuildEvents)
	if _, n, err := store.Head(context.Background()); err != nil || n != rebuildEvents {
		b.Fatalf("seeded %d events (err %v), want %d", n, err, rebuildEvents)
	}
	if err := projections.EnsureSchema(context.Background(), pool, store, stats.New()); err != nil {
		b.Fatal(err)
	}
	var (
		total time.Duration
		last  projections.RebuildProgress
	)
	for b.Loop() {
		start := time.Now()
		err := projections.Rebuild(context.Background(), pool, store, stats.New(), func(p projections.RebuildProgress) { last = p })
		if err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	if last.Events != rebuildEvents {
		b.Fatalf("rebuilt %d events, want %d", last.Events, rebuildEvents)
	}
	b.ReportMetric(float64(rebuildEvents*b.N)/total.Seconds(), "events/s")
}

// lagWindow is how long each iteration of BenchmarkAppendToProjectionLag lets its writers run: long
// enough for a stable p99 from one iteration, so one command (default -benchtime) runs both
// benchmarks.
const lagWindow = 5 * time.Second

// BenchmarkAppendToProjectionLag measures, while 4 writers append one event at a time, how long after
// an append returns the stats read model reflects it (WaitFor returns). The runner is woken by the
// store's LISTEN/NOTIFY, not by polling (the store's poll interval is left at its default).
func BenchmarkAppendToProjectionLag(b *testing.B) {
	pool := pgtest.NewDatabase(b)
	store := postgres.New(pool)
	r, err := projections.NewRunner(pool, store, projections.Config{Logger: quietLogger()}, stats.New())
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	for !r.Leading(stats.Name) {
		time.Sleep(10 * time.Millisecond)
	}

	const writers = 4
	data := json.RawMessage(`{"status":"driver_on_the_way","eta_minutes":12}`)
	var (
		mu      sync.Mutex
		lags    []time.Duration
		elapsed time.Duration
	)
	for b.Loop() {
		start := time.Now()
		deadline := start.Add(lagWindow)
		var wg sync.WaitGroup
		for range writers {
			wg.Go(func() {
				var mine []time.Duration
				stream := eventstore.StreamID("trip", uuid.NewString())
				version := eventstore.NoStream
				for time.Now().Before(deadline) {
					res, err := store.Append(context.Background(), stream, version,
						eventstore.EventData{ID: uuid.New(), Type: "TripStatusChanged", Data: data})
					if err != nil {
						b.Error(err)
						return
					}
					version = eventstore.Exactly(res.NextExpectedVersion)
					appended := time.Now()
					wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
					err = r.WaitFor(wctx, stats.Name, res.Position)
					wcancel()
					if err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(appended))
				}
				mu.Lock()
				lags = append(lags, mine...)
				mu.Unlock()
			})
		}
		wg.Wait()
		elapsed += time.Since(start)
	}
	if len(lags) == 0 {
		b.Fatal("no samples")
	}
	slices.Sort(lags)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	pct := func(p float64) float64 { return ms(lags[min(len(lags)-1, int(p*float64(len(lags))))]) }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(ms(lags[len(lags)-1]), "max-ms")
	b.ReportMetric(float64(len(lags))/elapsed.Seconds(), "appends/s")
}
