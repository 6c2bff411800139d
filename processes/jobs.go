package processes

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Job is one effect a process asked for: performed at least once by a job worker, outside any
// transaction, and exactly once in its result because everything it touches is keyed by ID (the
// provider's idempotency key, the command id of the outcome it records).
type Job struct {
	// ID is the idempotency key: JobID of the event that asked for the effect.
	ID uuid.UUID
	// Kind names the effect and so its handler ("orders.refund", "dispatch.release_trip").
	Kind    string
	Payload json.RawMessage
	// Attempts counts the tries including this one (1 on the first).
	Attempts int
	// CreatedAt is when the process asked for it.
	CreatedAt time.Time
}

// Decode unmarshals the payload into v.
func (j Job) Decode(v any) error { return json.Unmarshal(j.Payload, v) }

// jobNamespace keeps job ids apart from every other derived id.
var jobNamespace = uuid.MustParse("6d1b3a0e-3f0c-4c55-9d0e-6a2f4f1c9b17")

// JobID derives the job's id from the event that asked for it and the kind of effect, so a process
// that sees the event again (a redelivered batch, a restart) asks for the same job, and one event can
// ask for several effects.
func JobID(eventID uuid.UUID, kind string) uuid.UUID {
	return uuid.NewSHA1(jobNamespace, []byte(eventID.String()+"/"+kind))
}

// Jobs is the job queue as a process's handler sees it (adapters/jobs implements it).
type Jobs interface {
	// Enqueue records the job inside tx (the transaction that moves the process's checkpoint).
	// Enqueueing an id again records nothing: the first job stands.
	Enqueue(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, payload any) error
}

// Permanent marks err as a refusal that retrying cannot change (bad data, a provider's final "no"):
// the job ends failed and is listed for operators instead of being retried. Any other error from a
// job's handler is retried with backoff.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent is how the job queue recognises the mark without knowing this package.
func (e permanentError) Permanent() bool { return true }
