-- +goose Up
-- The e-mail outbox. A feature records a message here in the same transaction as the change that
-- causes it (internal/mail.Enqueue), so a message is never lost and never sent for a change that
-- rolled back. The sender claims rows with FOR UPDATE SKIP LOCKED and marks them sent in that same
-- transaction, so two senders never send one message at once.
CREATE TABLE mail_outbox (
    id              uuid        PRIMARY KEY,
    -- A feature's idempotency key ("order-confirmation:<id>"): enqueueing it twice records one message.
    dedupe_key      text        UNIQUE,
    to_address      text        NOT NULL,
    to_name         text        NOT NULL DEFAULT '',
    lang            text        NOT NULL DEFAULT 'en',
    subject         text        NOT NULL,
    text_body       text        NOT NULL,
    html_body       text        NOT NULL DEFAULT '',
    -- The Message-ID header, derived from id and the sender's domain, so it is the same on every
    -- retry and a receiving system can recognise a copy it already has. Filled when sent.
    message_id      text        NOT NULL DEFAULT '',
    status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        int         NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text,
    -- Which sender delivered it ("smtp", "mailbox").
    sent_via        text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

-- +goose Down
DROP TABLE mail_outbox;
