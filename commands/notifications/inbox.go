package notifications

import (
	"context"
	"fmt"

	notificationsrm "mishwar/projections/notifications"
)

// InboxHandler answers a user's notifications.
type InboxHandler struct{ inboxes Inboxes }

// Handle returns userID's newest notifications (at most limit) with the unread count.
func (h InboxHandler) Handle(ctx context.Context, userID string, limit int) (notificationsrm.Inbox, error) {
	in, err := h.inboxes.Inbox(ctx, userID, limit)
	if err != nil {
		return notificationsrm.Inbox{}, fmt.Errorf("notifications: inbox: %w", err)
	}
	return in, nil
}
