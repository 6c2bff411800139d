// Package reviewstest builds what review tests run on: dispatch's fixture (a fresh PostgreSQL with the
// event store and the command runner) with the review events registered, and orders written as their
// real events on their own streams, completed or not. For tests only.
package reviewstest

import (
	"context"
	"testing"
	"time"

	"mishwar/commands"
	"mishwar/commands/dispatch/dispatchtest"
	reviewscmd "mishwar/commands/reviews"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// World is the fixture.
type World struct{ *dispatchtest.Fixture }

// New starts the fixture.
func New(t testing.TB) *World {
	t.Helper()
	f := dispatchtest.New(t)
	reviewscmd.RegisterEvents(f.Registry)
	return &World{Fixture: f}
}

// Trip says where an order goes.
type Trip struct {
	// Stops are destination ids with their English names.
	Stops     map[string]string
	ProgramID string
}

// Order writes a paid order owned by owner for a trip on the fixture's day (completed when completed
// is true, CompletedAt the fixture clock's now) and returns its trip number.
func (w *World) Order(t testing.TB, owner string, trip Trip, completed bool) string {
	t.Helper()
	id := dispatchtest.TripNumber()
	now := w.Clock.Now()
	day := availability.Day(now.Format(time.DateOnly))
	total := money.New(150000, money.EGP)
	var stops []order.Stop
	for dest, name := range trip.Stops {
		stops = append(stops, order.Stop{DestinationID: dest, NameEN: name, NameAR: "عربي " + name, Lat: 30, Lng: 31, VisitMinutes: 60})
	}
	it := order.Itinerary{Start: order.Point{Name: "Nile Hotel", Lat: 30.045, Lng: 31.232}, End: order.Point{Name: "Nile Hotel", Lat: 30.045, Lng: 31.232},
		Stops: stops, ProgramID: trip.ProgramID}
	if trip.ProgramID != "" {
		it.ProgramName, it.ProgramNameAR = "Giza in a day", "الجيزة في يوم"
	}
	events := []any{
		order.OrderPlaced{OrderID: id, UserID: owner, Lang: "en", Source: order.SourceCart,
			Contact:         order.Contact{FirstName: "Mona", LastName: "Zaki", Email: "mona-" + id + "@example.com", Phone: "+201001234567", Country: "EG"},
			Trip:            order.Trip{StartAt: now.Add(-6 * time.Hour).UTC(), Day: day, Itinerary: it, RatePlan: order.RatePlan{ID: "rp", Name: "Sedan"}, Quote: order.Quote{Total: total}},
			DisplayCurrency: money.EGP, Reservation: "r-" + id, HoldUntil: now.Add(time.Hour).UTC(), PlacedAt: now.Add(-48 * time.Hour).UTC()},
		order.PaymentRequested{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Provider: "sandbox", Amount: total, RedirectURL: "http://mishwar.test/pay", ExpiresAt: now.Add(time.Hour).UTC()},
		order.PaymentReceived{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: total, Confirms: true},
	}
	if completed {
		events = append(events, order.TripStarted{DriverID: "d", StartedAt: now.Add(-6 * time.Hour).UTC()},
			order.TripCompleted{DriverID: "d", CompletedAt: now.UTC()}, order.OrderCompleted{CompletedAt: now.UTC()})
	}
	meta := commands.NewMeta(commands.Actor{UserID: owner, Role: "user"})
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = w.Registry.Encode(eventstore.DeterministicID(meta.CommandID, i), e, eventstore.Metadata{ActorID: owner, ActorRole: "user", CommandID: meta.CommandID.String()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Store.Append(context.Background(), eventstore.StreamID("order", id), eventstore.NoStream, data...); err != nil {
		t.Fatal(err)
	}
	return id
}

// Traveller is a fresh command of the traveller userID; Staff one of an admin.
func Traveller(userID string) commands.Meta { return dispatchtest.As(userID, "user") }

// Staff is a fresh command of an admin.
func Staff() commands.Meta { return dispatchtest.As("admin-1", "admin") }
