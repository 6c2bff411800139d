package projections

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// checkpoint is a projection_checkpoints row.
type checkpoint struct {
	Position        eventstore.Position
	EventsProcessed int64
	LastEventAt     *time.Time
	SchemaHash      string
	UpdatedAt       time.Time
	LastError       *string
	LastErrorAt     *time.Time
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

const checkpointColumns = `position_commit, position_prepare, events_processed, last_event_at, schema_hash,
	updated_at, last_error, last_error_at`

func scanCheckpoint(row pgx.Row) (checkpoint, error) {
	var (
		c               checkpoint
		commit, prepare int64
	)
	err := row.Scan(&commit, &prepare, &c.EventsProcessed, &c.LastEventAt, &c.SchemaHash,
		&c.UpdatedAt, &c.LastError, &c.LastErrorAt)
	if err != nil {
		return checkpoint{}, err
	}
	c.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
	return c, nil
}

// readCheckpoint reads without locking: a snapshot for WaitFor, Status and the subscriber's start.
func readCheckpoint(ctx context.Context, q querier, name string) (checkpoint, error) {
	c, err := scanCheckpoint(q.QueryRow(ctx,
		`SELECT `+checkpointColumns+` FROM projection_checkpoints WHERE name = $1`, name))
	if errors.Is(err, pgx.ErrNoRows) {
		return checkpoint{}, fmt.Errorf("%w: %q has no checkpoint", ErrUnknownProjection, name)
	}
	if err != nil {
		return checkpoint{}, fmt.Errorf("projections: read checkpoint of %q: %w", name, err)
	}
	return c, nil
}

// lockCheckpoint locks the projection's checkpoint row until tx ends. Every writer of a read model
// calls it before anything else, which serialises the live handler of any process and a rebuild's
// swap, and makes "skip what is at or before the checkpoint" safe.
func lockCheckpoint(ctx context.Context, tx pgx.Tx, name string) (checkpoint, error) {
	return lockedCheckpoint(tx.QueryRow(ctx, lockCheckpointSQL, name), name)
}

const lockCheckpointSQL = `SELECT ` + checkpointColumns + ` FROM projection_checkpoints WHERE name = $1 FOR UPDATE`

// lockedCheckpoint scans the answer to lockCheckpointSQL.
func lockedCheckpoint(row pgx.Row, name string) (checkpoint, error) {
	c, err := scanCheckpoint(row)
	if errors.Is(err, pgx.ErrNoRows) {
		return checkpoint{}, fmt.Errorf("%w: %q has no checkpoint (EnsureSchema not run)", ErrUnknownProjection, name)
	}
	if err != nil {
		return checkpoint{}, fmt.Errorf("projections: lock checkpoint of %q: %w", name, err)
	}
	return c, nil
}

func ensureCheckpointRow(ctx context.Context, tx pgx.Tx, name string) error {
	_, err := tx.Exec(ctx,
		`INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name)
	if err != nil {
		return fmt.Errorf("projections: create checkpoint of %q: %w", name, err)
	}
	return nil
}

// saveCheckpoint moves the checkpoint after a successful batch and clears the last error: the
// projection is healthy again.
func saveCheckpoint(ctx context.Context, tx pgx.Tx, name string, pos eventstore.Position, processed int64, lastEventAt time.Time) error {
	commit, prepare, err := positionColumns(pos)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE projection_checkpoints
		SET position_commit = $2, position_prepare = $3, events_processed = $4, last_event_at = $5,
		    updated_at = now(), last_error = NULL, last_error_at = NULL
		WHERE name = $1`, name, commit, prepare, processed, lastEventAt)
	if err != nil {
		return fmt.Errorf("projections: save checkpoint of %q: %w", name, err)
	}
	return nil
}

// recordError stores a failure in the checkpoint row, in a transaction of its own: the failed one
// has been rolled back, and the error must be visible to Status while the projection retries.
func recordError(ctx context.Context, pool *pgxpool.Pool, name string, failure string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, err := pool.Exec(ctx, `UPDATE projection_checkpoints SET last_error = $2, last_error_at = now()
		WHERE name = $1`, name, failure)
	if err != nil {
		return fmt.Errorf("projections: record error of %q: %w", name, err)
	}
	return nil
}

// positionColumns converts a position to the table's bigint columns. PostgreSQL transaction ids and
// EventStoreDB log positions both stay far below 2^63; a larger one means corruption, not data.
func positionColumns(p eventstore.Position) (int64, int64, error) {
	if p.Commit > math.MaxInt64 || p.Prepare > math.MaxInt64 {
		return 0, 0, fmt.Errorf("projections: position %s does not fit the checkpoint table", p)
	}
	return int64(p.Commit), int64(p.Prepare), nil
}
