package mailbox

import (
	"context"

	"github.com/google/uuid"
)

// RetryHandler sends a failed message again.
type RetryHandler struct {
	outbox Outbox
}

// Handle puts the failed message id back in the queue, due now (ErrNotFailed for one that has not
// failed: pending ones are retried anyway).
func (h RetryHandler) Handle(ctx context.Context, id uuid.UUID) error {
	return refusal(h.outbox.Retry(ctx, id))
}
