package commands_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"mishwar/commands"
	"mishwar/eventstore"
)

// reads counts the stream reads that reach the store.
type reads struct {
	eventstore.Store
	n atomic.Int64
}

func (s *reads) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	s.n.Add(1)
	return s.Store.ReadStream(ctx, stream, from)
}

// twoProcesses is two runners on one store, as two processes of a deployment; the first counts its
// stream reads.
func twoProcesses(t *testing.T) (first, second *commands.Runner, firstReads *reads) {
	t.Helper()
	second = newRunner(t)
	firstReads = &reads{Store: second.Store}
	return commands.NewRunner(firstReads, second.Registry), second, firstReads
}

func TestCommandsOnAStreamThisProcessWroteDoNotReadItAgain(t *testing.T) {
	ctx := context.Background()
	r, _, reads := twoProcesses(t)
	for i := range 5 {
		res, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
		if err != nil || res.Version != int64(i) {
			t.Fatalf("command %d: %+v, %v", i, res, err)
		}
	}
	if n := reads.n.Load(); n != 1 {
		t.Fatalf("five commands read the stream %d times, want once (the first)", n)
	}
	if streams, events := commands.CachedStreams(r); streams != 1 || events != 5 {
		t.Fatalf("kept %d streams with %d events, want 1 with 5", streams, events)
	}
	// What is kept decides like the stream itself: the limit counts every event.
	if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 5, limit: 9}), meta(), commands.Options{}); !errors.Is(err, errTooMuch) {
		t.Fatalf("5 more on 5 with a limit of 9: %v, want the refusal", err)
	}
}

func TestAStreamAnotherProcessWroteIsLoadedAgainAndDecidedOnAsItIs(t *testing.T) {
	ctx := context.Background()
	first, second, reads := twoProcesses(t)
	if _, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	// The other process moves the stream past what the first keeps.
	if _, err := commands.Execute(ctx, second, tallyDecider, "tally-1", any(add{by: 5, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	// Not a conflict, even without Commutes: nothing was decided on the stream as it is yet. And the
	// decision counts the other process's event: 1 + 5 + 4 is over the limit.
	before := reads.n.Load()
	_, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 4, limit: 9}), meta(), commands.Options{})
	if !errors.Is(err, errTooMuch) {
		t.Fatalf("4 more on 6 with a limit of 9: %v, want the refusal", err)
	}
	if reads.n.Load() == before {
		t.Fatal("the refusal rested on the stream kept in memory, not on the stream as it is")
	}
	res, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 3, limit: 9}), meta(), commands.Options{})
	if err != nil || res.Version != 2 {
		t.Fatalf("3 more on 6: %+v, %v", res, err)
	}
	recs, _ := first.Store.ReadStream(ctx, "tally-1", 0)
	if len(recs) != 3 {
		t.Fatalf("%d events, want 3", len(recs))
	}
}

func TestAnExpectedVersionTheKeptStreamHasNotSeenIsCheckedAgainstTheStore(t *testing.T) {
	ctx := context.Background()
	first, second, _ := twoProcesses(t)
	if _, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	moved, err := commands.Execute(ctx, second, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The client saw version 1 (the other process's answer): this process keeps version 0.
	at := moved.Version
	res, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{ExpectedVersion: &at})
	if err != nil || res.Version != at+1 {
		t.Fatalf("at the version the store holds: %+v, %v", res, err)
	}
}

func TestACommandTheOtherProcessHandledIsAnsweredWithItsFirstResult(t *testing.T) {
	ctx := context.Background()
	first, second, _ := twoProcesses(t)
	if _, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	m := meta()
	landed, err := commands.Execute(ctx, second, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), m, commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The client retries on the other process, which keeps the stream from before the command.
	again, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), m, commands.Options{})
	if err != nil || !again.Repeated || again.Position != landed.Position {
		t.Fatalf("the retry: %+v, %v; the command landed at %s", again, err, landed.Position)
	}
	if recs, _ := first.Store.ReadStream(ctx, "tally-1", 0); len(recs) != 2 {
		t.Fatalf("%d events, want 2", len(recs))
	}
}

func TestTwoProcessesWritingOneStreamKeepEveryCommandAndTheRule(t *testing.T) {
	ctx := context.Background()
	first, second, _ := twoProcesses(t)
	const limit, writers, perWriter = 40, 4, 15
	var wg sync.WaitGroup
	var refused atomic.Int64
	for w := range writers {
		r := first
		if w%2 == 1 {
			r = second
		}
		wg.Go(func() {
			for range perWriter {
				_, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: limit}), meta(), commands.Options{Commutes: true})
				switch {
				case errors.Is(err, errTooMuch):
					refused.Add(1)
				case err != nil:
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	recs, _ := first.Store.ReadStream(ctx, "tally-1", 0)
	if len(recs) != limit || refused.Load() != writers*perWriter-limit {
		t.Fatalf("%d events and %d refusals, want %d and %d", len(recs), refused.Load(), limit, writers*perWriter-limit)
	}
}
