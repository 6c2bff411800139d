package commands

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"mishwar/domain"
	"mishwar/eventstore"
)

// A command used to read its whole stream from the store before deciding: one more round trip per
// command, and a cost that grew with the stream's history. The runner now keeps each stream it has
// written or loaded in memory, decoded, at the version it knows, and decides on that. It is kept
// right without asking the store first:
//
//   - Within this process, commands on one stream run one at a time (Runner's keylock.Locks), and each one that
//     appends moves the kept stream to the version it wrote.
//   - Another process may have written the stream since. The append is made at the kept version
//     (eventstore.Exactly), so the store refuses it then; the runner forgets the kept stream, loads
//     it and decides again (not counted as a retry: nothing was decided on the stream as it is).
//   - An outcome that does not append (a refusal, a no-op, an expected version that does not match)
//     has nothing the store could refuse, so it is never answered from memory: the runner loads the
//     stream and decides again. A repeated command id is answered from memory: its events are in the
//     stream for good.
//
// A kept stream grows in place (lineage) and carries the decider's fold of it when the decider's
// states may be kept (domain.Decider.StatesShareNothing): a command then costs the same on a stream
// of 5,000 events as on one of 10. Other deciders fold the kept events afresh for each command.

// maxCachedEvents bounds the memory the kept streams take: about 1 KB each (the decoded event and its
// metadata; the JSON is not kept). Streams longer than this are never kept.
const maxCachedEvents = 50_000

// streamCache holds decoded streams (History[E] of the stream's event type, as any) by stream id.
type streamCache struct {
	mu     sync.Mutex
	m      map[string]cachedStream
	events int
}

type cachedStream struct {
	history any
	size    int
}

// cachedHistory returns the kept history of stream, if there is one of event type E.
func cachedHistory[E any](r *Runner, stream string) (History[E], bool) {
	r.streams.mu.Lock()
	defer r.streams.mu.Unlock()
	c, ok := r.streams.m[stream]
	if !ok {
		return History[E]{}, false
	}
	h, ok := c.history.(History[E])
	return h, ok
}

// put keeps history (of size events) as stream's, dropping others at random while the total is over
// maxCachedEvents. A stream only grows, so a longer kept history is newer than this one (a read by
// Current that loaded the stream while a command appended to it) and stays.
func (c *streamCache) put(stream string, history any, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[stream]; ok {
		if old.size > size {
			return
		}
		c.events -= old.size
		delete(c.m, stream)
	}
	if size > maxCachedEvents {
		return
	}
	if c.m == nil {
		c.m = map[string]cachedStream{}
	}
	for id, other := range c.m {
		if c.events+size <= maxCachedEvents {
			break
		}
		c.events -= other.size
		delete(c.m, id)
	}
	c.m[stream] = cachedStream{history: history, size: size}
	c.events += size
}

func (c *streamCache) forget(stream string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[stream]; ok {
		c.events -= old.size
		delete(c.m, stream)
	}
}

// cachedStreams is how many streams are kept and their events (for tests).
func (c *streamCache) size() (streams, events int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m), c.events
}

// appended is history after data was appended with result res, decoded as Load would decode it
// from the store (so a decision on it equals one on the stream loaded afresh). Only what deciding
// needs is recorded: each event's command id and position (a batch's events all carry the batch's
// last position, which is what a repeat of the command answers), not its JSON.
func appended[E any](r *Runner, stream string, history History[E], data []eventstore.EventData, res eventstore.AppendResult) (History[E], bool) {
	first := res.NextExpectedVersion - int64(len(data)) + 1
	recs := make([]eventstore.RecordedEvent, len(data))
	for i, ed := range data {
		recs[i] = eventstore.RecordedEvent{
			ID: ed.ID, StreamID: stream, Version: first + int64(i), Position: res.Position,
			Type: ed.Type, SchemaVersion: ed.SchemaVersion, Data: ed.Data, Metadata: ed.Metadata,
		}
	}
	return extended(r, history, recs)
}

