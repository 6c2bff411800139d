package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/projections"
	"mishwar/projections/stats"
)

// writeUntil appends small batches from several goroutines until ctx ends, counting the events.
func writeUntil(ctx context.Context, t *testing.T, store eventstore.Store, writers int, appended *atomic.Int64) *sync.WaitGroup {
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				batch := []eventstore.EventData{
					{ID: uuid.New(), Type: "Written", Data: json.RawMessage(`{}`)},
					{ID: uuid.New(), Type: fmt.Sprintf("Kind%d", i%3), Data: json.RawMessage(`{}`)},
				}
				stream := eventstore.StreamID(fmt.Sprintf("writer%d", w), uuid.NewString())
				if _, err := store.Append(context.Background(), stream, eventstore.NoStream, batch...); err != nil {
					t.Errorf("writer %d: %v", w, err)
					return
				}
				appended.Add(int64(len(batch)))
				time.Sleep(time.Millisecond)
			}
		})
	}
	return &wg
}

func TestRebuildWhileTheRunnerAndWritersRunSwapsInTheWholeModel(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	appendEvents(t, e.store, 20_000, 100, []string{"cart", "order", "trip"}, []string{"A", "B", "C", "D"})
	r, _ := startRunner(t, e, testConfig(), stats.New())

	ctx, stopWriters := context.WithCancel(context.Background())
	var appended atomic.Int64
	writers := writeUntil(ctx, t, e.store, 4, &appended)
	var (
		progress     []projections.RebuildProgress
		statusDuring projections.ProjectionStatus
		secondErr    error
	)
	err := projections.Rebuild(context.Background(), e.pool, e.store, stats.New(), func(p projections.RebuildProgress) {
		if len(progress) == 0 {
			statusDuring = statusOf(t, e, stats.Name)
			secondErr = projections.Rebuild(context.Background(), e.pool, e.store, stats.New(), nil)
		}
		progress = append(progress, p)
	})
	if err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	time.Sleep(100 * time.Millisecond) // writers go on after the swap, into the rebuilt model
	stopWriters()
	writers.Wait()

	waitFor(t, r, stats.Name, headOnceItHolds(t, e.store, 20_000+appended.Load()))
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))

	if !statusDuring.Rebuilding || !statusDuring.Running {
		t.Errorf("status during the rebuild: %+v, want rebuilding and running", statusDuring)
	}
	if !errors.Is(secondErr, projections.ErrRebuildRunning) {
		t.Errorf("a second rebuild at the same time: got %v, want ErrRebuildRunning", secondErr)
	}
	final := progress[len(progress)-1]
	if final.Phase != projections.PhaseDone || final.Percent != 100 || final.Events == 0 || final.EventsPerSecond <= 0 {
		t.Errorf("final progress %+v", final)
	}
	if progress[0].Phase != projections.PhaseReplay {
		t.Errorf("first progress %+v", progress[0])
	}
	for i, p := range progress {
		if p.Total < p.Events || p.Events <= 0 || math.Abs(p.Percent-100*float64(p.Events)/float64(p.Total)) > 1e-9 {
			t.Errorf("progress %+v: percent does not match events and total", p)
		}
		if i > 0 && p.Events < progress[i-1].Events {
			t.Errorf("progress went backwards: %+v after %+v", p, progress[i-1])
		}
	}
	if s := statusOf(t, e, stats.Name); s.Rebuilding || s.LastError != "" {
		t.Errorf("status after the rebuild: %+v", s)
	}
}

func TestRebuildOfAnEmptyLogLeavesAnEmptyModel(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var last projections.RebuildProgress
	if err := projections.Rebuild(context.Background(), e.pool, e.store, stats.New(), func(p projections.RebuildProgress) { last = p }); err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	if rows := readStats(t, e.pool); len(rows) != 0 {
		t.Errorf("rows: %+v", rows)
	}
	if last.Phase != projections.PhaseDone || last.Events != 0 || last.Percent != 100 {
		t.Errorf("progress %+v", last)
	}
	// The rebuilt model is live: a runner carries on from it.
	r, _ := startRunner(t, e, testConfig(), stats.New())
	pos := appendEvents(t, e.store, 3, 3, []string{"cart"}, []string{"Opened"})
	waitFor(t, r, stats.Name, pos)
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
}

func TestFailedRebuildLeavesTheLiveModelAlone(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r, _ := startRunner(t, e, testConfig(), stats.New())
	pos := appendEvents(t, e.store, 500, 10, []string{"cart"}, []string{"Opened"})
	waitFor(t, r, stats.Name, pos)
	before := statusOf(t, e, stats.Name)

	broken := &hooked{Projection: stats.New(), before: func(context.Context, []eventstore.RecordedEvent) error {
		return errors.New("bug in the new code")
	}}
	if err := projections.Rebuild(context.Background(), e.pool, e.store, broken, nil); err == nil {
		t.Fatal("a rebuild whose Apply fails succeeded")
	}
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	if after := statusOf(t, e, stats.Name); after.Position != before.Position || after.EventsProcessed != before.EventsProcessed {
		t.Errorf("checkpoint moved: before %+v, after %+v", before, after)
	}
	// Nothing is left locked: the next rebuild runs.
	if err := projections.Rebuild(context.Background(), e.pool, e.store, stats.New(), nil); err != nil {
		t.Fatalf("rebuild after a failed one: %v", err)
	}
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
}

// Not parallel: it relies on events appended during the rebuild becoming readable before the swap,
// which a long transaction of a parallel test elsewhere in the cluster could delay.
func TestRebuildNotifiesOnlyAboutEventsTheLiveModelHasNotSeen(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu      sync.Mutex
		notices []string
	)
	listening := make(chan struct{}, 1)
	go func() {
		_ = projections.ListenLive(ctx, e.pool, func(topic string, payload json.RawMessage) {
			if topic == projections.TopicConnected {
				listening <- struct{}{}
				return
			}
			mu.Lock()
			notices = append(notices, topic+" "+string(payload))
			mu.Unlock()
		})
	}()
	<-listening
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(notices) }

	if err := projections.EnsureSchema(ctx, e.pool, e.store, stats.New()); err != nil {
		t.Fatal(err)
	}
	appendEvents(t, e.store, 12_000, 100, []string{"cart"}, []string{"Opened"})
	appended := false
	err := projections.Rebuild(ctx, e.pool, e.store, stats.New(), func(p projections.RebuildProgress) {
		if p.Phase == projections.PhaseReplay && !appended {
			appended = true
			// After the replay's target: the swap applies these, and no runner has seen them.
			appendEvents(t, e.store, 3, 3, []string{"order"}, []string{"Placed"})
		}
	})
	if err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	eventually(t, 5*time.Second, "a notice about the new events", func() bool { return count() > 0 })
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(notices) != 1 || notices[0] != stats.Topic+` {"events":3}` {
		t.Errorf("notices: %q, want one about the 3 new events", notices)
	}
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
}
