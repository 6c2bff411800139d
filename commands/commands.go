// Package commands runs the write side: one handler per command loads a stream, folds it through the
// aggregate's decider, decides, and appends the new events with the expected version. It never reads
// a read model to decide anything that must be consistent (uniqueness lives on streams of its own).
package commands

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/eventstore"
	"mishwar/internal/keylock"
)

// ErrConcurrentChange means another writer changed the stream between load and append, and the
// command does not commute, so it cannot be retried blindly (409).
var ErrConcurrentChange = domain.Conflict("common.concurrent_change")

// ErrNewerRelease is returned (wrapped) by Load for a stream holding an event this release cannot read
// (a type it does not know, a schema version newer than it reads): during a rolling deploy a process
// of the newer release wrote it, and a process of that release can take the command (503, try again).
var ErrNewerRelease = errors.New("commands: the stream holds an event of a newer release")

// Actor is who issues a command.
type Actor struct {
	UserID string
	Role   string
}

// Meta identifies one command invocation. A repeated ID (a client retry) returns the first result
// and appends nothing.
type Meta struct {
	CommandID     uuid.UUID
	Actor         Actor
	CorrelationID string
	CausationID   string
	ClientIP      string
	// Lang is the language the actor reads, as their request negotiated it: an effect performed
	// later on their behalf (the payment page a session opens) speaks it. Empty: the order's own.
	Lang string
}

// NewMeta returns metadata for a fresh command by actor.
func NewMeta(actor Actor) Meta {
	id := uuid.New()
	return Meta{CommandID: id, Actor: actor, CorrelationID: id.String()}
}

func (m Meta) eventMetadata() eventstore.Metadata {
	corr := m.CorrelationID
	if corr == "" {
		corr = m.CommandID.String()
	}
	return eventstore.Metadata{
		ActorID:       m.Actor.UserID,
		ActorRole:     m.Actor.Role,
		CommandID:     m.CommandID.String(),
		CorrelationID: corr,
		CausationID:   m.CausationID,
		ClientIP:      m.ClientIP,
	}
}

// Result says where a command left its stream.
type Result[E any] struct {
	// Version is the stream's version after the command (-1: still empty).
	Version int64
	// Position is the global position of the last event written, for read-your-writes waits.
	Position eventstore.Position
	// Events are the events this command produced (or produced the first time, for a repeat).
	Events []E
	// Repeated is true when the command id had been handled before and nothing was appended.
	Repeated bool
}

// Runner executes commands against an event store. Commands on one stream run one at a time within a
// process (see Execute); its zero value is not usable: build it with NewRunner.
type Runner struct {
	Store    eventstore.Store
	Registry *eventstore.Registry
	Now      func() time.Time
	// MaxRetries bounds retries of commuting commands after a concurrent change.
	MaxRetries int
	// Backoff is how long to wait before retry n (from 1) of a commuting command (default
	// DefaultBackoff). nil waits not at all.
	Backoff func(retry int) time.Duration

	locks   keylock.Locks // one command per stream at a time in this process
	streams streamCache
}

// NewRunner returns a runner with the wall clock, ten retries and DefaultBackoff.
func NewRunner(store eventstore.Store, registry *eventstore.Registry) *Runner {
	return &Runner{Store: store, Registry: registry, Now: time.Now, MaxRetries: 10, Backoff: DefaultBackoff}
}

// Backoff bounds of DefaultBackoff.
const (
	backoffBase = 5 * time.Millisecond
	backoffCap  = 400 * time.Millisecond
)

// DefaultBackoff waits 5ms before the first retry, doubling up to 400ms, each wait drawn at random
// from its upper half. A conflict here comes from another process writing the same stream (this
// process runs one command per stream at a time); retrying at once, in step with it, loses again, and
// the random spread keeps two such writers from retrying in lock step.
func DefaultBackoff(retry int) time.Duration {
	d := backoffBase
	for i := 1; i < retry && d < backoffCap; i++ {
		d *= 2
	}
	d = min(d, backoffCap)
	return d/2 + rand.N(d/2+1)
}

// Options tune one execution.
type Options struct {
	// Commutes: on a concurrent change, reload and decide again instead of failing with 409. True for
	// commands whose outcome does not depend on what the other writer did, or that the decider
	// re-checks anyway (adding to a cart, reserving capacity).
	Commutes bool
	// ExpectedVersion, when set, is the stream version the caller's decision rests on (an If-Match):
	// the command is decided and appended at that version only. A stream that has moved on is a
	// conflict (ErrConcurrentChange wrapping a *eventstore.WrongVersionError), never retried, so a
	// concurrent edit is refused rather than overwritten. A repeated command id still gets its first
	// result.
	ExpectedVersion *int64
}

