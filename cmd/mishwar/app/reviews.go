package app

import (
	"context"

	reviewscmd "mishwar/commands/reviews"
	"mishwar/httpapi"
	httpcat "mishwar/httpapi/catalogue"
	httpreviews "mishwar/httpapi/reviews"
	reviewsrm "mishwar/projections/reviews"
)

// wireReviews builds travellers' reviews: rating a completed trip on its review stream, staff's
// moderation, and the ratings the pages read from the reviews read model.
func (a *App) wireReviews(d *httpapi.Deps) {
	application := reviewscmd.New(a.Commands, reviewsrm.NewReader(a.Pool))
	d.Features = append(d.Features, httpreviews.New(application, httpreviews.Config{Idempotency: a.idempotency, ReadModels: a.Projections}))
}

// seoRatings gives the catalogue's page heads (httpapi/catalogue.SEO) the ratings and newest approved
// reviews of destinations and programs, read by the reviews application from its read model.
func (a *App) seoRatings() httpcat.Ratings {
	return seoRatings{reviewscmd.New(a.Commands, reviewsrm.NewReader(a.Pool)).Queries.Published}
}

type seoRatings struct{ published reviewscmd.PublishedHandler }

func (r seoRatings) Destination(ctx context.Context, id string) (httpcat.Rated, error) {
	rated, err := r.published.Destination(ctx, id, httpcat.MaxReviewsInHead)
	return headRated(rated), err
}

func (r seoRatings) Program(ctx context.Context, id string) (httpcat.Rated, error) {
	rated, err := r.published.Program(ctx, id, httpcat.MaxReviewsInHead)
	return headRated(rated), err
}

func headRated(r reviewsrm.Rated) httpcat.Rated {
	out := httpcat.Rated{Average: r.Rating.Average, Count: r.Rating.Count, Reviews: make([]httpcat.Review, 0, len(r.Reviews))}
	for _, rv := range r.Reviews {
		out.Reviews = append(out.Reviews, httpcat.Review{Author: rv.AuthorName, Rating: rv.Rating, Text: rv.Text, Lang: rv.Lang, ReviewedAt: rv.ReviewedAt})
	}
	return out
}
