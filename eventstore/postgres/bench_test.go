package postgres_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/benchtest"
)

// TestBenchmarkTable measures the PostgreSQL event store and prints a Markdown table for `make bench`.
// It runs only with MISHWAR_BENCH=1, on a durable private cluster of its own (fsync on, as `mishwar
// serve` runs it), or on MISHWAR_BENCH_DATABASE_URL if set (a database the benchmark may fill and
// leave behind). MISHWAR_BENCH_SECONDS sets each append run's length; MISHWAR_BENCH_EPHEMERAL=1 runs
// the private cluster without fsync, to see the CPU cost alone.
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the event store benchmarks (make bench)")
	}
	ctx := context.Background()
	pool, database := benchtest.Pool(t, ctx, benchtest.Options{MaxConns: 24, Ephemeral: os.Getenv("MISHWAR_BENCH_EPHEMERAL") == "1"})
	run := benchtest.RunLength(t, 3*time.Second)
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS bench_plain (id bigserial PRIMARY KEY, data jsonb NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	store := postgres.New(pool)
	const rounds = 5
	payload := benchPayload()
	out := &strings.Builder{}

	fmt.Fprintf(out, "Machine: %s; %s.\n\n", benchtest.Machine(), database)
	fmt.Fprintf(out, "| Appends, one stream per writer, 1 event each (%s per run) | writers | appends/s | p50 | p99 | plain INSERTs/s | ratio |\n", run)
	fmt.Fprintf(out, "|---|---:|---:|---:|---:|---:|---:|\n")
	for _, writers := range []int{1, 4, 16} {
		// Alternate short runs of each, so that whatever else the machine does weighs on both alike.
		var plain, appends measurement
		for range rounds {
			plain.add(measure(run/rounds, writers, func(w int) func() error {
				return func() error {
					_, err := pool.Exec(ctx, `INSERT INTO bench_plain (data) VALUES ($1)`, payload)
					return err
				}
			}))
			appends.add(measure(run/rounds, writers, func(w int) func() error {
				stream := eventstore.StreamID("bench", uuid.NewString())
				version := int64(-1)
				return func() error {
					res, err := store.Append(ctx, stream, eventstore.Exactly(version), benchEvent(payload))
					version = res.NextExpectedVersion
					return err
				}
			}))
		}
		if plain.err != nil || appends.err != nil {
			t.Fatalf("plain: %v, appends: %v", plain.err, appends.err)
		}
		fmt.Fprintf(out, "| event store | %d | %.0f | %s | %s | %.0f | %.2f |\n", writers, appends.rate(), benchtest.Ms(appends.percentile(0.5)), benchtest.Ms(appends.percentile(0.99)), plain.rate(), appends.rate()/plain.rate())
	}

	lag := measureLag(t, ctx, store, payload, run)
	fmt.Fprintf(out, "\n| Append → subscriber lag, 4 writers appending (%s) | events | p50 | p99 | max |\n|---|---:|---:|---:|---:|\n", run)
	fmt.Fprintf(out, "| from the append call to the handler | %d | %s | %s | %s |\n", lag.n, benchtest.Ms(lag.p50), benchtest.Ms(lag.p99), benchtest.Ms(lag.max))

	const total = 200_000
	fill(t, ctx, store, payload, total)
	fmt.Fprintf(out, "\n| Global log over %d events | batch | events/s |\n|---|---:|---:|\n", total)
	for _, batch := range []int{1000, 5000} {
		n, elapsed := readAllRate(t, ctx, store, batch)
		fmt.Fprintf(out, "| ReadAll, paging | %d | %.0f |\n", batch, float64(n)/elapsed.Seconds())
	}
	n, elapsed := catchUpRate(t, ctx, store, 1000, total)
	fmt.Fprintf(out, "| Subscribe, catching up | %d | %.0f |\n", 1000, float64(n)/elapsed.Seconds())

	fmt.Print("\n" + out.String())
}

// benchPayload is a typical command's event: a cart line with a few fields.
func benchPayload() json.RawMessage {
	data, _ := json.Marshal(map[string]any{
		"cart_id": uuid.NewString(), "destination_id": uuid.NewString(), "name": "Khan el-Khalili",
		"lat": 30.0477, "lng": 31.2623, "wait_minutes": 45, "price_piastres": 125000,
	})
	return data
}

func benchEvent(payload json.RawMessage) eventstore.EventData {
	return eventstore.EventData{
		ID: uuid.New(), Type: "DestinationAddedToCart", SchemaVersion: 1, Data: payload,
		Metadata: eventstore.Metadata{ActorID: uuid.NewString(), ActorRole: "traveller", CommandID: uuid.NewString(), ClientIP: "192.0.2.10"},
	}
}

