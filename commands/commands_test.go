package commands_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// A tally: a tiny aggregate to exercise the runner. It refuses to go above its limit.
type (
	tally   struct{ n int }
	add     struct{ by, limit int }
	touch   struct{}
	tallied struct {
		By int `json:"by"`
	}
)

var errTooMuch = domain.Conflict("test.too_much")

var tallyDecider = domain.Decider[tally, any, tallied]{
	Initial: func() tally { return tally{} },
	Decide: func(s tally, c any, _ time.Time) ([]tallied, error) {
		switch c := c.(type) {
		case add:
			if s.n+c.by > c.limit {
				return nil, errTooMuch
			}
			return []tallied{{By: c.by}}, nil
		case touch:
			return nil, nil
		}
		return nil, errors.New("unknown command")
	},
	Evolve: func(s tally, e tallied) tally { return tally{n: s.n + e.By} },
}

func newRunner(t *testing.T) *commands.Runner {
	t.Helper()
	reg := eventstore.NewRegistry()
	eventstore.Register[tallied](reg, "Tallied", 1)
	return commands.NewRunner(postgres.New(pgtest.NewDatabase(t)), reg)
}

func meta() commands.Meta { return commands.NewMeta(commands.Actor{UserID: "u1", Role: "user"}) }

func TestExecuteAppendsTheDecidedEventsWithMetadata(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	m := meta()
	res, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 2, limit: 10}), m, commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 0 || len(res.Events) != 1 || res.Repeated {
		t.Fatalf("result %+v", res)
	}
	recs, err := r.Store.ReadStream(ctx, "tally-1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := recs[0].Metadata; got.CommandID != m.CommandID.String() || got.ActorID != "u1" || got.ActorRole != "user" {
		t.Fatalf("metadata %+v", got)
	}
	if recs[0].ID != eventstore.DeterministicID(m.CommandID, 0) {
		t.Fatal("event id is not derived from the command id")
	}
}

func TestARepeatedCommandIDReturnsTheFirstResultAndAppendsNothing(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	m := meta()
	first, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 3, limit: 3}), m, commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The same command again would now break the limit: a retry must not be decided anew.
	again, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 3, limit: 3}), m, commands.Options{})
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if !again.Repeated || again.Version != first.Version || again.Position != first.Position || len(again.Events) != 1 {
		t.Fatalf("retry result %+v, first %+v", again, first)
	}
	recs, _ := r.Store.ReadStream(ctx, "tally-1", 0)
	if len(recs) != 1 {
		t.Fatalf("%d events stored, want 1", len(recs))
	}
}

func TestARefusalIsReturnedAsTheDomainError(t *testing.T) {
	r := newRunner(t)
	_, err := commands.Execute(context.Background(), r, tallyDecider, "tally-1", any(add{by: 5, limit: 4}), meta(), commands.Options{})
	if !errors.Is(err, errTooMuch) || domain.KindOf(err) != domain.KindConflict {
		t.Fatalf("got %v", err)
	}
}

func TestANoOpAnswersThePositionOfTheStreamsLastEvent(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	written, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	noop, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(touch{}), meta(), commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(noop.Events) != 0 || noop.Position != written.Position || noop.Version != 0 {
		t.Fatalf("no-op result %+v, want the position of %+v", noop, written)
	}
}

func TestConcurrentCommutingCommandsAllLandAndNeverBreakTheRule(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	r.MaxRetries = 50
	const writers, limit = 12, 8
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ok, refused int
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: limit}), meta(), commands.Options{Commutes: true})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, errTooMuch):
				refused++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != limit || refused != writers-limit {
		t.Fatalf("%d landed and %d refused, want %d and %d", ok, refused, limit, writers-limit)
	}
}

func TestANonCommutingCommandLosingARaceIsAConflict(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	// Hold the stream's version still while a second writer appends in between: the first writer's
	// expected version is then stale, and without Commutes it must not be retried.
	store := r.Store
	var once sync.Once
	r.Store = interleaving{Store: store, before: func() {
		once.Do(func() {
			_, err := store.Append(ctx, "tally-1", eventstore.Any, eventstore.EventData{ID: uuid.New(), Type: "Tallied", SchemaVersion: 1, Data: []byte(`{"by":1}`)})
			if err != nil {
				t.Error(err)
			}
		})
	}}
	_, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if !errors.Is(err, commands.ErrConcurrentChange) || !errors.Is(err, eventstore.ErrWrongVersion) {
		t.Fatalf("got %v", err)
	}
	if domain.KindOf(err) != domain.KindConflict {
		t.Fatalf("kind %v, want conflict (409)", domain.KindOf(err))
	}
}

// interleaving runs before ahead of every append: a second writer sneaking in.
type interleaving struct {
	eventstore.Store
	before func()
}