// extended is history followed by recs (the stream's next events, in order), decoded and kept
// without their JSON, with its kept fold (if any) evolved by them; false when one cannot be decoded
// as an E or does not follow on (the caller loads the stream, and Load reports what is wrong with
// it). It costs what the new events cost, not what the history holds: history's lineage grows in
// place when history is its longest member (see lineage).
func extended[E any](r *Runner, history History[E], recs []eventstore.RecordedEvent) (History[E], bool) {
	events := make([]E, 0, len(recs))
	version := history.Version
	for i, rec := range recs {
		v, err := r.Registry.Decode(rec)
		e, ok := v.(E)
		if err != nil || !ok || rec.Version != version+1 {
			return History[E]{}, false
		}
		recs[i].Data = nil
		events = append(events, e)
		version = rec.Version
	}
	next := History[E]{Version: version}
	if history.fold != nil {
		next.fold = history.fold.evolved(events)
	}
	l := history.lineage
	if l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
	}
	if l == nil || l.length != len(history.Events) {
		// Another history of the lineage grew past this one (or there is no lineage): its slots past
		// this length are taken, so this one starts a lineage of its own, with a copy (not shared
		// until next is returned, so not locked).
		l = newLineage(history.Recorded)
		history.Events = append([]E(nil), history.Events...)
		history.Recorded = append([]eventstore.RecordedEvent(nil), history.Recorded...)
	}
	next.Events = append(history.Events, events...)
	next.Recorded = append(history.Recorded, recs...)
	next.lineage = l
	l.grow(len(history.Recorded), recs)
	return next, true
}

// lineage is what the histories of one kept stream share: the backing arrays of their Events and
// Recorded slices, which only the longest history (the one at length) appends to, so that no slot a
// shorter history can see is ever written; and the index of the stream's command ids. A History
// value is then fixed for good while the stream it came from keeps growing in memory.
type lineage struct {
	mu     sync.Mutex
	length int
	// commands maps a command id to the indexes of its events (a command's events are consecutive).
	commands map[string][]int
}

func newLineage(recorded []eventstore.RecordedEvent) *lineage {
	l := &lineage{commands: map[string][]int{}}
	l.grow(0, recorded)
	return l
}

// grow records recs, the events from index from on; l.mu is held (or l is not shared yet).
func (l *lineage) grow(from int, recs []eventstore.RecordedEvent) {
	for i, rec := range recs {
		id := rec.Metadata.CommandID
		l.commands[id] = append(l.commands[id], from+i)
	}
	l.length = from + len(recs)
}

// of is the indexes of commandID's events among a history's first n.
func (l *lineage) of(commandID string, n int) []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	var in []int
	for _, i := range l.commands[commandID] {
		if i < n {
			in = append(in, i)
		}
	}
	return in
}

// keptFold is a decider's fold of a history, kept with it so that a command or a read folds only the
// events that came after (domain.Decider.StatesShareNothing says a state can be kept like this).
type keptFold[E any] struct {
	state  any
	evolve func(state any, e E) any
}

func (f *keptFold[E]) evolved(events []E) *keptFold[E] {
	s := f.state
	for _, e := range events {
		s = f.evolve(s, e)
	}
	return &keptFold[E]{state: s, evolve: f.evolve}
}

// keptState is the fold kept with h, if there is one of state type S.
func keptState[S, E any](h History[E]) (S, bool) {
	if h.fold == nil {
		var zero S
		return zero, false
	}
	s, ok := h.fold.state.(S)
	return s, ok
}

// foldOf is d's fold of h: the one kept with h when there is one, otherwise the events folded afresh.
func foldOf[S, C, E any](d domain.Decider[S, C, E], h History[E]) S {
	if s, ok := keptState[S](h); ok {
		return s
	}
	return d.Fold(h.Events)
}

// withFold is h carrying state, d's fold of it, when d's states may be kept.
func withFold[S, C, E any](d domain.Decider[S, C, E], h History[E], state S) History[E] {
	if d.StatesShareNothing {
		h.fold = &keptFold[E]{state: state, evolve: func(s any, e E) any { return d.Evolve(s.(S), e) }}
	}
	return h
}

