package orders_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	orderscmd "mishwar/commands/orders"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/distance"
	"mishwar/internal/payments"
	"mishwar/internal/pgtest"
	cartrm "mishwar/projections/cart"
	"mishwar/projections/cart/carttest"
	"mishwar/projections/catalogue"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// clock is a settable clock shared by the runner and the tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// fixture is the real write and read side: event store, catalogue, cart and orders, on PostgreSQL.
type fixture struct {
	*carttest.Fixture
	Orders  *orderscmd.Handlers
	Sandbox *payments.Sandbox
	Clock   *clock
	Plan    uuid.UUID
	Pickup  uuid.UUID
	Sights  []uuid.UUID
}

// now: Monday 16 November 2026, 10:00 in Cairo.
var now = time.Date(2026, 11, 16, 10, 0, 0, 0, cat.Cairo)

func newFixture(t *testing.T, drivers int) *fixture {
	t.Helper()
	f := &fixture{Fixture: carttest.New(t), Clock: &clock{t: now}}
	orderscmd.RegisterEvents(f.Registry)
	f.Runner.Now = f.Clock.Now
	f.Plan = f.RatePlan(t, "Sedan", 1200, 5000, 1)
	f.Pickup = f.PickupPoint(t, "Nile Hotel", 30.045, 31.232, true)
	f.Sights = []uuid.UUID{
		f.Destination(t, carttest.Place{Name: "Pyramids", Lat: 29.9792, Lng: 31.1342, VisitMinutes: 120, Published: true, Hours: carttest.Daily("06:00", "23:00")}),
		f.Destination(t, carttest.Place{Name: "Museum", Lat: 30.0478, Lng: 31.2336, VisitMinutes: 90, Published: true, Hours: carttest.Daily("06:00", "23:00")}),
	}
	f.CurrencyRates(t, 0.0205, 0.077)
	f.setHours(t, carttest.Daily("06:00", "23:00"))
	for i := 0; i < drivers; i++ {
		f.addDriver(t, i, 1)
	}
	sb, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("test-secret-test-secret"), PublicURL: "http://mishwar.test", Now: f.Clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	f.Sandbox = sb
	settings := orderscmd.DefaultSettings()
	f.Orders = orderscmd.New(orderscmd.Config{
		Runner:    f.Runner,
		Catalogue: orderscmd.CatalogueReader{Reader: f.Reader},
		Pricer: &orderscmd.CartPricer{Carts: f.Carts, Quoter: &cartrm.Quoter{
			Catalogue: f.Adapter, Distances: distance.NewEstimator(), Location: cat.Cairo}},
		Provider:  sb,
		Settings:  settings,
		PublicURL: func() string { return "http://mishwar.test" },
		Logger:    slog.New(slog.DiscardHandler),
	})
	return f
}

func (f *fixture) setHours(t *testing.T, w cat.WeeklyHours) {
	t.Helper()
	ctx := context.Background()
	res, err := f.Catalogue.Settings(ctx, cat.SetOpeningHours{Hours: w}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) addDriver(t *testing.T, n, tripsPerDay int) {
	t.Helper()
	ctx := context.Background()
	every := []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday}
	res, err := f.Catalogue.Drivers.Create(ctx, cat.CreateDriver{ID: uuid.New(), Fields: cat.DriverFields{
		Name: cat.Text{En: "Driver", Ar: "سائق"}, Phone: fmt.Sprintf("+2010012345%02d", n), Licence: "L-" + uuid.NewString()[:8],
		Vehicle: cat.Text{En: "Sedan", Ar: "سيدان"}, Plate: "ABC " + uuid.NewString()[:4], Seats: 4,
		WorkingDays: every, TripsPerDay: tripsPerDay, Active: true,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
}

// cart fills user's cart with the fixture's sights and the hotel as the start.
func (f *fixture) cart(t *testing.T, user string) {
	t.Helper()
	ctx := context.Background()
	meta := commands.NewMeta(commands.Actor{UserID: user, Role: "user"})
	var pos eventstore.Position
	for _, d := range f.Sights {
		_, res, err := f.Cart.AddDestination(ctx, user, d.String(), commands.NewMeta(meta.Actor))
		if err != nil {
			t.Fatal(err)
		}
		pos = res.Position
	}
	res, err := f.Cart.ChoosePoints(ctx, user, &cartcmd.PointChoice{PickupPointID: f.Pickup.String()}, nil, true, meta)
	if err != nil {
		t.Fatal(err)
	}
	if res.Position.Less(pos) {
		res.Position = pos
	}
	f.WaitForCart(t, res.Position)
}

func (f *fixture) input(user string, date string) orderscmd.PlaceOrderInput {
	return orderscmd.PlaceOrderInput{
		UserID: user, Lang: "en",
		Contact:           order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
		EmailConfirmation: "mona@example.com", TermsAgreed: true,
		Date: date, Time: "10:00", RatePlanID: f.Plan.String(), DisplayCurrency: money.USD,
	}
}

func userMeta(user string) commands.Meta {
	return commands.NewMeta(commands.Actor{UserID: user, Role: "user"})
}

// events loads a stream's events.
func events[E any](t *testing.T, f *fixture, stream string) []E {
	t.Helper()
	h, err := commands.Load[E](context.Background(), f.Runner, stream)
	if err != nil {
		t.Fatal(err)
	}
	return h.Events
}
