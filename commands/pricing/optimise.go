package pricing

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/trip"
)

// Optimise proposes the order of it's stops with the least driving, keeping its start and end, and
// quotes both orders so the traveller can compare before accepting. An itinerary with fewer than two
// stops that can be driven to answers trip.ErrNothingToOptimise.
func (q *Quoter) Optimise(ctx context.Context, it trip.Itinerary, departure time.Time) (trip.OrderProposal, error) {
	current, err := q.Quote(ctx, it, departure)
	if err != nil {
		return trip.OrderProposal{}, err
	}
	points, err := current.MatrixPoints()
	if err != nil {
		return trip.OrderProposal{}, err
	}
	matrix, err := q.distances.Matrix(ctx, points, current.Departure)
	if err != nil {
		return trip.OrderProposal{}, fmt.Errorf("pricing: optimise: matrix: %w", err)
	}
	reordered, improves, err := trip.Reorder(it, current, matrix)
	if err != nil {
		return trip.OrderProposal{}, fmt.Errorf("pricing: optimise: %w", err)
	}
	if !improves {
		return trip.Keep(it, current), nil
	}
	proposed, err := q.Quote(ctx, reordered, departure)
	if err != nil {
		return trip.OrderProposal{}, err
	}
	return trip.Propose(it, current, reordered, proposed), nil
}
