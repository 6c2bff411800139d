// Package dispatch is the read model of dispatching: the trips board (each confirmed order of a day
// with its driver, status and current stop), each trip's progress step by step, the driver's own
// trips, and which account is which driver's. It pushes "trip.progress" to the trip's room, its
// traveller, its driver and the admin room after each change.
//
// It folds the order events it needs itself (placed, confirmed, cancelled, exchanged, completed) rather
// than reading the orders read model, so it can be rebuilt on its own. A cancelled order's trip is
// cancelled here at once, whatever its dispatch stream says until the order ↔ trip process releases
// it (TripCancelled): the board, the driver's list and the traveller's progress never show a trip
// whose order is off. It never decides anything: whether a driver may take a trip is decided on the
// driver's day stream.
package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name (its schema is rm_dispatch).
const Name = "dispatch"

// EventTripProgress is the live event clients receive when a trip moves:
// {"order_id","status","stop","version","driver_turn"} to the trip's travellers (its room and its
// owner's sockets), and the same with "driver_id" (the trip's catalogue driver now, "" when it has
// none) to staff and the drivers' own phones. driver_turn (DriverTurn) changes when the trip changes
// hands without saying who has it: travellers never see a driver's catalogue id.
const EventTripProgress = "trip.progress"

// DriverTurn counts the drivers a trip has been given, by assignment or hand-over (0 before the
// first): an opaque value that changes whenever the trip changes hands. Travellers' pages and
// positions carry it to tell the car of the driver now from the one before a hand-over.
func DriverTurn(steps []Step) int {
	n := 0
	for _, s := range steps {
		if s.Type == "DriverAssigned" || s.Type == "TripHandedOver" {
			n++
		}
	}
	return n
}

// DriverTurn is the trip's driver turn (DriverTurn of its steps).
func (t Trip) DriverTurn() int { return DriverTurn(t.Steps) }

// Rooms a notice goes to (the live layer's names).
func TripRoom(tripNumber string) string { return "trip:" + tripNumber }
func UserRoom(userID string) string     { return "user:" + userID }

// AdminRoom holds admins and support staff.
const AdminRoom = "admin"

// Projection maintains the read model.
type Projection struct{ handlers *projections.Handlers }

