-- +goose Up
-- One row per projection (read model): how far it has applied the global log. The row is updated in
-- the same transaction as the read-model writes (exactly-once effect), and every writer of a read
-- model, the live runner and a rebuild alike, locks this row FIRST, so they never interleave.
-- Read-model tables themselves are not migrations: each projection creates them in its own schema
-- "rm_<name>" so that it can be rebuilt into a fresh schema and swapped in.
CREATE TABLE projection_checkpoints (
    name             text        PRIMARY KEY,
    -- The last applied position of the global log (eventstore.Position{Commit, Prepare}).
    position_commit  bigint      NOT NULL DEFAULT 0,
    position_prepare bigint      NOT NULL DEFAULT 0,
    events_processed bigint      NOT NULL DEFAULT 0,
    -- recorded_at of the last applied event.
    last_event_at    timestamptz,
    -- Hash of the projection's Schema() the read model was built with; a change triggers a rebuild.
    schema_hash      text        NOT NULL DEFAULT '',
    updated_at       timestamptz NOT NULL DEFAULT now(),
    -- The last failure of the projection's handler, written outside the failed transaction and
    -- cleared by the next successful batch.
    last_error       text,
    last_error_at    timestamptz
);

-- +goose Down
DROP TABLE projection_checkpoints;
