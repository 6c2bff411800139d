package postgres

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
)

// A process runs a dozen subscriptions (every projection and process manager), and each used to read
// the log's end for itself: on every append, a dozen reads of the same new events and a dozen "is
// anything held back?" probes, most of a command's round trips to the database. Now one reader per
// Store, the tail, follows the log's end while any subscription runs and keeps the last events it read
// in memory; a subscription at a position the tail covers takes its batches from there, and reads for
// itself only while it is behind the tail (catching up, a rebuild) or ahead of it (a checkpoint
// another process moved further than this one's tail has read yet).
//
// The tail holds every readable event after start up to head, in log order, with nothing missing: it
// reads below a safe horizon (readAllSQL), so an event below the head can never turn up later. While
// committed events are held back for longer than neighbourGrace it reads below the database's
// horizon, so that a transaction of another database on the same cluster (a CREATE DATABASE, a
// neighbour's long transaction) does not hold back this log's subscriptions.

// tailKeep is how many of the latest events the tail keeps at least (at most twice as many); a
// subscription further behind reads for itself until it catches up.
const tailKeep = 4096

// tailBatch is how many events the tail reads at once.
const tailBatch = 500

// neighbourGrace is how long committed events stay held back before the tail reads below the
// database's horizon instead of the cluster's. Nearly every hold is a transaction of this database
// (a projection's batch, an append next to this one) that ends within a millisecond or two, and then
// the database's horizon, which reads the server's table of backends, answers the same as the
// cluster's at several times the cost: at one traveller moving, those reads were a third of what
// PostgreSQL spent per move. A transaction of another database holds the cluster's horizon for
// longer; after this grace the tail looks past it.
const neighbourGrace = 10 * time.Millisecond

type tail struct {
	s *Store

	runs    sharedRun
	mu      sync.Mutex
	ready   bool                // start and head are known
	start   eventstore.Position // no readable event lies after start and before recent[0]
	head    eventstore.Position // the last position the tail has read up to
	recent  []eventstore.RecordedEvent
	changed chan struct{} // closed (and replaced) when head moves
	// gen counts the runs: a run still stopping while the next starts must not write.
	gen int
}

func newTail(s *Store) *tail { return &tail{s: s, changed: make(chan struct{})} }

func (t *tail) acquire() {
	t.runs.acquire(func(ctx context.Context) {
		t.mu.Lock()
		t.gen++
		gen := t.gen
		t.mu.Unlock()
		t.run(ctx, gen)
	})
}

func (t *tail) release() {
	t.runs.release(func() {
		t.mu.Lock()
		t.ready, t.recent = false, nil
		t.mu.Unlock()
	})
}

// wait returns a channel closed when the head next moves.
func (t *tail) wait() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.changed
}

// after returns up to limit events after pos, as a slice of the caller's own, and whether the tail
// covers pos at all (if not, the caller reads the log itself). An empty answer for a covered position
// means the caller is at the head: it waits for the tail to move.
func (t *tail) after(pos eventstore.Position, limit int) ([]eventstore.RecordedEvent, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.ready || pos.Less(t.start) || t.head.Less(pos) {
		return nil, false
	}
	i := sort.Search(len(t.recent), func(i int) bool { return pos.Less(t.recent[i].Position) })
	n := min(limit, len(t.recent)-i)
	if n == 0 {
		return nil, true
	}
	return append([]eventstore.RecordedEvent(nil), t.recent[i:i+n]...), true
}

// run follows the log's end until ctx ends. It starts at the readable head: the subscriptions behind
// it read for themselves until they reach it.
func (t *tail) run(ctx context.Context, gen int) {
	s := t.s
	retry := s.pollInterval
	var head eventstore.Position
	for {
		var err error
		if head, err = s.readableHead(ctx); err == nil {
			break
		}
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("eventstore: the log's tail cannot find the head; retrying", "err", err, "retry_in", retry)
		if !sleep(ctx, retry) {
			return
		}
	}
	t.mu.Lock()
	if t.gen != gen {
		t.mu.Unlock()
		return
	}
	t.ready, t.start, t.head, t.recent = true, head, head, nil
	t.moved()
	t.mu.Unlock()

	timer := time.NewTimer(s.pollInterval)
	defer timer.Stop()
	var (
		backoff   time.Duration
		heldSince time.Time // when the events now held back were first seen held; zero while none are
	)
	horizon := clusterHorizon
	for {
		// Taken before reading, so a notification that arrives while we read is not lost.
		woken := s.listener.wakeup()
		batch, err := s.readAll(ctx, head, tailBatch, nil, horizon)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			// Subscriptions wait meanwhile; nothing is lost, the tail reads on from its head.
			s.log.Warn("eventstore: the log's tail could not read; retrying", "err", err, "retry_in", retry)
			if !sleep(ctx, retry) {
				return
			}
			continue
		}
		if len(batch) > 0 {
			head = batch[len(batch)-1].Position
			if !t.add(gen, batch) {
				return
			}
			if len(batch) == tailBatch {
				continue
			}
		}
		// Caught up. Committed events held back by an older running transaction become readable when
		// it ends; if that transaction appends nothing, no notification will say so, so look again
		// soon, backing off while it lasts.
		held, err := s.undelivered(ctx, head)
		if err != nil && ctx.Err() != nil {
			return
		}
		wait := s.pollInterval
		if held || err != nil {
			backoff = min(max(2*backoff, time.Millisecond), s.pollInterval)
			wait = backoff
		} else {
			backoff = 0
		}
		horizon = clusterHorizon
		switch {
		case !held:
			heldSince = time.Time{}
		case heldSince.IsZero():
			heldSince = time.Now()
		case time.Since(heldSince) >= neighbourGrace:
			horizon = databaseHorizon
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return
		case <-woken:
		case <-timer.C:
		}
	}
}

// add appends a batch read after the head. Once the tail holds twice tailKeep events it drops all but
// the latest tailKeep, into a fresh slice so that the dropped events (and the array under them) can be
// collected: done at every batch over tailKeep, that copy was a third of everything a busy process
// allocated (a batch is a few events, the copy 4,096). It reports false to a run that has been replaced.
func (t *tail) add(gen int, batch []eventstore.RecordedEvent) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gen != gen {
		return false
	}
	t.recent = append(t.recent, batch...)
	if over := len(t.recent) - tailKeep; over >= tailKeep {
		t.start = t.recent[over-1].Position
		t.recent = append(make([]eventstore.RecordedEvent, 0, 2*tailKeep+tailBatch), t.recent[over:]...)
	}
	t.head = batch[len(batch)-1].Position
	t.moved()
	return true
}

// moved wakes the subscriptions waiting for the head to move. t.mu is held.
func (t *tail) moved() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// readableHeadSQL is the last readable event, found by walking the primary key backwards.
const readableHeadSQL = `SELECT tx_id, position FROM events
 WHERE tx_id < ` + databaseHorizon + `
 ORDER BY tx_id DESC, position DESC
 LIMIT 1`

// readableHead is the position of the last event a reader may see now (eventstore.Start when none).
func (s *Store) readableHead(ctx context.Context) (eventstore.Position, error) {
	var (
		txID     uint64
		position int64
	)
	err := s.pool.QueryRow(ctx, readableHeadSQL).Scan(&txID, &position)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return eventstore.Start, nil
		}
		return eventstore.Position{}, fmt.Errorf("eventstore/postgres: readable head: %w", err)
	}
	return eventstore.Position{Commit: txID, Prepare: uint64(position)}, nil
}

// sleep waits for d or ctx's end, and reports whether ctx is still alive.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