// New returns the projection, decoding with registry.
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{"order", "dispatch", "driveraccount"},
		Events: []projections.Handler{
			projections.On(orderPlaced),
			projections.On(paymentReceived),
			projections.On(paymentAccepted),
			projections.On(orderStatus[order.OrderExpired](order.StatusExpired)),
			projections.On(orderStatus[order.OrderHeldAgain](order.StatusAwaitingPayment)),
			projections.On(orderCancelled),
			projections.On(orderStatus[order.OrderCompleted](order.StatusCompleted)),
			projections.On(orderExchanged),
			projections.On(driverAccountLinked),
			projections.On(driverAssigned),
			projections.On(driverUnassigned),
			projections.On(tripHandedOver),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripStarted]) error {
				return step(ctx, tx, e.Envelope, dispatch.StatusStarted, -1, Step{Type: "TripStarted", At: e.Data.StartedAt}, false)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TravellersPickedUp]) error {
				return step(ctx, tx, e.Envelope, dispatch.StatusPickedUp, -1, Step{Type: "TravellersPickedUp", At: e.Data.PickedUpAt}, false)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.ArrivedAtStop]) error {
				return step(ctx, tx, e.Envelope, dispatch.StatusAtStop, e.Data.Stop, Step{Type: "ArrivedAtStop", Stop: e.Data.Stop, Name: e.Data.Name, At: e.Data.ArrivedAt}, false)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripCompleted]) error {
				return step(ctx, tx, e.Envelope, dispatch.StatusCompleted, -1, Step{Type: "TripCompleted", At: e.Data.CompletedAt}, false)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripCancelled]) error {
				return step(ctx, tx, e.Envelope, dispatch.StatusCancelled, -1, Step{Type: "TripCancelled", At: e.Data.CancelledAt}, true)
			}),
		},
		Batch: notifyTouched,
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	// The comment's version changes when the handlers change what the model holds, so that the
	// runner rebuilds it (version 2: staff-accepted payments confirm the trip; version 3: the
	// traveller's comments, group size and the order's rate plan, for the driver; version 4: the
	// pickup's and the stops' Arabic names; version 5: the pickup point, the end point and when the
	// trip is due back, for the manifest and the week planner; version 6: the car staff sent though
	// it did not fit the order; version 7: why the trip's last driver was taken off, for staff;
	// version 8: that reason's cause as data, when a rule took the driver off; version 9: a step
	// names its driver in Arabic too; version 10: a trip handed over on the road, from whom and why;
	// version 11: a driver's trips follow the driver to the account linked to them now; version 12:
	// the version of a driver's account link, which an admin's edit sends as If-Match).
	return `-- dispatch read model, version 12
CREATE TABLE trips (
    order_id     text        PRIMARY KEY,
    day          date        NOT NULL,
    start_at     timestamptz NOT NULL,
    owner_id     text        NOT NULL DEFAULT '',
    customer     text        NOT NULL DEFAULT '',
    phone        text        NOT NULL DEFAULT '',
    comments     text        NOT NULL DEFAULT '',
    travellers   int         NOT NULL DEFAULT 0,
    rate_plan    jsonb,
    pickup       text        NOT NULL DEFAULT '',
    pickup_ar    text        NOT NULL DEFAULT '',
    pickup_point text        NOT NULL DEFAULT '',
    end_name     text        NOT NULL DEFAULT '',
    end_name_ar  text        NOT NULL DEFAULT '',
    end_at       timestamptz,
    stops        jsonb       NOT NULL DEFAULT '[]',
    stops_ar     jsonb       NOT NULL DEFAULT '[]',
    order_status text        NOT NULL,
    status       text        NOT NULL DEFAULT 'unassigned',
    stop         int         NOT NULL DEFAULT 0,
    driver_id    text        NOT NULL DEFAULT '',
    driver_user  text        NOT NULL DEFAULT '',
    driver       jsonb,
    vehicle_override jsonb,
    released_reason text     NOT NULL DEFAULT '',
    released_cause  jsonb,
    handover     jsonb,
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
    linked_at timestamptz NOT NULL,
    version   bigint      NOT NULL DEFAULT -1
);`
}

// Step is one thing that happened to a trip, for its progress strip.
type Step struct {
	Type   string `json:"type"`
	Stop   int    `json:"stop,omitempty"`
	Name   string `json:"name,omitempty"`
	Driver string `json:"driver,omitempty"`
	// DriverAR is the driver's name in Arabic, when the catalogue has one.
	DriverAR string    `json:"driver_ar,omitempty"`
	At       time.Time `json:"at"`
}

// touched lists the trips whose dispatch stream changed in a batch, in order: each gets one notice.
type touched struct {
	seen map[string]bool
	ids  []string
	// former are the driver accounts a trip lost in the batch: their phones still show it and must
	// hear that it left them.
	former map[string][]string
}

func (t *touched) add(id string) {
	if !t.seen[id] {
		t.seen[id] = true
		t.ids = append(t.ids, id)
	}
}

func notifyTouched(ctx context.Context, tx pgx.Tx, dispatchBatch func(context.Context) error) error {
	t := &touched{seen: map[string]bool{}}
	if err := dispatchBatch(projections.WithBatchState(ctx, t)); err != nil {
		return err
	}
	for _, id := range t.ids {
		if err := notify(ctx, tx, id, t.former[id]); err != nil {
			return err
		}
	}
	return nil
}

func exec(ctx context.Context, tx pgx.Tx, sql string, args ...any) error {
	_, err := tx.Exec(ctx, sql, args...)
	return err
}

