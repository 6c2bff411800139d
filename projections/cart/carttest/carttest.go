// Package carttest builds the real pieces the cart's tests run on: a fresh PostgreSQL database with
// the event store, the catalogue's commands and read model, and the cart's read model, all running.
// It creates catalogue entities through the catalogue's own commands, so tests see the catalogue as
// the application does. For tests only.
package carttest

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	cartrm "mishwar/projections/cart"
	"mishwar/projections/catalogue"
)

// Fixture is a running write and read side for the cart.
type Fixture struct {
	Pool        *pgxpool.Pool
	Store       eventstore.Store
	Registry    *eventstore.Registry
	Runner      *commands.Runner
	Catalogue   *catcmd.Handlers
	Projections *projections.Runner
	Reader      *catalogue.Reader
	Carts       *cartrm.Reader
	Cart        *cartcmd.Handlers
	category    uuid.UUID
}

// New starts the fixture on a fresh database; it stops when the test ends. The test binary must run
// pgtest.Main from its TestMain.
func New(t testing.TB) *Fixture {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	f := &Fixture{Pool: pool, Store: postgres.New(pool), Registry: eventstore.NewRegistry()}
	catcmd.RegisterEvents(f.Registry)
	cartcmd.RegisterEvents(f.Registry)
	f.Runner = commands.NewRunner(f.Store, f.Registry)
	f.Catalogue = catcmd.New(f.Runner)
	var err error
	f.Projections, err = projections.NewRunner(pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler)},
		catalogue.New(f.Registry), cartrm.New(f.Registry))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = f.Projections.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	f.Reader = catalogue.NewReader(pool)
	f.Carts = cartrm.NewReader(pool)
	f.Cart = cartcmd.NewCommands(f.Runner, f.Reader)
	f.category = uuid.New()
	f.must(t, "category", func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.Categories.Create(ctx, cat.CreateCategory{ID: f.category, Fields: cat.CategoryFields{
			Name: cat.Text{En: "Pharaonic", Ar: "فرعوني"},
		}}, meta)
		return res.Position, err
	})
	return f
}

var admin = commands.Actor{UserID: "admin", Role: "admin"}

func (f *Fixture) must(t testing.TB, what string, run func(context.Context, commands.Meta) (eventstore.Position, error)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pos, err := run(ctx, commands.NewMeta(admin))
	if err != nil {
		t.Fatalf("carttest: %s: %v", what, err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, pos); err != nil {
		t.Fatalf("carttest: %s: wait for the catalogue: %v", what, err)
	}
}

// Place is a destination to create.
type Place struct {
	Name, NameAR string
	Lat, Lng     float64
	VisitMinutes int
	// Hours: nil for open every day 08:00–17:00.
	Hours     cat.WeeklyHours
	Photo     string
	Published bool
}

// Daily is open every day from open to close ("HH:MM").
func Daily(open, close string) cat.WeeklyHours {
	var w cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		w = append(w, cat.DayHours{Day: d, Open: open, Close: close})
	}
	return w
}

// Destination creates a destination and returns its id.
func (f *Fixture) Destination(t testing.TB, p Place) uuid.UUID {
	t.Helper()
	id := uuid.New()
	if p.NameAR == "" {
		p.NameAR = "مكان " + p.Name
	}
	if p.Hours == nil {
		p.Hours = Daily("08:00", "17:00")
	}
	photos := []string{}
	if p.Photo != "" {
		photos = append(photos, p.Photo)
	}
	f.must(t, "destination "+p.Name, func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: cat.DestinationFields{
			CategoryID: f.category, Name: cat.Text{En: p.Name, Ar: p.NameAR},
			ShortDescription: cat.Text{En: "About " + p.Name, Ar: "عن " + p.NameAR},
			Lat:              p.Lat, Lng: p.Lng, Photos: photos, VisitMinutes: p.VisitMinutes,
			OpeningHours: p.Hours, Published: p.Published,
		}}, meta)
		return res.Position, err
	})
	return id
}

