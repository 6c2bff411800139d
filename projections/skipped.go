package projections

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"mishwar/eventstore"
)

// Most batches of the log hold nothing for most projections: a cart change is read by the cart read
// model and stats, not by the catalogue, the orders, the trips board or the process managers. Such a
// batch changes no read model, so the runner opens no transaction for it (none that would hold an xid
// and so the horizon of every log reader, none that a process would commit synchronously): it moves
// the projection's known position at once, which wakes this process's WaitFor, and saves the
// checkpoint a moment later (Config.SkipSaveDelay), once for every such batch in between. Until then
// the checkpoint in the database is behind by events the projection would skip anyway, so a
// projection restarted or taken over from there reads them again and skips them again; and another
// process waiting for one of those positions (WaitFor polls the database) waits that moment longer.

// skippedRun is a run of batches a projection did not read, not yet saved in its checkpoint.
type skippedRun struct {
	pos    eventstore.Position
	lastAt time.Time
	count  int64
}

// skipped records a batch the projection does not read and schedules the save.
func (r *Runner) skipped(name string, events []eventstore.RecordedEvent) {
	last := events[len(events)-1]
	r.mu.Lock()
	run, scheduled := r.skips[name]
	run.pos, run.lastAt, run.count = last.Position, last.RecordedAt, run.count+int64(len(events))
	r.skips[name] = run
	if !scheduled && !r.stopping {
		r.flushes.Add(1)
		time.AfterFunc(r.cfg.SkipSaveDelay, func() {
			defer r.flushes.Done()
			r.saveSkipped(name)
		})
	}
	r.mu.Unlock()
	r.advance(name, last.Position)
}

// saveSkipped saves the projection's run of skipped batches, if any.
func (r *Runner) saveSkipped(name string) {
	r.mu.Lock()
	run, ok := r.skips[name]
	delete(r.skips, name)
	r.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	saved, err := saveSkippedRun(ctx, r, name, run)
	if err != nil {
		// The next save, or the next batch the projection reads, moves the checkpoint instead.
		r.cfg.Logger.WarnContext(ctx, "projections: could not save a checkpoint past skipped events", "projection", name, "error", err)
		return
	}
	if !saved {
		r.retrySkipped(name, run)
	}
}

// retrySkipped gives back a run whose checkpoint row was locked by a batch being applied, merged with
// any run recorded since, and schedules another save. Only the count of processed events is at stake:
// the batch being applied comes after the run, so it moves the position past it anyway.
func (r *Runner) retrySkipped(name string, run skippedRun) {
	r.mu.Lock()
	defer r.mu.Unlock()
	newer, scheduled := r.skips[name]
	if scheduled {
		newer.count += run.count
		r.skips[name] = newer
		return
	}
	r.skips[name] = run
	if r.stopping {
		return // saveAllSkipped's last pass does not wait for locks either; the count is lost, not the position
	}
	r.flushes.Add(1)
	time.AfterFunc(r.cfg.SkipSaveDelay, func() {
		defer r.flushes.Done()
		r.saveSkipped(name)
	})
}

// saveSkippedRun moves the checkpoint forward to run's position, never back: a batch the projection
// read, committed meanwhile by this process or a new leader, may have moved it further. Every event
// of the run counts as processed either way. One statement, so no transaction outlives it; committed
// without waiting for the disk, like a batch's (prepareApply): a checkpoint a crash loses is only
// events read and skipped again, and at one traveller moving these commits were a fifth of the
// database's disk flushes, each one queued beside the appends' own.
//
// It never waits for the checkpoint row: a batch being applied holds it (ApplyBatch), and that batch's
// handler may itself be waiting for a pool connection, which a save blocked on the row would hold: a
// cycle that only the save's timeout broke, stalling the projection (and every read-your-writes wait
// on it) for that long. A locked row reports saved == false, and the caller tries again later.
func saveSkippedRun(ctx context.Context, r *Runner, name string, run skippedRun) (saved bool, err error) {
	commit, prepare, err := positionColumns(run.pos)
	if err != nil {
		return false, err
	}
	// Pipelined with the setting, the statement is the implicit transaction the setting applies to.
	b := &pgx.Batch{}
	b.Queue(asynchronousCommitSQL)
	update := b.Queue(`UPDATE projection_checkpoints
		SET events_processed = events_processed + $4,
		    position_commit  = CASE WHEN (position_commit, position_prepare) < ($2::bigint, $3::bigint) THEN $2 ELSE position_commit END,
		    position_prepare = CASE WHEN (position_commit, position_prepare) < ($2::bigint, $3::bigint) THEN $3 ELSE position_prepare END,
		    last_event_at    = GREATEST(last_event_at, $5),
		    updated_at       = now()
		WHERE name = (SELECT name FROM projection_checkpoints WHERE name = $1 FOR UPDATE SKIP LOCKED)`,
		name, commit, prepare, run.count, run.lastAt)
	var affected int64
	update.Exec(func(tag pgconn.CommandTag) error {
		affected = tag.RowsAffected()
		return nil
	})
	if err := r.pool.SendBatch(ctx, b).Close(); err != nil {
		return false, fmt.Errorf("projections: save checkpoint of %q past skipped events: %w", name, err)
	}
	return affected == 1, nil
}

// saveAllSkipped saves every pending run at once and schedules no more: the runner is stopping.
func (r *Runner) saveAllSkipped() {
	r.mu.Lock()
	r.stopping = true
	names := make([]string, 0, len(r.skips))
	for name := range r.skips {
		names = append(names, name)
	}
	r.mu.Unlock()
	for _, name := range names {
		r.saveSkipped(name)
	}
	r.flushes.Wait()
}
