package migrate

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RestoredTxID is the transaction id a restored log's events are given (AdoptRestoredLog): below every
// id PostgreSQL hands out (normal ones start at 3), so they stay before whatever is appended next.
const RestoredTxID = 1

// AdoptRestoredLog makes a log restored from a dump readable again, and reports how many events it
// renumbered (0: nothing to do, the usual answer).
//
// Readers of the global log order events by (tx_id, position) and read only below the oldest
// transaction still running (docs/event-store.md). tx_id is the appending transaction's id in the
// cluster that wrote it. pg_dump keeps those ids, but a cluster the dump is restored into counts its
// own transactions from where it is, usually far behind: the restored events then look written by
// transactions not begun yet, readers wait for them, and every event appended after the restore sorts
// before them, behind every checkpoint, and is never read. A long-running site is millions of
// transactions ahead of a fresh cluster, so the restored site would show no orders for a long time.
//
// A log some of whose events are ahead of the cluster's next transaction id was restored (a cluster
// never commits an event from its own future). Such a log is renumbered once, in one transaction,
// holding every reader and writer off: every event, all committed, takes RestoredTxID, so the restored
// log reads in position order, before anything appended later. Each checkpoint moves to the last
// position up to which it had applied every event; a process manager may be handed again the few
// events it had applied past that point (its effects are keyed by the event, so nothing is done
// twice). Each read model is marked to rebuild itself from the restored log when its projection
// starts (a different schema hash), so none keeps events twice.
func AdoptRestoredLog(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var ahead bool
	if err := pool.QueryRow(ctx, restoredCheck).Scan(&ahead); err != nil {
		return 0, fmt.Errorf("migrate: look for a restored log: %w", err)
	}
	if !ahead {
		return 0, nil
	}
	var n int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE events, projection_checkpoints IN ACCESS EXCLUSIVE MODE`); err != nil {
			return err
		}
		// Another process starting at the same time may have adopted it while this one waited.
		if err := tx.QueryRow(ctx, restoredCheck).Scan(&ahead); err != nil || !ahead {
			return err
		}
		if _, err := tx.Exec(ctx, restoredCheckpoints, RestoredTxID); err != nil {
			return fmt.Errorf("move checkpoints: %w", err)
		}
		tag, err := tx.Exec(ctx, `UPDATE events SET tx_id = $1::text::xid8`, fmt.Sprint(RestoredTxID))
		if err != nil {
			return fmt.Errorf("renumber events: %w", err)
		}
		n = tag.RowsAffected()
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("migrate: adopt a restored log: %w", err)
	}
	return n, nil
}

// restoredCheck: is any event ahead of the next transaction id this cluster will hand out?
// (pg_snapshot_xmax assigns no id to the asking transaction.)
const restoredCheck = `SELECT coalesce((SELECT max(tx_id) FROM events) >= pg_snapshot_xmax(pg_current_snapshot()), false)`

// restoredCheckpoints moves each checkpoint past the start to the last position up to which it had
// applied every event (in the log's old order), or to the log's end when it had applied them all, and
// marks read models (those with an rm_ schema; a process manager has none) to rebuild.
const restoredCheckpoints = `
UPDATE projection_checkpoints c
   SET position_commit  = $1,
       position_prepare = coalesce(
           (SELECT min(e.position) - 1 FROM events e
             WHERE (e.tx_id, e.position) > (c.position_commit::text::xid8, c.position_prepare)),
           (SELECT coalesce(max(e.position), 0) FROM events e)),
       schema_hash = CASE WHEN EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'rm_' || c.name)
                          THEN 'restored' ELSE c.schema_hash END,
       updated_at = now()
 WHERE (c.position_commit, c.position_prepare) <> (0, 0)`
