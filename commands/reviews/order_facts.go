package reviews

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/order"
	"mishwar/domain/review"
	"mishwar/eventstore"
)

// orderReader reads what a review decision needs of an order from the order's own stream (never from
// a read model).
type orderReader struct{ runner *commands.Runner }

// Facts returns the order's facts under its normalised trip number (Exists false when there is none).
func (o orderReader) Facts(ctx context.Context, orderID string) (review.OrderFacts, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return review.OrderFacts{}, nil
	}
	hist, err := commands.Load[order.Event](ctx, o.runner, eventstore.StreamID("order", num))
	if err != nil {
		return review.OrderFacts{}, fmt.Errorf("reviews: order %s: %w", num, err)
	}
	s := order.Decider.Fold(hist.Events)
	if !s.Exists() {
		return review.OrderFacts{}, nil
	}
	trip := s.Trip()
	places := make([]review.Place, 0, len(trip.Itinerary.Stops))
	for _, st := range trip.Itinerary.Stops {
		places = append(places, review.Place{ID: st.DestinationID, NameEN: st.NameEN, NameAR: st.NameAR})
	}
	contact := s.Placed().Contact
	return review.OrderFacts{OrderID: num, Exists: true, OwnerID: s.UserID(), Completed: s.Status() == order.StatusCompleted,
		CompletedAt: s.CompletedAt(), AuthorName: review.AuthorName(contact.FirstName, contact.LastName), Destinations: places,
		ProgramID: trip.Itinerary.ProgramID, ProgramName: trip.Itinerary.ProgramName, ProgramNameAR: trip.Itinerary.ProgramNameAR}, nil
}
