package eventstore

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
)

// Normalize checks an event before an adapter appends it and fills in defaults: schema version 1 when
// none is set, JSON null when there is no data. Errors wrap ErrInvalidEvent.
func (e EventData) Normalize() (EventData, error) {
	if e.ID == uuid.Nil {
		return e, fmt.Errorf("%w: event of type %q has no id", ErrInvalidEvent, e.Type)
	}
	if e.Type == "" {
		return e, fmt.Errorf("%w: event %s has no type", ErrInvalidEvent, e.ID)
	}
	if e.SchemaVersion < 0 {
		return e, fmt.Errorf("%w: event %s has schema version %d", ErrInvalidEvent, e.ID, e.SchemaVersion)
	}
	if e.SchemaVersion == 0 {
		e.SchemaVersion = 1
	}
	if len(e.Data) == 0 {
		e.Data = json.RawMessage("null")
	} else if !json.Valid(e.Data) {
		return e, fmt.Errorf("%w: event %s (%s) data is not valid JSON", ErrInvalidEvent, e.ID, e.Type)
	}
	return e, nil
}

// NormalizeAppend checks a whole append the same way in every adapter, before it touches its store:
// a stream id, at least one event, each event Normalized, and no event id twice. It returns the
// normalized events (a new slice). Errors wrap ErrInvalidEvent.
func NormalizeAppend(stream string, events []EventData) ([]EventData, error) {
	if stream == "" {
		return nil, fmt.Errorf("%w: empty stream id", ErrInvalidEvent)
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("%w: no events to append to %q", ErrInvalidEvent, stream)
	}
	out := make([]EventData, len(events))
	seen := make(map[uuid.UUID]bool, len(events))
	for i, e := range events {
		e, err := e.Normalize()
		if err != nil {
			return nil, err
		}
		if seen[e.ID] {
			return nil, fmt.Errorf("%w: event id %s appears twice in one append", ErrInvalidEvent, e.ID)
		}
		seen[e.ID] = true
		out[i] = e
	}
	return out, nil
}
