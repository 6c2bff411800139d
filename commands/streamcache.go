package commands

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"mishwar/eventstore"
)

// A command used to read its whole stream from the store before deciding: one more round trip per
// command, and a cost that grew with the stream's history. The runner now keeps each stream it has
// written or loaded in memory, decoded, at the version it knows, and decides on that. It is kept
// right without asking the store first:
//
//   - Within this process, commands on one stream run one at a time (streamLocks), and each one that
//     appends moves the kept stream to the version it wrote.
//   - Another process may have written the stream since. The append is made at the kept version
//     (eventstore.Exactly), so the store refuses it then; the runner forgets the kept stream, loads
//     it and decides again (not counted as a retry: nothing was decided on the stream as it is).
//   - An outcome that does not append (a refusal, a no-op, an expected version that does not match)
//     has nothing the store could refuse, so it is never answered from memory: the runner loads the
//     stream and decides again. A repeated command id is answered from memory: its events are in the
//     stream for good.
//
// The fold is still made from the events each time (deciders are not asked to keep their state
// unshared), which costs microseconds in memory where loading cost a round trip and a JSON decoding
// of every event.

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
// without their JSON; false when one cannot be decoded as an E or does not follow on (the caller
// loads the stream, and Load reports what is wrong with it).
func extended[E any](r *Runner, history History[E], recs []eventstore.RecordedEvent) (History[E], bool) {
	events := make([]E, len(history.Events), len(history.Events)+len(recs))
	copy(events, history.Events)
	recorded := make([]eventstore.RecordedEvent, len(history.Recorded), len(history.Recorded)+len(recs))
	copy(recorded, history.Recorded)
	version := history.Version
	for _, rec := range recs {
		v, err := r.Registry.Decode(rec)
		e, ok := v.(E)
		if err != nil || !ok || rec.Version != version+1 {
			return History[E]{}, false
		}
		rec.Data = nil
		events = append(events, e)
		recorded = append(recorded, rec)
		version = rec.Version
	}
	return History[E]{Events: events, Recorded: recorded, Version: version}, true
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
	for i := range h.Recorded {
		h.Recorded[i].Data = nil
	}
	r.streams.put(stream, h, len(h.Events))
	return h, nil
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
