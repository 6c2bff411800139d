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
			list, err := projections.Status(ctx, a.Pool, a.Store)
			for i := range list {
				list[i].Rebuildable = rebuilds{a}.Rebuildable(list[i].Name)
			}
			return list, err
		},
		Jobs:     a.stuckJobs,
		RetryJob: a.retryJob,
		Notes:    a.jobNotes,
	}, a.idempotency))
}
