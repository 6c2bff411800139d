// Package demo seeds an empty Mishwar with a realistic Cairo catalogue (MISHWAR_DEMO=1): real
// destinations with their coordinates, hours and descriptions in English and Arabic, categories,
// programs, rate plans, pickup points, drivers, countries, offers, national holidays, currency rates
// and the home page content, plus generated artwork so it all looks finished offline.
//
// It goes through the same command handlers the admin uses, so the demo is ordinary history in the
// event store. It never writes to a read model and never touches a catalogue that has anything in it.
package demo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// Actor is who the demo's events say made them.
var Actor = commands.Actor{UserID: "demo", Role: "system"}

var namespace = uuid.MustParse("3b7c2a1e-8f4d-4c55-9a0e-6d1f2b7c9e40")

// ID is the id the demo gives the entity of kind (a stream category, e.g. "destination") with key (its
// slug or code), the same in every installation, so tests and links can name demo entities.
func ID(kind, key string) uuid.UUID { return uuid.NewSHA1(namespace, []byte(kind+":"+key)) }

func meta(step string) commands.Meta {
	m := commands.NewMeta(Actor)
	// Deterministic command ids make a second run (two processes starting at once) a no-op.
	m.CommandID = uuid.NewSHA1(namespace, []byte("command:"+step))
	m.CorrelationID = uuid.NewSHA1(namespace, []byte("demo-seed")).String()
	return m
}

// Seeded reports whether the store has home content, which the seed writes last. It asks the event
// store, not a read model, which may still be catching up. A seed cut short has none, and runs again:
// its commands have fixed ids, so what it did the first time is not repeated.
func Seeded(ctx context.Context, store eventstore.Store) (bool, error) {
	_, err := store.ReadStream(ctx, eventstore.StreamID(cat.HomeContentStream, cat.SingletonID), 0)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, eventstore.ErrStreamNotFound):
		return false, nil
	}
	return false, fmt.Errorf("demo: %w", err)
}

// Seed fills an empty catalogue. It does nothing when Seeded says it ran already, or when isEmpty
// (the catalogue read model's view; may be nil) says an admin has entered something.
func Seed(ctx context.Context, store eventstore.Store, h *catcmd.Handlers, isEmpty func(context.Context) (bool, error)) error {
	seeded, err := Seeded(ctx, store)
	if err != nil || seeded {
		return err
	}
	if isEmpty != nil {
		empty, err := isEmpty(ctx)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if !empty {
			return nil
		}
	}
	steps := []func(context.Context, *catcmd.Handlers) error{
		seedCategories, seedDestinations, seedPrograms, seedRatePlans, seedPickupPoints,
		seedSettings, seedDrivers, seedCountries, seedOffers, seedRates, seedHome,
	}
	for _, step := range steps {
		if err := step(ctx, h); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

func seedCategories(ctx context.Context, h *catcmd.Handlers) error {
	for i, c := range categories {
		f := cat.CategoryFields{Slug: c.slug, Name: c.name, Description: c.desc, Photo: ArtPath(c.motif, c.slug), DisplayOrder: i + 1}
		if _, err := h.Categories.Create(ctx, cat.CreateCategory{ID: ID(cat.CategoryStream, c.slug), Fields: f}, meta("category "+c.slug)); err != nil {
			return fmt.Errorf("category %s: %w", c.slug, err)
		}
	}
	return nil
}

func seedDestinations(ctx context.Context, h *catcmd.Handlers) error {
	for i, p := range places {
		f := cat.DestinationFields{
			Slug: p.slug, CategoryID: ID(cat.CategoryStream, p.category),
			Name: p.name, ShortDescription: p.short, Description: p.long, Address: p.address,
			Lat: p.lat, Lng: p.lng, Photos: []string{ArtPath(p.motif, p.slug)},
			VisitMinutes: p.visit, OpeningHours: p.hours, HoursNote: p.hoursNote, TicketNote: p.ticket,
			Published: true, DisplayOrder: i + 1, Popularity: p.popularity,
		}
		if _, err := h.Destinations.Create(ctx, cat.CreateDestination{ID: ID(cat.DestinationStream, p.slug), Fields: f}, meta("destination "+p.slug)); err != nil {
			return fmt.Errorf("destination %s: %w", p.slug, err)
		}
	}
	return nil
}

func seedPrograms(ctx context.Context, h *catcmd.Handlers) error {
	for i, p := range programs {
		stops := make([]uuid.UUID, len(p.stops))
		for j, s := range p.stops {
			stops[j] = ID(cat.DestinationStream, s)
		}
		f := cat.ProgramFields{
			Slug: p.slug, Name: p.name, ShortDescription: p.short, Description: p.long,
			DestinationIDs: stops, Hours: p.hours, Price: money.New(p.priceEGP*100, money.EGP),
			Photos: []string{ArtPath(p.motif, p.slug)}, Published: true, Top: p.top, DisplayOrder: i + 1,
		}
		if _, err := h.Programs.Create(ctx, cat.CreateProgram{ID: ID(cat.ProgramStream, p.slug), Fields: f}, meta("program "+p.slug)); err != nil {
			return fmt.Errorf("program %s: %w", p.slug, err)
		}
	}
	return nil
}

func seedRatePlans(ctx context.Context, h *catcmd.Handlers) error {
	for _, r := range ratePlans {
		f := cat.RatePlanFields{
			Name: r.name, Description: r.description, Seats: r.seats,
			PricePerKm: money.New(r.perKm*100, money.EGP), WaitingPerHour: money.New(r.perHour*100, money.EGP),
			Active: true, DisplayOrder: r.order,
		}
		if _, err := h.RatePlans.Create(ctx, cat.CreateRatePlan{ID: ID(cat.RatePlanStream, r.key), Fields: f}, meta("rate plan "+r.key)); err != nil {
			return fmt.Errorf("rate plan %s: %w", r.key, err)
		}
	}
	return nil
}

func seedPickupPoints(ctx context.Context, h *catcmd.Handlers) error {
	for i, p := range pickups {
		f := cat.PickupPointFields{Name: p.name, Kind: p.kind, Address: p.address, Lat: p.lat, Lng: p.lng, Active: true, DisplayOrder: i + 1}
		if _, err := h.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: ID(cat.PickupPointStream, p.key), Fields: f}, meta("pickup point "+p.key)); err != nil {
			return fmt.Errorf("pickup point %s: %w", p.key, err)
		}
	}
	return nil
}

