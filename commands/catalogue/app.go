package catalogue

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
)

// Application is everything the catalogue's HTTP layer (httpapi/catalogue) and the web app's head
// tags and sitemap may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands change the catalogue, one file each.
type Commands struct {
	Destinations EntityCommands[cat.DestinationFields]
	Categories   EntityCommands[cat.CategoryFields]
	Programs     EntityCommands[cat.ProgramFields]
	RatePlans    EntityCommands[cat.RatePlanFields]
	Offers       EntityCommands[cat.OfferFields]
	Countries    EntityCommands[cat.CountryFields]
	Drivers      EntityCommands[cat.DriverFields]
	PickupPoints EntityCommands[cat.PickupPointFields]

	UpdateHomeContent UpdateHomeContentHandler
	ChangeSettings    ChangeSettingsHandler
	SetCurrencyRates  SetCurrencyRatesHandler
	// UploadPhoto is nil-safe: without a photo store it refuses with ErrNoPhotoStore.
	UploadPhoto UploadPhotoHandler
}

// EntityCommands are the lifecycle commands of one kind of entity.
type EntityCommands[F cat.Fields[F]] struct {
	Create  CreateEntityHandler[F]
	Update  UpdateEntityHandler[F]
	Archive ArchiveEntityHandler[F]
	Restore RestoreEntityHandler[F]
}

// Queries read the catalogue, one file each: what visitors browse (only what VisibleToVisitors
// lets through), what the admin lists and the histories of every change.
type Queries struct {
	Destinations  DestinationsHandler
	Destination   DestinationHandler
	Categories    CategoriesHandler
	Category      CategoryHandler
	Programs      ProgramsHandler
	Program       ProgramHandler
	RatePlans     RatePlansHandler
	PickupPoints  PickupPointsHandler
	OpeningHours  OpeningHoursHandler
	Home          HomeHandler
	CurrencyRates CurrencyRatesHandler
	Countries     CountriesHandler
	Offers        OffersHandler
	Search        SearchHandler
	Sitemap       SitemapHandler

	Admin AdminQueries
}

// AdminQueries are the admin's reads: every entity whatever its state, the singletons as the write
// side knows them, and who changed what.
type AdminQueries struct {
	Destinations AdminEntityQueries[cat.DestinationFields]
	Categories   AdminEntityQueries[cat.CategoryFields]
	Programs     AdminEntityQueries[cat.ProgramFields]
	RatePlans    AdminEntityQueries[cat.RatePlanFields]
	Offers       AdminEntityQueries[cat.OfferFields]
	Countries    AdminEntityQueries[cat.CountryFields]
	Drivers      AdminEntityQueries[cat.DriverFields]
	PickupPoints AdminEntityQueries[cat.PickupPointFields]

	HomeContent          AdminHomeHandler
	HomeHistory          HomeHistoryHandler
	Settings             AdminSettingsHandler
	SettingsHistory      SettingsHistoryHandler
	CurrencyRates        AdminCurrencyRatesHandler
	CurrencyRatesHistory CurrencyRatesHistoryHandler
}

// AdminEntityQueries are the admin's reads of one kind of entity.
type AdminEntityQueries[F cat.Fields[F]] struct {
	List    AdminListHandler
	Get     AdminEntityHandler
	History EntityHistoryHandler[F]
}

// ReadModel is the whole of the catalogue read model the application reads: the union of the narrow
// interfaces its commands and queries declare (projections/catalogue.Reader implements it).
type ReadModel interface {
	References
	DestinationsReader
	DestinationReader
	CategoriesReader
	ProgramsReader
	RatePlansReader
	PickupPointsReader
	OpeningHoursReader
	HomeReader
	CurrencyRatesReader
	CountriesReader
	OffersReader
	SitemapReader
	AdminReader
	UsageReader
}

// Config is what the application is built from.
type Config struct {
	// Handlers is the write side (New).
	Handlers  *Handlers
	ReadModel ReadModel
	// Photos stores uploaded photos (nil: uploads are refused).
	Photos PhotoStore
	// People names the actors of the histories (nil: actors are shown by id).
	People People
	// Now is the clock of "open now" and "today's offers" (nil: time.Now).
	Now func() time.Time
	// DriverTrips lists the trips drivers carry, so none loses its driver to an edit (nil: not
	// checked).
	DriverTrips DriverTripsReader
}

