-- +goose Up
-- The event store (eventstore/postgres; docs/event-store.md explains the design).
--
-- position is a sequence number and is NOT commit order: a transaction that took position 7 can commit
-- after the one that took position 8. tx_id is the appending transaction's id. Readers of the global log
-- order by (tx_id, position) and read only rows whose tx_id is below the oldest transaction still
-- running (pg_snapshot_xmin(pg_current_snapshot())), so an event that commits late is never skipped.
CREATE TABLE events (
    position       bigint      GENERATED ALWAYS AS IDENTITY,
    tx_id          xid8        NOT NULL DEFAULT pg_current_xact_id(),
    stream_id      text        NOT NULL,
    stream_version bigint      NOT NULL,
    event_id       uuid        NOT NULL,
    event_type     text        NOT NULL,
    schema_version int         NOT NULL,
    data           jsonb       NOT NULL,
    metadata       jsonb       NOT NULL,
    recorded_at    timestamptz NOT NULL DEFAULT now(),
    -- The global log's order; also the index ReadAll scans.
    PRIMARY KEY (tx_id, position),
    -- ReadStream's index, the current version of a stream, and the last line of defence against two
    -- events taking one version.
    UNIQUE (stream_id, stream_version),
    -- Idempotent appends: an event id is stored at most once per stream.
    UNIQUE (stream_id, event_id)
);

-- eventstore_append appends events to one stream in the calling transaction, in one round trip.
--
-- p_expected: -2 any, -1 no stream, -4 stream exists, n >= 0 the version of the stream's last event.
-- outcome is 'appended'; 'duplicate' (every id is already in the stream, in this order: nothing is
-- written, and version/tx_id/position describe the earlier append's last event); 'wrong_version'
-- (version is the stream's current version, -1 when it has no events); or 'id_conflict' (some of the
-- ids are in the stream, but not as this exact batch).
-- +goose StatementBegin
CREATE FUNCTION eventstore_append(
    p_stream          text,
    p_expected        bigint,
    p_ids             uuid[],
    p_types           text[],
    p_schema_versions int[],
    p_data            jsonb[],
    p_metadata        jsonb[],
    OUT outcome       text,
    OUT version       bigint,
    OUT tx_id         xid8,
    OUT "position"    bigint
) LANGUAGE plpgsql AS $$
DECLARE
    n_events int := cardinality(p_ids);
    n_found  int := 0;
    seen_at  bigint;
    lo       bigint;
    hi       bigint;
BEGIN
    -- Serialise appends to one stream. This must be an advisory lock taken before the transaction
    -- writes anything: a row lock would give the transaction its id first, so a waiter could hold a
    -- smaller tx_id than the append it waited for, and the global log (ordered by tx_id) would show
    -- the stream's version n+1 before version n. Taken first, the lock makes every later appender of
    -- the stream take its id after the earlier one committed. (Keys are (class, hash): the two-int
    -- key space never collides with single-bigint advisory locks such as leader leases.)
    PERFORM pg_advisory_xact_lock(1702260340, hashtext(p_stream));

    -- A retried append (same ids, same order) succeeds without writing, whatever its expected version.
    -- The ids are in the stream as this batch when each is found, all at the same offset from their
    -- place in the batch. (One simple indexed query per id: a join with unnest(p_ids) was planned
    -- afresh on every call, which cost more than the rest of the append.)
    FOR i IN 1 .. n_events LOOP
        SELECT e.stream_version INTO seen_at FROM events e WHERE e.stream_id = p_stream AND e.event_id = p_ids[i];
        IF FOUND THEN
            n_found := n_found + 1;
            lo := least(lo, seen_at - i);
            hi := greatest(hi, seen_at - i);
        END IF;
    END LOOP;
    IF n_found = n_events AND lo = hi THEN
        SELECT 'duplicate', e.stream_version, e.tx_id, e.position
          INTO outcome, version, tx_id, "position"
          FROM events e
         WHERE e.stream_id = p_stream AND e.stream_version = lo + n_events;
        RETURN;
    ELSIF n_found > 0 THEN
        outcome := 'id_conflict';
        RETURN;
    END IF;

    -- ORDER BY ... LIMIT 1: always one step down the (stream_id, stream_version) index.
    version := coalesce((SELECT e.stream_version FROM events e WHERE e.stream_id = p_stream
                          ORDER BY e.stream_version DESC LIMIT 1), -1);
    IF NOT (p_expected = -2
            OR (p_expected = -1 AND version = -1)
            OR (p_expected = -4 AND version >= 0)
            OR p_expected = version) THEN
        outcome := 'wrong_version';
        RETURN;
    END IF;

    WITH appended AS (
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT p_stream, version + i.n, i.id, i.type, i.schema_version, i.data, i.metadata
          FROM unnest(p_ids, p_types, p_schema_versions, p_data, p_metadata)
               WITH ORDINALITY AS i(id, type, schema_version, data, metadata, n)
         ORDER BY i.n
        RETURNING events.position
    )
    SELECT max(a.position) INTO "position" FROM appended a;
    outcome := 'appended';
    version := version + n_events;
    tx_id := pg_current_xact_id();
    -- No NOTIFY here: a notifying commit holds a cluster-wide lock until its WAL is flushed, which
    -- would serialise every append. The adapter notifies after the commit instead.
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION eventstore_append;
DROP TABLE events;
