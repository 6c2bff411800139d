package storetest

import (
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

func testExpectedVersion(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	tests := []struct {
		name     string
		existing int // events in the stream before the append
		expected eventstore.ExpectedVersion
		ok       bool
	}{
		{"any on a missing stream", 0, eventstore.Any, true},
		{"no stream on a missing stream", 0, eventstore.NoStream, true},
		{"exactly -1 means no stream", 0, eventstore.Exactly(-1), true},
		{"stream exists on a missing stream", 0, eventstore.StreamExists, false},
		{"exactly 0 on a missing stream", 0, eventstore.Exactly(0), false},
		{"any on a stream at 0", 1, eventstore.Any, true},
		{"no stream on a stream at 0", 1, eventstore.NoStream, false},
		{"stream exists on a stream at 0", 1, eventstore.StreamExists, true},
		{"exactly 0 on a stream at 0", 1, eventstore.Exactly(0), true},
		{"exactly 1 on a stream at 0", 1, eventstore.Exactly(1), false},
		{"any on a stream at 2", 3, eventstore.Any, true},
		{"no stream on a stream at 2", 3, eventstore.NoStream, false},
		{"stream exists on a stream at 2", 3, eventstore.StreamExists, true},
		{"exactly 2 on a stream at 2", 3, eventstore.Exactly(2), true},
		{"exactly 1 on a stream at 2 (stale)", 3, eventstore.Exactly(1), false},
		{"exactly 5 on a stream at 2 (ahead)", 3, eventstore.Exactly(5), false},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stream := r.stream("case" + string(rune('a'+i)))
			if tc.existing > 0 {
				mustAppend(t, ctx, s, stream, eventstore.NoStream, numbered(tc.existing)...)
			}
			current := int64(tc.existing - 1)
			res, err := s.Append(ctx, stream, tc.expected, numbered(2)...)

			if tc.ok {
				if err != nil {
					t.Fatalf("append with expected %s to a stream at %d: %v", tc.expected, current, err)
				}
				if res.NextExpectedVersion != current+2 || res.Duplicate {
					t.Fatalf("got %+v, want next expected version %d, not a duplicate", res, current+2)
				}
				if got := mustReadStream(t, ctx, s, stream); len(got) != tc.existing+2 {
					t.Fatalf("stream holds %d events, want %d", len(got), tc.existing+2)
				}
				return
			}
			if !errors.Is(err, eventstore.ErrWrongVersion) {
				t.Fatalf("append with expected %s to a stream at %d: got %v, want ErrWrongVersion", tc.expected, current, err)
			}
			var wrong *eventstore.WrongVersionError
			if !errors.As(err, &wrong) {
				t.Fatalf("error %v is not a *WrongVersionError", err)
			}
			if wrong.Stream != stream || wrong.Expected != tc.expected || wrong.Actual != current {
				t.Errorf("got %+v, want stream %s, expected %s, actual %d", *wrong, stream, tc.expected, current)
			}
			if tc.existing == 0 {
				if _, err := s.ReadStream(ctx, stream, 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
					t.Fatalf("a failed append created the stream: read gives %v", err)
				}
			} else if got := mustReadStream(t, ctx, s, stream); len(got) != tc.existing {
				t.Fatalf("a failed append changed the stream: %d events, want %d", len(got), tc.existing)
			}
		})
	}
}

// testConcurrentAppendsOneWinnerPerVersion races 16 writers on every version of one stream: exactly
// one may win each version, the others must get ErrWrongVersion.
func testConcurrentAppendsOneWinnerPerVersion(t *testing.T, s eventstore.Store) {
	const writers, rounds = 16, 25
	ctx := testContext(t)
	stream := newRun(t).stream("contended")

	var winners []uuid.UUID
	for round := range rounds {
		expected := eventstore.Exactly(int64(round) - 1)
		var (
			start sync.WaitGroup
			done  sync.WaitGroup
			mu    sync.Mutex
			won   []uuid.UUID
			errs  []error
		)
		start.Add(1)
		for range writers {
			done.Add(1)
			go func() {
				defer done.Done()
				e := newEvent("StoretestContended", map[string]int{"round": round})
				start.Wait()
				_, err := s.Append(ctx, stream, expected, e)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					won = append(won, e.ID)
				} else {
					errs = append(errs, err)
				}
			}()
		}
		start.Done()
		done.Wait()

		if len(won) != 1 {
			t.Fatalf("round %d (expected %s): %d appends won, want exactly 1", round, expected, len(won))
		}
		for _, err := range errs {
			var wrong *eventstore.WrongVersionError
			if !errors.As(err, &wrong) || !errors.Is(err, eventstore.ErrWrongVersion) {
				t.Fatalf("round %d: a losing append failed with %v, want a *WrongVersionError", round, err)
			}
			if wrong.Actual != int64(round) {
				t.Fatalf("round %d: loser saw actual version %d, want %d", round, wrong.Actual, round)
			}
		}
		winners = append(winners, won[0])
	}

	got := mustReadStream(t, ctx, s, stream)
	if len(got) != rounds {
		t.Fatalf("stream holds %d events, want %d", len(got), rounds)
	}
	for i, e := range got {
		if e.Version != int64(i) || e.ID != winners[i] {
			t.Fatalf("version %d holds %s@%d, want the winner %s", i, e.ID, e.Version, winners[i])
		}
	}
}

