// Package jobs is the process managers' job queue on PostgreSQL: the effects the processes ask for
// (a refund, a payment session, a command on another stream), each performed by a worker with the
// job's id as its idempotency key, retried with backoff until it succeeds or is refused for good.
//
// A worker never holds a transaction across the effect: it claims a job by leasing it in one short
// statement, performs it with nothing open, and records the outcome in another. A worker that dies
// mid-job leaves the lease to run out, and the job is claimed again: an effect is performed at least
// once, and its handler makes the result exactly once by keying everything on the job id. The queue
// knows nothing of what a job does.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// notifyChannel wakes the workers when a job is enqueued (on the enqueueing transaction's commit).
const notifyChannel = "jobs"

// StuckAfter is the attempt from which a pending job is shown to operators as stuck.
const StuckAfter = 3

// StepsChangedTopic is the topic of the notice sent on Queue.Notices when the stuck jobs change.
const StepsChangedTopic = "steps.changed"

// StepNotice is the payload of a StepsChangedTopic notice: which job changed, and whether it is
// stuck now (false: it left the stuck list).
type StepNotice struct {
	ID    uuid.UUID `json:"id"`
	Kind  string    `json:"kind"`
	Stuck bool      `json:"stuck"`
}

// Queue is the jobs table.
type Queue struct {
	Pool *pgxpool.Pool
	// Notices is the PostgreSQL notification channel on which every change to a job that is stuck
	// before or after it (see Stuck) is announced, in the changing transaction (so only once it
	// commits), as {"topic": StepsChangedTopic, "payload": StepNotice}: a job becoming stuck (its
	// StuckAfter-th attempt claimed, or refused for good), a stuck job tried again, succeeding, or
	// put back by an operator. Stuck is a query over this table, not an event: without the notice
	// the screens that list stuck jobs could only poll. Empty: nothing is announced. The
	// composition root sets it to the live layer's channel (projections.LiveChannel).
	Notices string
}

// isStuck is Stuck's condition for one job.
func isStuck(status Status, attempts int) bool {
	return status == StatusFailed || (status == StatusPending && attempts >= StuckAfter)
}

// announce queues the StepsChangedTopic notice for job id inside tx, the change's transaction.
func (q *Queue) announce(ctx context.Context, tx pgx.Tx, id uuid.UUID, kind string, stuck bool) error {
	if q.Notices == "" {
		return nil
	}
	body, err := json.Marshal(map[string]any{"topic": StepsChangedTopic, "payload": StepNotice{ID: id, Kind: kind, Stuck: stuck}})
	if err != nil {
		return fmt.Errorf("jobs: announce %s: %w", id, err)
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, q.Notices, string(body)); err != nil {
		return fmt.Errorf("jobs: announce %s: %w", id, err)
	}
	return nil
}

