package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"mishwar/adapters"
)

// Job is one job as its handler gets it.
type Job struct {
	// ID is the idempotency key the effect is performed with.
	ID       uuid.UUID
	Kind     string
	Payload  json.RawMessage
	Attempts int // including this one
	// CreatedAt is when it was enqueued.
	CreatedAt time.Time
}

// Handler performs one job. It runs with no transaction open and must be idempotent by job.ID: it
// may run again after a crash or an expired lease. A nil error marks the job done; an error that is
// permanent (one in its chain has a Permanent() bool method saying true, such as
// processes.Permanent's) marks it failed for good; any other error is retried after a backoff.
type Handler func(ctx context.Context, job Job) error

// IsPermanent reports whether err says retrying cannot help.
func IsPermanent(err error) bool {
	var p interface{ Permanent() bool }
	return errors.As(err, &p) && p.Permanent()
}

// Worker performs the queue's jobs of the kinds it has handlers for. Several workers, in one process
// or many, share a queue: each claims a job by leasing it, so a job runs in one place at a time.
// Kinds it has no handler for are left to a worker that has (a newer release during a rolling
// deploy), never failed.
type Worker struct {
	Queue    *Queue
	Handlers map[string]Handler
	Logger   *slog.Logger
	// Concurrency is how many jobs run at once (default 2).
	Concurrency int
	// Lease is how long a claimed job is this worker's (default 2 minutes); a job's handler gets at
	// most Lease minus a margin, so a lease never runs out under a handler that is still working.
	Lease time.Duration
	// Poll is how often due retries and lapsed leases are looked for when no notification arrives
	// (default 2s).
	Poll time.Duration
	// Backoff is the wait before attempt n+1 after n failed ones (default DefaultBackoff).
	Backoff func(attempts int) time.Duration

	name string
	once sync.Once
}

// DefaultBackoff: 2s doubling, capped at ten minutes, plus up to a fifth of jitter so jobs that failed
// together (a provider outage) do not all come back at once. A job is retried until it succeeds or is
// refused for good; from StuckAfter attempts operators see it.
func DefaultBackoff(attempts int) time.Duration {
	d := 2 * time.Second
	for i := 1; i < attempts && d < 10*time.Minute; i++ {
		d *= 2
	}
	d = min(d, 10*time.Minute)
	return d + time.Duration(rand.Int64N(int64(d/5)+1))
}

func (w *Worker) defaults() {
	w.once.Do(func() {
		if w.Logger == nil {
			w.Logger = slog.Default()
		}
		if w.Concurrency <= 0 {
			w.Concurrency = 2
		}
		if w.Lease <= 0 {
			w.Lease = 2 * time.Minute
		}
		if w.Poll <= 0 {
			w.Poll = 2 * time.Second
		}
		if w.Backoff == nil {
			w.Backoff = DefaultBackoff
		}
		w.name = uuid.NewString()
	})
}

func (w *Worker) kinds() []string {
	out := make([]string, 0, len(w.Handlers))
	for k := range w.Handlers {
		out = append(out, k)
	}
	return out
}

// Run performs jobs until ctx ends. It wakes on every committed Enqueue (LISTEN) and every Poll.
func (w *Worker) Run(ctx context.Context) error {
	w.defaults()
	wake := adapters.Wake{Pool: w.Queue.Pool, Channel: notifyChannel, Poll: w.Poll, Logger: w.Logger, Name: "jobs"}
	wake.Run(ctx, func(ctx context.Context) {
		if err := adapters.DrainConcurrently(ctx, w.Concurrency, w.drain); err != nil && ctx.Err() == nil {
			w.Logger.Warn("jobs: round failed", "err", err)
		}
	})
	return nil
}

// RunOnce performs every job that is due now, one at a time, and reports how many it ran. For tests
// and one-shot commands.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	w.defaults()
	return w.drain(ctx)
}

// drain runs the jobs that are due, each at most once per round (a job that failed with no backoff
// waits for the next round rather than spinning).
func (w *Worker) drain(ctx context.Context) (int, error) {
	tried := []uuid.UUID{} // never nil: NULL would match nothing
	return adapters.Drain(ctx, func(ctx context.Context) (bool, error) { return w.runOne(ctx, &tried) })
}

