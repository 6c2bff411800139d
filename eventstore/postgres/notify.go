package postgres

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/puddle/v2"
)

// notifyChannel carries "events were appended" from appenders to subscribers, in every process.
const notifyChannel = "eventstore_appended"

// notifySQL runs in a transaction of its own, after the append committed. NOTIFY makes a commit take
// a cluster-wide lock and hold it until the commit's WAL is flushed: sent inside appends it serialised
// them all (16 writers fell to a quarter of one writer's rate). This transaction writes nothing worth
// flushing, so it does not wait for the flush and holds the lock only for a moment.
const notifySQL = `BEGIN; SET LOCAL synchronous_commit = off; SELECT pg_notify('` + notifyChannel + `', ''); COMMIT`

// notifier sends the notification after appends commit, off the appender's path. Appends that
// commit while one is being sent share the next, so a busy process sends at most one at a time. A
// notification lost (the process dies first, the send fails) only delays subscribers until they poll.
type notifier struct {
	pool *pgxpool.Pool
	log  *slog.Logger

	mu      sync.Mutex
	sending bool
	pending bool
	closed  bool
	sends   sync.WaitGroup
}

func (n *notifier) appended() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return
	}
	if n.sending {
		n.pending = true
		return
	}
	n.sending = true
	n.sends.Add(1)
	go func() {
		defer n.sends.Done()
		n.send()
	}()
}

// close sends nothing more and waits for a send under way, so that nothing uses the pool (or the
// logger) once the Store is closed.
func (n *notifier) close() {
	n.mu.Lock()
	n.closed = true
	n.mu.Unlock()
	n.sends.Wait()
}

// minNotifyInterval spaces a busy process's notifications: a notification costs the database about
// as much as a small append, and one per millisecond or two wakes subscribers just as well.
const minNotifyInterval = 2 * time.Millisecond

func (n *notifier) send() {
	for {
		started := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := n.pool.Exec(ctx, notifySQL)
		cancel()
		if err != nil && !errors.Is(err, puddle.ErrClosedPool) {
			n.log.Warn("eventstore: could not notify subscribers of appended events; they will poll", "err", err)
		}
		n.mu.Lock()
		if !n.pending {
			n.sending = false
			n.mu.Unlock()
			return
		}
		n.pending = false
		n.mu.Unlock()
		time.Sleep(time.Until(started.Add(minNotifyInterval)))
	}
}

// listener holds one LISTEN connection for all of a Store's subscribers while at least one runs, and
// wakes them all on every notification. It uses a connection of its own rather than one of the pool's,
// which a long-lived subscription would otherwise take away from everyone else.
type listener struct {
	config *pgx.ConnConfig
	log    *slog.Logger

	runs  sharedRun
	mu    sync.Mutex
	woken chan struct{} // closed (and replaced) to wake every waiting subscriber
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

func (l *listener) acquire() { l.runs.acquire(l.run) }
func (l *listener) release() { l.runs.release(nil) }

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
