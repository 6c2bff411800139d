package app

import (
	"context"

	"mishwar/httpapi"
	"mishwar/httpapi/health"
	"mishwar/projections"
)

// wireHealth mounts /healthz, /readyz (the database answers and every projection is caught up) and
// the admin's projection status.
func (a *App) wireHealth(d *httpapi.Deps) {
	d.Features = append(d.Features, health.New(health.Checks{
		Ready: a.ready,
		Projections: func(ctx context.Context) (any, error) {
			return projections.Status(ctx, a.Pool, a.Store)
		},
		Jobs:     a.stuckJobs,
		RetryJob: a.retryJob,
		Notes:    a.jobNotes,
	}, a.idempotency))
}
