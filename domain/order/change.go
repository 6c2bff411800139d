package order

import (
	"mishwar/domain"
	"mishwar/domain/trip"
)

// KeyRatePlanNotOffered: a change of the order asks for another rate plan the catalogue no longer
// offers.
const KeyRatePlanNotOffered = "orders.rate_plan_not_offered"

// PlansForChange are the rate plans a change of the trip (another date, time or rate plan) is priced
// with, from the plans the catalogue offers now (offered), when the change asks for planID:
//
//   - a plan the catalogue offers is priced as it offers it now (the trip's own plan too: an exchange
//     is priced again, rates included, as a new booking would be);
//   - the trip's own plan, once the catalogue no longer offers it (archived since), is priced as the
//     order recorded it: its recorded price per kilometre and per waiting hour and its seats — never
//     the archived plan's last prices in the catalogue, which may have changed after the order was
//     placed. The order recorded everything its price depends on, and archiving a plan takes it out
//     of the catalogue, not out of the orders that booked it;
//   - another plan the catalogue no longer offers is refused on rate_plan_id (KeyRatePlanNotOffered):
//     a traveller moves to what is on offer.
func (t Trip) PlansForChange(offered []trip.RatePlan, planID string) ([]trip.RatePlan, error) {
	own := t.RatePlan
	found, ownOffered := false, false
	for _, p := range offered {
		found = found || p.ID == planID
		ownOffered = ownOffered || p.ID == own.ID
	}
	if ownOffered || own.ID == "" {
		if !found {
			return nil, planNotOffered()
		}
		return offered, nil
	}
	if !found && planID != own.ID {
		return nil, planNotOffered()
	}
	out := append(make([]trip.RatePlan, 0, len(offered)+1), offered...)
	return append(out, trip.RatePlan{ID: own.ID, Name: own.Name, NameAR: own.NameAR, PricePerKm: own.PerKm,
		WaitingPerHour: own.WaitingPerHour, Seats: own.Seats}), nil
}

func planNotOffered() error {
	v := &domain.ValidationError{}
	v.Add("rate_plan_id", KeyRatePlanNotOffered)
	return v
}
