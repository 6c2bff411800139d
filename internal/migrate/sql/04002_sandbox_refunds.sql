-- +goose Up
-- The refunds the payment sandbox made, by refund id: like a real provider's idempotency keys, a
-- refund id asked again answers the first refund and refunds nothing more, in every process of a
-- deployment and across restarts (adapters/payments.PostgresLedger). The sandbox moves no money.
CREATE TABLE payment_sandbox_refunds (
    refund_id    text        PRIMARY KEY,
    payment_id   text        NOT NULL,
    amount_minor bigint      NOT NULL,
    currency     text        NOT NULL,
    provider_ref text        NOT NULL,
    created_at   timestamptz NOT NULL
);
CREATE INDEX payment_sandbox_refunds_payment ON payment_sandbox_refunds (payment_id, created_at);

-- +goose Down
DROP TABLE payment_sandbox_refunds;
