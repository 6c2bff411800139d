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
