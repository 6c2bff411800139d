-- +goose Up
-- Idempotency-Key of order and enquiry submissions: the first request with a key records the hash of
-- its body and, once answered, the answer; a repeat with the same key gets that answer and changes
-- nothing (the command ids derive from the key too), a repeat with another body is refused with 422.
-- Keys are kept for a day.
CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash text        NOT NULL,
    status       integer,
    body         bytea,
    created_at   timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Secrets the payment sandbox signs its sessions and callbacks with, shared by every process of one
-- deployment (MISHWAR_PAYMENTS_SANDBOX_SECRET overrides it). Real providers' secrets come from the
-- environment only.
CREATE TABLE payment_secrets (
    name       text        PRIMARY KEY,
    secret     bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE payment_secrets;
DROP TABLE idempotency_keys;
