// Package dispatchtest builds the real pieces dispatch tests run on: a fresh PostgreSQL database with
// the event store, the catalogue's driver commands, the account tables and the dispatch handlers.
// Orders are given as their real events on their own streams. For tests only.
package dispatchtest

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/accountsdb"
	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	dispatchcmd "mishwar/commands/dispatch"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/clocktest"
	"mishwar/internal/pgtest"
)

// Fixture is the write side dispatch needs, on a fresh database.
type Fixture struct {
	Pool      *pgxpool.Pool
	Store     eventstore.Store
	Registry  *eventstore.Registry
	Runner    *commands.Runner
	Catalogue *catcmd.Handlers
	Accounts  *accountsdb.Store
	Dispatch  *dispatchcmd.Handlers
	// Clock is the commands' clock: OnTheDay at first.
	Clock *Clock
}

// OnTheDay is 09:00 in Cairo on Wednesday 2026-11-18, an hour before the pickup of the fixture's
// orders on that day: a driver may start them.
var OnTheDay = time.Date(2026, 11, 18, 7, 0, 0, 0, time.UTC)

// Clock is a settable clock.
type Clock = clocktest.Clock

// Admin is the operator who dispatches in tests.
var Admin = commands.Actor{UserID: "admin-1", Role: "admin"}

// New starts the fixture.
func New(t testing.TB) *Fixture {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	reg := eventstore.NewRegistry()
	catcmd.RegisterEvents(reg)
	orderscmd.RegisterEvents(reg)
	dispatchcmd.RegisterEvents(reg)
	store := postgres.New(pool)
	runner := commands.NewRunner(store, reg)
	clock := clocktest.New(OnTheDay)
	runner.Now = clock.Now
	acc := accountsdb.NewStore(pool)
	return &Fixture{Pool: pool, Store: store, Registry: reg, Runner: runner, Catalogue: catcmd.New(runner), Accounts: acc,
		Dispatch: dispatchcmd.New(runner, accountsdb.NewTables(acc, nil)), Clock: clock}
}

// Driver adds a driver working on days (every day when none), with tripsPerDay, and links a fresh
// driver account to them. It returns the driver's id and the account's user id.
func (f *Fixture) Driver(t testing.TB, tripsPerDay int, days ...time.Weekday) (driverID, userID string) {
	t.Helper()
	ctx := context.Background()
	if len(days) == 0 {
		days = []time.Weekday{0, 1, 2, 3, 4, 5, 6}
	}
	id := uuid.New()
	if _, err := f.Catalogue.Drivers.Create(ctx, cat.CreateDriver{ID: id, Fields: cat.DriverFields{
		Name: cat.Text{En: "Karim Driver", Ar: "كريم"}, Phone: fmt.Sprintf("+2010%08d", id.ID()%100000000), Licence: "L-" + id.String()[:8],
		Vehicle: cat.Text{En: "Sedan", Ar: "سيدان"}, Plate: "ABC " + id.String()[:4], Seats: 4,
		WorkingDays: days, TripsPerDay: tripsPerDay, Active: true,
	}}, commands.NewMeta(Admin)); err != nil {
		t.Fatal(err)
	}
	userID = f.Account(t, "driver")
	u, err := f.Accounts.UserByID(ctx, f.Pool, uuid.MustParse(userID))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Dispatch.LinkAccount(ctx, id.String(), u.Email, nil, commands.NewMeta(Admin)); err != nil {
		t.Fatal(err)
	}
	return id.String(), userID
}

// Account creates an account with role and returns its user id.
func (f *Fixture) Account(t testing.TB, role string) string {
	t.Helper()
	id := uuid.New()
	if _, err := f.Accounts.CreateUser(context.Background(), f.Pool, accountsdb.NewUser{ID: id, Email: id.String()[:13] + "@example.com",
		PasswordHash: "x", FirstName: "Test", LastName: role, Role: role}); err != nil {
		t.Fatal(err)
	}
	return id.String()
}

// TripNumber is a fresh trip number.
func TripNumber() string {
	var seed [8]byte
	_, _ = rand.Read(seed[:])
	return order.TripNumberFrom(seed)
}

// Order writes an order's events for a trip on day owned by owner, with two stops, paid (confirmed)
// when paid is true, and returns its trip number.
func (f *Fixture) Order(t testing.TB, day availability.Day, owner string, paid bool) string {
	t.Helper()
	return f.OrderAt(t, day, 10*time.Hour, owner, paid)
}

// OrderAt is Order with its pickup at clock (since midnight, Cairo) instead of 10:00: one driver's
// trips of a day must not overlap.
func (f *Fixture) OrderAt(t testing.TB, day availability.Day, clock time.Duration, owner string, paid bool) string {
	t.Helper()
	return f.OrderLasting(t, day, clock, 0, owner, paid)
}

