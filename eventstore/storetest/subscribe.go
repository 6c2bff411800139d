package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

// collector runs one subscription in the background and keeps this run's events.
type collector struct {
	mu        sync.Mutex
	events    []eventstore.RecordedEvent
	oversized int // batches larger than the batch size
	changed   chan struct{}

	cancel context.CancelFunc
	done   chan error
}

func subscribe(s eventstore.Store, r run, after eventstore.Position, batchSize int) *collector {
	ctx, cancel := context.WithCancel(context.Background())
	c := &collector{changed: make(chan struct{}, 1), cancel: cancel, done: make(chan error, 1)}
	go func() {
		c.done <- s.Subscribe(ctx, after, batchSize, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			own := r.filter(batch) // copies: the store may reuse batch
			c.mu.Lock()
			if len(batch) > batchSize {
				c.oversized++
			}
			c.events = append(c.events, own...)
			c.mu.Unlock()
			select {
			case c.changed <- struct{}{}:
			default:
			}
			return nil
		})
	}()
	return c
}

func (c *collector) snapshot() []eventstore.RecordedEvent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.events)
}

// waitUntil waits until done(events so far) holds, the subscription fails, or timeout passes.
func (c *collector) waitUntil(timeout time.Duration, done func([]eventstore.RecordedEvent) bool) error {
	deadline := time.After(timeout)
	for {
		if done(c.snapshot()) {
			return nil
		}
		select {
		case <-c.changed:
		case err := <-c.done:
			c.done <- err
			return fmt.Errorf("subscription ended early: %w", err)
		case <-deadline:
			return fmt.Errorf("timed out after %s with %d events", timeout, len(c.snapshot()))
		}
	}
}

// stop ends the subscription; it must end with the context's error and nothing else.
func (c *collector) stop() error {
	c.cancel()
	select {
	case err := <-c.done:
		if !errors.Is(err, context.Canceled) {
			return fmt.Errorf("subscription ended with %v, want context.Canceled", err)
		}
		if c.oversized > 0 {
			return fmt.Errorf("%d batches were larger than the batch size", c.oversized)
		}
		return nil
	case <-time.After(10 * time.Second):
		return errors.New("subscription did not stop within 10s of its context ending")
	}
}

// subscribeUntil subscribes after pos until done holds and returns this run's events seen.
func subscribeUntil(t *testing.T, s eventstore.Store, r run, after eventstore.Position, batchSize int, done func([]eventstore.RecordedEvent) bool) []eventstore.RecordedEvent {
	t.Helper()
	c := subscribe(s, r, after, batchSize)
	err := c.waitUntil(30*time.Second, done)
	if stopErr := c.stop(); err == nil {
		err = stopErr
	}
	if err != nil {
		t.Fatalf("subscribe after %s: %v", after, err)
	}
	return c.snapshot()
}

func testSubscribeFromEveryPosition(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	head, _ := mustHead(t, ctx, s)
	appendMixed(t, s, r, 12)
	end := newEvent("StoretestEnd", nil)
	mustAppend(t, ctx, s, r.stream("end"), eventstore.NoStream, end)
	full := readAllOwn(t, ctx, s, r, head, 100)

	reachedEnd := func(seen []eventstore.RecordedEvent) bool {
		return len(seen) > 0 && seen[len(seen)-1].ID == end.ID
	}
	for i := -1; i < len(full)-1; i++ {
		from, want := head, full
		if i >= 0 {
			from, want = full[i].Position, full[i+1:]
		}
		got := subscribeUntil(t, s, r, from, 4, reachedEnd)
		if !equalIDs(ids(got), ids(want)) {
			t.Fatalf("subscribing after event %d (%s): got %d events %v, want %d %v", i, from, len(got), ids(got), len(want), ids(want))
		}
	}
}

func testSubscribeStops(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	head, _ := mustHead(t, ctx, s)
	mustAppend(t, ctx, s, r.stream("one"), eventstore.NoStream, numbered(1)...)

	t.Run("when the handler fails, with its error", func(t *testing.T) {
		errBoom := errors.New("boom")
		err := s.Subscribe(ctx, head, 10, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			if len(r.filter(batch)) > 0 {
				return errBoom
			}
			return nil
		})
		if !errors.Is(err, errBoom) {
			t.Fatalf("got %v, want the handler's error", err)
		}
	})
	t.Run("when its context ends while it waits", func(t *testing.T) {
		c := subscribe(s, r, head, 10)
		if err := c.waitUntil(30*time.Second, func(seen []eventstore.RecordedEvent) bool { return len(seen) == 1 }); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond) // let it go back to waiting
		if err := c.stop(); err != nil {
			t.Fatal(err)
		}
	})
}

// written is one event appended during the concurrency test, with when its append started and ended.
type written struct {
	stream     string
	start, end time.Time
}

