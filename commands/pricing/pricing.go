// Package pricing is the application service that quotes itineraries: a cart as the traveller sees
// it, an order's stops for an exchange, a program for an enquiry. It gathers the inputs (the catalogue
// as it is now, the distance service's legs) through the ports declared here, and leaves every rule
// to domain/trip: the route, the schedule against opening hours, the day plan, the totals per rate
// plan and the optimiser's choice. Cart and orders both price with it, so a traveller pays what the
// cart showed.
//
// It never writes anything, never decides a command and holds no pricing rule of its own.
package pricing

import (
	"context"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/money"
	"mishwar/domain/trip"
	catrm "mishwar/projections/catalogue"
)

// Distances is the distance port (adapters/distance implements it).
type Distances interface {
	// Matrix answers the leg between every ordered pair of points (legs[i][j] from i to j; zero on
	// the diagonal), all as if leaving at departure. It feeds itinerary optimisation.
	Matrix(ctx context.Context, points []trip.Point, departure time.Time) ([][]trip.Leg, error)
	// Route answers the legs between consecutive waypoints (len(waypoints)-1 legs). Leg i leaves when
	// the trip has reached waypoint i and stayed its Dwell, counting from departure.
	Route(ctx context.Context, waypoints []trip.Waypoint, departure time.Time) ([]trip.Leg, error)
}

// Catalogue is the part of the catalogue read model a quote reads (projections/catalogue.Reader).
type Catalogue interface {
	Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error)
	ActiveRatePlans(ctx context.Context) ([]catrm.RatePlan, error)
	// DefaultPickupPoint answers catrm.ErrNoDefaultPickupPoint when the admin chose none.
	DefaultPickupPoint(ctx context.Context) (catrm.PickupPoint, error)
	CurrencyRates(ctx context.Context) ([]money.Rate, time.Time, error)
}

// Quoter prices and times itineraries on read.
type Quoter struct {
	catalogue Catalogue
	distances Distances
	location  *time.Location
}

// New returns a quoter over the catalogue read model and the distance service; location is the
// clock of departures and opening hours (Africa/Cairo).
func New(catalogue Catalogue, distances Distances, location *time.Location) *Quoter {
	return &Quoter{catalogue: catalogue, distances: distances, location: location}
}

// Location is the clock of departures and opening hours.
func (q *Quoter) Location() *time.Location { return q.location }

// DefaultDeparture is when a trip leaves when the traveller has not said (trip.DefaultDeparture).
func (q *Quoter) DefaultDeparture(now time.Time) time.Time {
	return trip.DefaultDeparture(now, q.location)
}
