-- +goose Up
-- The mail worker no longer holds a row lock (and so a transaction with an xid) while it talks to the
-- SMTP server: such a transaction holds back pg_snapshot_xmin, and the gap-safe log reader then stops
-- every projection until the send ends. A worker now claims a message in a short transaction by
-- taking a lease (lease_until, claimed_by; attempts counts claims), commits, sends with no transaction
-- open, and records the outcome in another short transaction. A message whose lease ran out (its
-- worker died mid-send) is claimed again: delivery is at least once, every copy with the same
-- Message-ID.
ALTER TABLE mail_outbox
    ADD COLUMN lease_until timestamptz,
    ADD COLUMN claimed_by  text;

-- +goose Down
ALTER TABLE mail_outbox
    DROP COLUMN lease_until,
    DROP COLUMN claimed_by;
