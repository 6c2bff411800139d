// Package idempotency keeps the answers given to Idempotency-Keys in PostgreSQL (table
// idempotency_keys), for the HTTP layer's one idempotency middleware (httpapi/httpx.Idempotent).
package idempotency

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain"
)

// ErrKeyReused: the key was used for a request with another body (422).
var ErrKeyReused = domain.Invalid("common.idempotency_reused")

// asyncCommit makes the statement's own transaction commit without waiting for its WAL to reach
// disk (set_config's is_local: this transaction only; a later statement on the connection commits
// as configured). Every command route writes a key's claim and its answer: two more disk flushes in
// series with the command's own append, for records a crash may lose without harm. A key lost with
// the last fraction of a second before a crash makes its retry run the command again, and the
// command ids derived from the key make the event store append nothing twice (commands.Execute
// answers the repeat from the stream); the answer is then the state as it is, as for a concurrent
// retry. PostgreSQL keeps asynchronous commits in order with the rest: nothing is corrupted, and any
// later synchronous commit flushes them too.
const asyncCommit = `SELECT set_config('synchronous_commit', 'off', true)`

// Store remembers Idempotency-Keys and the answers given to them.
type Store struct {
	pool *pgxpool.Pool
}

// New returns the store on pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// Begin claims key within scope for a request with hash. It returns the earlier answer when there
// is one (done true), ErrKeyReused when the key was used with another hash, and nothing when the
// request should run (first use, or a concurrent or interrupted use of the same request: the command
// ids derived from the key make running it again safe).
func (s *Store) Begin(ctx context.Context, scope, key, hash string) (status int, body []byte, done bool, err error) {
	var storedHash string
	var stored *int
	// A concurrent first use of the key may commit between this statement's snapshot and its
	// INSERT: the INSERT then does nothing and the SELECT cannot see the row yet. The next
	// statement has a fresh snapshot and sees it, so one retry settles it.
	for attempt := 0; ; attempt++ {
		err = s.claim(ctx, scope, key, hash, &storedHash, &stored, &body)
		if !errors.Is(err, pgx.ErrNoRows) || attempt == 2 {
			break
		}
	}
	if err != nil {
		return 0, nil, false, fmt.Errorf("idempotency: claim a key: %w", err)
	}
	if storedHash != hash {
		return 0, nil, false, ErrKeyReused
	}
	if stored == nil {
		return 0, nil, false, nil
	}
	return *stored, body, true, nil
}

func (s *Store) claim(ctx context.Context, scope, key, hash string, storedHash *string, stored **int, body *[]byte) error {
	return s.pool.QueryRow(ctx, `
		WITH async AS MATERIALIZED (`+asyncCommit+`),
		ins AS (
			INSERT INTO idempotency_keys (scope, key, request_hash) SELECT $1, $2, $3 FROM async
			ON CONFLICT (scope, key) DO NOTHING
			RETURNING request_hash, status, body
		)
		SELECT request_hash, status, body FROM ins
		UNION ALL
		SELECT request_hash, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM ins)`,
		scope, key, hash).Scan(storedHash, stored, body)
}

// Complete records the answer of key (the first one wins).
func (s *Store) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := s.pool.Exec(ctx, `UPDATE idempotency_keys SET status = $3, body = $4, completed_at = now()
		FROM (`+asyncCommit+`) AS async
		WHERE scope = $1 AND key = $2 AND status IS NULL`, scope, key, status, body)
	if err != nil {
		return fmt.Errorf("idempotency: record an answer: %w", err)
	}
	return nil
}

// Sweep forgets keys older than age.
func (s *Store) Sweep(ctx context.Context, age time.Duration) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, age.Seconds())
	if err != nil {
		return 0, fmt.Errorf("idempotency: sweep keys: %w", err)
	}
	return tag.RowsAffected(), nil
}
