// Package reviews is the application of travellers' reviews: a traveller rates their completed trip
// (domain/review, on the stream review-<trip number>, deciding from the order's own stream who may and
// when), staff approve or reject it, and the pages read ratings and approved reviews from
// projections/reviews.
package reviews

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/review"
	"mishwar/eventstore"
	reviewsrm "mishwar/projections/reviews"
)

// ReadModel is the read model a command's answer waits for.
const ReadModel = reviewsrm.Name

// Application is everything the reviews API (httpapi/reviews) may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands rate a trip and moderate reviews.
type Commands struct {
	Submit   SubmitHandler
	Moderate ModerateHandler
}

// Queries read reviews.
type Queries struct {
	Mine       MineHandler
	Published  PublishedHandler
	Moderation ModerationHandler
}

// Reviews is the part of the reviews read model the queries need.
type Reviews interface {
	ByOrder(ctx context.Context, orderID string) (reviewsrm.Review, bool, error)
	Moderation(ctx context.Context, status string, limit int) ([]reviewsrm.Review, error)
	Recent(ctx context.Context, limit int) ([]reviewsrm.Public, error)
	Destination(ctx context.Context, destinationID string, limit int) (reviewsrm.Rated, error)
	Program(ctx context.Context, programID string, limit int) (reviewsrm.Rated, error)
}

// New wires the application.
func New(runner *commands.Runner, reviews Reviews) Application {
	orders := orderReader{runner: runner}
	return Application{
		Commands: Commands{Submit: SubmitHandler{runner: runner, orders: orders}, Moderate: ModerateHandler{runner: runner}},
		Queries: Queries{Mine: MineHandler{runner: runner, orders: orders, reviews: reviews}, Published: PublishedHandler{reviews: reviews},
			Moderation: ModerationHandler{reviews: reviews}},
	}
}

// RegisterEvents registers the review events under their stored names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[review.TripReviewed](r, "TripReviewed", 1)
	eventstore.Register[review.ReviewApproved](r, "ReviewApproved", 1)
	eventstore.Register[review.ReviewRejected](r, "ReviewRejected", 1)
}

// Stream is the review stream of an order's trip.
func Stream(orderID string) string { return eventstore.StreamID(review.StreamCategory, orderID) }
