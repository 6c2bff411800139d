package catalogue

import "slices"

// Kinds of pickup point.
const (
	PickupAirport  = "airport"
	PickupHotel    = "hotel"
	PickupStation  = "station"
	PickupLandmark = "landmark"
)

// PickupKinds lists the kinds of pickup point in display order.
var PickupKinds = []string{PickupAirport, PickupHotel, PickupStation, PickupLandmark}

// PickupPointFields describe a place where trips start or end: an airport terminal, a hotel, a station.
type PickupPointFields struct {
	Name         Text    `json:"name"`
	Kind         string  `json:"kind"`
	Address      Text    `json:"address"`
	Lat          float64 `json:"lat"`
	Lng          float64 `json:"lng"`
	Active       bool    `json:"active"`
	DisplayOrder int     `json:"display_order"`
}

// Normalized trims the texts.
func (f PickupPointFields) Normalized() PickupPointFields {
	f.Name, f.Address = f.Name.trimmed(), f.Address.trimmed()
	return f
}

// Validate checks the rules of a pickup point.
func (f PickupPointFields) Validate() error {
	var c validator
	c.text("name", f.Name, true, maxName)
	if f.Kind == "" {
		c.add("kind", keyRequired)
	} else if !slices.Contains(PickupKinds, f.Kind) {
		c.add("kind", keyInvalidChoice)
	}
	c.text("address", f.Address, false, maxAddress)
	c.point(f.Lat, f.Lng)
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	return c.err()
}

var (
	PickupPointRefusals    = refusalsFor("pickup_point")
	PickupPoint            = NewEntityDecider[PickupPointFields](PickupPointRefusals)
	ErrPickupPointNotFound = PickupPointRefusals.NotFound
)

type (
	PickupPointState    = State[PickupPointFields]
	PickupPointCommand  = Command[PickupPointFields]
	PickupPointEvent    = Event[PickupPointFields]
	CreatePickupPoint   = Create[PickupPointFields]
	UpdatePickupPoint   = Update[PickupPointFields]
	ArchivePickupPoint  = Archive[PickupPointFields]
	RestorePickupPoint  = Restore[PickupPointFields]
	PickupPointCreated  = Created[PickupPointFields]
	PickupPointUpdated  = Updated[PickupPointFields]
	PickupPointArchived = Archived[PickupPointFields]
	PickupPointRestored = Restored[PickupPointFields]
)
