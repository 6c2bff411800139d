package projections

import (
	"context"
	"fmt"
	"time"

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
	if err := saveSkippedRun(ctx, r, name, run); err != nil {
		// The next save, or the next batch the projection reads, moves the checkpoint instead.
		r.cfg.Logger.WarnContext(ctx, "projections: could not save a checkpoint past skipped events", "projection", name, "error", err)
	}
}

// saveSkippedRun moves the checkpoint forward to run's position, never back: a batch the projection
// read, committed meanwhile by this process or a new leader, may have moved it further. Every event
// of the run counts as processed either way. One statement, so no transaction outlives it.
func saveSkippedRun(ctx context.Context, r *Runner, name string, run skippedRun) error {
	commit, prepare, err := positionColumns(run.pos)
	if err != nil {
		return err
	}
	_, err = r.pool.Exec(ctx, `UPDATE projection_checkpoints
		SET events_processed = events_processed + $4,
		    position_commit  = CASE WHEN (position_commit, position_prepare) < ($2::bigint, $3::bigint) THEN $2 ELSE position_commit END,
		    position_prepare = CASE WHEN (position_commit, position_prepare) < ($2::bigint, $3::bigint) THEN $3 ELSE position_prepare END,
		    last_event_at    = GREATEST(last_event_at, $5),
		    updated_at       = now()
		WHERE name = $1`, name, commit, prepare, run.count, run.lastAt)
	if err != nil {
		return fmt.Errorf("projections: save checkpoint of %q past skipped events: %w", name, err)
	}
	return nil
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
