package trip

// BookedPlaces are the places an order's itinerary is laid out with when it is quoted again (a change
// of date, time or rate plan): the destinations the catalogue offers now (offered), and each stop it
// no longer offers (archived or unpublished since) as the order recorded it — its coordinates and
// visit time — with the opening hours the catalogue last gave it (retired; none known: nil, open
// all day). A booked trip keeps its stops: archiving a destination takes it out of the catalogue,
// not out of the orders that include it. (A cart, which books nothing yet, drops such a stop: Lay.)
func BookedPlaces(it Itinerary, offered, retired map[string]Place) map[string]Place {
	out := make(map[string]Place, len(it.Items))
	for _, item := range it.Items {
		if d, ok := offered[item.DestinationID]; ok {
			out[item.DestinationID] = d
			continue
		}
		rec := item.Recorded
		out[item.DestinationID] = Place{ID: item.DestinationID, Slug: rec.Slug, NameEN: rec.NameEN, NameAR: rec.NameAR,
			Lat: rec.Lat, Lng: rec.Lng, VisitMinutes: rec.VisitMinutes, Hours: retired[item.DestinationID].Hours}
	}
	return out
}
