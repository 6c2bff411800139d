package projections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Session-level advisory locks, each on a connection of its own outside the pool: the lock lasts as
// long as the session, so a process that dies (or loses its connection) releases it without help,
// and a pooled connection never goes back to the pool still holding someone's lock.

func leaseKey(projection string) string   { return "mishwar.projections.lease." + projection }
func rebuildKey(projection string) string { return "mishwar.projections.rebuild." + projection }

// lockSQL hashes the key text to the bigint PostgreSQL's advisory locks take. A collision between
// two keys would only make two projections share a lease, never break correctness: every writer
// also locks the checkpoint row.
const lockSQL = `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`

type sessionLock struct {
	conn *pgx.Conn
	key  string
}

// tryLock takes the lock if it is free and returns nil (and no error) if another session holds it.
func tryLock(ctx context.Context, pool *pgxpool.Pool, key string) (*sessionLock, error) {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		return nil, fmt.Errorf("projections: lock %s: %w", key, err)
	}
	var ok bool
	if err := conn.QueryRow(ctx, lockSQL, key).Scan(&ok); err != nil || !ok {
		_ = conn.Close(context.WithoutCancel(ctx))
		if err != nil {
			return nil, fmt.Errorf("projections: lock %s: %w", key, err)
		}
		return nil, nil
	}
	return &sessionLock{conn: conn, key: key}, nil
}

// waitLock blocks until it holds the lock or ctx ends, trying every interval on one connection.
func waitLock(ctx context.Context, pool *pgxpool.Pool, key string, interval time.Duration) (*sessionLock, error) {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		return nil, fmt.Errorf("projections: lock %s: %w", key, err)
	}
	for {
		var ok bool
		if err := conn.QueryRow(ctx, lockSQL, key).Scan(&ok); err != nil {
			_ = conn.Close(context.WithoutCancel(ctx))
			return nil, fmt.Errorf("projections: lock %s: %w", key, err)
		}
		if ok {
			return &sessionLock{conn: conn, key: key}, nil
		}
		select {
		case <-ctx.Done():
			_ = conn.Close(context.WithoutCancel(ctx))
			return nil, ctx.Err()
		case <-time.After(interval):
		}
	}
}

// check returns an error when the session holding the lock is gone (and so is the lock).
func (l *sessionLock) check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := l.conn.Ping(ctx); err != nil {
		return fmt.Errorf("projections: lock %s lost: %w", l.key, err)
	}
	return nil
}

// release unlocks, then ends the session. Closing alone would release the lock only once the server
// has noticed the session's end, a moment after Close returns: a caller taking the lock again right
// away (a rebuild after a failed one) could find it still held.
func (l *sessionLock) release(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, _ = l.conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, l.key)
	_ = l.conn.Close(ctx)
}

// lockHeldSQL tells whether any session of this database holds the advisory lock of key $1. pg_locks
// shows a bigint key split into classid (high 32 bits) and objid (low 32 bits), with objsubid 1.
const lockHeldSQL = `EXISTS (SELECT 1 FROM pg_locks
	WHERE locktype = 'advisory' AND granted AND objsubid = 1
	  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
	  AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(%s, 0))`