// OrderLasting is OrderAt for a trip quoted to last length (whole minutes; 0: no length known), so
// its driver is booked until it is due back.
func (f *Fixture) OrderLasting(t testing.TB, day availability.Day, clock, length time.Duration, owner string, paid bool) string {
	t.Helper()
	id := TripNumber()
	total := money.New(150000, money.EGP)
	events := []any{
		order.OrderPlaced{OrderID: id, UserID: owner, Lang: "en", Source: order.SourceCart,
			Contact: order.Contact{FirstName: "Mona", LastName: "Zaki", Email: "mona-" + id + "@example.com", Phone: "+201001234567", Country: "EG",
				Comments: "A child seat, please", Travellers: 3},
			Trip: trip(t, day, clock, length), DisplayCurrency: money.EGP, Reservation: "r-" + id, HoldUntil: time.Now().Add(time.Hour).UTC(), PlacedAt: time.Now().UTC()},
		order.PaymentRequested{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Provider: "sandbox", Amount: total, RedirectURL: "http://mishwar.test/pay", ExpiresAt: time.Now().Add(time.Hour).UTC()},
	}
	if paid {
		events = append(events, order.PaymentReceived{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: total, Confirms: true})
	}
	f.writeOrder(t, id, owner, eventstore.NoStream, events...)
	return id
}

// Exchange writes the order's exchange to clock on day, its trip quoted to last length, as an exchange
// done at once (no difference to pay) would.
func (f *Fixture) Exchange(t testing.TB, id string, day availability.Day, clock, length time.Duration) {
	t.Helper()
	f.writeOrder(t, id, "traveller", eventstore.StreamExists, order.OrderExchanged{ExchangeID: uuid.NewString(), To: trip(t, day, clock, length),
		NewReservation: "r-" + uuid.NewString(), Difference: money.New(0, money.EGP)})
}

// trip is the fixture's trip on day, picked up at clock (since midnight, Cairo), lasting length.
func trip(t testing.TB, day availability.Day, clock, length time.Duration) order.Trip {
	t.Helper()
	start, err := day.Time(cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	return order.Trip{StartAt: start.Add(clock).UTC(), Day: day, Itinerary: order.Itinerary{
		Start: order.Point{Name: "Nile Hotel", NameAR: "فندق النيل", Lat: 30.045, Lng: 31.232}, End: order.Point{Name: "Nile Hotel", NameAR: "فندق النيل", Lat: 30.045, Lng: 31.232},
		Stops: []order.Stop{{DestinationID: "p", NameEN: "Pyramids", NameAR: "الأهرامات", Lat: 29.9792, Lng: 31.1342, VisitMinutes: 120},
			{DestinationID: "m", NameEN: "Museum", NameAR: "المتحف", Lat: 30.0478, Lng: 31.2336, VisitMinutes: 90}}},
		RatePlan: order.RatePlan{ID: "rp-sedan", Name: "Sedan", NameAR: "سيدان"},
		Quote:    order.Quote{Total: money.New(150000, money.EGP), DurationMinutes: int(length / time.Minute)}}
}

// writeOrder appends events to order id's stream as owner's one command.
func (f *Fixture) writeOrder(t testing.TB, id, owner string, expected eventstore.ExpectedVersion, events ...any) {
	t.Helper()
	meta := commands.NewMeta(commands.Actor{UserID: owner, Role: "user"})
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = f.Registry.Encode(eventstore.DeterministicID(meta.CommandID, i), e, eventstore.Metadata{ActorID: owner, ActorRole: "user", CommandID: meta.CommandID.String()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.Store.Append(context.Background(), orderscmd.OrderStream(id), expected, data...); err != nil {
		t.Fatal(err)
	}
}

// Assign assigns driverID to the order's trip as Admin, failing the test on error.
func (f *Fixture) Assign(t testing.TB, orderID, driverID string) {
	t.Helper()
	if _, err := f.Dispatch.AssignDriver(context.Background(), orderID, driverID, commands.NewMeta(Admin)); err != nil {
		t.Fatal(err)
	}
}

// CancelOrder writes the order's cancellation on its stream, as the traveller's cancel would.
func (f *Fixture) CancelOrder(t testing.TB, id string) {
	t.Helper()
	meta := commands.NewMeta(commands.Actor{UserID: "traveller", Role: "user"})
	data, err := f.Registry.Encode(eventstore.DeterministicID(meta.CommandID, 0), order.OrderCancelled{Reason: "plans changed", Free: true,
		RefundBasisPoints: 10000, RefundDue: money.New(150000, money.EGP), Reservation: "r-" + id}, eventstore.Metadata{CommandID: meta.CommandID.String()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Store.Append(context.Background(), orderscmd.OrderStream(id), eventstore.Any, data); err != nil {
		t.Fatal(err)
	}
}

// As is a fresh command of the account userID with role.
func As(userID, role string) commands.Meta {
	return commands.NewMeta(commands.Actor{UserID: userID, Role: role})
}
