package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/eventstore"
	"mishwar/projections"
	"mishwar/projections/stats"
)

func TestRunnerProjectsEventsIntoStatsAndNotifiesAfterCommit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	notices := make(chan string, 1000)
	listening := make(chan struct{}, 1)
	go func() {
		_ = projections.ListenLive(ctx, e.pool, func(topic string, _ json.RawMessage) {
			if topic == projections.TopicConnected {
				listening <- struct{}{}
				return
			}
			notices <- topic
		})
	}()
	<-listening

	appendEvents(t, e.store, 40, 4, []string{"cart", "order", "enquiry"}, []string{"Opened", "Changed"})
	r, _ := startRunner(t, e, testConfig(), stats.New())
	last := appendEvents(t, e.store, 25, 5, []string{"cart", "payment"}, []string{"Changed", "Paid"})
	waitFor(t, r, stats.Name, last)

	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	select {
	case topic := <-notices:
		if topic != stats.Topic {
			t.Errorf("notice topic %q, want %q", topic, stats.Topic)
		}
	case <-time.After(5 * time.Second):
		t.Errorf("no live notice after the projection committed")
	}
	s := statusOf(t, e, stats.Name)
	if s.EventsProcessed != 65 || s.LagEvents != 0 || s.LagSeconds != 0 || !s.Running || s.LastError != "" {
		t.Errorf("status after catching up: %+v", s)
	}
}

func TestFailingBatchBlocksItsProjectionAndRetriesWithoutSkipping(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var (
		attempts atomic.Int64
		healed   atomic.Bool
	)
	flaky := &hooked{Projection: stats.New(), after: func(context.Context, []eventstore.RecordedEvent) error {
		attempts.Add(1)
		if !healed.Load() {
			return errors.New("read model unavailable")
		}
		return nil
	}}
	first := appendEvents(t, e.store, 10, 10, []string{"cart"}, []string{"Opened"})
	r, _ := startRunner(t, e, testConfig(), flaky)

	eventually(t, 10*time.Second, "the batch is retried several times", func() bool { return attempts.Load() >= 4 })
	later := appendEvents(t, e.store, 10, 10, []string{"order"}, []string{"Placed"})
	eventually(t, 10*time.Second, "status shows the failure and the whole lag", func() bool {
		s := statusOf(t, e, stats.Name)
		return strings.Contains(s.LastError, "read model unavailable") && s.LagEvents == 20
	})
	s := statusOf(t, e, stats.Name)
	if s.Position != eventstore.Start || s.EventsProcessed != 0 || s.LastErrorAt == nil || s.LagSeconds <= 0 {
		t.Errorf("a failing projection moved on or hid its lag: %+v", s)
	}
	if rows := readStats(t, e.pool); len(rows) != 0 {
		t.Errorf("a failing projection wrote rows: %+v", rows)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if err := r.WaitFor(ctx, stats.Name, first); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("WaitFor on a blocked projection: got %v, want a deadline error", err)
	}

	healed.Store(true)
	waitFor(t, r, stats.Name, later)
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	if s := statusOf(t, e, stats.Name); s.LastError != "" || s.LastErrorAt != nil || s.EventsProcessed != 20 {
		t.Errorf("status after recovery: %+v", s)
	}
}

func TestPanickingProjectionIsRetriedLikeAFailingOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var (
		panics atomic.Int64
		fixed  atomic.Bool
	)
	p := &hooked{Projection: stats.New(), before: func(context.Context, []eventstore.RecordedEvent) error {
		panics.Add(1)
		if !fixed.Load() {
			panic("projection bug")
		}
		return nil
	}}
	last := appendEvents(t, e.store, 5, 5, []string{"cart"}, []string{"Opened"})
	r, _ := startRunner(t, e, testConfig(), p)
	eventually(t, 10*time.Second, "status shows the panic", func() bool {
		return panics.Load() >= 3 && statusOf(t, e, stats.Name).LastError == "panic: projection bug"
	})
	fixed.Store(true)
	waitFor(t, r, stats.Name, last)
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	if n := panics.Load(); n < 4 {
		t.Errorf("apply called %d times, want 3 panics and a success", n)
	}
}

