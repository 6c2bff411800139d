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

// Newest is the part of the notifications read model "mark read" needs: the number of the user's
// newest notification, so a mark cannot run ahead of it.
type Newest interface {
	Newest(ctx context.Context, userID string) (int64, error)
}

// ReadModelPort is what the application reads of the notifications read model.
type ReadModelPort interface {
	Inboxes
	Newest
}

// New wires the application.
func New(runner *commands.Runner, rm ReadModelPort) Application {
	return Application{Commands: Commands{MarkRead: MarkReadHandler{runner: runner, newest: rm}}, Queries: Queries{Inbox: InboxHandler{inboxes: rm}}}
}

// RegisterEvents registers the inbox events under their stored names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[inbox.NotificationsRead](r, "NotificationsRead", 1)
}

// Stream is the inbox stream of a user.
func Stream(userID string) string { return eventstore.StreamID("inbox", userID) }
