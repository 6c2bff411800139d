package eventstore

import (
	"time"

	"github.com/google/uuid"
)

// Envelope is what the log says about an event besides its payload: what a typed handler of a read
// model or a process manager gets with the decoded event.
type Envelope struct {
	// EventID is the event's own id (unique in the store).
	EventID uuid.UUID
	// Type is the stored type name, e.g. "OrderPlaced".
	Type string
	// StreamID is the whole stream id ("order-MSH-123456"); Category and EntityID are its two
	// parts ("order", "MSH-123456"). EntityID is empty for a stream id without a category.
	StreamID, Category, EntityID string
	// Version is the event's position in its stream, from 0.
	Version    int64
	Position   Position
	RecordedAt time.Time
	Metadata   Metadata
}

// Event is an event as a typed handler gets it: its payload decoded into its registered Go type
// (upcast to the current schema) and its envelope.
type Event[T any] struct {
	Envelope
	Data T
}