func TestProjectionKilledMidBatchResumesToTheModelARebuildProduces(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.BatchSize = 7 // several batches, and batches that do not line up with appends
	last := appendEvents(t, e.store, 60, 4, []string{"cart", "order", "trip"}, []string{"A", "B", "C"})

	var calls, committed atomic.Int64
	inBatch := make(chan struct{})
	killable := &hooked{Projection: stats.New(), after: func(ctx context.Context, events []eventstore.RecordedEvent) error {
		if calls.Add(1) != 4 {
			committed.Add(int64(len(events)))
			return nil
		}
		// The fourth batch has written its rows in its transaction; hang until killed.
		close(inBatch)
		<-ctx.Done()
		return ctx.Err()
	}}
	_, kill := startRunner(t, e, cfg, killable)
	select {
	case <-inBatch:
	case <-time.After(30 * time.Second):
		t.Fatal("the runner never reached its fourth batch")
	}
	kill()
	if s := statusOf(t, e, stats.Name); s.EventsProcessed != committed.Load() {
		t.Fatalf("after the kill the checkpoint counts %d events, want the %d of the 3 committed batches", s.EventsProcessed, committed.Load())
	}

	r, _ := startRunner(t, e, cfg, stats.New())
	more := appendEvents(t, e.store, 10, 2, []string{"cart"}, []string{"D"})
	waitFor(t, r, stats.Name, more)
	resumed := readStats(t, e.pool)

	if err := projections.Rebuild(context.Background(), e.pool, e.store, stats.New(), nil); err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	assertStats(t, resumed, readStats(t, e.pool))
	assertStats(t, resumed, expectedStats(t, e.store))
	_ = last
}

func TestOnlyOneOfTwoRunnersRunsAProjectionAndTheOtherTakesOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	counting := func(n *atomic.Int64) projections.Projection {
		return &hooked{Projection: stats.New(), before: func(_ context.Context, events []eventstore.RecordedEvent) error {
			n.Add(int64(len(events)))
			return nil
		}}
	}
	var appliedA, appliedB atomic.Int64
	a, stopA := startRunner(t, e, testConfig(), counting(&appliedA))
	eventually(t, 10*time.Second, "runner A leads", func() bool { return a.Leading(stats.Name) })
	b, stopB := startRunner(t, e, testConfig(), counting(&appliedB))

	first := appendEvents(t, e.store, 50, 5, []string{"cart"}, []string{"Opened", "Closed"})
	waitFor(t, a, stats.Name, first)
	waitFor(t, b, stats.Name, first) // B sees A's progress by polling
	time.Sleep(200 * time.Millisecond)
	if appliedA.Load() != 50 || appliedB.Load() != 0 || b.Leading(stats.Name) {
		t.Fatalf("with A leading: A applied %d, B applied %d (leading %v); want 50 and 0",
			appliedA.Load(), appliedB.Load(), b.Leading(stats.Name))
	}

	stopA()
	eventually(t, 10*time.Second, "runner B takes over", func() bool { return b.Leading(stats.Name) })
	second := appendEvents(t, e.store, 30, 5, []string{"order"}, []string{"Placed"})
	waitFor(t, b, stats.Name, second)
	if appliedA.Load() != 50 || appliedB.Load() != 30 {
		t.Errorf("after the take-over: A applied %d, B applied %d; want 50 and 30", appliedA.Load(), appliedB.Load())
	}
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	stopB()
}

