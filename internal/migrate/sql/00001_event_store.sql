-- +goose Up
-- The event store. tx_id is the appending transaction's id: readers of the global log order by
-- (tx_id, position) and read only below the oldest running transaction, so an event whose transaction
-- commits late is never skipped.
CREATE TABLE events (
    position       bigserial    NOT NULL,
    tx_id          xid8         NOT NULL DEFAULT pg_current_xact_id(),
    event_id       uuid         NOT NULL,
    stream_id      text         NOT NULL,
    stream_version bigint       NOT NULL,
    event_type     text         NOT NULL,
    schema_version int          NOT NULL DEFAULT 1,
    data           jsonb        NOT NULL,
    metadata       jsonb        NOT NULL DEFAULT '{}',
    recorded_at    timestamptz  NOT NULL DEFAULT now(),
    PRIMARY KEY (tx_id, position),
    UNIQUE (stream_id, stream_version),
    UNIQUE (stream_id, event_id)
);
CREATE UNIQUE INDEX events_position ON events (position);

-- One row per stream: the current version, locked by appenders so concurrent appends to one stream
-- serialise cheaply and a wrong expected version is detected before anything is written.
CREATE TABLE streams (
    stream_id text   PRIMARY KEY,
    version   bigint NOT NULL
);

-- +goose Down
DROP TABLE streams;
DROP TABLE events;
