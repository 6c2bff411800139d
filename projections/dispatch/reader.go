package dispatch

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/projections"
)

// ErrTripNotFound: the read model has no such trip.
var ErrTripNotFound = domain.NotFound("dispatch.trip_not_found")

// Trip is one row of the trips board with its progress. Comments are the traveller's comments or
// requests from checkout, Travellers the group size (0: not given); RatePlan the class of car booked
// (nil on a row only a DriverAssigned made).
type Trip struct {
	OrderID    string    `json:"order_id"`
	Day        string    `json:"day"`
	StartAt    time.Time `json:"start_at"`
	OwnerID    string    `json:"-"`
	Customer   string    `json:"customer"`
	Phone      string    `json:"phone"`
	Comments   string    `json:"comments"`
	Travellers int       `json:"travellers,omitempty"`
	RatePlan   *RatePlan `json:"rate_plan,omitempty"`
	Pickup     string    `json:"pickup"`
	PickupAR   string    `json:"pickup_ar,omitempty"`
	// PickupPointID is the catalogue pickup point the trip starts at ("" for a place of the
	// traveller's own); End and EndAR name where it ends; EndAt is when it is due back (nil: unknown).
	PickupPointID string           `json:"pickup_point_id,omitempty"`
	End           string           `json:"end,omitempty"`
	EndAR         string           `json:"end_ar,omitempty"`
	EndAt         *time.Time       `json:"end_at,omitempty"`
	Stops         []string         `json:"stops"`
	StopsAR       []string         `json:"stops_ar"`
	OrderStatus   string           `json:"order_status"`
	Status        dispatch.Status  `json:"status"`
	Stop          int              `json:"stop"`
	Driver        *dispatch.Driver `json:"driver,omitempty"`
	// VehicleOverride is set when staff sent the driver's car though it did not fit the order.
	VehicleOverride *dispatch.VehicleOverride `json:"vehicle_override,omitempty"`
	// ReleasedReason says why the trip's last driver was taken off ("" while it has one, or never
	// had): an operator's words, "the trip moved to <day>", or "the new times overlap trip <number>
	// (<from>–<to>)" after an exchange within the day. ReleasedCause says the last two as data, for
	// staff to read in their language (nil for an operator's words, and for a driver taken off
	// before causes were recorded: show the text).
	ReleasedReason string          `json:"released_reason,omitempty"`
	ReleasedCause  *dispatch.Cause `json:"released_cause,omitempty"`
	// Handover is set once the trip went to another driver on the road: from whom and why.
	Handover *Handover `json:"handover,omitempty"`
	Steps    []Step    `json:"steps"`
	NextStep string    `json:"next_step,omitempty"`
	NextStop int       `json:"next_stop,omitempty"`
	Version  int64     `json:"version"`
	// StartsFrom is the first moment the driver may start the trip (dispatch.Window), set on the
	// driver's own list while it is too early to start it: the page says it rather than offering a
	// start the server refuses.
	StartsFrom *time.Time `json:"starts_from,omitempty"`
	// FinishFirst is, on the driver's own list, the trip of theirs that runs while this one waits
	// to start: the page says to finish it first rather than offering a start the server refuses.
	FinishFirst string `json:"finish_first,omitempty"`
}

// DriverAccount is the account linked to a driver.
type DriverAccount struct {
	DriverID string    `json:"driver_id"`
	UserID   string    `json:"user_id"`
	Email    string    `json:"email"`
	LinkedAt time.Time `json:"linked_at"`
	// Version is the version of the driver's account link stream (If-Match of the next link).
	Version int64 `json:"version"`
}

// Reader answers queries over the read model.
type Reader struct{ pool *pgxpool.Pool }

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return pgx.Identifier{projections.SchemaName(Name), name}.Sanitize() }

const tripColumns = `order_id, day::text, start_at, owner_id, customer, phone, comments, travellers, rate_plan, pickup, pickup_ar, stops, stops_ar, order_status, status, stop, driver, steps, version,
	pickup_point, end_name, end_name_ar, end_at, vehicle_override, released_reason, released_cause, handover`

func scanTrips(rows pgx.Rows) ([]Trip, error) {
	defer rows.Close()
	out := []Trip{}
	for rows.Next() {
		var (
			t                                                             Trip
			stops, stopsAR, driver, step, plan, override, cause, handover []byte
		)
		if err := rows.Scan(&t.OrderID, &t.Day, &t.StartAt, &t.OwnerID, &t.Customer, &t.Phone, &t.Comments, &t.Travellers, &plan, &t.Pickup, &t.PickupAR, &stops, &stopsAR, &t.OrderStatus,
			&t.Status, &t.Stop, &driver, &step, &t.Version, &t.PickupPointID, &t.End, &t.EndAR, &t.EndAt, &override, &t.ReleasedReason, &cause, &handover); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(stops, &t.Stops); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(stopsAR, &t.StopsAR); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(step, &t.Steps); err != nil {
			return nil, err
		}
		if len(plan) > 0 {
			t.RatePlan = &RatePlan{}
			if err := json.Unmarshal(plan, t.RatePlan); err != nil {
				return nil, err
			}
		}
		if len(driver) > 0 {
			t.Driver = &dispatch.Driver{}
			if err := json.Unmarshal(driver, t.Driver); err != nil {
				return nil, err
			}
		}
		if len(override) > 0 {
			t.VehicleOverride = &dispatch.VehicleOverride{}
			if err := json.Unmarshal(override, t.VehicleOverride); err != nil {
				return nil, err
			}
		}
		if len(handover) > 0 {
			t.Handover = &Handover{}
			if err := json.Unmarshal(handover, t.Handover); err != nil {
				return nil, err
			}
		}
		if len(cause) > 0 {
			t.ReleasedCause = &dispatch.Cause{}
			if err := json.Unmarshal(cause, t.ReleasedCause); err != nil {
				return nil, err
			}
		}
		t.StartAt = t.StartAt.UTC()
		if t.EndAt != nil {
			end := t.EndAt.UTC()
			t.EndAt = &end
		}
		if t.OrderStatus == string(order.StatusCancelled) {
			// Rows written before cancelled orders cancelled their trips here read the same.
			t.Status, t.Driver, t.VehicleOverride = dispatch.StatusCancelled, nil, nil
		}
		t.NextStep, t.NextStop = dispatch.Next(t.Status, t.Stop, len(t.Stops))
		out = append(out, t)
	}
	return out, rows.Err()
}

