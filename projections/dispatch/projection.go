// Package dispatch is the read model of dispatching: the trips board (each confirmed order of a day
// with its driver, status and current stop), each trip's progress step by step, the driver's own
// trips, and which account is which driver's. It pushes "trip.progress" to the trip's room, its
// traveller, its driver and the admin room after each change.
//
// It folds the order events it needs itself (placed, confirmed, cancelled, exchanged) rather than
// reading the orders read model, so it can be rebuilt on its own. It never decides anything: whether
// a driver may take a trip is decided on the driver's day stream.
package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name (its schema is rm_dispatch).
const Name = "dispatch"

// EventTripProgress is the live event clients receive when a trip moves: {"order_id","status","stop","version"}.
const EventTripProgress = "trip.progress"

// Rooms a notice goes to (the live layer's names).
func TripRoom(tripNumber string) string { return "trip:" + tripNumber }
func UserRoom(userID string) string     { return "user:" + userID }

// AdminRoom holds admins and support staff.
const AdminRoom = "admin"

// Projection maintains the read model.
type Projection struct{ registry *eventstore.Registry }

// New returns the projection, decoding with registry.
func New(registry *eventstore.Registry) *Projection { return &Projection{registry: registry} }

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (*Projection) Schema() string {
	return `CREATE TABLE trips (
    order_id     text        PRIMARY KEY,
    day          date        NOT NULL,
    start_at     timestamptz NOT NULL,
    owner_id     text        NOT NULL DEFAULT '',
    customer     text        NOT NULL DEFAULT '',
    phone        text        NOT NULL DEFAULT '',
    pickup       text        NOT NULL DEFAULT '',
    stops        jsonb       NOT NULL DEFAULT '[]',
    order_status text        NOT NULL,
    status       text        NOT NULL DEFAULT 'unassigned',
    stop         int         NOT NULL DEFAULT 0,
    driver_id    text        NOT NULL DEFAULT '',
    driver_user  text        NOT NULL DEFAULT '',
    driver       jsonb,
    steps        jsonb       NOT NULL DEFAULT '[]',
    version      bigint      NOT NULL DEFAULT -1,
    updated_at   timestamptz NOT NULL
);
CREATE INDEX trips_day ON trips (day, start_at);
CREATE INDEX trips_driver_user ON trips (driver_user, day) WHERE driver_user <> '';
CREATE TABLE driver_accounts (
    driver_id text        PRIMARY KEY,
    user_id   text        NOT NULL,
    email     text        NOT NULL,
    linked_at timestamptz NOT NULL
);`
}

// Step is one thing that happened to a trip, for its progress strip.
type Step struct {
	Type   string    `json:"type"`
	Stop   int       `json:"stop,omitempty"`
	Name   string    `json:"name,omitempty"`
	Driver string    `json:"driver,omitempty"`
	At     time.Time `json:"at"`
}

