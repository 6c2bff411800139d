// Package catalogue runs the catalogue's commands: the admin's creates, edits, archives and restores
// of every catalogue entity, the home content, the business settings and the currency rates. Unique
// keys (slugs, country codes, promo codes) are claimed on streams of their own before an entity takes
// them, so two admins cannot give two destinations one slug, whatever the read model says.
//
// It decides nothing itself (the deciders in domain/catalogue do) and never reads a read model.
package catalogue

import (
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// Handlers runs every catalogue command.
type Handlers struct {
	runner *commands.Runner

	Destinations *Entities[cat.DestinationFields]
	Categories   *Entities[cat.CategoryFields]
	Programs     *Entities[cat.ProgramFields]
	RatePlans    *Entities[cat.RatePlanFields]
	Offers       *Entities[cat.OfferFields]
	Countries    *Entities[cat.CountryFields]
	Drivers      *Entities[cat.DriverFields]
	PickupPoints *Entities[cat.PickupPointFields]
}

// New returns the catalogue's command handlers on runner.
func New(runner *commands.Runner) *Handlers {
	return &Handlers{
		runner: runner,
		Destinations: &Entities[cat.DestinationFields]{runner: runner, kind: Kind[cat.DestinationFields]{
			Stream: cat.DestinationStream, Decider: cat.Destination, KeyField: "slug",
			Key: func(f cat.DestinationFields) string { return f.Slug },
		}},
		Categories: &Entities[cat.CategoryFields]{runner: runner, kind: Kind[cat.CategoryFields]{
			Stream: cat.CategoryStream, Decider: cat.Category, KeyField: "slug",
			Key: func(f cat.CategoryFields) string { return f.Slug },
		}},
		Programs: &Entities[cat.ProgramFields]{runner: runner, kind: Kind[cat.ProgramFields]{
			Stream: cat.ProgramStream, Decider: cat.Program, KeyField: "slug",
			Key: func(f cat.ProgramFields) string { return f.Slug },
		}},
		RatePlans: &Entities[cat.RatePlanFields]{runner: runner, kind: Kind[cat.RatePlanFields]{
			Stream: cat.RatePlanStream, Decider: cat.RatePlan,
		}},
		Offers: &Entities[cat.OfferFields]{runner: runner, kind: Kind[cat.OfferFields]{
			Stream: cat.OfferStream, Decider: cat.Offer, KeyField: "promo_code",
			Key: func(f cat.OfferFields) string { return f.PromoCode },
		}},
		Countries: &Entities[cat.CountryFields]{runner: runner, kind: Kind[cat.CountryFields]{
			Stream: cat.CountryStream, Decider: cat.Country, KeyField: "code",
			Key: func(f cat.CountryFields) string { return f.Code },
		}},
		Drivers: &Entities[cat.DriverFields]{runner: runner, kind: Kind[cat.DriverFields]{
			Stream: cat.DriverStream, Decider: cat.Driver, KeyField: "phone",
			Key: func(f cat.DriverFields) string { return f.Phone },
		}},
		PickupPoints: &Entities[cat.PickupPointFields]{runner: runner, kind: Kind[cat.PickupPointFields]{
			Stream: cat.PickupPointStream, Decider: cat.PickupPoint,
		}},
	}
}

func singleton(category string) string { return eventstore.StreamID(category, cat.SingletonID) }
