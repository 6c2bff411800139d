package httpx

import (
	"context"
	"fmt"
	"time"

	"mishwar/eventstore"
)

// ReadModels lets a handler answer after the read models have seen its own write.
type ReadModels interface {
	WaitFor(ctx context.Context, projection string, pos eventstore.Position) error
}

// readYourWritesTimeout bounds the wait: a write is committed whatever happens next, so a read model
// that is slow to follow must not hold the request for ever.
const readYourWritesTimeout = 10 * time.Second

// WaitForReadModel returns once the named read model has seen pos (a handler's own write), so its
// answer shows the change. Without read models, or with nothing written, there is nothing to wait for.
func WaitForReadModel(ctx context.Context, rm ReadModels, projection string, pos eventstore.Position) error {
	if rm == nil || pos == (eventstore.Position{}) {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, readYourWritesTimeout)
	defer cancel()
	if err := rm.WaitFor(ctx, projection, pos); err != nil {
		return fmt.Errorf("%s: wait for the read model: %w", projection, err)
	}
	return nil
}
