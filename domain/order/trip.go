package order

import (
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/money"
)

// Point is a place a trip starts or ends at, as the traveller chose it.
type Point struct {
	Name   string  `json:"name"`
	NameAR string  `json:"name_ar,omitempty"`
	Lat    float64 `json:"lat"`
	Lng    float64 `json:"lng"`
	// PickupPointID is set when the point is one of the catalogue's pickup points.
	PickupPointID string `json:"pickup_point_id,omitempty"`
}

// Stop is one destination of the itinerary, as the catalogue described it when the order was placed.
type Stop struct {
	DestinationID string  `json:"destination_id"`
	NameEN        string  `json:"name_en"`
	NameAR        string  `json:"name_ar"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	VisitMinutes  int     `json:"visit_minutes"`
}

// Itinerary is where the trip goes, in order.
type Itinerary struct {
	Start Point  `json:"start"`
	End   Point  `json:"end"`
	Stops []Stop `json:"stops"`
	// ProgramID is set when the itinerary is one of the catalogue's programs.
	// ProgramName is the program's English name, ProgramNameAR its Arabic one (absent on events
	// recorded before it was: ProgramNameIn falls back to English).
	ProgramID     string `json:"program_id,omitempty"`
	ProgramName   string `json:"program_name,omitempty"`
	ProgramNameAR string `json:"program_name_ar,omitempty"`
}

// ProgramNameIn is the program's name in lang ("ar" or anything else for English), English when no
// Arabic name was recorded.
func (i Itinerary) ProgramNameIn(lang string) string {
	if lang == "ar" && i.ProgramNameAR != "" {
		return i.ProgramNameAR
	}
	return i.ProgramName
}

// RatePlan is the plan the trip is priced with, as it was when the order was placed.
type RatePlan struct {
	ID             string      `json:"id"`
	Name           string      `json:"name"`
	NameAR         string      `json:"name_ar,omitempty"`
	PerKm          money.Money `json:"per_km"`
	WaitingPerHour money.Money `json:"waiting_per_hour"`
	// Seats is how many travellers the plan's class of car carries (0: not known, on trips recorded
	// before it was: Carries then checks nothing).
	Seats int `json:"seats,omitempty"`
}

// Carries reports whether the plan's car seats a group of travellers. A number not known — no group
// size given (0), or a trip recorded before its plan's seats were (0 seats) — is carried: there is
// nothing to check it against.
func (p RatePlan) Carries(travellers int) bool {
	return travellers <= 0 || p.Seats <= 0 || travellers <= p.Seats
}

// Leg is one drive of the trip, between two named places.
type Leg struct {
	From           string `json:"from"`
	To             string `json:"to"`
	DistanceMeters int64  `json:"distance_meters"`
	DriveMinutes   int    `json:"drive_minutes"`
}

// Quote is the trip's calculation (domain/trip) for the rate plan: what the traveller saw before
// paying. Total is charged, in EGP.
type Quote struct {
	DistanceMeters int64 `json:"distance_meters"`
	// DurationMinutes is the whole trip, driving and waiting; DriveMinutes the driving alone.
	DurationMinutes int         `json:"duration_minutes"`
	DriveMinutes    int         `json:"drive_minutes"`
	WaitingMinutes  int         `json:"waiting_minutes"`
	Legs            []Leg       `json:"legs,omitempty"`
	DistanceCost    money.Money `json:"distance_cost"`
	WaitingCost     money.Money `json:"waiting_cost"`
	Total           money.Money `json:"total"`
}

// Trip is everything about when and where the order goes and what it costs.
type Trip struct {
	StartAt   time.Time        `json:"start_at"`
	Day       availability.Day `json:"day"`
	Itinerary Itinerary        `json:"itinerary"`
	RatePlan  RatePlan         `json:"rate_plan"`
	Quote     Quote            `json:"quote"`
}

// Contact is who to reach about the order.
type Contact struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Country   string `json:"country"`
	Comments  string `json:"comments,omitempty"`
	// Travellers is the group size the traveller gave (0: not given, as on orders placed before
	// checkout asked), so the driver knows how many to pick up.
	Travellers int `json:"travellers,omitempty"`
}

// TripDetails is what of the contact a page opened by a secret link (an enquiry's) may show: the
// names, the group size and the traveller's comments, which are about the trip; never how to reach
// the traveller (e-mail, phone, country).
func (c Contact) TripDetails() Contact {
	return Contact{FirstName: c.FirstName, LastName: c.LastName, Travellers: c.Travellers, Comments: c.Comments}
}

// MaxTravellers bounds the group size of one order (the largest car the catalogue allows).
const MaxTravellers = 50
