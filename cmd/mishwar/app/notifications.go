package app

import (
	notificationscmd "mishwar/commands/notifications"
	"mishwar/httpapi"
	httpnotifications "mishwar/httpapi/notifications"
	notificationsrm "mishwar/projections/notifications"
)

// wireNotifications builds the traveller's bell: the notifications read model's list and "mark all
// read" on the user's inbox stream.
func (a *App) wireNotifications(d *httpapi.Deps) {
	application := notificationscmd.New(a.Commands, notificationsrm.NewReader(a.Pool))
	d.Features = append(d.Features, httpnotifications.New(application, httpnotifications.Config{Idempotency: a.idempotency, ReadModels: a.Projections}))
}
