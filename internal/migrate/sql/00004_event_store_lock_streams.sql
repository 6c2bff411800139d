-- +goose Up
-- eventstore_lock_streams takes the append locks of several streams (the ones eventstore_append takes
-- one at a time) in the order given, for a transaction that appends to all of them: appends that
-- arrive together in one process commit in one transaction (eventstore/postgres/group.go).
--
-- The transaction must hold every lock before it writes anything. A transaction gets its id at its
-- first write; if it appended to one stream and then waited for another's lock, the appender it waited
-- for could take a larger id, commit first, and the global log (ordered by tx_id) would show that
-- stream's later version before its earlier one. Callers pass the streams sorted, so two transactions
-- take common locks in the same order and never wait for each other in a cycle.
-- +goose StatementBegin
CREATE FUNCTION eventstore_lock_streams(p_streams text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
        PERFORM pg_advisory_xact_lock(1702260340, hashtext(p_streams[i]));
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION eventstore_lock_streams(text[]);
