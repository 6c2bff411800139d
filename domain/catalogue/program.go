package catalogue

import (
	"fmt"

	"github.com/google/uuid"

	"mishwar/domain/money"
)

// MaxProgramStops bounds a program's destinations; a day cannot hold more.
const MaxProgramStops = 15

// ProgramFields describe a ready-made trip: destinations in visiting order, hours, a price in EGP.
type ProgramFields struct {
	Slug             string      `json:"slug"`
	Name             Text        `json:"name"`
	ShortDescription Text        `json:"short_description"`
	Description      Text        `json:"description"`
	DestinationIDs   []uuid.UUID `json:"destination_ids"`
	Hours            int         `json:"hours"`
	Price            money.Money `json:"price"`
	Photos           []string    `json:"photos"`
	Published        bool        `json:"published"`
	// Top programs are featured on the home page.
	Top          bool `json:"top"`
	DisplayOrder int  `json:"display_order"`
}

// Normalized trims the texts and derives a missing slug from the English name.
func (f ProgramFields) Normalized() ProgramFields {
	f.Name, f.ShortDescription, f.Description = f.Name.trimmed(), f.ShortDescription.trimmed(), f.Description.trimmed()
	if f.Slug == "" {
		f.Slug = Slugify(f.Name.En)
	}
	f.Photos = trimAll(f.Photos)
	return f
}

// Validate checks the rules of a program. That each destination exists is checked by the caller,
// which can look them up.
func (f ProgramFields) Validate() error {
	var c validator
	c.slug("slug", f.Slug)
	c.text("name", f.Name, true, maxName)
	c.text("short_description", f.ShortDescription, true, maxShort)
	c.text("description", f.Description, false, maxLong)
	switch n := len(f.DestinationIDs); {
	case n == 0:
		c.add("destination_ids", keyRequired)
	case n > MaxProgramStops:
		c.add("destination_ids", keyTooMany)
	}
	seen := map[uuid.UUID]bool{}
	for i, id := range f.DestinationIDs {
		if id == uuid.Nil {
			c.add(fmt.Sprintf("destination_ids.%d", i), keyRequired)
		} else if seen[id] {
			c.add(fmt.Sprintf("destination_ids.%d", i), keyDuplicate)
		}
		seen[id] = true
	}
	c.intRange("hours", f.Hours, 1, 24)
	c.egp("price", f.Price, false)
	c.photos("photos", f.Photos)
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	return c.err()
}

var (
	ProgramRefusals    = refusalsFor("program")
	Program            = NewEntityDecider[ProgramFields](ProgramRefusals)
	ErrProgramNotFound = ProgramRefusals.NotFound
)

type (
	ProgramState    = State[ProgramFields]
	ProgramCommand  = Command[ProgramFields]
	ProgramEvent    = Event[ProgramFields]
	CreateProgram   = Create[ProgramFields]
	UpdateProgram   = Update[ProgramFields]
	ArchiveProgram  = Archive[ProgramFields]
	RestoreProgram  = Restore[ProgramFields]
	ProgramCreated  = Created[ProgramFields]
	ProgramUpdated  = Updated[ProgramFields]
	ProgramArchived = Archived[ProgramFields]
	ProgramRestored = Restored[ProgramFields]
)
