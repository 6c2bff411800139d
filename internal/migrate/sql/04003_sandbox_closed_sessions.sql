-- +goose Up
-- The payment sessions the shop closed at the payment sandbox (an order cancelled or a change given
-- up while its page was open), by payment id: the sandbox's page then refuses the card, in every
-- process of a deployment and across restarts (adapters/payments.PostgresLedger), as a real
-- provider's expired session does.
CREATE TABLE payment_sandbox_closed_sessions (
    payment_id text        PRIMARY KEY,
    reason     text        NOT NULL,
    closed_at  timestamptz NOT NULL
);

-- +goose Down
DROP TABLE payment_sandbox_closed_sessions;
