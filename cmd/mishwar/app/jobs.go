package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/adapters/jobs"
	"mishwar/domain"
	"mishwar/processes"
)

// The process managers' job queue: processes enqueue effects (refunds, payment sessions, commands on
// another stream) as their events arrive; one worker per process performs them, outside any
// transaction, with the handlers the features register here.

// handleJobs registers the handler of a kind of job: an application command (commands/<feature>)
// that performs the effect keyed by the job's id. Each kind has one handler; a second is a wiring
// mistake.
func (a *App) handleJobs(kind string, h func(ctx context.Context, job processes.Job) error) {
	if _, dup := a.jobHandlers[kind]; dup {
		panic(fmt.Sprintf("app: two handlers for job kind %q", kind))
	}
	a.jobHandlers[kind] = func(ctx context.Context, j jobs.Job) error {
		return h(ctx, processes.Job{ID: j.ID, Kind: j.Kind, Payload: j.Payload, Attempts: j.Attempts, CreatedAt: j.CreatedAt})
	}
}

// startJobWorker adds the worker to the background loops once every feature has registered its kinds.
func (a *App) startJobWorker() {
	if len(a.jobHandlers) == 0 {
		return
	}
	w := &jobs.Worker{Queue: a.jobQueue, Handlers: a.jobHandlers, Logger: a.Log}
	a.loops = append(a.loops, loop{name: "job worker", run: w.Run})
}

// JobQueue is the process managers' job queue (for the status command).
func (a *App) JobQueue() *jobs.Queue { return a.jobQueue }

// errNoSuchJob is the operator's "no such job" (the retry of an id that is not in the queue).
var errNoSuchJob = domain.NotFound("jobs.not_found")

// stuckJobs is the operators' list of jobs that need an eye (failed, or retried StuckAfter times).
func (a *App) stuckJobs(ctx context.Context) (any, error) {
	stuck, err := a.jobQueue.Stuck(ctx, 200)
	if err != nil {
		return nil, err
	}
	counts, err := a.jobQueue.Count(ctx)
	if err != nil {
		return nil, err
	}
	if stuck == nil {
		stuck = []jobs.Info{}
	}
	return map[string]any{"counts": counts, "stuck": stuck}, nil
}

// retryJob puts a failed job back in the queue (an operator's decision).
func (a *App) retryJob(ctx context.Context, id string) error {
	jid, err := uuid.Parse(id)
	if err != nil {
		return errNoSuchJob
	}
	if err := a.jobQueue.Retry(ctx, jid); err != nil {
		if errors.Is(err, jobs.ErrNotFound) {
			return errNoSuchJob
		}
		return err
	}
	return nil
}

// jobNotes is what /readyz tells staff about the queue: stuck work does not make a process unready
// (another process would not do better), but it is said.
func (a *App) jobNotes(ctx context.Context) []string {
	c, err := a.jobQueue.Count(ctx)
	if err != nil {
		return []string{"jobs: " + err.Error()}
	}
	if c.Stuck == 0 && c.Failed == 0 {
		return nil
	}
	return []string{fmt.Sprintf("jobs: %d stuck, %d failed (GET /api/admin/jobs)", c.Stuck, c.Failed)}
}
