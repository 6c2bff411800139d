package orders

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain"
)

// ErrIdempotencyKeyReused: the key was used for a request with another body (422).
var ErrIdempotencyKeyReused = domain.Invalid("common.idempotency_reused")

// Idempotency remembers Idempotency-Keys and the answers given to them (table idempotency_keys).
type Idempotency struct {
	pool *pgxpool.Pool
}

// NewIdempotency returns the store on pool.
func NewIdempotency(pool *pgxpool.Pool) *Idempotency { return &Idempotency{pool: pool} }

// Answer is a response given to a key.
type Answer struct {
	Status int
	Body   []byte
}

var keyNamespace = uuid.MustParse("c3b1f7a4-5e2d-4e84-9f1b-8a7d6e5c4b3a")

// CommandID is the command id a key stands for: every request with the key runs as this command.
func CommandID(scope, key string) uuid.UUID {
	return uuid.NewSHA1(keyNamespace, []byte(scope+"\x00"+key))
}

// HashRequest is the fingerprint a key is bound to.
func HashRequest(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Begin claims key for a request with hash. It returns the earlier answer when there is one (ok
// true), ErrIdempotencyKeyReused when the key was used with another hash, and nothing when the
// request should run (first use, or a concurrent or interrupted use of the same request: the command
// ids derived from the key make running it again safe).
func (s *Idempotency) Begin(ctx context.Context, scope, key, hash string) (Answer, bool, error) {
	var storedHash string
	var status *int
	var body []byte
	err := s.pool.QueryRow(ctx, `
		WITH ins AS (
			INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
			ON CONFLICT (scope, key) DO NOTHING
			RETURNING request_hash, status, body
		)
		SELECT request_hash, status, body FROM ins
		UNION ALL
		SELECT request_hash, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM ins)`,
		scope, key, hash).Scan(&storedHash, &status, &body)
	if err != nil {
		return Answer{}, false, fmt.Errorf("orders: idempotency key: %w", err)
	}
	if storedHash != hash {
		return Answer{}, false, ErrIdempotencyKeyReused
	}
	if status == nil {
		return Answer{}, false, nil
	}
	return Answer{Status: *status, Body: body}, true, nil
}

// Complete records the answer of key (the first one wins).
func (s *Idempotency) Complete(ctx context.Context, scope, key string, a Answer) error {
	_, err := s.pool.Exec(ctx, `UPDATE idempotency_keys SET status = $3, body = $4, completed_at = now()
		WHERE scope = $1 AND key = $2 AND status IS NULL`, scope, key, a.Status, a.Body)
	if err != nil {
		return fmt.Errorf("orders: idempotency answer: %w", err)
	}
	return nil
}

// Sweep forgets keys older than age.
func (s *Idempotency) Sweep(ctx context.Context, age time.Duration) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, age.Seconds())
	if err != nil {
		return 0, fmt.Errorf("orders: sweep idempotency keys: %w", err)
	}
	return tag.RowsAffected(), nil
}

// SandboxSecret returns the deployment's sandbox signing secret, creating it on first use.
func SandboxSecret(ctx context.Context, pool *pgxpool.Pool) ([]byte, error) {
	secret := uuid.New()
	more := uuid.New()
	candidate := append(secret[:], more[:]...)
	var got []byte
	err := pool.QueryRow(ctx, `
		WITH ins AS (INSERT INTO payment_secrets (name, secret) VALUES ('sandbox', $1) ON CONFLICT (name) DO NOTHING RETURNING secret)
		SELECT secret FROM ins UNION ALL SELECT secret FROM payment_secrets WHERE name = 'sandbox' AND NOT EXISTS (SELECT 1 FROM ins)`,
		candidate).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) || len(got) == 0 {
		return nil, fmt.Errorf("orders: sandbox secret: none stored")
	}
	if err != nil {
		return nil, fmt.Errorf("orders: sandbox secret: %w", err)
	}
	return got, nil
}