// kept is h ready to be kept in memory: without its events' JSON (decoded already), and with a
// lineage so that it can grow in place.
func kept[E any](h History[E]) History[E] {
	for i := range h.Recorded {
		h.Recorded[i].Data = nil
	}
	h.lineage = newLineage(h.Recorded)
	return h
}

// Current is stream as the store holds it now, decoded. A reader that must show a command's effect
// the moment the command is answered (the cart a traveller just changed) reads it instead of a read
// model, which catches up asynchronously: the copy the runner keeps is confirmed by reading the
// stream from its last kept event on (one indexed read of one row when nothing was appended since)
// and extended with whatever another process appended; a stream the runner does not keep is loaded
// whole and kept. The answer is never older than what the store held when Current was called.
func Current[E any](ctx context.Context, r *Runner, stream string) (History[E], error) {
	if kept, ok := cachedHistory[E](r, stream); ok {
		h, current, err := confirm(ctx, r, stream, kept)
		if err != nil {
			return History[E]{}, err
		}
		if current {
			return h, nil
		}
	}
	h, err := Load[E](ctx, r, stream)
	if err != nil {
		return History[E]{}, err
	}
	h = kept(h)
	r.streams.put(stream, h, len(h.Events))
	return h, nil
}

// Latest is the version StateSince is never at from memory: with it, StateSince is CurrentState.
const Latest int64 = math.MaxInt64

// StateSince is d's fold of stream at version or later: from memory, without asking the store, when
// the runner keeps the stream at version or past it; otherwise CurrentState. A command's answer reads
// it with the version the command left the stream at: the answer shows the command's effect (and
// whatever else this process knew of), which is all it promises; a read that must show what other
// processes wrote since asks for Latest.
func StateSince[S, C, E any](ctx context.Context, r *Runner, d domain.Decider[S, C, E], stream string, version int64) (S, int64, error) {
	if h, ok := cachedHistory[E](r, stream); ok && h.Version >= version {
		if s, ok := keptState[S](h); ok {
			return s, h.Version, nil
		}
	}
	return CurrentState(ctx, r, d, stream)
}

// CurrentState is d's fold of stream as the store holds it now (see Current), and the stream's
// version. For a decider whose states may be kept, the fold is kept with the stream and evolved by
// each new event, so a read costs what changed since the last one, not the stream's whole history.
func CurrentState[S, C, E any](ctx context.Context, r *Runner, d domain.Decider[S, C, E], stream string) (S, int64, error) {
	h, err := Current[E](ctx, r, stream)
	if err != nil {
		var zero S
		return zero, 0, err
	}
	if h.fold == nil && d.StatesShareNothing {
		h = withFold(d, h, d.Fold(h.Events))
		r.streams.put(stream, h, len(h.Events))
	}
	return foldOf(d, h), h.Version, nil
}

// confirm reads stream from kept's last event on and answers kept brought up to date, or current
// false when what the store holds does not continue kept (the caller loads the stream afresh).
func confirm[E any](ctx context.Context, r *Runner, stream string, kept History[E]) (History[E], bool, error) {
	from := max(kept.Version, 0)
	recs, err := r.Store.ReadStream(ctx, stream, from)
	switch {
	case errors.Is(err, eventstore.ErrStreamNotFound):
		return kept, kept.Version < 0, nil
	case err != nil:
		return History[E]{}, false, fmt.Errorf("commands: read %s: %w", stream, err)
	}
	if kept.Version >= 0 {
		last := kept.Recorded[len(kept.Recorded)-1]
		if len(recs) == 0 || recs[0].Version != last.Version || recs[0].ID != last.ID {
			return History[E]{}, false, nil
		}
		recs = recs[1:]
	}
	if len(recs) == 0 {
		return kept, true, nil
	}
	h, ok := extended(r, kept, recs)
	if !ok {
		return History[E]{}, false, nil
	}
	r.streams.put(stream, h, len(h.Events))
	return h, true, nil
}
