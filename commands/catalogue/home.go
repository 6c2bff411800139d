package catalogue

import (
	"context"
	"time"

	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// HomeReader is the part of the read model the home page needs besides programs, destinations and
// hours.
type HomeReader interface {
	Home(ctx context.Context) (cat.HomeContent, time.Time, error)
	MostVisitedDestination(ctx context.Context) (catrm.Destination, bool, error)
}

// Home is everything the home page shows.
type Home struct {
	Content cat.HomeContent
	// FullDayProgram is the program the full-day ride points at (nil: none, or hidden).
	FullDayProgram *ProgramView
	TopPrograms    []ProgramView
	MostVisited    *DestinationView
	Hours          OpeningHours
}

// HomeHandler answers the home page.
type HomeHandler struct {
	rm interface {
		HomeReader
		ProgramsReader
	}
	programs     ProgramsHandler
	destinations DestinationsHandler
	hours        OpeningHoursHandler
}

// Handle answers the home page as of now.
func (h HomeHandler) Handle(ctx context.Context) (Home, error) {
	content, _, err := h.rm.Home(ctx)
	if err != nil {
		return Home{}, err
	}
	if content.FAQ == nil {
		content.FAQ = []cat.FAQItem{}
	}
	out := Home{Content: content}
	if out.TopPrograms, err = h.programs.Handle(ctx, ProgramsQuery{TopOnly: true}); err != nil {
		return Home{}, err
	}
	if d, ok, err := h.rm.MostVisitedDestination(ctx); err != nil {
		return Home{}, err
	} else if ok {
		views, err := h.destinations.views(ctx, []Destination{d})
		if err != nil {
			return Home{}, err
		}
		out.MostVisited = &views[0]
	}
	if id := content.FullDayRide.ProgramID; id != uuid.Nil {
		// A hidden or missing program leaves the ride without its program, not the page broken.
		if p, err := h.rm.Program(ctx, id); err == nil && p.Visible() {
			views, err := h.programs.views(ctx, []Program{p})
			if err != nil {
				return Home{}, err
			}
			out.FullDayProgram = &views[0]
		}
	}
	if out.Hours, err = h.hours.Handle(ctx); err != nil {
		return Home{}, err
	}
	return out, nil
}
