package notifications

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/inbox"
	"mishwar/eventstore"
)

// MarkReadHandler marks a user's notifications read.
type MarkReadHandler struct {
	runner *commands.Runner
	newest Newest
}

// Handle marks every notification of userID numbered up to upTo as read. Marking what is already read
// records nothing; two tabs marking at once both succeed; a mark beyond the user's newest notification
// is refused (inbox.ErrBadMark).
func (h MarkReadHandler) Handle(ctx context.Context, userID string, upTo int64, meta commands.Meta) (eventstore.Position, error) {
	newest, err := h.newest.Newest(ctx, userID)
	if err != nil {
		return eventstore.Position{}, fmt.Errorf("notifications: mark read: %w", err)
	}
	cmd := inbox.MarkRead{UserID: userID, UpTo: upTo, Newest: newest}
	res, err := commands.Execute(ctx, h.runner, inbox.Decider, Stream(userID), inbox.Command(cmd), meta,
		commands.Options{Commutes: true})
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