func (s interleaving) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	s.before()
	return s.Store.Append(ctx, stream, expected, events...)
}

func TestACommandRacingItselfAnswersWithTheStoredEvents(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	r.MaxRetries = 20
	m := meta()
	const tries = 8
	results := make([]commands.Result[tallied], tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 100}), m, commands.Options{Commutes: true})
			if err != nil {
				t.Error(err)
			}
			results[i] = res
		}()
	}
	wg.Wait()
	recs, _ := r.Store.ReadStream(ctx, "tally-1", 0)
	if len(recs) != 1 {
		t.Fatalf("%d events stored for one command id, want 1", len(recs))
	}
	for i, res := range results {
		if res.Position != recs[0].Position || len(res.Events) != 1 {
			t.Fatalf("try %d answered %+v, the stored event is at %s", i, res, recs[0].Position)
		}
	}
}

// watching counts, per stream, the commands between their read and their append, and the appends
// that lost to a concurrent change.
type watching struct {
	eventstore.Store
	mu                sync.Mutex
	inFlight, maxSeen map[string]int
	conflicts         int
}

func watch(s eventstore.Store) *watching {
	return &watching{Store: s, inFlight: map[string]int{}, maxSeen: map[string]int{}}
}

func (w *watching) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	w.mu.Lock()
	w.inFlight[stream]++
	w.maxSeen[stream] = max(w.maxSeen[stream], w.inFlight[stream])
	w.mu.Unlock()
	time.Sleep(time.Millisecond) // widen the window between load and append
	return w.Store.ReadStream(ctx, stream, from)
}

func (w *watching) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	res, err := w.Store.Append(ctx, stream, expected, events...)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.inFlight[stream]--
	if errors.Is(err, eventstore.ErrWrongVersion) {
		w.conflicts++
	}
	return res, err
}

func TestCommandsOnOneStreamRunOneAtATimeWithinAProcess(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	w := watch(r.Store)
	r.Store = w
	r.MaxRetries = 0 // nothing to retry: no command may lose a race to another in this process
	const writers = 20
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 100}), meta(), commands.Options{Commutes: true}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if w.maxSeen["tally-1"] != 1 || w.conflicts != 0 {
		t.Fatalf("up to %d commands between read and append at once, %d conflicts; want 1 and 0", w.maxSeen["tally-1"], w.conflicts)
	}
	if recs, _ := r.Store.ReadStream(ctx, "tally-1", 0); len(recs) != writers {
		t.Fatalf("%d events, want %d", len(recs), writers)
	}
	if n := commands.StreamsInFlight(r); n != 0 {
		t.Fatalf("the lock table keeps %d streams after every command ended, want 0", n)
	}
}

// gate holds appends to stream until release is closed, saying when one arrives.
type gate struct {
	eventstore.Store
	stream  string
	arrived chan struct{}
	release chan struct{}
}

func (g *gate) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	if stream == g.stream {
		g.arrived <- struct{}{}
		<-g.release
	}
	return g.Store.Append(ctx, stream, expected, events...)
}

func TestCommandsOnOtherStreamsDoNotWaitAndAWaiterGivesUpWithItsContext(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	g := &gate{Store: r.Store, stream: "tally-held", arrived: make(chan struct{}, 1), release: make(chan struct{})}
	r.Store = g
	held := make(chan error, 1)
	go func() {
		_, err := commands.Execute(ctx, r, tallyDecider, "tally-held", any(add{by: 1, limit: 9}), meta(), commands.Options{})
		held <- err
	}()
	<-g.arrived // a command is running on tally-held

	for i := range 50 {
		stream := fmt.Sprintf("tally-other-%d", i)
		if _, err := commands.Execute(ctx, r, tallyDecider, stream, any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
			t.Fatalf("%s while tally-held is busy: %v", stream, err)
		}
	}
	if n := commands.StreamsInFlight(r); n != 1 {
		t.Fatalf("the lock table holds %d streams, want only the busy one", n)
	}

	waitCtx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := commands.Execute(waitCtx, r, tallyDecider, "tally-held", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("a command waiting for a busy stream = %v after %v; want its context's deadline", err, time.Since(start))
	}
	close(g.release)
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if n := commands.StreamsInFlight(r); n != 0 {
		t.Fatalf("the lock table keeps %d streams after every command ended, want 0", n)
	}
}

// conflicting makes the first n appends lose to another process's append.
func conflicting(t *testing.T, r *commands.Runner, stream string, n int) {
	store := r.Store
	var mu sync.Mutex
	left := n
	r.Store = interleaving{Store: store, before: func() {
		mu.Lock()
		defer mu.Unlock()
		if left == 0 {
			return
		}
		left--
		if _, err := store.Append(context.Background(), stream, eventstore.Any, eventstore.EventData{ID: uuid.New(), Type: "Tallied", SchemaVersion: 1, Data: []byte(`{"by":1}`)}); err != nil {
			t.Error(err)
		}
	}}
}

