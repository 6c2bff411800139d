// Package processes is the shared contract of the process managers (processes/<workflow>): workers
// fed from the global log, in order, that perform an effect for an event (queue an e-mail, open a
// payment session) with an idempotency key derived from that event, in the transaction that moves
// their checkpoint. The composition root runs each one in the projections runner
// (projections.Process: checkpointed, leader-elected, retried, shown by `projections status`).
//
// A process is not a read model: it is never rebuilt or replayed, since that would repeat its
// effects. It must never perform network I/O inside its transaction (that would hold back the
// log for every subscriber): it records the intent (an outbox row) and another worker performs it.
package processes

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
)

// Envelope is what the log says about an event besides its payload.
type Envelope = eventstore.Envelope

// Event is an event as a process's handler gets it: decoded into its registered Go type, with its
// envelope.
type Event[T any] = eventstore.Event[T]

// Handler handles one event type; make it with On.
type Handler struct {
	// Type is the Go type of the events it handles (registered in the event registry).
	Type reflect.Type
	// Handle gets the envelope and the decoded event (a value of Type).
	Handle func(ctx context.Context, tx pgx.Tx, env Envelope, v any) error
}

// On declares a typed handler for events of Go type T.
func On[T any](fn func(ctx context.Context, tx pgx.Tx, e Event[T]) error) Handler {
	return Handler{Type: reflect.TypeFor[T](), Handle: func(ctx context.Context, tx pgx.Tx, env Envelope, v any) error {
		return fn(ctx, tx, Event[T]{Envelope: env, Data: v.(T)})
	}}
}

// Process is a process manager.
type Process interface {
	// Name names its checkpoint ("ordermail"), as a projection's name does.
	Name() string
	// Streams are the stream categories it reads: an event there of a type the registry does not
	// know stops it (visibly) rather than being skipped.
	Streams() []string
	// Handlers are its typed handlers, at most one per event type. They run inside tx, in log
	// order, and must make their effect idempotent by the event (a key derived from it).
	Handlers() []Handler
}

// Preparer is a Process whose handlers need more of the log than their own event: the history of
// the event's stream before it (what the trip's start was when it completes, what the order booked
// when it is paid: ReadHistories), or another stream as it stands (the order whose trip got a
// driver: ReadStreams). Prepare reads it before the batch's transaction begins (the runner calls it:
// projections.Handlers.Prepare) and returns the context the handlers get, which carries it.
//
// A handler must never read the store itself: it runs inside the transaction that took the
// checkpoint row FOR UPDATE and holds an xid, and a read through the pool is another connection's
// round trip made while that transaction stays open. Every gap-safe reader of the log waits for it
// (docs/event-store.md, the horizon), and with every connection of the pool held by such
// transactions the read waits for a connection that none of them will give back.
type Preparer interface {
	Prepare(ctx context.Context, batch []eventstore.RecordedEvent) (context.Context, error)
}

// ErrNotPrepared is returned (wrapped) by HistoryBefore and StreamAsRead for a stream that Prepare
// did not read: the process was run without its Prepare, or Prepare's selection missed the event.
var ErrNotPrepared = errors.New("processes: the stream was not read before the batch")

type historiesKey struct{}

// ReadHistories reads, once per stream, the history of every stream in which batch holds an event
// that need selects, and returns ctx carrying them for HistoryBefore: a Preparer's Prepare. What a
// handler takes from it is the stream before its event, which is fixed once the event is in the
// log (a stream's appends are serialised, so every earlier version committed before it), so the
// read gives the same answer before the transaction as it would inside; later events it may see
// are left out. Events of the batch that are applied already (at or before the checkpoint, which
// only the transaction reads) cost a read and change nothing.
func ReadHistories(ctx context.Context, store eventstore.Store, batch []eventstore.RecordedEvent,
	need func(eventstore.RecordedEvent) bool) (context.Context, error) {
	var streams []string
	for _, rec := range batch {
		if need(rec) {
			streams = append(streams, rec.StreamID)
		}
	}
	return readStreams(ctx, store, streams, false)
}

// ReadStreams reads each of streams whole, as it stands when Prepare runs, and returns ctx carrying
// them for StreamAsRead: what a handler needs of a stream other than its event's own (the order a
// trip's driver was assigned for, whether a trip has been reviewed). A stream with no events reads
// as empty: that is an answer too.
//
// Unlike a history, such a read is of a moment, and the stream may grow between it and the batch's
// commit. A read from inside the handler would be of a moment as well: the store reads through the
// pool, on another connection, outside the transaction's snapshot, so nothing it saw would hold
// still until the commit either. Reading before the transaction is as right and holds no xid
// open. A process whose effect must not race an append to that stream needs that stream's decider,
// not a read.
func ReadStreams(ctx context.Context, store eventstore.Store, streams ...string) (context.Context, error) {
	return readStreams(ctx, store, streams, true)
}

// readStreams reads each of streams not read yet for this batch (ctx carries what ReadHistories and
// ReadStreams read before) and returns ctx carrying them all. missing: a stream with no events is
// read as empty rather than failing.
func readStreams(ctx context.Context, store eventstore.Store, streams []string, missing bool) (context.Context, error) {
	prior, _ := ctx.Value(historiesKey{}).(map[string][]eventstore.RecordedEvent)
	read := maps.Clone(prior)
	if read == nil {
		read = map[string][]eventstore.RecordedEvent{}
	}
	for _, stream := range streams {
		if _, done := read[stream]; done {
			continue
		}
		events, err := store.ReadStream(ctx, stream, 0)
		if missing && errors.Is(err, eventstore.ErrStreamNotFound) {
			events, err = []eventstore.RecordedEvent{}, nil
		}
		if err != nil {
			return ctx, fmt.Errorf("processes: read %s: %w", stream, err)
		}
		read[stream] = events
	}
	return context.WithValue(ctx, historiesKey{}, read), nil
}

// HistoryBefore is the history of env's stream before env (versions below env.Version, in order),
// as ReadHistories read it before the batch's transaction.
func HistoryBefore(ctx context.Context, env Envelope) ([]eventstore.RecordedEvent, error) {
	read, _ := ctx.Value(historiesKey{}).(map[string][]eventstore.RecordedEvent)
	history, ok := read[env.StreamID]
	if !ok {
		return nil, fmt.Errorf("%w: %s@%d", ErrNotPrepared, env.StreamID, env.Version)
	}
	end := 0
	for end < len(history) && history[end].Version < env.Version {
		end++
	}
	return history[:end], nil
}

// StreamAsRead is stream as ReadStreams read it before the batch's transaction: every event it held
// then, in order (none for a stream that had none).
func StreamAsRead(ctx context.Context, stream string) ([]eventstore.RecordedEvent, error) {
	read, _ := ctx.Value(historiesKey{}).(map[string][]eventstore.RecordedEvent)
	events, ok := read[stream]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotPrepared, stream)
	}
	return events, nil
}
