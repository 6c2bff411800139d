package commands

import (
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
// maxCachedEvents.
func (c *streamCache) put(stream string, history any, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[stream]; ok {
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
	events := make([]E, len(history.Events), len(history.Events)+len(data))
	copy(events, history.Events)
	recorded := make([]eventstore.RecordedEvent, len(history.Recorded), len(history.Recorded)+len(data))
	copy(recorded, history.Recorded)
	first := res.NextExpectedVersion - int64(len(data)) + 1
	for i, ed := range data {
		rec := eventstore.RecordedEvent{
			ID: ed.ID, StreamID: stream, Version: first + int64(i), Position: res.Position,
			Type: ed.Type, SchemaVersion: ed.SchemaVersion, Data: ed.Data, Metadata: ed.Metadata,
		}
		v, err := r.Registry.Decode(rec)
		e, ok := v.(E)
		if err != nil || !ok {
			return History[E]{}, false // not kept: the next command loads the stream
		}
		rec.Data = nil
		events = append(events, e)
		recorded = append(recorded, rec)
	}
	return History[E]{Events: events, Recorded: recorded, Version: res.NextExpectedVersion}, true
}
