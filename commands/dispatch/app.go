package dispatch

import (
	"context"
	"time"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
)

// Application is everything the dispatch API (httpapi/dispatch) may call: the commands that assign
// drivers and move trips along, and the reads of the trips board, the driver's day and a trip's
// progress.
type Application struct {
	// Commands keeps the handlers type the package always had (one command per file).
	Commands *Handlers
	Queries  Queries
}

// Queries are the dispatch reads, one file each.
type Queries struct {
	Board       BoardHandler
	Trip        TripHandler
	DriverTrips DriverTripsHandler
	Progress    ProgressHandler
	Manifest    ManifestHandler
	Planner     PlannerHandler
}

// Config is what the dispatch application runs on.
type Config struct {
	Runner   *commands.Runner
	Accounts Accounts
	// Trips is the dispatch read model; Drivers the catalogue's drivers; Orders the orders read model
	// (to prove a trip number and e-mail and to tell whose an order is).
	Trips   Trips
	Drivers ActiveDrivers
	Orders  Orders
	// Week is the dispatch read model as the week planner reads it; PickupPoints the catalogue's
	// pickup points (their street addresses, for the manifest).
	Week         WeekTrips
	PickupPoints PickupPoints
	// ProgressLookups bounds progress lookups by trip number and e-mail per client address (nil: no
	// bound).
	ProgressLookups Limit
	// Now is the clock of "today" on the board and the driver's screen (default time.Now).
	Now func() time.Time
	// StartLead is how long before the pickup a driver may start a trip (MISHWAR_TRIP_START_LEAD;
	// zero: from the pickup time on).
	StartLead time.Duration
}

// Limit spends one request of key's budget, or refuses with *account.RateLimited.
type Limit func(ctx context.Context, key string) error

// NewApplication wires the dispatch application.
func NewApplication(cfg Config) Application {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	today := func() string { return cfg.Now().In(cat.Cairo).Format(time.DateOnly) }
	handlers := New(cfg.Runner, cfg.Accounts).WithStartLead(cfg.StartLead)
	return Application{
		Commands: handlers,
		Queries: Queries{
			Board:       BoardHandler{trips: cfg.Trips, drivers: cfg.Drivers, today: today},
			Trip:        TripHandler{trips: cfg.Trips},
			DriverTrips: DriverTripsHandler{trips: cfg.Trips, today: today, startLead: handlers.startLead, now: cfg.Now},
			Progress:    ProgressHandler{trips: cfg.Trips, orders: cfg.Orders, limit: cfg.ProgressLookups},
			Manifest:    ManifestHandler{trips: cfg.Trips, points: cfg.PickupPoints, today: today},
			Planner:     PlannerHandler{trips: cfg.Week, drivers: cfg.Drivers, today: today},
		},
	}
}
