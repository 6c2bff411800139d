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
