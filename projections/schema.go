package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// EnsureSchema makes a projection ready to run. On its first run it creates the schema rm_<name>
// with the projection's tables and a checkpoint at the start of the log. If the schema has gone
// missing it recreates it empty and moves the checkpoint back to the start, so the read model is
// replayed. If the projection's Schema() changed since its read model was built, it rebuilds it
// (waiting for another process's rebuild instead, if one is running). Several processes may call it
// at once. The runner calls it at startup; call it yourself before ApplyBatch.
func EnsureSchema(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection) error {
	return ensureSchema(ctx, pool, store, p, slog.Default())
}

func ensureSchema(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, p Projection, log *slog.Logger) error {
	name := p.Name()
	if err := checkName(name); err != nil {
		return err
	}
	if proc, ok := isProcess(p); ok {
		return ensureProcessCheckpoint(ctx, pool, proc)
	}
	for {
		stale, err := createSchema(ctx, pool, p)
		if err != nil || !stale {
			return err
		}
		log.InfoContext(ctx, "projections: schema changed; rebuilding read model", "projection", name)
		err = Rebuild(ctx, pool, store, p, progressLogger(ctx, log))
		if errors.Is(err, ErrRebuildRunning) {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return err
	}
}

// createSchema creates what is missing and reports whether the existing read model was built with
// another Schema() and needs a rebuild.
func createSchema(ctx context.Context, pool *pgxpool.Pool, p Projection) (stale bool, err error) {
	name, schema := p.Name(), SchemaName(p.Name())
	tx, err := pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("projections: %s: begin: %w", name, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if err := ensureCheckpointRow(ctx, tx, name); err != nil {
		return false, err
	}
	cp, err := lockCheckpoint(ctx, tx, name)
	if err != nil {
		return false, err
	}
	exists, err := schemaExists(ctx, tx, schema)
	if err != nil {
		return false, err
	}
	hash := schemaHash(p)
	if exists {
		return cp.SchemaHash != hash, nil
	}
	if err := createIn(ctx, tx, schema, p); err != nil {
		return false, err
	}
	// A new, empty read model must not start from an old checkpoint.
	_, err = tx.Exec(ctx, `UPDATE projection_checkpoints
		SET position_commit = 0, position_prepare = 0, events_processed = 0, last_event_at = NULL,
		    schema_hash = $2, updated_at = now()
		WHERE name = $1`, name, hash)
	if err != nil {
		return false, fmt.Errorf("projections: %s: reset checkpoint: %w", name, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("projections: %s: commit schema: %w", name, err)
	}
	return false, nil
}

// createIn creates schema and runs the projection's DDL in it.
func createIn(ctx context.Context, tx pgx.Tx, schema string, p Projection) error {
	if _, err := tx.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{schema}.Sanitize()); err != nil {
		return fmt.Errorf("projections: create schema %s: %w", schema, err)
	}
	if err := setSearchPath(ctx, tx, schema); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, p.Schema()); err != nil {
		return fmt.Errorf("projections: %s: run Schema() in %s: %w", p.Name(), schema, err)
	}
	return nil
}

func schemaExists(ctx context.Context, q querier, schema string) (bool, error) {
	var exists bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`, schema).Scan(&exists)
	if err != nil {
		return false, fmt.Errorf("projections: look up schema %s: %w", schema, err)
	}
	return exists, nil
}

// progressLogger logs a rebuild's progress at most every few seconds, and its end.
func progressLogger(ctx context.Context, log *slog.Logger) func(RebuildProgress) {
	var last time.Time
	return func(p RebuildProgress) {
		if p.Phase != PhaseDone && time.Since(last) < 5*time.Second {
			return
		}
		last = time.Now()
		log.InfoContext(ctx, "projections: rebuild progress", "projection", p.Projection, "phase", p.Phase,
			"events", p.Events, "total", p.Total, "percent", fmt.Sprintf("%.1f", p.Percent),
			"events_per_second", int64(p.EventsPerSecond))
	}
}

// ensureProcessCheckpoint creates a process's checkpoint on its first run: where its handover
// consumer's checkpoint is (that one performed the effects until now), else at the start of the log.
func ensureProcessCheckpoint(ctx context.Context, pool *pgxpool.Pool, p *process) error {
	_, err := pool.Exec(ctx, `INSERT INTO projection_checkpoints (name, position_commit, position_prepare, events_processed, last_event_at)
		SELECT $1, position_commit, position_prepare, events_processed, last_event_at
		FROM projection_checkpoints WHERE name = $2 AND $2 <> ''
		UNION ALL
		SELECT $1, 0, 0, 0, NULL
		WHERE NOT EXISTS (SELECT 1 FROM projection_checkpoints WHERE name = $2 AND $2 <> '')
		ON CONFLICT (name) DO NOTHING`, p.name, p.handover)
	if err != nil {
		return fmt.Errorf("projections: create checkpoint of process %q: %w", p.name, err)
	}
	return nil
}
