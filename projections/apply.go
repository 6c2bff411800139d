package projections

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// BatchResult tells what ApplyBatch did.
type BatchResult struct {
	// Applied counts the events passed to the projection's Handlers; Skipped those at or before the checkpoint.
	Applied, Skipped int
	// Checkpoint is the projection's position after the batch.
	Checkpoint eventstore.Position
}

// ApplyBatch is the unit of work the runner performs for each batch of the global log: in one
// transaction it locks the projection's checkpoint row, drops the events at or before the checkpoint
// (already applied: this is what makes re-delivery harmless), hands the rest to the projection's
// Handlers with search_path set to its schema, and moves the checkpoint past them. The Handlers'
// Prepare, if any, runs first, before the transaction begins. A Process keeps
// the default search_path and commits synchronously. events must be in log order.
// The projection's schema and checkpoint must exist (EnsureSchema).
func ApplyBatch(ctx context.Context, pool *pgxpool.Pool, p Projection, events []eventstore.RecordedEvent) (BatchResult, error) {
	name := p.Name()
	// Before the transaction: see Handlers.Prepare.
	ctx, err := p.Handlers().prepare(ctx, events)
	if err != nil {
		return BatchResult{}, fmt.Errorf("projections: %s: %w", name, err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return BatchResult{}, fmt.Errorf("projections: %s: begin: %w", name, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()

	_, proc := isProcess(p)
	cp, err := lockCheckpointPrepared(ctx, tx, name, !proc)
	if err != nil {
		return BatchResult{}, err
	}
	fresh := after(events, cp.Position)
	res := BatchResult{Applied: len(fresh), Skipped: len(events) - len(fresh), Checkpoint: cp.Position}
	if len(fresh) == 0 {
		return res, nil
	}
	if err := p.Handlers().Apply(ctx, tx, fresh); err != nil {
		return BatchResult{}, fmt.Errorf("projections: %s: apply %d events from %s: %w", name, len(fresh), fresh[0].Position, err)
	}
	last := fresh[len(fresh)-1]
	if err := saveCheckpoint(ctx, tx, name, last.Position, cp.EventsProcessed+int64(len(fresh)), last.RecordedAt); err != nil {
		return BatchResult{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return BatchResult{}, fmt.Errorf("projections: %s: commit: %w", name, err)
	}
	res.Checkpoint = last.Position
	return res, nil
}

// after returns the suffix of events (in log order) that comes after pos.
func after(events []eventstore.RecordedEvent, pos eventstore.Position) []eventstore.RecordedEvent {
	for i, e := range events {
		if pos.Less(e.Position) {
			return events[i:]
		}
	}
	return nil
}

// lockCheckpointPrepared is lockCheckpoint, with a read model's transaction readied to write it
// (prepareApply) in the same round trip: a live batch is often one event, and each of a batch's round
// trips costs both processes a write, a read and a wake-up. Readying it for a batch that turns out to
// hold nothing new costs nothing: that transaction is rolled back.
func lockCheckpointPrepared(ctx context.Context, tx pgx.Tx, name string, readModel bool) (checkpoint, error) {
	if !readModel {
		return lockCheckpoint(ctx, tx, name)
	}
	b := &pgx.Batch{}
	b.Queue(prepareApplySQL, applySearchPath(SchemaName(name)))
	b.Queue(lockCheckpointSQL, name)
	results := tx.SendBatch(ctx, b)
	defer func() { _ = results.Close() }()
	if _, err := results.Exec(); err != nil {
		return checkpoint{}, fmt.Errorf("projections: %s: %w", name, err)
	}
	return lockedCheckpoint(results.QueryRow(), name)
}