func orderPlaced(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderPlaced]) error {
	ev := e.Data
	stops, stopsAR := stopNames(ev.Trip.Itinerary)
	start, end := ev.Trip.Itinerary.Start, ev.Trip.Itinerary.End
	return exec(ctx, tx, `INSERT INTO trips (order_id, day, start_at, owner_id, customer, phone, comments, travellers, rate_plan, pickup, pickup_ar, stops, stops_ar, order_status, updated_at,
			pickup_point, end_name, end_name_ar, end_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) ON CONFLICT (order_id) DO NOTHING`,
		ev.OrderID, string(ev.Trip.Day), ev.Trip.StartAt, ev.UserID, ev.Contact.FirstName+" "+ev.Contact.LastName, ev.Contact.Phone,
		ev.Contact.Comments, ev.Contact.Travellers, jsonOf(ratePlanOf(ev.Trip.RatePlan)), start.Name, start.NameAR, jsonOf(stops), jsonOf(stopsAR),
		string(order.StatusAwaitingPayment), e.RecordedAt.UTC(), start.PickupPointID, end.Name, end.NameAR, endAt(ev.Trip))
}

// endAt is when the trip is due back: its pickup plus the quoted duration (nil: not quoted).
func endAt(t order.Trip) *time.Time {
	if t.Quote.DurationMinutes <= 0 {
		return nil
	}
	end := t.StartAt.Add(time.Duration(t.Quote.DurationMinutes) * time.Minute).UTC()
	return &end
}

// stopNames are the itinerary's stops in English and in Arabic, side by side ("" where the Arabic
// name was not recorded: the reader shows the English one).
func stopNames(it order.Itinerary) (en, ar []string) {
	en, ar = make([]string, len(it.Stops)), make([]string, len(it.Stops))
	for i, s := range it.Stops {
		en[i], ar[i] = s.NameEN, s.NameAR
	}
	return en, ar
}

// RatePlan is the order's rate plan as the driver sees it: the class of car the traveller booked.
type RatePlan struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	NameAR string `json:"name_ar,omitempty"`
}

func ratePlanOf(p order.RatePlan) RatePlan { return RatePlan{ID: p.ID, Name: p.Name, NameAR: p.NameAR} }

func paymentReceived(ctx context.Context, tx pgx.Tx, e projections.Event[order.PaymentReceived]) error {
	if !e.Data.Confirms {
		return nil
	}
	return orderConfirmed(ctx, tx, e.Envelope)
}

// paymentAccepted: staff accepted a payment that differed from what was asked; when that confirms the
// order, the trip is on the board as any paid trip.
func paymentAccepted(ctx context.Context, tx pgx.Tx, e projections.Event[order.PaymentAccepted]) error {
	if !e.Data.Confirms {
		return nil
	}
	return orderConfirmed(ctx, tx, e.Envelope)
}

func orderConfirmed(ctx context.Context, tx pgx.Tx, env projections.Envelope) error {
	return exec(ctx, tx, `UPDATE trips SET order_status = $2, updated_at = $3 WHERE order_id = $1`, env.EntityID, string(order.StatusConfirmed), env.RecordedAt.UTC())
}

// orderStatus sets the trip's order status when an order event of type E happens.
func orderStatus[E any](status order.Status) func(context.Context, pgx.Tx, projections.Event[E]) error {
	return func(ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
		return exec(ctx, tx, `UPDATE trips SET order_status = $2, updated_at = $3 WHERE order_id = $1`, e.EntityID, string(status), e.RecordedAt.UTC())
	}
}

// orderCancelled takes the order's trip off the board and the driver's list at once (its driver, if
// any, is released on the dispatch stream by the order ↔ trip process) and tells the driver.
func orderCancelled(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderCancelled]) error {
	tag, err := tx.Exec(ctx, `UPDATE trips SET order_status = $2, status = $3, updated_at = $4 WHERE order_id = $1`,
		e.EntityID, string(order.StatusCancelled), string(dispatch.StatusCancelled), e.RecordedAt.UTC())
	if err == nil && tag.RowsAffected() > 0 {
		projections.BatchState[*touched](ctx).add(e.EntityID)
	}
	return err
}

