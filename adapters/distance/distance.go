// Package distance answers how far and how long it is to drive between points in Greater Cairo. It
// implements the application's distance port (commands/pricing.Distances, in domain/trip's types):
// the default adapter (Estimator) works offline from great-circle distance, a road circuity factor and
// a driving speed by hour of day; the OSRM adapter asks an OSRM server's table and route services. It
// never imports the application and knows nothing of carts or prices: callers record what it answers
// in their events and calculations, so a trip priced once is never re-priced by a change of adapter
// or settings.
package distance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"mishwar/domain/trip"
)

// Point, Leg and Waypoint are the domain's (domain/trip): the application declares its distance port
// (commands/pricing.Distances) in those types, and this adapter implements it without knowing the
// application.
type (
	// Point is a place, in degrees (WGS 84).
	Point = trip.Point
	// Leg is one drive: distance along the road and driving time.
	Leg = trip.Leg
	// Waypoint is a point of a route and how long the trip stays there before driving on (a stop's
	// visit). The time of day each leg starts matters in Cairo traffic.
	Waypoint = trip.Waypoint
)

// Service is what every adapter here answers (the application's port, commands/pricing.Distances,
// has the same methods); Fallback composes two of them.
type Service interface {
	// Matrix answers the leg between every ordered pair of points (legs[i][j] from i to j; zero on the
	// diagonal), all as if leaving at departure. It feeds itinerary optimisation.
	Matrix(ctx context.Context, points []Point, departure time.Time) ([][]Leg, error)
	// Route answers the legs between consecutive waypoints (len(waypoints)-1 legs). Leg i leaves when
	// the trip has reached waypoint i and stayed its Dwell, counting from departure.
	Route(ctx context.Context, waypoints []Waypoint, departure time.Time) ([]Leg, error)
}

var (
	// ErrNoRoute means the service found no road between two of the points.
	ErrNoRoute = errors.New("distance: no route between the points")
	// ErrInvalidPoint is a point outside the valid latitude and longitude ranges.
	ErrInvalidPoint = errors.New("distance: invalid point")
)

func checkPoints(points []Point) error {
	for i, p := range points {
		if math.IsNaN(p.Lat) || math.IsNaN(p.Lng) || p.Lat < -90 || p.Lat > 90 || p.Lng < -180 || p.Lng > 180 {
			return fmt.Errorf("%w: #%d (%v, %v)", ErrInvalidPoint, i, p.Lat, p.Lng)
		}
	}
	return nil
}

func waypointPoints(ws []Waypoint) []Point {
	ps := make([]Point, len(ws))
	for i, w := range ws {
		ps[i] = w.Point
	}
	return ps
}

// Fallback answers from Primary and, when it fails (a network service down or unreachable), from
// Secondary, logging why. A cart page must still price a trip when the OSRM server is away.
type Fallback struct {
	Primary, Secondary Service
	Log                *slog.Logger
}

// Matrix implements Service.
func (f Fallback) Matrix(ctx context.Context, points []Point, departure time.Time) ([][]Leg, error) {
	legs, err := f.Primary.Matrix(ctx, points, departure)
	if err == nil || ctx.Err() != nil || errors.Is(err, ErrInvalidPoint) {
		return legs, err
	}
	f.logger().WarnContext(ctx, "distance: primary service failed, using the fallback", "op", "matrix", "err", err)
	return f.Secondary.Matrix(ctx, points, departure)
}

// Route implements Service.
func (f Fallback) Route(ctx context.Context, waypoints []Waypoint, departure time.Time) ([]Leg, error) {
	legs, err := f.Primary.Route(ctx, waypoints, departure)
	if err == nil || ctx.Err() != nil || errors.Is(err, ErrInvalidPoint) {
		return legs, err
	}
	f.logger().WarnContext(ctx, "distance: primary service failed, using the fallback", "op", "route", "err", err)
	return f.Secondary.Route(ctx, waypoints, departure)
}

func (f Fallback) logger() *slog.Logger {
	if f.Log != nil {
		return f.Log
	}
	return slog.Default()
}
