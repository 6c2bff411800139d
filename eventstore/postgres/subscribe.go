package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
)

// notifyChannel is the channel eventstore_append notifies when its transaction commits.
const notifyChannel = "eventstore_appended"

// Subscribe implements eventstore.Store: it reads the global log in batches until it is caught up,
// then waits for an append's notification (or the poll interval) and reads again. It returns the
// handler's error, a read error, or ctx's error.
func (s *Store) Subscribe(ctx context.Context, after eventstore.Position, batchSize int, handle func(context.Context, []eventstore.RecordedEvent) error) error {
	if batchSize <= 0 {
		return fmt.Errorf("eventstore/postgres: subscribe: batch size must be positive, got %d", batchSize)
	}
	s.listener.acquire()
	defer s.listener.release()

	timer := time.NewTimer(s.pollInterval)
	defer timer.Stop()
	var (
		pos     = after
		buf     []eventstore.RecordedEvent
		backoff time.Duration
	)
	for {
		// Taken before reading, so a notification that arrives while we read is not lost.
		woken := s.listener.wakeup()
		batch, err := s.readAll(ctx, pos, batchSize, buf)
		if err != nil {
			return contextOr(ctx, err)
		}
		buf = batch
		if len(batch) > 0 {
			if err := handle(ctx, batch); err != nil {
				return err
			}
			pos = batch[len(batch)-1].Position
			if len(batch) == batchSize {
				continue
			}
		}

		// Caught up. Committed events held back by an older running transaction become readable when
		// it ends; if that transaction appends nothing, no notification will say so, so look again
		// soon, backing off while it lasts.
		held, err := s.heldBack(ctx, pos)
		if err != nil {
			return contextOr(ctx, err)
		}
		wait := s.pollInterval
		if held {
			backoff = min(max(2*backoff, time.Millisecond), s.pollInterval)
			wait = backoff
		} else {
			backoff = 0
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-woken:
		case <-timer.C:
		}
	}
}

// contextOr returns ctx's error if it has ended (a query cut short by cancellation fails with a
// network error that does not say why), else err.
func contextOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// heldBack reports whether events after pos are committed but not yet readable.
func (s *Store) heldBack(ctx context.Context, pos eventstore.Position) (bool, error) {
	var held bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (
		SELECT 1 FROM events
		 WHERE (tx_id, position) > ($1, $2) AND tx_id >= pg_snapshot_xmin(pg_current_snapshot()))`,
		pos.Commit, int64(pos.Prepare)).Scan(&held)
	if err != nil {
		return false, fmt.Errorf("eventstore/postgres: subscribe: %w", err)
	}
	return held, nil
}

// listener holds one LISTEN connection for all of a Store's subscribers while at least one runs, and
// wakes them all on every notification. It uses a connection of its own rather than one of the pool's,
// which a long-lived subscription would otherwise take away from everyone else.
type listener struct {
	config *pgx.ConnConfig
	log    *slog.Logger

	mu    sync.Mutex
	users int
	woken chan struct{} // closed (and replaced) to wake every waiting subscriber
	stop  context.CancelFunc
	done  chan struct{}
}

func newListener(config *pgx.ConnConfig, log *slog.Logger) *listener {
	return &listener{config: config, log: log, woken: make(chan struct{})}
}

func (l *listener) wakeup() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.woken
}

func (l *listener) wakeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	close(l.woken)
	l.woken = make(chan struct{})
}

func (l *listener) acquire() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.users++
	if l.users > 1 {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	l.stop, l.done = cancel, done
	go func() {
		defer close(done)
		l.run(ctx)
	}()
}

func (l *listener) release() {
	l.mu.Lock()
	l.users--
	if l.users > 0 {
		l.mu.Unlock()
		return
	}
	stop, done := l.stop, l.done
	l.stop, l.done = nil, nil
	l.mu.Unlock()
	stop()
	<-done
}

// run keeps a LISTEN connection until ctx ends, reconnecting with backoff. Subscribers poll while it
// is down, and are woken whenever it (re)connects, since notifications may have been missed.
func (l *listener) run(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for {
		err := l.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		l.log.Warn("eventstore: listen connection lost; subscribers poll until it is back", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func (l *listener) listen(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, l.config.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	l.wakeAll()
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			return err
		}
		l.wakeAll()
	}
}
