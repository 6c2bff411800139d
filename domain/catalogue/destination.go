package catalogue

import (
	"github.com/google/uuid"
)

// DestinationFields describe a place a trip can stop at.
type DestinationFields struct {
	Slug             string    `json:"slug"`
	CategoryID       uuid.UUID `json:"category_id"`
	Name             Text      `json:"name"`
	ShortDescription Text      `json:"short_description"`
	Description      Text      `json:"description"`
	Address          Text      `json:"address"`
	Lat              float64   `json:"lat"`
	Lng              float64   `json:"lng"`
	Photos           []string  `json:"photos"`
	// VisitMinutes is how long a visit usually takes: the waiting time a stop adds to a trip.
	VisitMinutes int         `json:"visit_minutes"`
	OpeningHours WeeklyHours `json:"opening_hours"`
	// HoursNote qualifies the hours ("closed during Friday prayers").
	HoursNote  Text `json:"hours_note"`
	TicketNote Text `json:"ticket_note"`
	Published  bool `json:"published"`
	// DisplayOrder sorts lists, smallest first; Popularity ranks "most visited", largest first.
	DisplayOrder int `json:"display_order"`
	Popularity   int `json:"popularity"`
}

// Normalized trims the texts, derives a missing slug from the English name and sorts the hours.
func (f DestinationFields) Normalized() DestinationFields {
	f.Name, f.ShortDescription, f.Description = f.Name.trimmed(), f.ShortDescription.trimmed(), f.Description.trimmed()
	f.Address, f.HoursNote, f.TicketNote = f.Address.trimmed(), f.HoursNote.trimmed(), f.TicketNote.trimmed()
	if f.Slug == "" {
		f.Slug = Slugify(f.Name.En)
	}
	f.Photos = trimAll(f.Photos)
	f.OpeningHours = f.OpeningHours.sorted()
	return f
}

// Validate checks the rules of a destination.
func (f DestinationFields) Validate() error {
	var c validator
	c.slug("slug", f.Slug)
	if f.CategoryID == uuid.Nil {
		c.add("category_id", keyRequired)
	}
	c.text("name", f.Name, true, maxName)
	c.text("short_description", f.ShortDescription, true, maxShort)
	c.text("description", f.Description, false, maxLong)
	c.text("address", f.Address, false, maxAddress)
	c.text("hours_note", f.HoursNote, false, maxShort)
	c.text("ticket_note", f.TicketNote, false, maxShort)
	c.point(f.Lat, f.Lng)
	c.photos("photos", f.Photos)
	c.intRange("visit_minutes", f.VisitMinutes, 10, 12*60)
	c.hours("opening_hours", f.OpeningHours)
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	c.intRange("popularity", f.Popularity, 0, 1_000_000_000)
	return c.err()
}

// The destination's decider and the names its commands and events go by.
var (
	DestinationRefusals = refusalsFor("destination")
	Destination         = NewEntityDecider[DestinationFields](DestinationRefusals)
	// ErrDestinationNotFound is the refusal (and the read side's error) for an unknown destination.
	ErrDestinationNotFound = DestinationRefusals.NotFound
)

type (
	DestinationState    = State[DestinationFields]
	DestinationCommand  = Command[DestinationFields]
	DestinationEvent    = Event[DestinationFields]
	CreateDestination   = Create[DestinationFields]
	UpdateDestination   = Update[DestinationFields]
	ArchiveDestination  = Archive[DestinationFields]
	RestoreDestination  = Restore[DestinationFields]
	DestinationCreated  = Created[DestinationFields]
	DestinationUpdated  = Updated[DestinationFields]
	DestinationArchived = Archived[DestinationFields]
	DestinationRestored = Restored[DestinationFields]
)
