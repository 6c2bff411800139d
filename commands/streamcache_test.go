package commands_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/eventstore"
)

// reads counts the stream reads that reach the store.
type reads struct {
	eventstore.Store
	n        atomic.Int64
	lastFrom atomic.Int64
}

func (s *reads) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	s.n.Add(1)
	s.lastFrom.Store(from)
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

func TestCurrentAnswersAStreamThisProcessWroteFromMemoryAfterOneReadOfItsLastEvent(t *testing.T) {
	ctx := context.Background()
	r, _, reads := twoProcesses(t)
	for range 5 {
		if _, err := commands.Execute(ctx, r, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	before := reads.n.Load()
	h, err := commands.Current[tallied](ctx, r, "tally-1")
	if err != nil || h.Version != 4 || len(h.Events) != 5 {
		t.Fatalf("current: version %d, %d events, %v; want 4 and 5", h.Version, len(h.Events), err)
	}
	if n := reads.n.Load() - before; n != 1 || reads.lastFrom.Load() != 4 {
		t.Fatalf("%d reads from version %d, want one read from the last kept event (4)", n, reads.lastFrom.Load())
	}
}

func TestCurrentShowsWhatAnotherProcessAppendedAndKeepsIt(t *testing.T) {
	ctx := context.Background()
	first, second, reads := twoProcesses(t)
	if h, err := commands.Current[tallied](ctx, first, "tally-1"); err != nil || h.Version != -1 || len(h.Events) != 0 {
		t.Fatalf("a stream never written: version %d, %d events, %v; want -1 and none", h.Version, len(h.Events), err)
	}
	if _, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, by := range []int{2, 3} {
		if _, err := commands.Execute(ctx, second, tallyDecider, "tally-1", any(add{by: by, limit: 9}), meta(), commands.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := commands.Current[tallied](ctx, first, "tally-1")
	if err != nil || h.Version != 2 || len(h.Events) != 3 || h.Events[2].By != 3 {
		t.Fatalf("after the other process's two events: version %d, events %+v, %v", h.Version, h.Events, err)
	}
	if streams, events := commands.CachedStreams(first); streams != 1 || events != 3 {
		t.Fatalf("kept %d streams with %d events, want the stream brought up to 3", streams, events)
	}
	// The next command decides on what Current brought in, without loading the stream again.
	before := reads.n.Load()
	res, err := commands.Execute(ctx, first, tallyDecider, "tally-1", any(add{by: 1, limit: 9}), meta(), commands.Options{})
	if err != nil || res.Version != 3 {
		t.Fatalf("1 more on 6: %+v, %v", res, err)
	}
	if n := reads.n.Load() - before; n != 0 {
		t.Fatalf("the command read the stream %d times, want none", n)
	}
}

// Reads racing commands in two processes: no read is ever older than a command answered before it
// began, and what the first process keeps never goes back to an older version.
func TestCurrentIsNeverOlderThanACommandAnsweredBeforeIt(t *testing.T) {
	ctx := context.Background()
	first, second, _ := twoProcesses(t)
	const commandsPerWriter = 40
	readsRacingCommands(t, first, second, tallyDecider, commandsPerWriter, func(r *commands.Runner, floor int64) error {
		h, err := commands.Current[tallied](ctx, r, "tally-1")
		if err != nil {
			return err
		}
		if h.Version < floor || int64(len(h.Events)) != h.Version+1 {
			return fmt.Errorf("read version %d with %d events after a command was answered at %d", h.Version, len(h.Events), floor)
		}
		return nil
	})
	h, err := commands.Current[tallied](ctx, first, "tally-1")
	if err != nil || h.Version != 2*commandsPerWriter-1 {
		t.Fatalf("at the end: version %d, %v; want %d", h.Version, err, 2*commandsPerWriter-1)
	}
}

// readsRacingCommands runs commandsPerWriter commands adding 1 to "tally-1" from each of first and
// second while three readers (two on first) call read over and over with the highest version a
// command had been answered at before the read began, until the commands are done. A read's error
// fails the test.
func readsRacingCommands(t *testing.T, first, second *commands.Runner, d domain.Decider[tally, any, tallied], commandsPerWriter int, read func(r *commands.Runner, floor int64) error) {
	t.Helper()
	ctx := context.Background()
	var answered atomic.Int64 // the highest version a command was answered at
	answered.Store(-1)
	var wg sync.WaitGroup
	for _, r := range []*commands.Runner{first, second} {
		wg.Go(func() {
			for range commandsPerWriter {
				res, err := commands.Execute(ctx, r, d, "tally-1", any(add{by: 1, limit: 1000}), meta(), commands.Options{Commutes: true})
				if err != nil {
					t.Error(err)
					return
				}
				for v := answered.Load(); res.Version > v && !answered.CompareAndSwap(v, res.Version); v = answered.Load() {
				}
			}
		})
	}
	done := make(chan struct{})
	var readers sync.WaitGroup
	for _, r := range []*commands.Runner{first, second, first} {
		readers.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				if err := read(r, answered.Load()); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(done)
	readers.Wait()
}

// countingTally is tallyDecider saying its states may be kept, counting the events it evolves.
func countingTally() (domain.Decider[tally, any, tallied], *atomic.Int64) {
	d, evolved := tallyDecider, &atomic.Int64{}
	d.StatesShareNothing = true
	d.Evolve = func(s tally, e tallied) tally {
		evolved.Add(1)
		return tallyDecider.Evolve(s, e)
	}
	return d, evolved
}

func TestACommandOnALongStreamFoldsOnlyTheEventsItAdds(t *testing.T) {
	ctx := context.Background()
	r, _, _ := twoProcesses(t)
	d, evolved := countingTally()
	const n = 300
	for i := range n {
		if _, err := commands.Execute(ctx, r, d, "tally-1", any(add{by: 1, limit: n}), meta(), commands.Options{}); err != nil {
			t.Fatalf("command %d: %v", i, err)
		}
	}
	// Folding the whole history for each command would be n(n-1)/2 = 44,850 evolutions.
	if got := evolved.Load(); got != n {
		t.Fatalf("%d commands evolved %d events, want one each", n, got)
	}
	s, version, err := commands.CurrentState(ctx, r, d, "tally-1")
	if err != nil || s.n != n || version != n-1 {
		t.Fatalf("current state %+v at %d, %v; want %d at %d", s, version, err, n, n-1)
	}
	if got := evolved.Load(); got != n {
		t.Fatalf("a read of an unchanged stream evolved %d events", got-n)
	}
	// And the kept fold decides like the stream: one more is over the limit.
	if _, err := commands.Execute(ctx, r, d, "tally-1", any(add{by: 1, limit: n}), meta(), commands.Options{}); !errors.Is(err, errTooMuch) {
		t.Fatalf("one over the limit: %v, want the refusal", err)
	}
}

// Reads of the kept fold racing commands in two processes: every state read is the fold of the
// stream at the version read with it, never older than a command answered before the read began.
func TestCurrentStateIsTheFoldOfTheStreamAtItsVersionWhileCommandsRace(t *testing.T) {
	ctx := context.Background()
	first, second, _ := twoProcesses(t)
	d, _ := countingTally()
	const commandsPerWriter = 40
	readsRacingCommands(t, first, second, d, commandsPerWriter, func(r *commands.Runner, floor int64) error {
		s, version, err := commands.CurrentState(ctx, r, d, "tally-1")
		if err != nil {
			return err
		}
		if version < floor || int64(s.n) != version+1 {
			return fmt.Errorf("read %+v at version %d after a command was answered at %d", s, version, floor)
		}
		return nil
	})
	for _, r := range []*commands.Runner{first, second} {
		s, version, err := commands.CurrentState(ctx, r, d, "tally-1")
		if err != nil || s.n != 2*commandsPerWriter || version != 2*commandsPerWriter-1 {
			t.Fatalf("at the end: %+v at %d, %v; want %d", s, version, err, 2*commandsPerWriter)
		}
	}
}

func TestACommandsAnswerReadsTheStateItLeftFromMemoryAndALaterVersionFromTheStore(t *testing.T) {
	ctx := context.Background()
	first, second, reads := twoProcesses(t)
	d, _ := countingTally()
	res, err := commands.Execute(ctx, first, d, "tally-1", any(add{by: 2, limit: 9}), meta(), commands.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The other process writes after the answer's command: the answer need not show it.
	if _, err := commands.Execute(ctx, second, d, "tally-1", any(add{by: 3, limit: 9}), meta(), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	before := reads.n.Load()
	s, version, err := commands.StateSince(ctx, first, d, "tally-1", res.Version)
	if err != nil || s.n != 2 || version != res.Version {
		t.Fatalf("the answer's state %+v at %d, %v; want the command's (2 at %d)", s, version, err, res.Version)
	}
	if n := reads.n.Load() - before; n != 0 {
		t.Fatalf("the answer read the stream %d times, want none", n)
	}
	// Asked for a version past what it keeps, it reads the store, and shows the other's event.
	s, version, err = commands.StateSince(ctx, first, d, "tally-1", res.Version+1)
	if err != nil || s.n != 5 || version != res.Version+1 {
		t.Fatalf("state since %d: %+v at %d, %v; want 5", res.Version+1, s, version, err)
	}
	if n := reads.n.Load() - before; n != 1 {
		t.Fatalf("%d reads, want one", n)
	}
}
