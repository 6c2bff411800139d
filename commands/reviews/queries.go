package reviews

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/review"
	reviewsrm "mishwar/projections/reviews"
)

// MineHandler answers a traveller's review of their order, and whether they may write one.
type MineHandler struct {
	runner  *commands.Runner
	orders  orderReader
	reviews Reviews
}

// Mine is the traveller's view of their order's review.
type Mine struct {
	// Review is nil until the trip is reviewed.
	Review *reviewsrm.Review `json:"data"`
	// CanReview: the traveller may rate the trip now.
	CanReview bool `json:"can_review"`
	// Refusal is the message key saying why not (trip not completed, window closed), if not reviewed.
	Refusal string `json:"-"`
}

// Handle returns userID's review of the order. Someone else's order is ErrOrderNotFound.
func (h MineHandler) Handle(ctx context.Context, orderID, userID string) (Mine, error) {
	facts, err := h.orders.Facts(ctx, orderID)
	if err != nil {
		return Mine{}, err
	}
	if !facts.Exists || facts.OwnerID == "" || facts.OwnerID != userID {
		return Mine{}, review.ErrOrderNotFound
	}
	rv, found, err := h.reviews.ByOrder(ctx, facts.OrderID)
	if err != nil {
		return Mine{}, err
	}
	if found {
		return Mine{Review: &rv}, nil
	}
	refusal := review.CanReview(facts, userID, h.runner.Now())
	var de *domain.Error
	switch {
	case refusal == nil:
		return Mine{CanReview: true}, nil
	case errors.As(refusal, &de):
		return Mine{Refusal: de.Key}, nil
	default:
		return Mine{}, fmt.Errorf("reviews: may %s review %s: %w", userID, facts.OrderID, refusal)
	}
}

// PublishedHandler answers the approved reviews the site shows.
type PublishedHandler struct{ reviews Reviews }

// Destination is a destination's rating and newest approved reviews.
func (h PublishedHandler) Destination(ctx context.Context, id string, limit int) (reviewsrm.Rated, error) {
	return h.reviews.Destination(ctx, id, limit)
}

// Program is a program's rating and newest approved reviews.
func (h PublishedHandler) Program(ctx context.Context, id string, limit int) (reviewsrm.Rated, error) {
	return h.reviews.Program(ctx, id, limit)
}

// Recent is the newest approved reviews (the home page).
func (h PublishedHandler) Recent(ctx context.Context, limit int) ([]reviewsrm.Public, error) {
	return h.reviews.Recent(ctx, limit)
}

// ModerationHandler answers staff's list of reviews by status.
type ModerationHandler struct{ reviews Reviews }

// ErrBadStatus: the status asked for is not one reviews have.
var ErrBadStatus = domain.Invalid("reviews.bad_status")

// Handle lists reviews with status (pending when empty).
func (h ModerationHandler) Handle(ctx context.Context, status string, limit int) ([]reviewsrm.Review, error) {
	switch review.Status(status) {
	case "", review.StatusPending, review.StatusApproved, review.StatusRejected:
	default:
		return nil, ErrBadStatus
	}
	return h.reviews.Moderation(ctx, status, limit)
}

// Review returns the review of an order's trip (review.ErrNotFound when it has none): the answer to
// a submit or a moderation, once the read model has it.
func (h ModerationHandler) Review(ctx context.Context, orderID string) (reviewsrm.Review, error) {
	rv, found, err := h.reviews.ByOrder(ctx, orderID)
	if err != nil {
		return reviewsrm.Review{}, err
	}
	if !found {
		return reviewsrm.Review{}, review.ErrNotFound
	}
	return rv, nil
}
