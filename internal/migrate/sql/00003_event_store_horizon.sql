-- +goose Up
-- eventstore_horizon is the transaction id below which the global log is final: readers read only
-- events whose tx_id is below it (docs/event-store.md, "Reading the global log in commit order").
--
-- It is the oldest transaction still running in the reader's snapshot, leaving out the transactions
-- seen running in *another database* of the cluster: they cannot write this database's events, yet
-- pg_snapshot_xmin counts them, so a CREATE DATABASE, a migration or a long transaction next door held
-- back every reader here. Leaving one out needs proof (its backend is seen connected to another
-- database); anything unproven (a finished transaction, a backend whose details this role may not
-- read, a prepared transaction) holds the horizon as before. That proof never goes stale: a
-- transaction's database never changes, so the moment pg_stat_get_activity is read does not matter.
-- STABLE, so it runs on the calling statement's snapshot, the one its read of events uses.
-- +goose StatementBegin
CREATE FUNCTION eventstore_horizon() RETURNS xid8
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(
               (SELECT min(running.xid)
                  FROM pg_snapshot_xip(snap.s) AS running(xid)
                 WHERE NOT EXISTS (
                       SELECT 1 FROM pg_stat_get_activity(NULL) AS a
                        WHERE a.backend_xid = xid(running.xid)
                          AND a.datid IS NOT NULL
                          AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
               pg_snapshot_xmax(snap.s))
      FROM (SELECT pg_current_snapshot() AS s) AS snap
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION eventstore_horizon();