func seedSettings(ctx context.Context, h *catcmd.Handlers) error {
	cmds := []struct {
		step string
		cmd  cat.SettingsCommand
	}{
		{"opening hours", cat.SetOpeningHours{Hours: officeHours()}},
		{"default pickup point", cat.SetDefaultPickupPoint{PickupPointID: ID(cat.PickupPointStream, pickups[0].key)}},
	}
	for _, hd := range holidays {
		// The list is of given years; a demo started years later seeds the ones still in range.
		if d, err := time.Parse(time.DateOnly, hd.Date); err == nil && !cat.HolidayDateInRange(d, time.Now()) {
			continue
		}
		cmds = append(cmds, struct {
			step string
			cmd  cat.SettingsCommand
		}{"holiday " + hd.Date, cat.AddHoliday{Holiday: hd}})
	}
	for _, c := range cmds {
		if _, err := h.Settings(ctx, c.cmd, meta(c.step)); err != nil {
			return fmt.Errorf("%s: %w", c.step, err)
		}
	}
	return nil
}

func seedDrivers(ctx context.Context, h *catcmd.Handlers) error {
	for _, d := range drivers {
		f := cat.DriverFields{Name: d.name, Phone: d.phone, Licence: d.licence, Vehicle: d.vehicle, Plate: d.plate,
			Seats: d.seats, WorkingDays: d.days, TripsPerDay: d.tripsPerDay, Active: true}
		if _, err := h.Drivers.Create(ctx, cat.CreateDriver{ID: ID(cat.DriverStream, d.phone), Fields: f}, meta("driver "+d.phone)); err != nil {
			return fmt.Errorf("driver %s: %w", d.name.En, err)
		}
	}
	return nil
}

func seedCountries(ctx context.Context, h *catcmd.Handlers) error {
	for i, c := range countries {
		f := cat.CountryFields{Code: c.code, Name: c.name, DialCode: c.dial, Active: true, DisplayOrder: i + 1}
		if _, err := h.Countries.Create(ctx, cat.CreateCountry{ID: ID(cat.CountryStream, c.code), Fields: f}, meta("country "+c.code)); err != nil {
			return fmt.Errorf("country %s: %w", c.code, err)
		}
	}
	return nil
}

func seedOffers(ctx context.Context, h *catcmd.Handlers) error {
	for _, o := range offers {
		var ids []uuid.UUID
		for _, p := range o.programs {
			ids = append(ids, ID(cat.ProgramStream, p))
		}
		f := cat.OfferFields{Title: o.title, Description: o.desc, Kind: cat.DiscountPercent, PercentBasisPoints: o.percentBP,
			PromoCode: o.promo, ValidFrom: o.from, ValidUntil: o.until, AppliesTo: o.appliesTo, ProgramIDs: ids, Active: true,
			LimitPerCustomer: o.perCustomer}
		if _, err := h.Offers.Create(ctx, cat.CreateOffer{ID: ID(cat.OfferStream, o.key), Fields: f}, meta("offer "+o.key)); err != nil {
			return fmt.Errorf("offer %s: %w", o.key, err)
		}
	}
	return nil
}

func seedRates(ctx context.Context, h *catcmd.Handlers) error {
	_, err := h.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: rates}, meta("currency rates"))
	return err
}

func seedHome(ctx context.Context, h *catcmd.Handlers) error {
	_, err := h.UpdateHomeContent(ctx, cat.UpdateHomeContent{Content: homeContent(ID(cat.ProgramStream, programs[0].slug))}, meta("home content"))
	return err
}
