package order

import "mishwar/domain"

// ErrQuotedChangeNeedsStaff: a change of the car class or the itinerary of an order staff priced (a
// paid enquiry's quote). The catalogue's rates are not what the traveller agreed to, so no exchange
// prices it again: staff do.
var ErrQuotedChangeNeedsStaff = domain.Conflict("orders.quoted_change_needs_staff")

// Quoted reports whether an order from source was priced by staff (an enquiry's quote, paid), not by
// the catalogue's rates.
func Quoted(source string) bool { return source == SourceEnquiry }

// Quoted reports whether the order was priced by staff (Quoted(source)).
func (s State) Quoted() bool { return Quoted(s.placed.Source) }

// ChangeTo is the trip to, priced by the catalogue for a change of the order (PlansForChange), as the
// change books it — the one rule the exchange, its quote and the order's answer follow:
//
//   - an order priced by the catalogue is booked at to's price;
//   - an order staff quoted keeps its quoted price when only its start moves (same car class, same
//     itinerary): the new start's distance, durations and legs are to's (the day plan is judged on
//     them), its costs and total the order's, so the difference is nothing either way;
//   - an order staff quoted is not moved to another car class or itinerary (ErrQuotedChangeNeedsStaff).
//
// The trip's own rules (day plan, opening hours, a driver) apply to the result as to any trip.
func (s State) ChangeTo(to Trip) (Trip, error) {
	if !s.Quoted() {
		return to, nil
	}
	if c := ChangeOf(s.trip, to); c.RatePlan || c.Itinerary {
		return Trip{}, ErrQuotedChangeNeedsStaff
	}
	booked := s.trip.Quote
	to.Quote.DistanceCost, to.Quote.WaitingCost, to.Quote.Total = booked.DistanceCost, booked.WaitingCost, booked.Total
	return to, nil
}
