package notifications

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/inbox"
	"mishwar/eventstore"
)

// MarkReadHandler marks a user's notifications read.
type MarkReadHandler struct{ runner *commands.Runner }

// Handle marks every notification of userID numbered up to upTo as read. Marking what is already read
// records nothing; two tabs marking at once both succeed.
func (h MarkReadHandler) Handle(ctx context.Context, userID string, upTo int64, meta commands.Meta) (eventstore.Position, error) {
	res, err := commands.Execute(ctx, h.runner, inbox.Decider, Stream(userID), inbox.Command(inbox.MarkRead{UserID: userID, UpTo: upTo}), meta,
		commands.Options{Commutes: true})
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
