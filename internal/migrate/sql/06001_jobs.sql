-- +goose Up
-- The job queue of the process managers (adapters/jobs). A process records a job here in the
-- transaction that moves its checkpoint, keyed by the event that asked for it, so a job is asked for
-- exactly once. A worker claims a job by setting its lease in a short transaction, performs it with no
-- transaction open (a provider call, a command on another stream), and records the outcome in
-- another short one: no transaction ever waits on the network, so the log's readers never stall.
CREATE TABLE jobs (
    -- processes.JobID(event, kind): the idempotency key the effect is performed with.
    id              uuid        PRIMARY KEY,
    kind            text        NOT NULL,
    payload         jsonb       NOT NULL,
    status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    attempts        int         NOT NULL DEFAULT 0,
    -- When a pending job may next be tried (a retry's backoff).
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- A claimed job is leased until then; a worker that dies leaves it to be claimed again after.
    lease_until     timestamptz,
    claimed_by      text,
    last_error      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (next_attempt_at) WHERE status = 'pending';
CREATE INDEX jobs_attention_idx ON jobs (created_at) WHERE status = 'failed' OR attempts >= 3;

-- +goose Down
DROP TABLE jobs;
