package projections

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
)

// Envelope is what the log says about an event besides its payload.
type Envelope = eventstore.Envelope

// Event is an event as a typed handler gets it: its payload decoded into its registered Go type
// (upcast to the current schema) and its envelope.
type Event[T any] = eventstore.Event[T]

// Handler handles one event type. Make it with On.
type Handler struct {
	goType reflect.Type
	handle func(ctx context.Context, tx pgx.Tx, env Envelope, v any) error
}

// On declares a typed handler: fn gets every event of Go type T, decoded with the registry, in log
// order. T must be registered in the registry of the Handlers it is part of (by value, as
// eventstore.Register registers it).
func On[T any](fn func(ctx context.Context, tx pgx.Tx, e Event[T]) error) Handler {
	return Handler{goType: reflect.TypeFor[T](), handle: func(ctx context.Context, tx pgx.Tx, env Envelope, v any) error {
		return fn(ctx, tx, Event[T]{Envelope: env, Data: v.(T)})
	}}
}

// OnType is On for callers that know the event type only at run time (an adapter for handlers
// declared elsewhere, such as a process manager's): fn gets the decoded value, a value of type t.
func OnType(t reflect.Type, fn func(ctx context.Context, tx pgx.Tx, env Envelope, v any) error) Handler {
	return Handler{goType: t, handle: fn}
}

