package app

import (
	reviewscmd "mishwar/commands/reviews"
	"mishwar/httpapi"
	httpreviews "mishwar/httpapi/reviews"
	reviewsrm "mishwar/projections/reviews"
)

// wireReviews builds travellers' reviews: rating a completed trip on its review stream, staff's
// moderation, and the ratings the pages read from the reviews read model.
func (a *App) wireReviews(d *httpapi.Deps) {
	application := reviewscmd.New(a.Commands, reviewsrm.NewReader(a.Pool))
	d.Features = append(d.Features, httpreviews.New(application, httpreviews.Config{Idempotency: a.idempotency, ReadModels: a.Projections}))
}
