package reviews

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/review"
	"mishwar/eventstore"
)

// SubmitHandler rates a completed trip.
type SubmitHandler struct {
	runner *commands.Runner
	orders orderReader
}

// Submission is what the traveller sends.
type Submission struct {
	Rating int
	Text   string
	Lang   string
}

// Handle records the signed-in traveller's review of their order's completed trip. Two submits at once
// give one review: the second is decided again on the stream the first wrote and refused
// (review.ErrAlreadyReviewed).
func (h SubmitHandler) Handle(ctx context.Context, orderID string, s Submission, meta commands.Meta) (eventstore.Position, string, error) {
	facts, err := h.orders.Facts(ctx, orderID)
	if err != nil {
		return eventstore.Position{}, "", err
	}
	if !facts.Exists {
		return eventstore.Position{}, "", review.ErrOrderNotFound
	}
	cmd := review.Submit{Order: facts, UserID: meta.Actor.UserID, Rating: s.Rating, Text: s.Text, Lang: s.Lang}
	res, err := commands.Execute(ctx, h.runner, review.Decider, Stream(facts.OrderID), review.Command(cmd), meta, commands.Options{Commutes: true})
	if err != nil {
		return eventstore.Position{}, "", err
	}
	return res.Position, facts.OrderID, nil
}