// Board lists the trips of day: every confirmed or completed order whose trip is not cancelled (a
// cancelled order's driver is released by the order ↔ trip process, not by the operator).
func (r *Reader) Board(ctx context.Context, day string) ([]Trip, error) {
	rows, err := r.pool.Query(ctx, `SELECT `+tripColumns+` FROM `+table("trips")+`
		WHERE day = $1::date AND order_status IN ('confirmed', 'completed') AND status <> 'cancelled' ORDER BY start_at, order_id`, day)
	if err != nil {
		return nil, fmt.Errorf("dispatch: board of %s: %w", day, err)
	}
	return scanTrips(rows)
}

// Week lists the trips of the days from..to (inclusive) as Board lists one day's, by day and pickup.
func (r *Reader) Week(ctx context.Context, from, to string) ([]Trip, error) {
	rows, err := r.pool.Query(ctx, `SELECT `+tripColumns+` FROM `+table("trips")+`
		WHERE day BETWEEN $1::date AND $2::date AND order_status IN ('confirmed', 'completed') AND status <> 'cancelled' ORDER BY day, start_at, order_id`, from, to)
	if err != nil {
		return nil, fmt.Errorf("dispatch: trips of %s to %s: %w", from, to, err)
	}
	return scanTrips(rows)
}

// DriverTrips lists the trips of the driver signed in as userID from day on, and any trip of theirs
// still running from an earlier day (one past midnight, or never marked complete: the driver must be
// able to finish it), soonest first; a cancelled order's trip leaves the list at once.
func (r *Reader) DriverTrips(ctx context.Context, userID, from string, limit int) ([]Trip, error) {
	if limit <= 0 || limit > 100 {
		limit = 50
	}
	rows, err := r.pool.Query(ctx, `SELECT `+tripColumns+` FROM `+table("trips")+`
		WHERE driver_user = $1 AND status <> 'cancelled' AND order_status <> 'cancelled'
		AND (day >= $2::date OR status IN ('`+string(dispatch.StatusStarted)+`', '`+string(dispatch.StatusPickedUp)+`', '`+string(dispatch.StatusAtStop)+`'))
		ORDER BY start_at, order_id LIMIT $3`, userID, from, limit)
	if err != nil {
		return nil, fmt.Errorf("dispatch: trips of %s: %w", userID, err)
	}
	return scanTrips(rows)
}

// TripsAhead lists the trips driver driverID carries from day from on that have not ended (neither
// completed nor cancelled), soonest first: what archiving the driver would leave without one.
func (r *Reader) TripsAhead(ctx context.Context, driverID, from string) ([]catalogue.DriverTrip, error) {
	rows, err := r.pool.Query(ctx, `SELECT order_id, day FROM `+table("trips")+`
		WHERE driver_id = $1 AND day >= $2::date AND status NOT IN ('completed', 'cancelled')
		AND order_status NOT IN ('completed', 'cancelled') ORDER BY start_at, order_id`, driverID, from)
	if err != nil {
		return nil, fmt.Errorf("dispatch: trips ahead of driver %s: %w", driverID, err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (catalogue.DriverTrip, error) {
		var t catalogue.DriverTrip
		err := row.Scan(&t.TripNumber, &t.Day)
		return t, err
	})
}

// Trip returns one trip; ErrTripNotFound when the read model has none.
func (r *Reader) Trip(ctx context.Context, orderID string) (Trip, error) {
	rows, err := r.pool.Query(ctx, `SELECT `+tripColumns+` FROM `+table("trips")+` WHERE order_id = $1`, orderID)
	if err != nil {
		return Trip{}, fmt.Errorf("dispatch: trip %s: %w", orderID, err)
	}
	list, err := scanTrips(rows)
	if err != nil {
		return Trip{}, err
	}
	if len(list) == 0 {
		return Trip{}, ErrTripNotFound
	}
	return list[0], nil
}

// DriverAccounts lists the driver ↔ account links.
func (r *Reader) DriverAccounts(ctx context.Context) (map[string]DriverAccount, error) {
	rows, err := r.pool.Query(ctx, `SELECT driver_id, user_id, email, linked_at, version FROM `+table("driver_accounts"))
	if err != nil {
		return nil, fmt.Errorf("dispatch: driver accounts: %w", err)
	}
	defer rows.Close()
	out := map[string]DriverAccount{}
	for rows.Next() {
		var a DriverAccount
		if err := rows.Scan(&a.DriverID, &a.UserID, &a.Email, &a.LinkedAt, &a.Version); err != nil {
			return nil, err
		}
		out[a.DriverID] = a
	}
	return out, rows.Err()
}