// Archive archives a destination.
func (f *Fixture) Archive(t testing.TB, id uuid.UUID) {
	t.Helper()
	f.must(t, "archive", func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.Destinations.Archive(ctx, id, meta)
		return res.Position, err
	})
}

// Program creates a program over destinations and returns its id.
func (f *Fixture) Program(t testing.TB, name string, published bool, destinations ...uuid.UUID) uuid.UUID {
	t.Helper()
	id := uuid.New()
	f.must(t, "program "+name, func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.Programs.Create(ctx, cat.CreateProgram{ID: id, Fields: cat.ProgramFields{
			Name: cat.Text{En: name, Ar: "برنامج " + name}, ShortDescription: cat.Text{En: "About " + name, Ar: "عن " + name},
			DestinationIDs: destinations, Hours: 8, Price: money.New(150000, money.EGP), Published: published,
		}}, meta)
		return res.Position, err
	})
	return id
}

// RatePlan creates an active rate plan with prices in piastres and returns its id.
func (f *Fixture) RatePlan(t testing.TB, name string, perKm, perHour int64, order int) uuid.UUID {
	t.Helper()
	id := uuid.New()
	f.must(t, "rate plan "+name, func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: id, Fields: cat.RatePlanFields{
			Name: cat.Text{En: name, Ar: "خطة " + name}, Seats: 4,
			PricePerKm: money.New(perKm, money.EGP), WaitingPerHour: money.New(perHour, money.EGP),
			Active: true, DisplayOrder: order,
		}}, meta)
		return res.Position, err
	})
	return id
}

// UpdateRatePlan changes a rate plan's prices.
func (f *Fixture) UpdateRatePlan(t testing.TB, id uuid.UUID, name string, perKm, perHour int64, order int) {
	t.Helper()
	f.must(t, "update rate plan "+name, func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.RatePlans.Update(ctx, cat.UpdateRatePlan{ID: id, Fields: cat.RatePlanFields{
			Name: cat.Text{En: name, Ar: "خطة " + name}, Seats: 4,
			PricePerKm: money.New(perKm, money.EGP), WaitingPerHour: money.New(perHour, money.EGP),
			Active: true, DisplayOrder: order,
		}}, meta)
		return res.Position, err
	})
}

// PickupPoint creates a pickup point and returns its id.
func (f *Fixture) PickupPoint(t testing.TB, name string, lat, lng float64, active bool) uuid.UUID {
	t.Helper()
	id := uuid.New()
	f.must(t, "pickup point "+name, func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: id, Fields: cat.PickupPointFields{
			Name: cat.Text{En: name, Ar: "نقطة " + name}, Kind: cat.PickupHotel, Lat: lat, Lng: lng, Active: active,
		}}, meta)
		return res.Position, err
	})
	return id
}

// DefaultPickupPoint makes id the default start.
func (f *Fixture) DefaultPickupPoint(t testing.TB, id uuid.UUID) {
	t.Helper()
	f.must(t, "default pickup point", func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.Settings(ctx, cat.SetDefaultPickupPoint{PickupPointID: id}, meta)
		return res.Position, err
	})
}

// CurrencyRates sets the display rates (per EGP).
func (f *Fixture) CurrencyRates(t testing.TB, usd, sar float64) {
	t.Helper()
	f.must(t, "currency rates", func(ctx context.Context, meta commands.Meta) (eventstore.Position, error) {
		res, err := f.Catalogue.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: []money.Rate{
			money.RateFromFloat(money.USD, usd), money.RateFromFloat(money.SAR, sar),
		}}, meta)
		return res.Position, err
	})
}

// WaitForCart waits until the cart read model has seen pos.
func (f *Fixture) WaitForCart(t testing.TB, pos eventstore.Position) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := f.Projections.WaitFor(ctx, cartrm.Name, pos); err != nil {
		t.Fatalf("carttest: wait for the cart read model: %v", err)
	}
}
