package reviews

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/domain/review"
	"mishwar/eventstore"
)

// ModerateHandler approves or rejects a review.
type ModerateHandler struct{ runner *commands.Runner }

// Staff reports whether a role moderates reviews.
func Staff(role string) bool { return role == "admin" || role == "support" }

// Approve publishes the review of an order's trip.
func (h ModerateHandler) Approve(ctx context.Context, orderID string, meta commands.Meta) (eventstore.Position, string, error) {
	return h.run(ctx, orderID, review.Approve{ByUserID: meta.Actor.UserID, Staff: Staff(meta.Actor.Role)}, meta)
}

// Reject keeps the review of an order's trip off the site, for reason.
func (h ModerateHandler) Reject(ctx context.Context, orderID, reason string, meta commands.Meta) (eventstore.Position, string, error) {
	return h.run(ctx, orderID, review.Reject{ByUserID: meta.Actor.UserID, Staff: Staff(meta.Actor.Role), Reason: reason}, meta)
}

func (h ModerateHandler) run(ctx context.Context, orderID string, cmd review.Command, meta commands.Meta) (eventstore.Position, string, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return eventstore.Position{}, "", review.ErrNotFound
	}
	// Two staff at once: each decides on what the other recorded (the last word stands).
	res, err := commands.Execute(ctx, h.runner, review.Decider, Stream(num), cmd, meta, commands.Options{Commutes: true})
	if err != nil {
		return eventstore.Position{}, "", err
	}
	return res.Position, num, nil
}