type measurement struct {
	latencies []time.Duration
	elapsed   time.Duration
	err       error
}

func (m *measurement) add(o measurement) {
	m.latencies = append(m.latencies, o.latencies...)
	m.elapsed += o.elapsed
	m.err = errors.Join(m.err, o.err)
}

func (m *measurement) rate() float64 { return float64(len(m.latencies)) / m.elapsed.Seconds() }

func (m *measurement) percentile(p float64) time.Duration {
	slices.Sort(m.latencies)
	return benchtest.Percentile(m.latencies, p)
}

// measure runs op from each writer back to back for d and collects the latencies.
func measure(d time.Duration, writers int, newOp func(w int) func() error) measurement {
	var (
		mu  sync.Mutex
		m   measurement
		wg  sync.WaitGroup
		ops = make([]func() error, writers)
	)
	for w := range writers {
		ops[w] = newOp(w)
	}
	stop := time.Now().Add(d)
	start := time.Now()
	for _, op := range ops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var own []time.Duration
			var err error
			for err == nil && time.Now().Before(stop) {
				t0 := time.Now()
				if err = op(); err == nil {
					own = append(own, time.Since(t0))
				}
			}
			mu.Lock()
			m.latencies = append(m.latencies, own...)
			m.err = errors.Join(m.err, err)
			mu.Unlock()
		}()
	}
	wg.Wait()
	m.elapsed = time.Since(start)
	return m
}

type lagResult struct {
	n             int
	p50, p99, max time.Duration
}

// measureLag has 4 writers append for d while a subscriber, started at the head, notes how long each
// event took from the start of its append call to the handler.
func measureLag(t *testing.T, ctx context.Context, store *postgres.Store, payload json.RawMessage, d time.Duration) lagResult {
	head, _, err := store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var (
		started sync.Map // event id → time.Time its append began
		mu      sync.Mutex
		lags    []time.Duration
	)
	subCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	subDone := make(chan error, 1)
	go func() {
		subDone <- store.Subscribe(subCtx, head, 1000, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			now := time.Now()
			mu.Lock()
			defer mu.Unlock()
			for _, e := range batch {
				if t0, ok := started.Load(e.ID); ok {
					lags = append(lags, now.Sub(t0.(time.Time)))
				}
			}
			return nil
		})
	}()
	time.Sleep(100 * time.Millisecond)
	m := measure(d, 4, func(int) func() error {
		stream := eventstore.StreamID("lag", uuid.NewString())
		return func() error {
			e := benchEvent(payload)
			started.Store(e.ID, time.Now())
			_, err := store.Append(ctx, stream, eventstore.Any, e)
			return err
		}
	})
	if m.err != nil {
		t.Fatal(m.err)
	}
	time.Sleep(time.Second) // let the last events arrive
	cancel()
	<-subDone
	mu.Lock()
	defer mu.Unlock()
	slices.Sort(lags)
	if len(lags) == 0 {
		t.Fatal("the subscriber saw nothing")
	}
	return lagResult{n: len(lags), p50: benchtest.Percentile(lags, 0.5), p99: benchtest.Percentile(lags, 0.99), max: lags[len(lags)-1]}
}

// fill appends events until the log holds at least total, 100 events per append over 1,000 streams.
func fill(t *testing.T, ctx context.Context, store *postgres.Store, payload json.RawMessage, total int64) {
	_, have, err := store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; have < total; i++ {
		batch := make([]eventstore.EventData, min(100, total-have))
		for j := range batch {
			batch[j] = benchEvent(payload)
		}
		if _, err := store.Append(ctx, fmt.Sprintf("fill-%d", i%1000), eventstore.Any, batch...); err != nil {
			t.Fatal(err)
		}
		have += int64(len(batch))
	}
}

func readAllRate(t *testing.T, ctx context.Context, store *postgres.Store, batch int) (int, time.Duration) {
	start := time.Now()
	n, pos := 0, eventstore.Start
	for {
		events, err := store.ReadAll(ctx, pos, batch)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) == 0 {
			return n, time.Since(start)
		}
		n += len(events)
		pos = events[len(events)-1].Position
	}
}

func catchUpRate(t *testing.T, ctx context.Context, store *postgres.Store, batch int, total int) (int, time.Duration) {
	_, count, err := store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	subCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := 0
	start := time.Now()
	err = store.Subscribe(subCtx, eventstore.Start, batch, func(_ context.Context, events []eventstore.RecordedEvent) error {
		n += len(events)
		if int64(n) >= count {
			cancel()
		}
		return nil
	})
	elapsed := time.Since(start)
	if n < total {
		t.Fatalf("caught up with %d events of %d: %v", n, total, err)
	}
	return n, elapsed
}
