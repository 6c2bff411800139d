package order

import (
	"mishwar/domain"
	"mishwar/domain/trip"
)

// KeyRatePlanNotOffered: a change of the order asks for another rate plan the catalogue no longer
// offers.
const KeyRatePlanNotOffered = "orders.rate_plan_not_offered"

// PlansForChange are the rate plans a change of the trip (another date, time, itinerary or rate
// plan) is priced with, from the plans the catalogue offers now (offered), when the change asks for
// planID:
//
//   - the trip's own plan is priced as the order recorded it — its price per kilometre and per waiting
//     hour and its seats — whether the catalogue still offers it (then under the name it offers it by
//     now) or archived it since. A traveller who moves their trip keeps the rates they booked: a time
//     change costs nothing more when the catalogue's prices went up meanwhile, and gives nothing back
//     when they went down. The order recorded everything its price depends on, and archiving a plan
//     takes it out of the catalogue, not out of the orders that booked it;
//   - another plan the catalogue offers is priced as it offers it now, as a new booking would be;
//   - another plan the catalogue no longer offers is refused on rate_plan_id (KeyRatePlanNotOffered):
//     a traveller moves to what is on offer.
func (t Trip) PlansForChange(offered []trip.RatePlan, planID string) ([]trip.RatePlan, error) {
	own := t.RatePlan
	if own.ID == "" {
		for _, p := range offered {
			if p.ID == planID {
				return offered, nil
			}
		}
		return nil, planNotOffered()
	}
	booked := trip.RatePlan{ID: own.ID, Name: own.Name, NameAR: own.NameAR, PricePerKm: own.PerKm, WaitingPerHour: own.WaitingPerHour, Seats: own.Seats}
	out := make([]trip.RatePlan, 0, len(offered)+1)
	found, ownOffered := planID == own.ID, false
	for _, p := range offered {
		found = found || p.ID == planID
		if p.ID == own.ID {
			ownOffered = true
			kept := booked
			kept.Name, kept.NameAR = p.Name, p.NameAR
			p = kept
		}
		out = append(out, p)
	}
	if !found {
		return nil, planNotOffered()
	}
	if !ownOffered {
		out = append(out, booked)
	}
	return out, nil
}

func planNotOffered() error {
	v := &domain.ValidationError{}
	v.Add("rate_plan_id", KeyRatePlanNotOffered)
	return v
}
