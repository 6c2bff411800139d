-- +goose Up
-- Accounts: credentials and sessions live here, in ordinary tables, never in events. Account changes
-- are also recorded as audit events (stream account-<id>, no secrets), relayed from
-- account_audit_outbox so a change and its audit record commit together.

CREATE TABLE users (
    id                  uuid        PRIMARY KEY,
    -- Stored trimmed and lower-cased; the unique index is the one authority on "e-mail taken".
    email               text        NOT NULL,
    password_hash       text        NOT NULL,
    first_name          text        NOT NULL,
    last_name           text        NOT NULL,
    -- E.164, e.g. +201001234567.
    phone_number        text        NOT NULL DEFAULT '',
    role                text        NOT NULL CHECK (role IN ('user', 'admin', 'support', 'driver')),
    lang                text        NOT NULL DEFAULT 'en',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_role_idx ON users (role);

-- A session token is 256 random bits handed to the client once; only its SHA-256 is kept, so a copy
-- of this table does not let anyone sign in.
CREATE TABLE sessions (
    id           uuid        PRIMARY KEY,
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   bytea       NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz,
    ip           text        NOT NULL DEFAULT '',
    user_agent   text        NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_reset_tokens (
    token_hash bytea       PRIMARY KEY,
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Rate limits (GCRA): one row per bucket key ("login-ip:1.2.3.4", "login-account:a@b.c"), holding the
-- theoretical arrival time of the next request. Kept in PostgreSQL so every process behind a load
-- balancer shares one budget and a restart does not reset it.
CREATE TABLE rate_limits (
    key text        PRIMARY KEY,
    tat timestamptz NOT NULL
);

-- Audit commands waiting to be appended to the account's stream. Written in the same transaction as
-- the credential change; deleted once the command runner has appended the events (a repeated command
-- id appends nothing, so a relay that retries after a crash never duplicates an event).
CREATE TABLE account_audit_outbox (
    seq          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    command_id   uuid        NOT NULL UNIQUE,
    user_id      uuid        NOT NULL,
    command_type text        NOT NULL,
    command      jsonb       NOT NULL,
    actor_id     text        NOT NULL DEFAULT '',
    actor_role   text        NOT NULL DEFAULT '',
    client_ip    text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    attempts     int         NOT NULL DEFAULT 0,
    last_error   text
);

-- Addresses a user saved from the start/end point pickers.
CREATE TABLE saved_locations (
    id         uuid             PRIMARY KEY,
    user_id    uuid             NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label      text             NOT NULL,
    address    text             NOT NULL DEFAULT '',
    kind       text             NOT NULL CHECK (kind IN ('start', 'end', 'any')),
    lat        double precision NOT NULL,
    lng        double precision NOT NULL,
    created_at timestamptz      NOT NULL DEFAULT now()
);
CREATE INDEX saved_locations_user_idx ON saved_locations (user_id, created_at);

-- Destinations and programs a user keeps for later.
CREATE TABLE wishlist_items (
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       text        NOT NULL CHECK (kind IN ('destination', 'program')),
    item_id    text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind, item_id)
);

-- The user's own pickup points (hotel lobby, home, a meeting point), offered first at checkout.
CREATE TABLE user_pickup_points (
    id         uuid             PRIMARY KEY,
    user_id    uuid             NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       text             NOT NULL,
    address    text             NOT NULL DEFAULT '',
    notes      text             NOT NULL DEFAULT '',
    lat        double precision NOT NULL,
    lng        double precision NOT NULL,
    created_at timestamptz      NOT NULL DEFAULT now()
);
CREATE INDEX user_pickup_points_user_idx ON user_pickup_points (user_id, created_at);

-- +goose Down
DROP TABLE user_pickup_points;
DROP TABLE wishlist_items;
DROP TABLE saved_locations;
DROP TABLE account_audit_outbox;
DROP TABLE rate_limits;
DROP TABLE password_reset_tokens;
DROP TABLE sessions;
DROP TABLE users;
