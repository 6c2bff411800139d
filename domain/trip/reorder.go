package trip

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// ErrNothingToOptimise is returned for an itinerary with fewer than two stops that can be driven to.
var ErrNothingToOptimise = domain.Invalid("cart.nothing_to_optimise")

// OrderProposal is an optimised order for an itinerary, with both orders quoted so the traveller
// can compare before accepting.
type OrderProposal struct {
	// Order is every item id in the proposed order (unavailable items last, as they were).
	Order []string
	// Improves is false when the current order is already the shortest drive.
	Improves          bool
	Current, Proposed Quote
}

// MatrixPoints are the points the optimiser's driving-time matrix spans for q: the start, the stops
// still offered in their order, the end. With fewer than two such stops there is nothing to order.
func (q Quote) MatrixPoints() ([]Point, error) {
	points := []Point{pointOf(q.Start.Point)}
	for _, s := range q.Stops {
		if s.Available {
			points = append(points, Point{Lat: s.Destination.Lat, Lng: s.Destination.Lng})
		}
	}
	if len(points) < 3 {
		return nil, ErrNothingToOptimise
	}
	return append(points, pointOf(q.End.Point)), nil
}

// Reorder asks the optimiser for the order of it's stops with the least driving over matrix (the
// legs between current's MatrixPoints) and returns it reordered: the stops still offered in the
// proposed order, then those no longer offered as they were, positions counted again. improves is
// false when the current order is already the shortest; reordered is then it unchanged.
func Reorder(it Itinerary, current Quote, matrix [][]Leg) (reordered Itinerary, improves bool, err error) {
	if len(current.Stops) != len(it.Items) {
		return Itinerary{}, false, fmt.Errorf("trip: reorder: %d stops quoted for %d items", len(current.Stops), len(it.Items))
	}
	var stopIdx, unavailable []int
	for i, s := range current.Stops {
		if s.Available {
			stopIdx = append(stopIdx, i)
		} else {
			unavailable = append(unavailable, i)
		}
	}
	if len(matrix) != len(stopIdx)+2 {
		return Itinerary{}, false, fmt.Errorf("trip: reorder: a matrix of %d points for %d stops", len(matrix), len(stopIdx))
	}
	times := make([][]time.Duration, len(matrix))
	for i, row := range matrix {
		times[i] = make([]time.Duration, len(row))
		for j, l := range row {
			times[i][j] = l.Duration
		}
	}
	best, err := Optimise(times)
	if err != nil {
		return Itinerary{}, false, err
	}
	if !best.Improves() {
		return it, false, nil
	}
	reordered = it
	reordered.Items = make([]Item, 0, len(it.Items))
	for _, k := range best.Order {
		reordered.Items = append(reordered.Items, it.Items[stopIdx[k]])
	}
	for _, i := range unavailable {
		reordered.Items = append(reordered.Items, it.Items[i])
	}
	for i := range reordered.Items {
		reordered.Items[i].Position = i + 1
	}
	return reordered, true, nil
}

// Propose compares the current order of it with the reordered one. The matrix times every drive as
// if leaving at departure while the quotes time each leg at its hour: if the traffic of the real
// hours eats the saving, the current order stays.
func Propose(it Itinerary, current Quote, reordered Itinerary, proposed Quote) OrderProposal {
	if proposed.Calc.Driving >= current.Calc.Driving {
		return Keep(it, current)
	}
	return OrderProposal{Order: reordered.ItemIDs(), Improves: true, Current: current, Proposed: proposed}
}

// Keep proposes the current order of it: nothing drives less.
func Keep(it Itinerary, current Quote) OrderProposal {
	return OrderProposal{Order: it.ItemIDs(), Current: current, Proposed: current}
}