// Apply folds the batch into the read model.
func (p *Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	touched := map[string]bool{}
	var ids []string
	for _, rec := range events {
		category, id, err := eventstore.SplitStreamID(rec.StreamID)
		if err != nil {
			continue
		}
		switch category {
		case "order", "dispatch", "driveraccount":
		default:
			continue
		}
		v, err := p.registry.Decode(rec)
		if errors.Is(err, eventstore.ErrUnknownEventType) {
			continue
		}
		if err != nil {
			return fmt.Errorf("dispatch: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		changed, err := apply(ctx, tx, id, v, rec)
		if err != nil {
			return fmt.Errorf("dispatch: apply %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		if changed && category == "dispatch" && !touched[id] {
			touched[id] = true
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		if err := notify(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

func apply(ctx context.Context, tx pgx.Tx, id string, v any, rec eventstore.RecordedEvent) (bool, error) {
	at := rec.RecordedAt.UTC()
	exec := func(sql string, args ...any) (bool, error) {
		_, err := tx.Exec(ctx, sql, args...)
		return err == nil, err
	}
	switch e := v.(type) {
	case order.OrderPlaced:
		stops := make([]string, len(e.Trip.Itinerary.Stops))
		for i, s := range e.Trip.Itinerary.Stops {
			stops[i] = s.NameEN
		}
		return exec(`INSERT INTO trips (order_id, day, start_at, owner_id, customer, phone, pickup, stops, order_status, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (order_id) DO NOTHING`,
			e.OrderID, string(e.Trip.Day), e.Trip.StartAt, e.UserID, e.Contact.FirstName+" "+e.Contact.LastName, e.Contact.Phone,
			e.Trip.Itinerary.Start.Name, jsonOf(stops), string(order.StatusAwaitingPayment), at)
	case order.PaymentReceived:
		if !e.Confirms {
			return false, nil
		}
		return exec(`UPDATE trips SET order_status = $2, updated_at = $3 WHERE order_id = $1`, id, string(order.StatusConfirmed), at)
	case order.OrderExpired:
		return exec(`UPDATE trips SET order_status = $2, updated_at = $3 WHERE order_id = $1`, id, string(order.StatusExpired), at)
	case order.OrderCancelled:
		return exec(`UPDATE trips SET order_status = $2, updated_at = $3 WHERE order_id = $1`, id, string(order.StatusCancelled), at)
	case order.OrderExchanged:
		stops := make([]string, len(e.To.Itinerary.Stops))
		for i, s := range e.To.Itinerary.Stops {
			stops[i] = s.NameEN
		}
		return exec(`UPDATE trips SET day = $2, start_at = $3, stops = $4, pickup = $5, updated_at = $6 WHERE order_id = $1`,
			id, string(e.To.Day), e.To.StartAt, jsonOf(stops), e.To.Itinerary.Start.Name, at)
	case dispatch.DriverAccountLinked:
		return exec(`INSERT INTO driver_accounts (driver_id, user_id, email, linked_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (driver_id) DO UPDATE SET user_id = EXCLUDED.user_id, email = EXCLUDED.email, linked_at = EXCLUDED.linked_at`,
			e.DriverID, e.UserID, e.Email, at)
	case dispatch.DriverAssigned:
		// The dispatch stream carries the order's facts as they were at assignment, so a trip row
		// exists even when its order events came before this read model's time.
		return exec(`INSERT INTO trips (order_id, day, start_at, owner_id, stops, order_status, status, stop, driver_id, driver_user, driver, steps, version, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11, $12, $13)
			ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, stop = 0, driver_id = EXCLUDED.driver_id,
				driver_user = EXCLUDED.driver_user, driver = EXCLUDED.driver, steps = trips.steps || EXCLUDED.steps,
				version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`,
			e.OrderID, string(e.Day), e.StartAt, e.OwnerID, jsonOf(e.Stops), string(order.StatusConfirmed), string(dispatch.StatusAssigned),
			e.Driver.ID, e.Driver.UserID, jsonOf(e.Driver), jsonOf([]Step{{Type: "DriverAssigned", Driver: e.Driver.Name, At: e.AssignedAt}}), rec.Version, at)
	case dispatch.DriverUnassigned:
		return step(ctx, tx, id, dispatch.StatusUnassigned, -1, Step{Type: "DriverUnassigned", At: e.UnassignedAt}, rec, true)
	case dispatch.TripStarted:
		return step(ctx, tx, id, dispatch.StatusStarted, -1, Step{Type: "TripStarted", At: e.StartedAt}, rec, false)
	case dispatch.TravellersPickedUp:
		return step(ctx, tx, id, dispatch.StatusPickedUp, -1, Step{Type: "TravellersPickedUp", At: e.PickedUpAt}, rec, false)
	case dispatch.ArrivedAtStop:
		return step(ctx, tx, id, dispatch.StatusAtStop, e.Stop, Step{Type: "ArrivedAtStop", Stop: e.Stop, Name: e.Name, At: e.ArrivedAt}, rec, false)
	case dispatch.TripCompleted:
		return step(ctx, tx, id, dispatch.StatusCompleted, -1, Step{Type: "TripCompleted", At: e.CompletedAt}, rec, false)
	}
	return false, nil
}

// step records a trip's move to status (stop -1 keeps the current stop); clear drops the driver.
func step(ctx context.Context, tx pgx.Tx, id string, status dispatch.Status, stop int, s Step, rec eventstore.RecordedEvent, clear bool) (bool, error) {
	_, err := tx.Exec(ctx, `UPDATE trips SET status = $2, stop = CASE WHEN $3 < 0 THEN stop ELSE $3 END,
		driver_id = CASE WHEN $4 THEN '' ELSE driver_id END, driver_user = CASE WHEN $4 THEN '' ELSE driver_user END,
		driver = CASE WHEN $4 THEN NULL ELSE driver END, steps = steps || $5::jsonb, version = $6, updated_at = $7
		WHERE order_id = $1`, id, string(status), stop, clear, jsonOf([]Step{s}), rec.Version, rec.RecordedAt.UTC())
	return err == nil, err
}

func notify(ctx context.Context, tx pgx.Tx, id string) error {
	var (
		owner, driverUser, status string
		stop                      int
		version                   int64
	)
	if err := tx.QueryRow(ctx, `SELECT owner_id, driver_user, status, stop, version FROM trips WHERE order_id = $1`, id).
		Scan(&owner, &driverUser, &status, &stop, &version); err != nil {
		return fmt.Errorf("dispatch: read %s for notice: %w", id, err)
	}
	rooms := []string{TripRoom(id), AdminRoom}
	if owner != "" {
		rooms = append(rooms, UserRoom(owner))
	}
	if driverUser != "" {
		rooms = append(rooms, UserRoom(driverUser))
	}
	return projections.Notify(ctx, tx, EventTripProgress, map[string]any{"rooms": rooms, "event": EventTripProgress,
		"data": map[string]any{"order_id": id, "status": status, "stop": stop, "version": version}})
}

func jsonOf(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs and slices are passed
	}
	return b
}
