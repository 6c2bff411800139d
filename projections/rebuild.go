package projections

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// Phases of a rebuild, in order.
const (
	PhaseReplay = "replay" // replaying the log into the fresh schema, concurrently with the live runner
	PhaseSwap   = "swap"   // holding the checkpoint lock: catching up to the head and swapping schemas
	PhaseDone   = "done"   // the rebuilt read model is live
)

// RebuildProgress is reported after each batch of a rebuild and once at the end.
type RebuildProgress struct {
	Projection string `json:"projection"`
	Phase      string `json:"phase"`
	// Events is how many events have been applied to the new read model.
	Events int64 `json:"events"`
	// Total is the number of events in the log, read at the start and again at the swap.
	Total           int64         `json:"total"`
	EventsPerSecond float64       `json:"events_per_second"`
	Percent         float64       `json:"percent"`
	Elapsed         time.Duration `json:"elapsed_ns"`
}

// rebuildBatchSize is large because a rebuild is throughput-bound: fewer, bigger transactions and
// reads. It stays small enough that a batch's events fit comfortably in memory.
const rebuildBatchSize = 5000

// Rebuild replays the whole global log into a fresh read model and swaps it in for the live one:
//
//  1. it creates the schema rm_<name>_rebuild afresh and runs the projection's Schema() there;
//  2. it replays the log from position zero into it in large batches, with notifications suppressed
//     (see Rebuilding), while the live runner, in this or another process, goes on serving;
//  3. in one transaction it locks the checkpoint row (which pauses the live runner's next batch),
//     catches up to the head of the log, drops rm_<name>, renames rm_<name>_rebuild to rm_<name>
//     and sets the checkpoint to the last event applied. Events the live runner had not yet applied
//     are applied with notifications on: they are news, and the live runner will skip them.
//
// Readers see the old read model until the swap commits and the new one after. progress (may be
// nil) is called from this goroutine after each batch. Only one rebuild of a projection runs at a
// time: another returns ErrRebuildRunning. If it fails or is cancelled, the live read model and
// checkpoint are untouched.
func Rebuild(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, progress func(RebuildProgress)) error {
	name := p.Name()
	if err := checkName(name); err != nil {
		return err
	}
	if _, proc := isProcess(p); proc {
		return fmt.Errorf("%w: %s", ErrNotRebuildable, name)
	}
	if progress == nil {
		progress = func(RebuildProgress) {}
	}
	lock, err := tryLock(ctx, pool, rebuildKey(name))
	if err != nil {
		return err
	}
	if lock == nil {
		return fmt.Errorf("%w: %s", ErrRebuildRunning, name)
	}
	defer lock.release(ctx)

	if err := prepareRebuild(ctx, pool, p); err != nil {
		return err
	}
	head, total, err := store.Head(ctx)
	if err != nil {
		return fmt.Errorf("projections: rebuild %s: head: %w", name, err)
	}
	b := &rebuild{pool: pool, store: store, p: p, progress: progress, started: time.Now(), total: total, head: head}
	if err := b.replay(ctx, head); err != nil {
		return err
	}
	return b.swap(ctx)
}

// prepareRebuild makes sure the checkpoint row exists (the swap locks it) and creates the rebuild
// schema, dropping what a failed rebuild may have left.
func prepareRebuild(ctx context.Context, pool *pgxpool.Pool, p Projection) error {
	rb := rebuildSchemaName(p.Name())
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := ensureCheckpointRow(ctx, tx, p.Name()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{rb}.Sanitize()+" CASCADE"); err != nil {
			return fmt.Errorf("projections: drop %s: %w", rb, err)
		}
		return createIn(ctx, tx, rb, p)
	})
}

type rebuild struct {
	pool     *pgxpool.Pool
	store    eventstore.Store
	p        Projection
	progress func(RebuildProgress)
	started  time.Time

	pos, head   eventstore.Position
	done, total int64 // total is eventstore.CountUnknown when the store cannot count
	lastAt      *time.Time
}

type readResult struct {
	events []eventstore.RecordedEvent
	err    error
}