func orderExchanged(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderExchanged]) error {
	to := e.Data.To
	stops, stopsAR := stopNames(to.Itinerary)
	return exec(ctx, tx, `UPDATE trips SET day = $2, start_at = $3, stops = $4, stops_ar = $5, pickup = $6, pickup_ar = $7, rate_plan = $8, updated_at = $9,
			pickup_point = $10, end_name = $11, end_name_ar = $12, end_at = $13 WHERE order_id = $1`,
		e.EntityID, string(to.Day), to.StartAt, jsonOf(stops), jsonOf(stopsAR), to.Itinerary.Start.Name, to.Itinerary.Start.NameAR, jsonOf(ratePlanOf(to.RatePlan)), e.RecordedAt.UTC(),
		to.Itinerary.Start.PickupPointID, to.Itinerary.End.Name, to.Itinerary.End.NameAR, endAt(to))
}

// driverAccountLinked records the driver's sign-in account and moves the driver's trips to it: a trip
// is the driver's, so the account linked before (a lost phone, a driver who left) no longer lists
// them, takes their steps or shares their car's position.
func driverAccountLinked(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.DriverAccountLinked]) error {
	ev := e.Data
	if err := exec(ctx, tx, `INSERT INTO driver_accounts (driver_id, user_id, email, linked_at, version) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (driver_id) DO UPDATE SET user_id = EXCLUDED.user_id, email = EXCLUDED.email, linked_at = EXCLUDED.linked_at, version = EXCLUDED.version`,
		ev.DriverID, ev.UserID, ev.Email, e.RecordedAt.UTC(), e.Version); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `UPDATE trips SET driver_user = $2, driver = jsonb_set(driver, '{user_id}', to_jsonb($2::text))
		WHERE driver_id = $1 AND driver_user <> $2 RETURNING order_id`, ev.DriverID, ev.UserID)
	if err != nil {
		return fmt.Errorf("dispatch: the trips of driver %s: %w", ev.DriverID, err)
	}
	moved, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("dispatch: the trips of driver %s: %w", ev.DriverID, err)
	}
	t := projections.BatchState[*touched](ctx)
	for _, id := range moved {
		t.add(id)
	}
	return nil
}

// linkedUser is the account linked to driver now, or the one the event names when this read model
// has no link for the driver: an assignment's event carries the link it read, which a link recorded
// meanwhile may have replaced.
func linkedUser(ctx context.Context, tx pgx.Tx, d dispatch.Driver) (dispatch.Driver, error) {
	var user string
	err := tx.QueryRow(ctx, `SELECT user_id FROM driver_accounts WHERE driver_id = $1`, d.ID).Scan(&user)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return d, nil
	case err != nil:
		return d, fmt.Errorf("dispatch: the account of driver %s: %w", d.ID, err)
	}
	d.UserID = user
	return d, nil
}