// runOne claims the oldest due job, performs it and records the outcome. It reports false when
// nothing was due.
func (w *Worker) runOne(ctx context.Context, tried *[]uuid.UUID) (bool, error) {
	job, claim, ok, err := w.claim(ctx, *tried)
	if err != nil || !ok {
		return false, err
	}
	*tried = append(*tried, job.ID)
	h := w.Handlers[job.Kind]
	// Leave a margin so the outcome is recorded before anyone else may claim the job.
	hctx, cancel := context.WithTimeout(ctx, w.Lease*3/4)
	herr := perform(hctx, h, job)
	cancel()
	if ctx.Err() != nil && herr != nil {
		// Shutting down: the lease runs out and another worker (or the next start) takes it over.
		return false, nil
	}
	return true, w.record(ctx, job, claim, herr)
}

// perform runs the handler, turning a panic into an error so one bad job cannot stop the worker.
func perform(ctx context.Context, h Handler, job Job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("jobs: %s panicked: %v", job.Kind, r)
		}
	}()
	return h(ctx, job)
}

func (w *Worker) claim(ctx context.Context, tried []uuid.UUID) (Job, uuid.UUID, bool, error) {
	claim := uuid.New()
	var job Job
	// One short transaction: the lease is the claim, no lock outlives it. The StuckAfter-th attempt
	// and every later one are announced with it (a stuck job's attempts are on operators' screens).
	err := pgx.BeginFunc(ctx, w.Queue.Pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `
		UPDATE jobs SET attempts = attempts + 1, lease_until = now() + $1::interval, claimed_by = $2
		 WHERE id = (SELECT id FROM jobs
		              WHERE status = 'pending' AND next_attempt_at <= now() AND NOT (id = ANY($4))
		                AND (lease_until IS NULL OR lease_until < now())
		                AND kind = ANY($3)
		              ORDER BY next_attempt_at LIMIT 1
		              FOR UPDATE SKIP LOCKED)
		RETURNING id, kind, payload, attempts, created_at`,
			w.Lease, claim.String(), w.kinds(), tried).Scan(&job.ID, &job.Kind, &job.Payload, &job.Attempts, &job.CreatedAt)
		if err != nil {
			return err
		}
		if isStuck(StatusPending, job.Attempts) {
			return w.Queue.announce(ctx, tx, job.ID, job.Kind, true)
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return Job{}, uuid.Nil, false, nil
		}
		return Job{}, uuid.Nil, false, fmt.Errorf("jobs: claim: %w", err)
	}
	return job, claim, true, nil
}

// record writes the outcome, if the lease is still this claim's: a worker that overran its lease
// leaves the job to the one that took it over. An outcome that makes the job stuck (refused for
// good) or that befalls a stuck one (done: it leaves the list; tried again later: its error and next
// try change) is announced in the same transaction.
func (w *Worker) record(ctx context.Context, job Job, claim uuid.UUID, herr error) error {
	// Recorded even while shutting down: the effect happened and saying so is cheap.
	ctx = context.WithoutCancel(ctx)
	err := pgx.BeginFunc(ctx, w.Queue.Pool, func(tx pgx.Tx) error {
		var (
			tag    pgconn.CommandTag
			err    error
			status = StatusPending
		)
		switch {
		case herr == nil:
			status = StatusDone
			tag, err = tx.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now(), lease_until = NULL, last_error = NULL
				 WHERE id = $1 AND claimed_by = $2 AND status = 'pending'`, job.ID, claim.String())
		case IsPermanent(herr):
			status = StatusFailed
			w.Logger.Error("jobs: refused for good", "kind", job.Kind, "job", job.ID, "attempts", job.Attempts, "err", herr)
			tag, err = tx.Exec(ctx, `UPDATE jobs SET status = 'failed', finished_at = now(), lease_until = NULL, last_error = $3
				 WHERE id = $1 AND claimed_by = $2 AND status = 'pending'`, job.ID, claim.String(), truncate(herr.Error()))
		default:
			wait := w.Backoff(job.Attempts)
			level := slog.LevelWarn
			if job.Attempts >= StuckAfter {
				level = slog.LevelError
			}
			w.Logger.Log(ctx, level, "jobs: failed; will retry", "kind", job.Kind, "job", job.ID, "attempts", job.Attempts, "retry_in", wait, "err", herr)
			tag, err = tx.Exec(ctx, `UPDATE jobs SET next_attempt_at = now() + $3::interval, lease_until = NULL, last_error = $4
				 WHERE id = $1 AND claimed_by = $2 AND status = 'pending'`, job.ID, claim.String(), wait, truncate(herr.Error()))
		}
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		// Only this claim's row was written: until now it was pending with job.Attempts.
		if was, now := isStuck(StatusPending, job.Attempts), isStuck(status, job.Attempts); was || now {
			return w.Queue.announce(ctx, tx, job.ID, job.Kind, now)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("jobs: record %s %s: %w", job.Kind, job.ID, err)
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 1000 {
		return s[:1000]
	}
	return s
}
