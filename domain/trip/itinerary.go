package trip

import (
	"time"

	"mishwar/domain/cart"
)

// Point is a place, in degrees (WGS 84): what the distance service measures between.
type Point struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Waypoint is a point of a route and how long the trip stays there before driving on (a stop's
// visit). The time of day each leg starts matters in Cairo traffic.
type Waypoint struct {
	Point
	Dwell time.Duration
}

// Place is a destination as the catalogue offers it now.
type Place struct {
	ID, Slug       string
	NameEN, NameAR string
	Lat, Lng       float64
	// Photo is the first photo's URL, or "".
	Photo        string
	VisitMinutes int
	// Hours are the opening hours; nil when unknown.
	Hours OpeningHours
}

// Name is the place's name in lang ("ar" or English).
func (d Place) Name(lang string) string {
	if lang == "ar" && d.NameAR != "" {
		return d.NameAR
	}
	return d.NameEN
}

// Item is one stop of an itinerary as its owner recorded it (a cart item, an order's stop).
type Item struct {
	ID            string
	DestinationID string
	// Position counts from 1.
	Position int
	// ProgramID is set when the item came with a program.
	ProgramID string
	// Recorded is the destination as recorded when the item was added: what is shown once the
	// catalogue no longer offers it.
	Recorded cart.Destination
}

// Itinerary is what a quote prices: items in order between a start and an end.
type Itinerary struct {
	// Version is the cart's version the itinerary was read at (-1: none).
	Version int64
	Items   []Item
	// Start nil: the admin's default pickup point; End nil: back to the start.
	Start, End *cart.Point
}

// DestinationIDs lists the items' destinations in itinerary order.
func (it Itinerary) DestinationIDs() []string {
	ids := make([]string, len(it.Items))
	for i, item := range it.Items {
		ids[i] = item.DestinationID
	}
	return ids
}

// ItemIDs lists the items' ids in itinerary order.
func (it Itinerary) ItemIDs() []string {
	ids := make([]string, len(it.Items))
	for i, item := range it.Items {
		ids[i] = item.ID
	}
	return ids
}

// TahrirSquare is where a route starts when the admin has set no default pickup point: the centre
// of Cairo, so distances stay plausible.
var TahrirSquare = cart.Point{Kind: cart.CustomPoint, Name: "Tahrir Square", NameAR: "ميدان التحرير", Lat: 30.0444, Lng: 31.2357}

// DefaultDeparture is when a trip is assumed to leave when the traveller has not said: 09:00 on the
// day after now on the clock of loc (Africa/Cairo), the usual start of a day trip.
func DefaultDeparture(now time.Time, loc *time.Location) time.Time {
	n := now.In(loc)
	return time.Date(n.Year(), n.Month(), n.Day()+1, 9, 0, 0, 0, loc)
}

// RoutePoint is a start or an end as the quote used it.
type RoutePoint struct {
	cart.Point
	// Default: the admin's default pickup point (nothing chosen). SameAsStart: an end not chosen.
	Default, SameAsStart bool
}

// Ends are it's start and end: the points chosen, else the admin's default pickup point
// (defaultStart; nil when the admin set none: TahrirSquare) and back to the start.
func Ends(it Itinerary, defaultStart *cart.Point) (start, end RoutePoint) {
	switch {
	case it.Start != nil:
		start = RoutePoint{Point: *it.Start}
	case defaultStart != nil:
		start = RoutePoint{Point: *defaultStart, Default: true}
	default:
		start = RoutePoint{Point: TahrirSquare, Default: true}
	}
	if it.End != nil {
		end = RoutePoint{Point: *it.End}
	} else {
		end = RoutePoint{Point: start.Point, SameAsStart: true}
	}
	return start, end
}

func pointOf(p cart.Point) Point { return Point{Lat: p.Lat, Lng: p.Lng} }