// Handlers is a projection's event handler group: which events it reads and what it does with
// them. The runner (ApplyBatch, Rebuild) feeds it a batch of the log at a time, in one transaction:
//
//   - an event of a declared type (Events) is decoded with Registry (upcasters included) and handed
//     to its handler, in log order; an event of a declared type that cannot be decoded fails the
//     batch;
//   - an event in one of the Streams categories whose type the registry does not know at all fails
//     the batch: a newer release wrote it, and the read model must not move past it;
//   - any other event is skipped without being decoded.
//
// A failed batch is rolled back and retried; the projection stops there, visibly (Status), until a
// release that knows the event is deployed.
type Handlers struct {
	// Registry decodes events. Needed when Events is not empty.
	Registry *eventstore.Registry
	// Streams are the stream categories this projection reads ("order", "payment", ...).
	Streams []string
	// Events are the typed handlers, at most one per event type.
	Events []Handler
	// Batch, if set, wraps the dispatch of each batch: it may put per-batch state in the context
	// (WithBatchState), must call dispatch exactly once, and may then write what the handlers
	// gathered (each touched row once, one notice per row).
	Batch func(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error
	// All, if set, is called once per batch with every event of it, undecoded, after the typed
	// handlers: for a projection that genuinely needs every event (stats).
	All func(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
	// Prepare, if set, runs before the transaction of each batch begins (ApplyBatch, Rebuild), with
	// the batch's events, and returns the context the handlers get: it reads what they need from
	// outside the transaction, such as a stream's history from the event store (a process manager's
	// processes.Preparer). Nothing may be read through another connection inside the transaction: it
	// holds the checkpoint row and an xid, so every gap-safe reader of the log waits for that round
	// trip, and once every connection of the pool is held by such a transaction the read waits
	// forever. Prepare may be given events that turn out to be applied already (only the transaction
	// reads the checkpoint), so it only reads, and only what the events fix: what a stream held before
	// an event, which no later append changes. An error fails the batch, which is retried.
	Prepare func(ctx context.Context, events []eventstore.RecordedEvent) (context.Context, error)

	once    sync.Once
	initErr error
	byName  map[string]Handler
	streams map[string]bool
	known   map[string]bool // every type name the registry knew at the first batch
}

// ErrUndecodable is returned (wrapped) for an event a projection declares but cannot decode, and
// for an event of a type unknown to the registry in a stream category the projection reads.
var ErrUndecodable = errors.New("projections: event cannot be read by this release")

func (h *Handlers) init() error {
	h.once.Do(func() {
		h.byName = make(map[string]Handler, len(h.Events))
		h.streams = make(map[string]bool, len(h.Streams))
		for _, c := range h.Streams {
			h.streams[c] = true
		}
		if (len(h.Events) > 0 || len(h.Streams) > 0) && h.Registry == nil {
			h.initErr = errors.New("projections: handlers without a registry")
			return
		}
		h.known = map[string]bool{}
		if h.Registry != nil {
			for _, n := range h.Registry.Names() {
				h.known[n] = true
			}
		}
		for _, e := range h.Events {
			name, ok := h.Registry.Name(reflect.Zero(e.goType).Interface())
			if !ok {
				h.initErr = fmt.Errorf("projections: a handler for %s, which the registry does not know", e.goType)
				return
			}
			if _, dup := h.byName[name]; dup {
				h.initErr = fmt.Errorf("projections: two handlers for %s", name)
				return
			}
			h.byName[name] = e
		}
	})
	return h.initErr
}

// Reads reports whether a batch holds anything for this projection: an event of a type it handles,
// an event of a stream category it reads (whose type it must at least know), or any event at all
// when it has an All hook. A batch it does not read changes nothing, so the runner applies none and
// only moves the checkpoint past it, later and for several such batches at once.
func (h *Handlers) Reads(events []eventstore.RecordedEvent) bool {
	if err := h.init(); err != nil || h.All != nil {
		return true // Apply reports the error
	}
	for i := range events {
		if _, ok := h.byName[events[i].Type]; ok {
			return true
		}
		category, _, err := eventstore.SplitStreamID(events[i].StreamID)
		if err != nil {
			category = events[i].StreamID
		}
		if h.streams[category] {
			return true
		}
	}
	return false
}

// Apply dispatches a batch of events (in log order) inside tx. The runner calls it; tests and
// wrappers may too.
func (h *Handlers) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	if err := h.init(); err != nil {
		return err
	}
	if h.Batch == nil {
		return h.dispatch(ctx, tx, events)
	}
	called := false
	err := h.Batch(ctx, tx, func(ctx context.Context) error {
		if called {
			return errors.New("projections: a batch hook dispatched twice")
		}
		called = true
		return h.dispatch(ctx, tx, events)
	})
	if err == nil && !called {
		return errors.New("projections: a batch hook did not dispatch its batch")
	}
	return err
}

// prepare runs Prepare, if set, for a batch about to be applied: before its transaction begins.
func (h *Handlers) prepare(ctx context.Context, events []eventstore.RecordedEvent) (context.Context, error) {
	if h.Prepare == nil || len(events) == 0 {
		return ctx, nil
	}
	ctx, err := h.Prepare(ctx, events)
	if err != nil {
		return ctx, fmt.Errorf("prepare %d events from %s: %w", len(events), events[0].Position, err)
	}
	return ctx, nil
}

func (h *Handlers) dispatch(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	if len(h.byName) > 0 || len(h.streams) > 0 {
		for i := range events {
			if err := h.one(ctx, tx, &events[i]); err != nil {
				return err
			}
		}
	}
	if h.All != nil {
		return h.All(ctx, tx, events)
	}
	return nil
}

func (h *Handlers) one(ctx context.Context, tx pgx.Tx, rec *eventstore.RecordedEvent) error {
	handler, declared := h.byName[rec.Type]
	category, entity, err := eventstore.SplitStreamID(rec.StreamID)
	if err != nil {
		category, entity = rec.StreamID, ""
	}
	if !declared {
		if !h.streams[category] {
			return nil
		}
		if h.known[rec.Type] {
			return nil
		}
		// Registered after the first batch? Decode tells for sure (a rare path: unknown types).
		if h.Registry != nil {
			if _, err := h.Registry.Decode(*rec); !errors.Is(err, eventstore.ErrUnknownEventType) {
				return nil
			}
		}
		return fmt.Errorf("%w: %s@%d at %s has type %q, which this release does not know (written by a newer one?)",
			ErrUndecodable, rec.StreamID, rec.Version, rec.Position, rec.Type)
	}
	v, err := h.Registry.Decode(*rec)
	if err != nil {
		return fmt.Errorf("%w: %s@%d at %s: %w", ErrUndecodable, rec.StreamID, rec.Version, rec.Position, err)
	}
	env := Envelope{EventID: rec.ID, Type: rec.Type, StreamID: rec.StreamID, Category: category, EntityID: entity,
		Version: rec.Version, Position: rec.Position, RecordedAt: rec.RecordedAt, Metadata: rec.Metadata}
	if err := handler.handle(ctx, tx, env, v); err != nil {
		return fmt.Errorf("%s %s@%d: %w", rec.Type, rec.StreamID, rec.Version, err)
	}
	return nil
}

type batchStateKey[S any] struct{}

// WithBatchState returns ctx carrying s, the per-batch state a Batch hook hands its handlers.
func WithBatchState[S any](ctx context.Context, s S) context.Context {
	return context.WithValue(ctx, batchStateKey[S]{}, s)
}

// BatchState returns the per-batch state of type S that the Batch hook put in ctx. It panics when
// there is none: a handler that needs it is declared without the hook that provides it.
func BatchState[S any](ctx context.Context) S {
	s, ok := ctx.Value(batchStateKey[S]{}).(S)
	if !ok {
		panic(fmt.Sprintf("projections: no batch state of type %T in the context (Handlers.Batch not set?)", s))
	}
	return s
}
