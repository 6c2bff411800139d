// Package catalogue is the catalogue's application: everything the HTTP layer (httpapi/catalogue)
// and the web app's head tags and sitemap may ask of the catalogue, as Application{Commands, Queries}
// (app.go), one file per command and per query.
//
// Commands are the admin's creates, edits, archives and restores of every catalogue entity, the home
// content, the business settings, the currency rates and photo uploads. Unique keys (slugs, country
// codes, promo codes) are claimed on streams of their own before an entity takes them, so two admins
// cannot give two destinations one slug, whatever the read model says. The rules are the deciders' in
// domain/catalogue; a command only reads the read model to refuse a reference to a missing or archived
// entity (references.go).
//
// Queries read the catalogue read model (projections/catalogue), each through the narrow interface it
// declares, and the write side for histories. What visitors see passes domain/catalogue's
// VisibleToVisitors. Photos are stored through the PhotoStore port and actors named through the People
// port; this package never imports an adapter, and never writes a read model.
package catalogue

import (
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
	catrm "mishwar/projections/catalogue"
)

// Handlers is the write side: it runs every catalogue command on the event store. The application
// (NewApplication) wraps it; the demo seed and test fixtures use it directly.
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
			Stream: cat.DestinationStream, Decider: cat.Destination, ReadModelKind: catrm.KindDestination, KeyField: "slug", DerivedFrom: "name",
			Key: func(f cat.DestinationFields) string { return f.Slug },
		}},
		Categories: &Entities[cat.CategoryFields]{runner: runner, kind: Kind[cat.CategoryFields]{
			Stream: cat.CategoryStream, Decider: cat.Category, ReadModelKind: catrm.KindCategory, KeyField: "slug", DerivedFrom: "name",
			Key: func(f cat.CategoryFields) string { return f.Slug },
		}},
		Programs: &Entities[cat.ProgramFields]{runner: runner, kind: Kind[cat.ProgramFields]{
			Stream: cat.ProgramStream, Decider: cat.Program, ReadModelKind: catrm.KindProgram, KeyField: "slug", DerivedFrom: "name",
			Key: func(f cat.ProgramFields) string { return f.Slug },
		}},
		RatePlans: &Entities[cat.RatePlanFields]{runner: runner, kind: Kind[cat.RatePlanFields]{
			Stream: cat.RatePlanStream, Decider: cat.RatePlan, ReadModelKind: catrm.KindRatePlan,
		}},
		Offers: &Entities[cat.OfferFields]{runner: runner, kind: Kind[cat.OfferFields]{
			Stream: cat.OfferStream, Decider: cat.Offer, ReadModelKind: catrm.KindOffer, KeyField: "promo_code",
			Key: func(f cat.OfferFields) string { return f.PromoCode },
		}},
		Countries: &Entities[cat.CountryFields]{runner: runner, kind: Kind[cat.CountryFields]{
			Stream: cat.CountryStream, Decider: cat.Country, ReadModelKind: catrm.KindCountry, KeyField: "code",
			Key: func(f cat.CountryFields) string { return f.Code },
		}},
		Drivers: &Entities[cat.DriverFields]{runner: runner, kind: Kind[cat.DriverFields]{
			Stream: cat.DriverStream, Decider: cat.Driver, ReadModelKind: catrm.KindDriver, KeyField: "phone",
			Key: func(f cat.DriverFields) string { return f.Phone },
		}},
		PickupPoints: &Entities[cat.PickupPointFields]{runner: runner, kind: Kind[cat.PickupPointFields]{
			Stream: cat.PickupPointStream, Decider: cat.PickupPoint, ReadModelKind: catrm.KindPickupPoint,
		}},
	}
}

func singleton(category string) string { return eventstore.StreamID(category, cat.SingletonID) }