// NewApplication wires the catalogue's application.
func NewApplication(cfg Config) Application {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	h, rm := cfg.Handlers, cfg.ReadModel
	refs := references{rm: rm}
	hist := historian{people: cfg.People}
	programs := ProgramsHandler{rm: rm}
	destinations := DestinationsHandler{rm: rm}
	hours := OpeningHoursHandler{rm: rm, now: now}
	return Application{
		Commands: Commands{
			Destinations: entityCommands(h.Destinations, refs.destination, rm),
			Categories:   entityCommands(h.Categories, nil, nil),
			Programs:     entityCommands(h.Programs, refs.program, nil),
			RatePlans:    entityCommands(h.RatePlans, nil, nil),
			Offers:       entityCommands(h.Offers, refs.offer, nil),
			Countries:    entityCommands(h.Countries, nil, nil),
			Drivers:      guarded(entityCommands(h.Drivers, nil, nil), driverGuard(cfg.DriverTrips, now)),
			PickupPoints: entityCommands(h.PickupPoints, nil, nil),

			UpdateHomeContent: UpdateHomeContentHandler{handlers: h, refs: refs},
			ChangeSettings:    ChangeSettingsHandler{handlers: h, refs: refs},
			SetCurrencyRates:  SetCurrencyRatesHandler{handlers: h},
			UploadPhoto:       UploadPhotoHandler{photos: cfg.Photos},
		},
		Queries: Queries{
			Destinations:  destinations,
			Destination:   DestinationHandler{rm: rm, list: destinations},
			Categories:    CategoriesHandler{rm: rm},
			Category:      CategoryHandler{rm: rm},
			Programs:      programs,
			Program:       ProgramHandler{rm: rm, programs: programs},
			RatePlans:     RatePlansHandler{rm: rm},
			PickupPoints:  PickupPointsHandler{rm: rm},
			OpeningHours:  hours,
			Home:          HomeHandler{rm: rm, programs: programs, destinations: destinations, hours: hours},
			CurrencyRates: CurrencyRatesHandler{rm: rm},
			Countries:     CountriesHandler{rm: rm},
			Offers:        OffersHandler{rm: rm, now: now},
			Search:        SearchHandler{destinations: destinations, programs: programs},
			Sitemap:       SitemapHandler{rm: rm},
			Admin: AdminQueries{
				Destinations: adminEntityQueries(h.Destinations, rm, hist),
				Categories:   adminEntityQueries(h.Categories, rm, hist),
				Programs:     adminEntityQueries(h.Programs, rm, hist),
				RatePlans:    adminEntityQueries(h.RatePlans, rm, hist),
				Offers:       adminEntityQueries(h.Offers, rm, hist),
				Countries:    adminEntityQueries(h.Countries, rm, hist),
				Drivers:      adminEntityQueries(h.Drivers, rm, hist),
				PickupPoints: adminEntityQueries(h.PickupPoints, rm, hist),

				HomeContent:          AdminHomeHandler{handlers: h},
				HomeHistory:          HomeHistoryHandler{handlers: h, historian: hist},
				Settings:             AdminSettingsHandler{handlers: h},
				SettingsHistory:      SettingsHistoryHandler{handlers: h, historian: hist},
				CurrencyRates:        AdminCurrencyRatesHandler{handlers: h},
				CurrencyRatesHistory: CurrencyRatesHistoryHandler{handlers: h, historian: hist},
			},
		},
	}
}

// entityCommands builds the lifecycle commands of one kind; check verifies its references to other
// entities (nil: none), usage reports what still points at an archived entity (nil: nothing does).
func entityCommands[F cat.Fields[F]](e *Entities[F], check func(context.Context, F) error, usage UsageReader) EntityCommands[F] {
	v := validator[F]{check: check}
	return EntityCommands[F]{
		Create:  CreateEntityHandler[F]{entities: e, validate: v},
		Update:  UpdateEntityHandler[F]{entities: e, validate: v},
		Archive: ArchiveEntityHandler[F]{entities: e, usage: usage},
		Restore: RestoreEntityHandler[F]{entities: e},
	}
}

// guarded makes a kind's edits and archive ask guard first (nil: nothing to ask).
func guarded[F cat.Fields[F]](c EntityCommands[F], guard Guard[F]) EntityCommands[F] {
	c.Update.guard, c.Archive.guard = guard, guard
	return c
}

// DriverTripsReader lists the trips a driver carries that have not ended, from a Cairo day on.
type DriverTripsReader interface {
	TripsAhead(ctx context.Context, driverID, from string) ([]cat.DriverTrip, error)
}

// driverGuard refuses to archive a driver, make them inactive or drop a working day while trips they
// carry from today on would be left without them (cat.CheckDriverChange).
func driverGuard(trips DriverTripsReader, now func() time.Time) Guard[cat.DriverFields] {
	if trips == nil {
		return nil
	}
	return func(ctx context.Context, id uuid.UUID, next *cat.DriverFields) error {
		list, err := trips.TripsAhead(ctx, id.String(), now().In(cat.Cairo).Format(time.DateOnly))
		if err != nil {
			return fmt.Errorf("catalogue: trips of driver %s: %w", id, err)
		}
		return cat.CheckDriverChange(next, list)
	}
}

func adminEntityQueries[F cat.Fields[F]](e *Entities[F], rm AdminReader, hist historian) AdminEntityQueries[F] {
	kind := e.kind.ReadModelKind
	return AdminEntityQueries[F]{
		List:    AdminListHandler{rm: rm, kind: kind},
		Get:     AdminEntityHandler{rm: rm, kind: kind},
		History: EntityHistoryHandler[F]{entities: e, rm: rm, kind: kind, historian: hist},
	}
}