func driverAssigned(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.DriverAssigned]) error {
	ev := e.Data
	var err error
	if ev.Driver, err = linkedUser(ctx, tx, ev.Driver); err != nil {
		return err
	}
	// The dispatch stream carries the order's facts as they were at assignment, so a trip row
	// exists even when its order events came before this read model's time.
	var override []byte
	if ev.VehicleOverride != nil {
		override = jsonOf(ev.VehicleOverride)
	}
	err = exec(ctx, tx, `INSERT INTO trips (order_id, day, start_at, owner_id, stops, order_status, status, stop, driver_id, driver_user, driver, steps, version, updated_at,
			vehicle_override)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, stop = 0, driver_id = EXCLUDED.driver_id,
			driver_user = EXCLUDED.driver_user, driver = EXCLUDED.driver, steps = trips.steps || EXCLUDED.steps,
			version = EXCLUDED.version, updated_at = EXCLUDED.updated_at, vehicle_override = EXCLUDED.vehicle_override, released_reason = '', released_cause = NULL`,
		ev.OrderID, string(ev.Day), ev.StartAt, ev.OwnerID, jsonOf(ev.Stops), string(order.StatusConfirmed), string(dispatch.StatusAssigned),
		ev.Driver.ID, ev.Driver.UserID, jsonOf(ev.Driver), jsonOf([]Step{{Type: "DriverAssigned", Driver: ev.Driver.Name, DriverAR: ev.Driver.NameAR, At: ev.AssignedAt}}), e.Version, e.RecordedAt.UTC(),
		override)
	if err == nil {
		projections.BatchState[*touched](ctx).add(e.EntityID)
	}
	return err
}

// driverUnassigned takes the trip back from its driver and keeps why for staff: the text (an
// operator's words, or a rule's in English) and, when a rule took the driver off (the move to
// another day, new times over another of the driver's trips), its cause, which staff read in their
// language (events recorded before causes were have the text only). The traveller's progress shows
// only the step.
func driverUnassigned(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.DriverUnassigned]) error {
	if err := step(ctx, tx, e.Envelope, dispatch.StatusUnassigned, -1, Step{Type: "DriverUnassigned", At: e.Data.UnassignedAt}, true); err != nil {
		return err
	}
	var cause []byte
	if e.Data.Cause != nil {
		cause = jsonOf(e.Data.Cause)
	}
	return exec(ctx, tx, `UPDATE trips SET released_reason = $2, released_cause = $3 WHERE order_id = $1`, e.EntityID, e.Data.Reason, cause)
}

