package mailbox

import (
	"context"

	"github.com/google/uuid"

	"mishwar/domain/mailbox"
)

// MessageHandler reads one recorded message with its bodies.
type MessageHandler struct {
	outbox Outbox
}

// Handle returns the message with id (ErrMessageNotFound if none).
func (h MessageHandler) Handle(ctx context.Context, id uuid.UUID) (mailbox.Message, error) {
	m, err := h.outbox.Get(ctx, id)
	return m, refusal(err)
}