// testConcurrentRetryingWritersLoseNothing has 16 writers each append 5 events to one stream with
// read-decide-append-retry loops, as command handlers do: no event is lost, none is doubled.
func testConcurrentRetryingWritersLoseNothing(t *testing.T, s eventstore.Store) {
	const writers, each = 16, 5
	ctx := testContext(t)
	stream := newRun(t).stream("counter")

	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; {
				version := int64(-1)
				events, err := s.ReadStream(ctx, stream, 0)
				switch {
				case errors.Is(err, eventstore.ErrStreamNotFound):
				case err != nil:
					errs <- err
					return
				default:
					version = events[len(events)-1].Version
				}
				_, err = s.Append(ctx, stream, eventstore.Exactly(version), newEvent("StoretestCounted", map[string]int{"writer": w, "i": i}))
				if errors.Is(err, eventstore.ErrWrongVersion) {
					continue
				}
				if err != nil {
					errs <- err
					return
				}
				i++
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got := mustReadStream(t, ctx, s, stream)
	if len(got) != writers*each {
		t.Fatalf("stream holds %d events, want %d", len(got), writers*each)
	}
	seen := map[uuid.UUID]bool{}
	for i, e := range got {
		if e.Version != int64(i) || seen[e.ID] {
			t.Fatalf("event %d: %s at version %d (seen before: %v)", i, e.ID, e.Version, seen[e.ID])
		}
		seen[e.ID] = true
	}
}

func testIdempotentAppend(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	stream := r.stream("retried")
	ab := numbered(2)
	c := newEvent("StoretestThird", nil)

	first := mustAppend(t, ctx, s, stream, eventstore.NoStream, ab...)
	assertDuplicate := func(t *testing.T, expected eventstore.ExpectedVersion, events []eventstore.EventData, wantVersion int64, original eventstore.AppendResult) {
		t.Helper()
		res, err := s.Append(ctx, stream, expected, events...)
		if err != nil {
			t.Fatalf("repeating an append with expected %s: %v", expected, err)
		}
		if !res.Duplicate || res.NextExpectedVersion != wantVersion {
			t.Fatalf("repeated append gave %+v, want a duplicate at version %d", res, wantVersion)
		}
		if res.Position != eventstore.Start && res.Position != original.Position {
			t.Fatalf("repeated append reports position %s, want the original %s (or none)", res.Position, original.Position)
		}
	}
	assertStream := func(t *testing.T, want ...eventstore.EventData) {
		t.Helper()
		got := mustReadStream(t, ctx, s, stream)
		if len(got) != len(want) {
			t.Fatalf("stream holds %d events, want %d", len(got), len(want))
		}
		for i := range want {
			assertSameEvent(t, got[i], want[i], stream, int64(i))
		}
	}

	t.Run("a retry with the same expected version writes nothing", func(t *testing.T) {
		assertDuplicate(t, eventstore.NoStream, ab, 1, first)
		assertStream(t, ab...)
	})
	third := mustAppend(t, ctx, s, stream, eventstore.Exactly(1), c)
	t.Run("a retry whose expected version is now stale still succeeds", func(t *testing.T) {
		assertDuplicate(t, eventstore.NoStream, ab, 1, first)
		assertDuplicate(t, eventstore.Exactly(1), []eventstore.EventData{c}, 2, third)
		assertStream(t, ab[0], ab[1], c)
	})
	t.Run("a retry with expected any succeeds", func(t *testing.T) {
		assertDuplicate(t, eventstore.Any, []eventstore.EventData{c}, 2, third)
		assertStream(t, ab[0], ab[1], c)
	})
	t.Run("a batch that repeats only some ids fails and writes nothing", func(t *testing.T) {
		for _, batch := range [][]eventstore.EventData{
			{c, newEvent("StoretestNew", nil)},
			{ab[1], ab[0]},
		} {
			if _, err := s.Append(ctx, stream, eventstore.Any, batch...); err == nil {
				t.Fatalf("appending %v to a stream holding some of them succeeded", dataIDs(batch))
			}
		}
		assertStream(t, ab[0], ab[1], c)
	})
	t.Run("the same event id may be used in another stream", func(t *testing.T) {
		other := r.stream("other")
		res := mustAppend(t, ctx, s, other, eventstore.NoStream, ab[0])
		if res.Duplicate || res.NextExpectedVersion != 0 {
			t.Fatalf("append to another stream gave %+v", res)
		}
	})
}

func testInvalidEvents(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	valid := newEvent("StoretestValid", map[string]string{"ok": "yes"})
	tests := []struct {
		name   string
		events []eventstore.EventData
	}{
		{"no events", nil},
		{"no id", []eventstore.EventData{{Type: "StoretestNoID", Data: []byte(`{}`)}}},
		{"no type", []eventstore.EventData{{ID: uuid.New(), Data: []byte(`{}`)}}},
		{"data that is not JSON", []eventstore.EventData{{ID: uuid.New(), Type: "StoretestBadJSON", Data: []byte(`{"a":`)}}},
		{"one id twice in a batch", []eventstore.EventData{valid, valid}},
		{"a valid event beside an invalid one", []eventstore.EventData{newEvent("StoretestValid", nil), {ID: uuid.New()}}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stream := r.stream("invalid" + string(rune('a'+i)))
			_, err := s.Append(ctx, stream, eventstore.Any, tc.events...)
			if !errors.Is(err, eventstore.ErrInvalidEvent) {
				t.Fatalf("got %v, want ErrInvalidEvent", err)
			}
			if _, err := s.ReadStream(ctx, stream, 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
				t.Fatalf("a rejected append wrote something: read gives %v", err)
			}
		})
	}
}
