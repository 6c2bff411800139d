package support

import (
	"context"
	"errors"

	"mishwar/eventstore"
)

// StreamHandler reads any stream's events with their metadata.
type StreamHandler struct {
	events EventLog
}

// Handle returns every event of stream, in order (ErrStreamNotFound for a stream without events).
func (h StreamHandler) Handle(ctx context.Context, stream string) ([]eventstore.RecordedEvent, error) {
	return readStream(ctx, h.events, stream)
}

func readStream(ctx context.Context, events EventLog, stream string) ([]eventstore.RecordedEvent, error) {
	recs, err := events.ReadStream(ctx, stream, 0)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil, ErrStreamNotFound
	}
	return recs, err
}