// Execute loads stream, folds it with d, decides cmd and appends the events. Events get ids derived
// from the command id, so a retry after a lost response is recognised by the store as well.
//
// Commands on one stream run one at a time in this process: a second one waits for the first to
// finish (or for ctx), so two tabs of one user never make each other retry. A concurrent change can
// then only come from another process; a commuting command retries after Backoff.
func Execute[S, C, E any](ctx context.Context, r *Runner, d domain.Decider[S, C, E], stream string, cmd C, meta Meta, opts Options) (Result[E], error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	unlock, err := r.locks.Lock(ctx, stream)
	if err != nil {
		return Result[E]{}, fmt.Errorf("commands: wait for %s: %w", stream, err)
	}
	defer unlock()
	attempts := 1
	if opts.Commutes && opts.ExpectedVersion == nil {
		attempts += r.MaxRetries
	}
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		if attempt > 0 && r.Backoff != nil {
			t := time.NewTimer(r.Backoff(attempt))
			select {
			case <-ctx.Done():
				t.Stop()
				return Result[E]{}, fmt.Errorf("%w: %w (gave up waiting to retry: %w)", ErrConcurrentChange, lastErr, ctx.Err())
			case <-t.C:
			}
		}
		res, err := executeOnce(ctx, r, d, stream, cmd, meta, opts.ExpectedVersion)
		if err == nil || !errors.Is(err, eventstore.ErrWrongVersion) {
			return res, err
		}
		lastErr = err
	}
	return Result[E]{}, fmt.Errorf("%w: %w", ErrConcurrentChange, lastErr)
}

func executeOnce[S, C, E any](ctx context.Context, r *Runner, d domain.Decider[S, C, E], stream string, cmd C, meta Meta, expected *int64) (Result[E], error) {
	if history, ok := cachedHistory[E](r, stream); ok {
		res, err, settled := decideAndAppend(ctx, r, d, stream, history, cmd, meta, expected, true)
		if settled {
			return res, err
		}
		// The stream kept in memory was not the stream as it is (another process wrote it), or the
		// outcome rests on it without an append to prove it current: decide on the stream as loaded.
		r.streams.forget(stream)
	}
	history, err := Load[E](ctx, r, stream)
	if err != nil {
		return Result[E]{}, err
	}
	history = kept(history)
	r.streams.put(stream, history, len(history.Events))
	res, err, _ := decideAndAppend(ctx, r, d, stream, history, cmd, meta, expected, false)
	return res, err
}

// decideAndAppend decides cmd on history and appends the events at its version. With cached (a
// history kept in memory, which another process may have moved past), only an outcome the store
// vouches for is settled: a repeated command id (its events are in the stream for good) or an append
// at the kept version (which the store refuses when the stream moved). Anything else (a refusal, a
// no-op, a stale expected version, a wrong version at append, a failed append) comes back unsettled,
// and the caller decides again on the stream loaded from the store.
func decideAndAppend[S, C, E any](ctx context.Context, r *Runner, d domain.Decider[S, C, E], stream string, history History[E], cmd C, meta Meta, expected *int64, cached bool) (res Result[E], err error, settled bool) {
	if prior, ok := history.byCommand(meta.CommandID.String()); ok {
		return Result[E]{Version: history.Version, Position: prior.position, Events: prior.events, Repeated: true}, nil, true
	}
	if expected != nil && history.Version != *expected {
		return Result[E]{}, &eventstore.WrongVersionError{Stream: stream, Expected: eventstore.Exactly(*expected), Actual: history.Version}, !cached
	}
	state := foldOf(d, history)
	events, err := d.Decide(state, cmd, r.Now())
	if err != nil {
		return Result[E]{Version: history.Version}, err, !cached
	}
	if len(events) == 0 {
		// Nothing to write, but a caller waiting to read its own writes must still wait for what the
		// stream already holds: a no-op right after another change would otherwise read a stale view.
		return Result[E]{Version: history.Version, Position: history.lastPosition()}, nil, !cached
	}
	data := make([]eventstore.EventData, len(events))
	md := meta.eventMetadata()
	for i, e := range events {
		ed, err := r.Registry.Encode(eventstore.DeterministicID(meta.CommandID, i), e, md)
		if err != nil {
			return Result[E]{}, fmt.Errorf("commands: encode %T: %w", e, err), true
		}
		data[i] = ed
	}
	res0, err := r.Store.Append(ctx, stream, eventstore.Exactly(history.Version), data...)
	if err != nil {
		r.streams.forget(stream) // it may have moved (a wrong version), or the append may have landed
		if cached && errors.Is(err, eventstore.ErrWrongVersion) {
			return Result[E]{}, err, false
		}
		return Result[E]{}, fmt.Errorf("commands: append to %s: %w", stream, err), true
	}
	if res0.Duplicate {
		// The same command raced itself (a client retry arriving while the first try was still
		// deciding) and the first try's events are stored: answer with those, not with this try's
		// decision, which may differ in details such as times.
		r.streams.forget(stream)
		res, err := repeatedResult[E](ctx, r, stream, meta.CommandID.String())
		return res, err, true
	}
	if history.fold == nil {
		history = withFold(d, history, state)
	}
	if h, ok := appended(r, stream, history, data, res0); ok {
		r.streams.put(stream, h, len(h.Events))
	} else {
		r.streams.forget(stream)
	}
	return Result[E]{Version: res0.NextExpectedVersion, Position: res0.Position, Events: events}, nil, true
}

