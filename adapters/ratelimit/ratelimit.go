// Package ratelimit keeps rate-limit budgets in PostgreSQL (table rate_limits): it implements the
// rate-limit ports the applications declare (commands/accounts' Limiter, dispatch's progress lookups).
// It decides nothing about what is limited; the rules come from its callers. It never logs a key:
// keys are e-mail addresses and client addresses.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/account"
)

// Rule is a rate: at most Limit requests per Period per key (see account.RateRule, the port's type).
type Rule = account.RateRule

// RateLimitError: the key's budget is spent; try again After.
type RateLimitError = account.RateLimited

// ErrRateLimited matches every *RateLimitError with errors.Is.
var ErrRateLimited = account.ErrRateLimited

// Limiter is a rate limiter with its state in PostgreSQL (table rate_limits), not in memory: every
// process behind a load balancer draws from one budget, so spreading guesses over processes or
// waiting for a restart gains an attacker nothing. The algorithm is GCRA: one timestamp per key (the
// "theoretical arrival time"), updated in a single upsert, so concurrent requests cannot both take
// the last slot.
type Limiter struct {
	pool *pgxpool.Pool
	Now  func() time.Time
}

// NewLimiter returns a limiter on pool.
func NewLimiter(pool *pgxpool.Pool) *Limiter { return &Limiter{pool: pool, Now: time.Now} }

func params(r Rule) (interval, burst time.Duration) {
	interval = r.Period / time.Duration(r.Limit)
	return interval, r.Period - interval
}

// Take spends one request of key's budget under rule, or returns a *RateLimitError saying how long
// to wait. A rule with Limit 0 never limits.
func (l *Limiter) Take(ctx context.Context, rule Rule, key string) error {
	if rule.Limit <= 0 {
		return nil
	}
	interval, burst := params(rule)
	now := l.Now().UTC()
	k := rule.Name + ":" + key
	var tat time.Time
	err := l.pool.QueryRow(ctx, `
		INSERT INTO rate_limits AS r (key, tat) VALUES ($1, $2::timestamptz + $3::bigint * interval '1 microsecond')
		ON CONFLICT (key) DO UPDATE
		   SET tat = greatest(r.tat, $2::timestamptz) + $3::bigint * interval '1 microsecond'
		 WHERE greatest(r.tat, $2::timestamptz) - $2::timestamptz <= $4::bigint * interval '1 microsecond'
		RETURNING tat`,
		k, now, interval.Microseconds(), burst.Microseconds()).Scan(&tat)
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("accounts: rate limit: %w", err)
	}
	return l.refusal(ctx, rule, k, now)
}

// Check reports whether key could take a request now, without spending one: a *RateLimitError when
// it could not. Used to refuse before doing work that only failures should pay for.
func (l *Limiter) Check(ctx context.Context, rule Rule, key string) error {
	if rule.Limit <= 0 {
		return nil
	}
	_, burst := params(rule)
	now := l.Now().UTC()
	k := rule.Name + ":" + key
	var tat time.Time
	err := l.pool.QueryRow(ctx, `SELECT tat FROM rate_limits WHERE key = $1`, k).Scan(&tat)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("accounts: rate limit: %w", err)
	}
	if tat.Sub(now) <= burst {
		return nil
	}
	return &RateLimitError{Rule: rule.Name, After: tat.Sub(now) - burst}
}

func (l *Limiter) refusal(ctx context.Context, rule Rule, k string, now time.Time) error {
	_, burst := params(rule)
	var tat time.Time
	if err := l.pool.QueryRow(ctx, `SELECT tat FROM rate_limits WHERE key = $1`, k).Scan(&tat); err != nil {
		return fmt.Errorf("accounts: rate limit: %w", err)
	}
	after := tat.Sub(now) - burst
	if after < time.Second {
		after = time.Second
	}
	return &RateLimitError{Rule: rule.Name, After: after}
}

// Forget clears key's budget under rule (after a successful sign-in, the failures before it no
// longer count against the account).
func (l *Limiter) Forget(ctx context.Context, rule Rule, key string) error {
	if _, err := l.pool.Exec(ctx, `DELETE FROM rate_limits WHERE key = $1`, rule.Name+":"+key); err != nil {
		return fmt.Errorf("accounts: rate limit: %w", err)
	}
	return nil
}

// Sweep deletes buckets that have fully recovered (housekeeping; a missing row means a full budget).
func (l *Limiter) Sweep(ctx context.Context) (int64, error) {
	tag, err := l.pool.Exec(ctx, `DELETE FROM rate_limits WHERE tat < $1`, l.Now().UTC())
	if err != nil {
		return 0, fmt.Errorf("accounts: rate limit sweep: %w", err)
	}
	return tag.RowsAffected(), nil
}