// Enqueue records the job with tx (the transaction of the process that asks for it), once per id:
// enqueueing an id again records nothing. It implements processes.Jobs.
func (q *Queue) Enqueue(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, payload any) error {
	if kind == "" || id == uuid.Nil {
		return fmt.Errorf("jobs: enqueue needs a kind and an id (got %q, %s)", kind, id)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("jobs: encode %s payload: %w", kind, err)
	}
	tag, err := tx.Exec(ctx, `INSERT INTO jobs (id, kind, payload) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
		id, kind, body)
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", kind, err)
	}
	if tag.RowsAffected() == 1 {
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, kind); err != nil {
			return fmt.Errorf("jobs: notify: %w", err)
		}
	}
	return nil
}

// Status is where a job stands.
type Status string

const (
	StatusPending Status = "pending"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

// Info is a job as operators see it.
type Info struct {
	ID            uuid.UUID       `json:"id"`
	Kind          string          `json:"kind"`
	Payload       json.RawMessage `json:"payload"`
	Status        Status          `json:"status"`
	Attempts      int             `json:"attempts"`
	LastError     string          `json:"last_error,omitempty"`
	NextAttemptAt *time.Time      `json:"next_attempt_at,omitempty"`
	CreatedAt     time.Time       `json:"created_at"`
	FinishedAt    *time.Time      `json:"finished_at,omitempty"`
}

const infoColumns = `id, kind, payload, status, attempts, coalesce(last_error, ''), next_attempt_at, created_at, finished_at`

func scanInfo(row pgx.Row) (Info, error) {
	var j Info
	var next time.Time
	if err := row.Scan(&j.ID, &j.Kind, &j.Payload, &j.Status, &j.Attempts, &j.LastError, &next, &j.CreatedAt, &j.FinishedAt); err != nil {
		return Info{}, err
	}
	if j.Status == StatusPending {
		j.NextAttemptAt = &next
	}
	return j, nil
}

// Stuck lists the jobs that need an operator's eye, oldest first: refused for good, or pending after
// StuckAfter attempts (a provider down, a bug).
func (q *Queue) Stuck(ctx context.Context, limit int) ([]Info, error) {
	rows, err := q.Pool.Query(ctx, `SELECT `+infoColumns+` FROM jobs
		 WHERE status = 'failed' OR (status = 'pending' AND attempts >= $1)
		 ORDER BY created_at LIMIT $2`, StuckAfter, limit)
	if err != nil {
		return nil, fmt.Errorf("jobs: stuck: %w", err)
	}
	defer rows.Close()
	var out []Info
	for rows.Next() {
		j, err := scanInfo(rows)
		if err != nil {
			return nil, fmt.Errorf("jobs: stuck: %w", err)
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// Get reads one job; ErrNotFound when there is none with that id.
func (q *Queue) Get(ctx context.Context, id uuid.UUID) (Info, error) {
	j, err := scanInfo(q.Pool.QueryRow(ctx, `SELECT `+infoColumns+` FROM jobs WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Info{}, ErrNotFound
	}
	if err != nil {
		return Info{}, fmt.Errorf("jobs: get %s: %w", id, err)
	}
	return j, nil
}

// ErrNotFound: no job with that id.
var ErrNotFound = errors.New("jobs: no such job")

// Retry puts a failed job back in the queue, due now (an operator's decision after fixing the cause).
// A job that is pending already is only made due now; a done job is left alone.
func (q *Queue) Retry(ctx context.Context, id uuid.UUID) error {
	return pgx.BeginFunc(ctx, q.Pool, func(tx pgx.Tx) error {
		var (
			kind     string
			status   Status
			attempts int
		)
		err := tx.QueryRow(ctx, `SELECT kind, status, attempts FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&kind, &status, &attempts)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("jobs: retry %s: %w", id, err)
		}
		if status == StatusDone {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'pending', next_attempt_at = now(), finished_at = NULL WHERE id = $1`, id); err != nil {
			return fmt.Errorf("jobs: retry %s: %w", id, err)
		}
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, 'retry')`, notifyChannel); err != nil {
			return fmt.Errorf("jobs: retry %s: %w", id, err)
		}
		// A failed job put back before its StuckAfter-th attempt leaves the stuck list; one with
		// more attempts stays, shown as retrying, due now.
		if isStuck(status, attempts) {
			return q.announce(ctx, tx, id, kind, isStuck(StatusPending, attempts))
		}
		return nil
	})
}

// Counts is the queue at a glance, for status pages.
type Counts struct {
	Pending int `json:"pending"`
	Stuck   int `json:"stuck"`
	Failed  int `json:"failed"`
}

// Count counts the pending, stuck and failed jobs.
func (q *Queue) Count(ctx context.Context) (Counts, error) {
	var c Counts
	err := q.Pool.QueryRow(ctx, `SELECT
		count(*) FILTER (WHERE status = 'pending'),
		count(*) FILTER (WHERE status = 'pending' AND attempts >= $1),
		count(*) FILTER (WHERE status = 'failed')
		FROM jobs WHERE status <> 'done'`, StuckAfter).Scan(&c.Pending, &c.Stuck, &c.Failed)
	if err != nil {
		return Counts{}, fmt.Errorf("jobs: count: %w", err)
	}
	return c, nil
}