func TestACommutingCommandBacksOffBeforeEachRetry(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	conflicting(t, r, "tally-1", 3)
	var waits []int
	r.Backoff = func(retry int) time.Duration { waits = append(waits, retry); return time.Millisecond }
	res, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{Commutes: true})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(waits) != "[1 2 3]" || res.Version != 3 {
		t.Fatalf("waited before retries %v, landed at version %d; want [1 2 3] and 3", waits, res.Version)
	}
}

func TestARetryWaitEndsWithTheContext(t *testing.T) {
	r := newRunner(t)
	conflicting(t, r, "tally-1", 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The caller goes away as soon as the runner starts its (hour-long) wait.
	r.Backoff = func(int) time.Duration { cancel(); return time.Hour }
	_, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{Commutes: true})
	if !errors.Is(err, commands.ErrConcurrentChange) || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want a conflict that gave up with its context", err)
	}
}

func TestDefaultBackoffGrowsIsCappedAndSpreadsRetries(t *testing.T) {
	t.Parallel()
	prevHigh := time.Duration(0)
	for retry := 1; retry <= 12; retry++ {
		low, high := time.Duration(1<<62), time.Duration(0)
		for range 500 {
			d := commands.DefaultBackoff(retry)
			low, high = min(low, d), max(high, d)
		}
		if low < 2*time.Millisecond || high > 400*time.Millisecond {
			t.Fatalf("retry %d waits between %v and %v; want within [2.5ms, 400ms]", retry, low, high)
		}
		if high <= low {
			t.Fatalf("retry %d always waits %v: no jitter", retry, low)
		}
		if high < prevHigh/2 {
			t.Fatalf("retry %d waits at most %v, less than before (%v)", retry, high, prevHigh)
		}
		prevHigh = high
	}
	if first, last := commands.DefaultBackoff(1), commands.DefaultBackoff(12); first > 5*time.Millisecond || last < 200*time.Millisecond {
		t.Fatalf("first retry waits %v, twelfth %v; want ≤ 5ms and ≥ 200ms", first, last)
	}
}

// Two processes on one stream: each serialises its own commands, so they conflict only with each
// other, and the backoff's spread must let every commuting command land within the default retries.
func TestCommutingCommandsFromTwoProcessesOnOneStreamAllLand(t *testing.T) {
	ctx := context.Background()
	first := newRunner(t)
	second := commands.NewRunner(first.Store, first.Registry)
	const perWriter, writersPerProcess = 10, 3
	var wg sync.WaitGroup
	for _, r := range []*commands.Runner{first, second} {
		for range writersPerProcess {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range perWriter {
					if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 1000}), meta(), commands.Options{Commutes: true}); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	if recs, _ := first.Store.ReadStream(ctx, "tally-1", 0); len(recs) != 2*writersPerProcess*perWriter {
		t.Fatalf("%d events, want %d", len(recs), 2*writersPerProcess*perWriter)
	}
}

func TestAnExpectedVersionIsDecidedAndAppendedAtThatVersionOnly(t *testing.T) {
	ctx := context.Background()
	r := newRunner(t)
	first, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := first.Version
	m := meta()
	if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), m, commands.Options{ExpectedVersion: &at}); err != nil {
		t.Fatalf("at the current version: %v", err)
	}
	// The stream is now past `at`: even a commuting command is refused, and not retried.
	conflicting(t, r, "tally-1", 0)
	_, err = commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{ExpectedVersion: &at, Commutes: true})
	var wv *eventstore.WrongVersionError
	if !errors.Is(err, commands.ErrConcurrentChange) || !errors.As(err, &wv) || wv.Actual != at+1 {
		t.Fatalf("at a stale version: %v, want a conflict naming version %d", err, at+1)
	}
	// A client retrying the command that did land gets its first result.
	again, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), m, commands.Options{ExpectedVersion: &at})
	if err != nil || !again.Repeated {
		t.Fatalf("a repeat of the landed command: %+v, %v", again, err)
	}
	// The append itself is made at the expected version: a change between load and append refuses it.
	now := again.Version
	conflicting(t, r, "tally-1", 1)
	if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{ExpectedVersion: &now, Commutes: true}); !errors.Is(err, commands.ErrConcurrentChange) {
		t.Fatalf("a change between load and append: %v, want a conflict", err)
	}
	if recs, _ := r.Store.ReadStream(ctx, "tally-1", 0); len(recs) != 3 {
		t.Fatalf("%d events, want 3 (two commands and the other writer's)", len(recs))
	}
}