// Handover is the last hand-over of a trip on the road: from whom, why and when, for staff.
type Handover struct {
	From   string    `json:"from"`
	FromAR string    `json:"from_ar,omitempty"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// tripHandedOver gives the trip to its new driver where it is (its status and stop stay), tells the
// former driver's phone, and keeps from whom and why for staff.
func tripHandedOver(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripHandedOver]) error {
	ev := e.Data
	var (
		former string
		from   dispatch.Driver
		raw    []byte
		err    error
	)
	if ev.Driver, err = linkedUser(ctx, tx, ev.Driver); err != nil {
		return err
	}
	err = tx.QueryRow(ctx, `SELECT driver_user, driver FROM trips WHERE order_id = $1`, e.EntityID).Scan(&former, &raw)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil // a trip is handed over only once assigned, which made its row
	case err != nil:
		return fmt.Errorf("dispatch: the driver of %s: %w", e.EntityID, err)
	}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &from); err != nil {
			return fmt.Errorf("dispatch: the driver of %s: %w", e.EntityID, err)
		}
	}
	t := projections.BatchState[*touched](ctx)
	if former != "" && former != ev.Driver.UserID {
		if t.former == nil {
			t.former = map[string][]string{}
		}
		t.former[e.EntityID] = append(t.former[e.EntityID], former)
	}
	var override []byte
	if ev.VehicleOverride != nil {
		override = jsonOf(ev.VehicleOverride)
	}
	handover := Handover{From: from.Name, FromAR: from.NameAR, Reason: ev.Reason, At: ev.HandedOverAt}
	err = exec(ctx, tx, `UPDATE trips SET driver_id = $2, driver_user = $3, driver = $4, vehicle_override = $5, handover = $6, steps = steps || $7::jsonb,
			version = $8, updated_at = $9 WHERE order_id = $1`,
		e.EntityID, ev.Driver.ID, ev.Driver.UserID, jsonOf(ev.Driver), override, jsonOf(handover),
		jsonOf([]Step{{Type: "TripHandedOver", Driver: ev.Driver.Name, DriverAR: ev.Driver.NameAR, At: ev.HandedOverAt}}), e.Version, e.RecordedAt.UTC())
	if err == nil {
		t.add(e.EntityID)
	}
	return err
}

// step records a trip's move to status (stop -1 keeps the current stop); clear drops the driver. The
// trip of a cancelled order stays cancelled (a step that raced the cancellation is in its history).
func step(ctx context.Context, tx pgx.Tx, env projections.Envelope, status dispatch.Status, stop int, s Step, clear bool) error {
	if clear {
		var former string
		err := tx.QueryRow(ctx, `SELECT driver_user FROM trips WHERE order_id = $1`, env.EntityID).Scan(&former)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return fmt.Errorf("dispatch: the driver of %s: %w", env.EntityID, err)
		case former != "":
			t := projections.BatchState[*touched](ctx)
			if t.former == nil {
				t.former = map[string][]string{}
			}
			t.former[env.EntityID] = append(t.former[env.EntityID], former)
		}
	}
	_, err := tx.Exec(ctx, `UPDATE trips SET status = CASE WHEN order_status = 'cancelled' THEN 'cancelled' ELSE $2 END,
		stop = CASE WHEN $3 < 0 THEN stop ELSE $3 END,
		driver_id = CASE WHEN $4 THEN '' ELSE driver_id END, driver_user = CASE WHEN $4 THEN '' ELSE driver_user END,
		driver = CASE WHEN $4 THEN NULL ELSE driver END, vehicle_override = CASE WHEN $4 THEN NULL ELSE vehicle_override END, steps = steps || $5::jsonb, version = $6, updated_at = $7
		WHERE order_id = $1`, env.EntityID, string(status), stop, clear, jsonOf([]Step{s}), env.Version, env.RecordedAt.UTC())
	if err == nil {
		projections.BatchState[*touched](ctx).add(env.EntityID)
	}
	return err
}

func notify(ctx context.Context, tx pgx.Tx, id string, formerDrivers []string) error {
	var (
		owner, driverUser, driverID, status string
		stop                                int
		version                             int64
		rawSteps                            []byte
	)
	if err := tx.QueryRow(ctx, `SELECT owner_id, driver_user, driver_id, status, stop, version, steps FROM trips WHERE order_id = $1`, id).
		Scan(&owner, &driverUser, &driverID, &status, &stop, &version, &rawSteps); err != nil {
		return fmt.Errorf("dispatch: read %s for notice: %w", id, err)
	}
	var steps []Step
	if err := json.Unmarshal(rawSteps, &steps); err != nil {
		return fmt.Errorf("dispatch: the steps of %s: %w", id, err)
	}
	turn := DriverTurn(steps)
	// The travellers' notice names no driver: the trip's room and its owner's sockets.
	travellers := []string{TripRoom(id)}
	if owner != "" {
		travellers = append(travellers, UserRoom(owner))
	}
	if err := projections.Notify(ctx, tx, EventTripProgress, map[string]any{"rooms": travellers, "event": EventTripProgress,
		"data": map[string]any{"order_id": id, "status": status, "stop": stop, "version": version, "driver_turn": turn}}); err != nil {
		return err
	}
	// Staff and the drivers' phones also read which driver has it.
	rooms := []string{AdminRoom}
	if driverUser != "" && !slices.Contains(travellers, UserRoom(driverUser)) {
		rooms = append(rooms, UserRoom(driverUser))
	}
	for _, former := range formerDrivers {
		if room := UserRoom(former); !slices.Contains(rooms, room) && !slices.Contains(travellers, room) {
			rooms = append(rooms, room)
		}
	}
	return projections.Notify(ctx, tx, EventTripProgress, map[string]any{"rooms": rooms, "event": EventTripProgress,
		"data": map[string]any{"order_id": id, "status": status, "stop": stop, "version": version, "driver_turn": turn, "driver_id": driverID}})
}

func jsonOf(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs and slices are passed
	}
	return b
}