// testSubscriberUnderConcurrentWriters is the gap test. Eight writers append to shared and private
// streams for several seconds, holding their transactions open for random times (via AppendHook),
// so transactions commit in an order different from the one in which they took their positions.
// Subscribers, one from the start and one joining halfway, must each see every event exactly once,
// every stream in version order, and every event after each one whose append had finished before its
// own began. A reader that skipped an event committed late would fail it.
func testSubscriberUnderConcurrentWriters(t *testing.T, s eventstore.Store) {
	const writers = 8
	duration := envDuration("MISHWAR_STORETEST_SOAK_SECONDS", 4*time.Second)
	if testing.Short() {
		duration = time.Second
	}
	ctx := testContext(t)
	r := newRun(t)
	head, _ := mustHead(t, ctx, s)
	shared := []string{r.stream("shared0"), r.stream("shared1"), r.stream("shared2"), r.stream("shared3")}

	early := subscribe(s, r, head, 50)
	var (
		mu     sync.Mutex
		log    = map[uuid.UUID]written{}
		wg     sync.WaitGroup
		errs   = make(chan error, writers)
		stopAt = time.Now().Add(duration)
	)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			own := r.stream(fmt.Sprintf("writer%d", w))
			for time.Now().Before(stopAt) {
				stream := own
				if rng.IntN(3) > 0 {
					stream = shared[rng.IntN(len(shared))]
				}
				batch := numbered(1 + rng.IntN(3))
				hold := holdTime(rng)
				actx := withAppendDelay(ctx, func() { time.Sleep(hold) })
				start := time.Now()
				if _, err := s.Append(actx, stream, eventstore.Any, batch...); err != nil {
					errs <- err
					return
				}
				end := time.Now()
				mu.Lock()
				for _, e := range batch {
					log[e.ID] = written{stream: stream, start: start, end: end}
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(duration / 2)
	late := subscribe(s, r, head, 7)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}

	total := len(log)
	for name, c := range map[string]*collector{"subscriber from the start": early, "subscriber joining halfway": late} {
		err := c.waitUntil(60*time.Second, func(seen []eventstore.RecordedEvent) bool { return len(seen) >= total })
		time.Sleep(200 * time.Millisecond) // anything delivered twice arrives now
		if stopErr := c.stop(); err == nil {
			err = stopErr
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkDelivery(t, name, c.snapshot(), log)
	}
	read := readAllOwn(t, ctx, s, r, head, 100)
	if !equalIDs(ids(read), ids(early.snapshot())) {
		t.Fatalf("reading the global log gives another order than the subscription delivered")
	}
	t.Logf("%d events from %d writers in %s, every one delivered once, in order, to both subscribers", total, writers, duration)
}

// holdTime is how long an append keeps its transaction open: mostly briefly, sometimes long enough
// for dozens of later appends to commit first.
func holdTime(rng *rand.Rand) time.Duration {
	switch p := rng.IntN(100); {
	case p < 70:
		return time.Duration(rng.IntN(1000)) * time.Microsecond
	case p < 95:
		return time.Duration(1+rng.IntN(9)) * time.Millisecond
	default:
		return time.Duration(10+rng.IntN(40)) * time.Millisecond
	}
}

func checkDelivery(t *testing.T, name string, got []eventstore.RecordedEvent, log map[uuid.UUID]written) {
	t.Helper()
	index := make(map[uuid.UUID]int, len(got))
	nextVersion := map[string]int64{}
	for i, e := range got {
		w, ok := log[e.ID]
		switch {
		case !ok:
			t.Fatalf("%s: event %s was never appended", name, e.ID)
		case e.StreamID != w.stream:
			t.Fatalf("%s: event %s delivered from %s, appended to %s", name, e.ID, e.StreamID, w.stream)
		}
		if j, dup := index[e.ID]; dup {
			t.Fatalf("%s: event %s delivered twice, at %d and %d", name, e.ID, j, i)
		}
		index[e.ID] = i
		if i > 0 && !got[i-1].Position.Less(e.Position) {
			t.Fatalf("%s: event %d at %s does not come after event %d at %s", name, i, e.Position, i-1, got[i-1].Position)
		}
		if e.Version != nextVersion[e.StreamID] {
			t.Fatalf("%s: %s version %d delivered when version %d was due", name, e.StreamID, e.Version, nextVersion[e.StreamID])
		}
		nextVersion[e.StreamID]++
	}
	if len(got) != len(log) {
		t.Fatalf("%s: %d events delivered, %d appended: %d skipped", name, len(got), len(log), len(log)-len(got))
	}

	// An append that finished before another began must be delivered before it. Sweep the appends by
	// start time, keeping the latest delivery index among those already finished.
	type span struct {
		start, end time.Time
		at         int
	}
	spans := make([]span, 0, len(log))
	for id, w := range log {
		spans = append(spans, span{w.start, w.end, index[id]})
	}
	byEnd := slices.Clone(spans)
	slices.SortFunc(spans, func(a, b span) int { return a.start.Compare(b.start) })
	slices.SortFunc(byEnd, func(a, b span) int { return a.end.Compare(b.end) })
	finished, latest := 0, -1
	for _, b := range spans {
		for ; finished < len(byEnd) && byEnd[finished].end.Before(b.start); finished++ {
			latest = max(latest, byEnd[finished].at)
		}
		if latest > b.at {
			t.Fatalf("%s: an event appended after another's append had finished was delivered before it (%d < %d)", name, b.at, latest)
		}
	}
}