func TestWaitFor(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r, _ := startRunner(t, e, testConfig(), stats.New())

	t.Run("returns at once for a position already applied", func(t *testing.T) {
		pos := appendEvents(t, e.store, 3, 3, []string{"cart"}, []string{"Opened"})
		waitFor(t, r, stats.Name, pos)
		start := time.Now()
		waitFor(t, r, stats.Name, pos)
		waitFor(t, r, stats.Name, eventstore.Start)
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Errorf("took %s", d)
		}
	})
	t.Run("the read model reflects the write when it returns", func(t *testing.T) {
		for i := range 20 {
			pos := appendEvents(t, e.store, 1, 1, []string{"readyourwrites"}, []string{"Written"})
			waitFor(t, r, stats.Name, pos)
			var n int64
			for _, row := range readStats(t, e.pool) {
				if row.StreamCategory == "readyourwrites" {
					n = row.Events
				}
			}
			if n != int64(i+1) {
				t.Fatalf("after write %d the read model counts %d", i+1, n)
			}
		}
	})
	t.Run("gives up when its context ends", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		beyond := eventstore.Position{Commit: 1 << 62}
		if err := r.WaitFor(ctx, stats.Name, beyond); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("got %v, want a deadline error", err)
		}
	})
	t.Run("rejects an unknown projection", func(t *testing.T) {
		if err := r.WaitFor(context.Background(), "nosuch", eventstore.Start); !errors.Is(err, projections.ErrUnknownProjection) {
			t.Errorf("got %v, want ErrUnknownProjection", err)
		}
	})
	t.Run("many waiters wake on the same commit", func(t *testing.T) {
		pos := appendEvents(t, e.store, 1, 1, []string{"cart"}, []string{"Opened"})
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() { waitFor(t, r, stats.Name, pos) })
		}
		wg.Wait()
	})
}

func TestNewRunnerRejectsBadProjectionsAndConfig(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	named := func(name string) projections.Projection { return &renamed{Projection: stats.New(), name: name} }
	cases := []struct {
		name string
		cfg  projections.Config
		ps   []projections.Projection
		want error
	}{
		{"a name that is not an identifier", projections.Config{}, []projections.Projection{named("Stats; DROP")}, projections.ErrInvalidName},
		{"an empty name", projections.Config{}, []projections.Projection{named("")}, projections.ErrInvalidName},
		{"a negative batch size", projections.Config{BatchSize: -1}, []projections.Projection{stats.New()}, projections.ErrInvalidConfig},
		{"a backoff cap below its start", projections.Config{RetryInitialInterval: time.Second, RetryMaxInterval: time.Millisecond}, []projections.Projection{stats.New()}, projections.ErrInvalidConfig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := projections.NewRunner(e.pool, e.store, tc.cfg, tc.ps...); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	if _, err := projections.NewRunner(e.pool, e.store, projections.Config{}, stats.New(), stats.New()); err == nil {
		t.Errorf("two projections with one name were accepted")
	}
}

type renamed struct {
	projections.Projection
	name string
}

func (r *renamed) Name() string { return r.name }

func TestALeaderThatLosesItsLeaseStepsDownAndTheModelStaysExact(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	a, _ := startRunner(t, e, testConfig(), stats.New())
	eventually(t, 10*time.Second, "runner A leads", func() bool { return a.Leading(stats.Name) })
	b, _ := startRunner(t, e, testConfig(), stats.New())
	first := appendEvents(t, e.store, 40, 4, []string{"cart"}, []string{"A"})
	waitFor(t, a, stats.Name, first)

	// Cut the leader's lease session, as a network partition or a database restart would.
	var killed int
	err := e.pool.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_locks
		WHERE locktype = 'advisory' AND granted
		  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d lease sessions (err %v), want 1", killed, err)
	}
	// A runner that missed the loss would go on "leading" with no lease held at all.
	eventually(t, 10*time.Second, "one runner leads again, holding a new lease", func() bool {
		var held int
		if err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_locks
			WHERE locktype = 'advisory' AND granted
			  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(&held); err != nil {
			t.Fatal(err)
		}
		return held == 1 && a.Leading(stats.Name) != b.Leading(stats.Name)
	})
	second := appendEvents(t, e.store, 40, 4, []string{"order"}, []string{"B"})
	waitFor(t, a, stats.Name, second)
	waitFor(t, b, stats.Name, second)
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
}

func TestRunnerWithoutProjectionsStopsWithItsContext(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, stop := startRunner(t, e, testConfig())
	stop() // fails the test if Run does not return
}