func repeatedResult[E any](ctx context.Context, r *Runner, stream, commandID string) (Result[E], error) {
	history, err := Load[E](ctx, r, stream)
	if err != nil {
		return Result[E]{}, err
	}
	prior, ok := history.byCommand(commandID)
	if !ok {
		return Result[E]{}, fmt.Errorf("commands: %s: the store reported command %s as a repeat but holds none of its events", stream, commandID)
	}
	return Result[E]{Version: history.Version, Position: prior.position, Events: prior.events, Repeated: true}, nil
}

// History is a stream loaded and decoded. A History is never changed once made: the runner's kept
// streams grow past it (see lineage), never into it.
type History[E any] struct {
	Events   []E
	Recorded []eventstore.RecordedEvent
	// Version of the last event; -1 for an empty stream.
	Version int64

	lineage *lineage     // nil for a history loaded and not kept
	fold    *keptFold[E] // the decider's fold at Version, when its states may be kept
}

func (h History[E]) lastPosition() eventstore.Position {
	if len(h.Recorded) == 0 {
		return eventstore.Start
	}
	return h.Recorded[len(h.Recorded)-1].Position
}

type priorCommand[E any] struct {
	events   []E
	position eventstore.Position
}

func (h History[E]) byCommand(commandID string) (priorCommand[E], bool) {
	var p priorCommand[E]
	if h.lineage != nil {
		for _, i := range h.lineage.of(commandID, len(h.Events)) {
			p.events = append(p.events, h.Events[i])
			p.position = h.Recorded[i].Position
		}
		return p, len(p.events) > 0
	}
	for i, rec := range h.Recorded {
		if rec.Metadata.CommandID == commandID {
			p.events = append(p.events, h.Events[i])
			p.position = rec.Position
		}
	}
	return p, len(p.events) > 0
}

// Load reads and decodes a whole stream. Events of types the registry does not know, or that do not
// belong to E, are an error: a stream holds one aggregate's events.
func Load[E any](ctx context.Context, r *Runner, stream string) (History[E], error) {
	recs, err := r.Store.ReadStream(ctx, stream, 0)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return History[E]{Version: -1}, nil
	}
	if err != nil {
		return History[E]{}, fmt.Errorf("commands: read %s: %w", stream, err)
	}
	h := History[E]{Events: make([]E, 0, len(recs)), Recorded: recs, Version: -1}
	for _, rec := range recs {
		v, err := r.Registry.Decode(rec)
		if errors.Is(err, eventstore.ErrUnknownEventType) || errors.Is(err, eventstore.ErrUnknownSchemaVersion) {
			return History[E]{}, fmt.Errorf("commands: decode %s@%d: %w: %w", stream, rec.Version, ErrNewerRelease, err)
		}
		if err != nil {
			return History[E]{}, fmt.Errorf("commands: decode %s@%d: %w", stream, rec.Version, err)
		}
		e, ok := v.(E)
		if !ok {
			return History[E]{}, fmt.Errorf("commands: %s@%d: event %s is not a %T", stream, rec.Version, rec.Type, *new(E))
		}
		h.Events = append(h.Events, e)
		h.Version = rec.Version
	}
	return h, nil
}
