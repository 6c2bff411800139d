// Package notifications is the application of the traveller's notifications (the bell): the list
// with its unread count, read from projections/notifications, and "mark all read", recorded on the
// user's inbox stream (domain/inbox) so that a rebuilt read model still knows what was read.
package notifications

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/inbox"
	"mishwar/eventstore"
	notificationsrm "mishwar/projections/notifications"
)

// ReadModel is the read model a command's answer waits for.
const ReadModel = notificationsrm.Name

// Application is everything the notifications API (httpapi/notifications) may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands change what the user has read.
type Commands struct{ MarkRead MarkReadHandler }

// Queries read the user's notifications.
type Queries struct{ Inbox InboxHandler }

// Inboxes is the part of the notifications read model the list needs.
type Inboxes interface {
	Inbox(ctx context.Context, userID string, limit int) (notificationsrm.Inbox, error)
}

// New wires the application.
func New(runner *commands.Runner, inboxes Inboxes) Application {
	return Application{Commands: Commands{MarkRead: MarkReadHandler{runner: runner}}, Queries: Queries{Inbox: InboxHandler{inboxes: inboxes}}}
}

// RegisterEvents registers the inbox events under their stored names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[inbox.NotificationsRead](r, "NotificationsRead", 1)
}

// Stream is the inbox stream of a user.
func Stream(userID string) string { return eventstore.StreamID("inbox", userID) }
