// Package eventstore is the port every event-store engine implements: append to a stream with an
// expected version, read a stream, read and subscribe to the global log. It knows nothing about the
// domain: events are typed JSON payloads with metadata. Adapters live in sub-packages (postgres, esdb)
// and all pass the conformance suite in eventstore/storetest.
package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// ErrWrongVersion is returned (wrapped in a *WrongVersionError) when an append's expected version
// does not match the stream's current version.
var ErrWrongVersion = errors.New("eventstore: wrong expected version")

// ErrStreamNotFound is returned by ReadStream for a stream that has no events.
var ErrStreamNotFound = errors.New("eventstore: stream not found")

// ErrInvalidEvent is returned when an event to append lacks an id or a type.
var ErrInvalidEvent = errors.New("eventstore: invalid event")

// WrongVersionError says which version was expected and which one the stream has.
type WrongVersionError struct {
	Stream   string
	Expected ExpectedVersion
	Actual   int64 // -1 when the stream does not exist
}

func (e *WrongVersionError) Error() string {
	return fmt.Sprintf("eventstore: stream %q: expected version %s, actual %d", e.Stream, e.Expected, e.Actual)
}

func (e *WrongVersionError) Unwrap() error { return ErrWrongVersion }

// ExpectedVersion is the optimistic-concurrency condition of an append. Stream versions count from 0:
// a stream holding one event is at version 0. Use Any, NoStream, StreamExists or Exactly(n).
type ExpectedVersion int64

const (
	// Any appends whatever the stream's version.
	Any ExpectedVersion = -2
	// NoStream appends only when the stream has no events yet.
	NoStream ExpectedVersion = -1
	// StreamExists appends only when the stream has at least one event.
	StreamExists ExpectedVersion = -4
)

// Exactly appends only when the stream's last event has version v.
func Exactly(v int64) ExpectedVersion {
	if v < 0 {
		return NoStream
	}
	return ExpectedVersion(v)
}

func (v ExpectedVersion) String() string {
	switch v {
	case Any:
		return "any"
	case NoStream:
		return "no-stream"
	case StreamExists:
		return "stream-exists"
	default:
		return fmt.Sprintf("%d", int64(v))
	}
}

// Metadata travels with every event. It answers who did what, on whose behalf, caused by what.
type Metadata struct {
	ActorID       string `json:"actor_id,omitempty"`
	ActorRole     string `json:"actor_role,omitempty"`
	CommandID     string `json:"command_id,omitempty"`
	CorrelationID string `json:"correlation_id,omitempty"`
	CausationID   string `json:"causation_id,omitempty"`
	ClientIP      string `json:"client_ip,omitempty"`
	// Extra holds adapter- or feature-specific keys; unknown keys read from storage land here. They are
	// stored beside the known keys in one flat JSON object (see MarshalJSON).
	Extra map[string]string `json:"-"`
}

// EventData is an event about to be appended.
type EventData struct {
	ID            uuid.UUID
	Type          string
	SchemaVersion int
	Data          json.RawMessage
	Metadata      Metadata
}

// RecordedEvent is an event as stored.
type RecordedEvent struct {
	ID            uuid.UUID
	StreamID      string
	Version       int64 // position within its stream, from 0
	Position      Position
	Type          string
	SchemaVersion int
	Data          json.RawMessage
	Metadata      Metadata
	RecordedAt    time.Time
}

// Position is a place in the global log. Ordering is by Commit, then Prepare. For PostgreSQL, Commit is
// the appending transaction's id and Prepare the event's sequence number; for EventStoreDB they are its
// commit and prepare positions. The zero Position is before the first event.
type Position struct {
	Commit  uint64 `json:"commit"`
	Prepare uint64 `json:"prepare"`
}

// Start is the position before the first event of the global log.
var Start = Position{}

// Less reports whether p comes before q in the global log.
func (p Position) Less(q Position) bool {
	if p.Commit != q.Commit {
		return p.Commit < q.Commit
	}
	return p.Prepare < q.Prepare
}

func (p Position) String() string { return fmt.Sprintf("%d/%d", p.Commit, p.Prepare) }

// AppendResult tells where an append left the stream.
type AppendResult struct {
	// NextExpectedVersion is the version of the last event appended: pass it as Exactly(...) to the
	// next append. For a Duplicate it is that of the earlier append's last event, which is what a
	// retrying client was owed (the stream may have moved on since).
	NextExpectedVersion int64
	// Position is the global position of the last event appended (zero when the append was a no-op
	// repeat of an earlier one and the adapter cannot tell).
	Position Position
	// Duplicate is true when every event id was already in the stream, in this order: nothing was
	// written.
	Duplicate bool
}

// Store is the event store port.
type Store interface {
	// Append writes events to the end of stream if expected matches. Appending event ids that are
	// already in the stream, in the same order, succeeds without writing anything (idempotent retry).
	Append(ctx context.Context, stream string, expected ExpectedVersion, events ...EventData) (AppendResult, error)
	// ReadStream returns the stream's events with version >= from, in order. A stream with no events
	// returns ErrStreamNotFound.
	ReadStream(ctx context.Context, stream string, from int64) ([]RecordedEvent, error)
	// ReadAll returns up to limit events of the global log strictly after position after, in order.
	// It never returns an event while an earlier one may still appear (gap safety).
	ReadAll(ctx context.Context, after Position, limit int) ([]RecordedEvent, error)
	// Head returns the position of the last event currently readable in the global log and how many
	// events the log holds (both zero for an empty log). A store that cannot count without reading the
	// whole log answers CountUnknown for the count: Head is called by probes and must stay cheap.
	Head(ctx context.Context) (Position, int64, error)
	// Subscribe delivers the global log after position after: first what is stored, then new events as
	// they become readable. It returns when ctx ends (with ctx's error), when handle returns an error
	// (with that error), or when reading fails. Delivery is in batches of at most batchSize events;
	// handle must not retain the slice.
	Subscribe(ctx context.Context, after Position, batchSize int, handle func(context.Context, []RecordedEvent) error) error
}

// CountUnknown is Head's count from a store that cannot count its log cheaply (EventStoreDB).
const CountUnknown int64 = -1

// BoundedCounter is implemented by stores that can count the readable events after a position
// cheaply, stopping at limit. Readiness probes use it: Head counts the whole log.
type BoundedCounter interface {
	CountAfter(ctx context.Context, after Position, limit int64) (int64, error)
}