// replay applies the log up to until, one transaction per batch. The next batch is read while the
// current one is applied, so reading (decoding) and writing overlap.
func (b *rebuild) replay(ctx context.Context, until eventstore.Position) error {
	if until == eventstore.Start {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	batches := make(chan readResult, 1)
	var reader sync.WaitGroup
	reader.Add(1)
	go func() {
		defer reader.Done()
		defer close(batches)
		pos := eventstore.Start
		for pos.Less(until) {
			events, err := b.store.ReadAll(ctx, pos, rebuildBatchSize)
			// Stop at until: what comes after is for the swap, which knows which events the live
			// read model has not seen and must announce.
			events = upTo(events, until)
			if err == nil && len(events) == 0 {
				return
			}
			select {
			case batches <- readResult{events, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
			pos = events[len(events)-1].Position
		}
	}()
	defer reader.Wait()
	defer cancel()

	rctx := withRebuilding(ctx)
	rb := rebuildSchemaName(b.p.Name())
	for r := range batches {
		if r.err != nil {
			return fmt.Errorf("projections: rebuild %s: read log: %w", b.p.Name(), r.err)
		}
		// Before the transaction: see Handlers.Prepare.
		pctx, err := b.p.Handlers().prepare(rctx, r.events)
		if err == nil {
			err = pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
				if err := prepareApply(ctx, tx, rb); err != nil {
					return err
				}
				return b.p.Handlers().Apply(pctx, tx, r.events)
			})
		}
		if err != nil {
			return fmt.Errorf("projections: rebuild %s: apply from %s: %w", b.p.Name(), r.events[0].Position, err)
		}
		b.applied(r.events)
		b.report(PhaseReplay)
	}
	return ctx.Err()
}

// swap catches up and swaps schemas in one transaction that holds the checkpoint row lock.
func (b *rebuild) swap(ctx context.Context) error {
	name := b.p.Name()
	live, rb := SchemaName(name), rebuildSchemaName(name)
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("projections: rebuild %s: begin swap: %w", name, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	cp, err := lockCheckpoint(ctx, tx, name)
	if err != nil {
		return err
	}
	head, total, err := b.store.Head(ctx)
	if err != nil {
		return fmt.Errorf("projections: rebuild %s: head: %w", name, err)
	}
	b.total, b.head = total, head
	if err := setSearchPath(ctx, tx, rb); err != nil {
		return err
	}
	for b.pos.Less(head) {
		events, err := b.store.ReadAll(ctx, b.pos, rebuildBatchSize)
		if err != nil {
			return fmt.Errorf("projections: rebuild %s: read log: %w", name, err)
		}
		if len(events) == 0 {
			break
		}
		// The swap reads the log's short tail inside its transaction (it must hold the checkpoint
		// while it catches up), and prepares it there too.
		pctx, err := b.p.Handlers().prepare(ctx, events)
		if err != nil {
			return fmt.Errorf("projections: rebuild %s: %w", name, err)
		}
		news := after(events, cp.Position)
		if old := events[:len(events)-len(news)]; len(old) > 0 {
			if err := b.p.Handlers().Apply(withRebuilding(pctx), tx, old); err != nil {
				return fmt.Errorf("projections: rebuild %s: apply from %s: %w", name, old[0].Position, err)
			}
		}
		if len(news) > 0 {
			if err := b.p.Handlers().Apply(pctx, tx, news); err != nil {
				return fmt.Errorf("projections: rebuild %s: apply from %s: %w", name, news[0].Position, err)
			}
		}
		b.applied(events)
		b.report(PhaseSwap)
	}

	if _, err := tx.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{live}.Sanitize()+" CASCADE"); err != nil {
		return fmt.Errorf("projections: rebuild %s: drop %s: %w", name, live, err)
	}
	if _, err := tx.Exec(ctx, "ALTER SCHEMA "+pgx.Identifier{rb}.Sanitize()+" RENAME TO "+pgx.Identifier{live}.Sanitize()); err != nil {
		return fmt.Errorf("projections: rebuild %s: rename %s: %w", name, rb, err)
	}
	commit, prepare, err := positionColumns(b.pos)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE projection_checkpoints
		SET position_commit = $2, position_prepare = $3, events_processed = $4, last_event_at = $5,
		    schema_hash = $6, updated_at = now(), last_error = NULL, last_error_at = NULL
		WHERE name = $1`, name, commit, prepare, b.done, b.lastAt, schemaHash(b.p))
	if err != nil {
		return fmt.Errorf("projections: rebuild %s: set checkpoint: %w", name, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("projections: rebuild %s: commit swap: %w", name, err)
	}
	b.total = max(b.total, b.done)
	b.report(PhaseDone)
	return nil
}

// upTo returns the prefix of events (in log order) at or before pos.
func upTo(events []eventstore.RecordedEvent, pos eventstore.Position) []eventstore.RecordedEvent {
	for i, e := range events {
		if pos.Less(e.Position) {
			return events[:i]
		}
	}
	return events
}

func (b *rebuild) applied(events []eventstore.RecordedEvent) {
	last := events[len(events)-1]
	b.pos = last.Position
	b.done += int64(len(events))
	at := last.RecordedAt
	b.lastAt = &at
}

func (b *rebuild) report(phase string) {
	elapsed := time.Since(b.started)
	p := RebuildProgress{Projection: b.p.Name(), Phase: phase, Events: b.done, Total: max(b.total, b.done), Elapsed: elapsed}
	if s := elapsed.Seconds(); s > 0 {
		p.EventsPerSecond = float64(b.done) / s
	}
	switch {
	case b.total == eventstore.CountUnknown && b.head.Commit > 0 && b.pos.Commit > 0 && phase != PhaseDone:
		// The store does not count its log; its positions grow with what was written, so the share of
		// the head's position reached is the progress, and the events read so far scale to a total.
		share := min(1, float64(b.pos.Commit)/float64(b.head.Commit))
		p.Percent = 100 * share
		p.Total = max(b.done, int64(float64(b.done)/share))
	case p.Total > 0:
		p.Percent = 100 * float64(p.Events) / float64(p.Total)
	default:
		p.Percent = 100
	}
	b.progress(p)
}
