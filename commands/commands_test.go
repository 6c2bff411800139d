package commands_test

import (
	"context"
	"errors"
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
