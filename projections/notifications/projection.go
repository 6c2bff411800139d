// Package notifications is the read model of each traveller's notifications (the bell): one row per
// thing that happened to one of their orders or its trip — placed, confirmed, payment failed, expired,
// cancelled, refunded, exchanged, driver assigned or taken off, trip started, picked up, at a stop,
// completed — and each driver's (a trip given to them, taken from them, called off), numbered per
// user in log order, and how far the user has read (inbox.NotificationsRead on
// their inbox stream). Everything it holds comes from the log, so a rebuild gives the same numbers and
// keeps what was read.
//
// After each batch it pushes "notification.created" (new notifications) or "notification.read" to
// the user's room with the newest number and the unread count. Guests' orders (no account) have no
// bell and add nothing.
package notifications

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/domain/inbox"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name (its schema is rm_notifications).
const Name = "notifications"

// Live events.
const (
	// EventCreated: {"id": newest number, "kind", "order_id", "unread"}.
	EventCreated = "notification.created"
	// EventRead: {"read_up_to", "unread"}.
	EventRead = "notification.read"
)

// UserRoom repeats httpapi/live's room name, keeping projections free of the HTTP layer.
func UserRoom(userID string) string { return "user:" + userID }

// Kinds of notification (the web app words each one in the user's language).
const (
	KindOrderPlaced      = "order_placed"
	KindOrderConfirmed   = "order_confirmed"
	KindPaymentFailed    = "payment_failed"
	KindOrderExpired     = "order_expired"
	KindOrderCancelled   = "order_cancelled"
	KindRefundIssued     = "refund_issued"
	KindOrderExchanged   = "order_exchanged"
	KindDriverAssigned   = "driver_assigned"
	KindDriverUnassigned = "driver_unassigned"
	KindTripStarted      = "trip_started"
	KindPickedUp         = "picked_up"
	KindArrivedAtStop    = "arrived_at_stop"
	KindTripCompleted    = "trip_completed"
	// KindDriverChanged: the trip, on the road, goes on with another driver (named, with their car).
	KindDriverChanged = "driver_changed"

	// A driver's own: a trip given to them (with its pickup time), handed to another driver while on
	// the road (KindTripTakenAway), or called off. A trip that had not started and left their list
	// says why: moved to another day (Day; By "traveller" or "office"), retimed over another of their
	// trips (Trip, StartAt–EndAt), or taken off them by the office (Reason, their words).
	KindTripGiven       = "trip_given"
	KindTripTakenAway   = "trip_taken_away"
	KindTripCalledOff   = "trip_called_off"
	KindTripMovedAway   = "trip_moved_away"
	KindTripRetimedAway = "trip_retimed_away"
	KindTripTakenOff    = "trip_taken_off"
	// KindTripHandedToYou: a trip on the road was handed to this driver, to go on from where it is.
	KindTripHandedToYou = "trip_handed_to_you"
)

// Projection maintains the read model.
type Projection struct {
	handlers   *projections.Handlers
	readBefore time.Time
}

// ReadBefore is the bell's cut-off: a notification of an event recorded before it is created read.
// The bell came with the release of 2026-11-26; on its first deploy the read model is built from the
// whole log, and years of bookings arriving unread ("42 new") would bury what is new. A fixed instant,
// not "when this read model was created": a rebuild (a changed schema, `projections rebuild`) must give
// the same answer as the first build, and a rebuild's creation time would mark everything read again.
var ReadBefore = time.Date(2026, time.November, 26, 0, 0, 0, 0, time.UTC)

// Option changes how the projection is built.
type Option func(*Projection)

// WithReadBefore sets the cut-off (ReadBefore by default): notifications of events recorded before
// cutoff count as read.
func WithReadBefore(cutoff time.Time) Option { return func(p *Projection) { p.readBefore = cutoff } }

// New returns the projection, decoding with registry.
func New(registry *eventstore.Registry, opts ...Option) *Projection {
	p := &Projection{readBefore: ReadBefore}
	for _, o := range opts {
		o(p)
	}
	p.handlers = p.build(registry)
	return p
}

func (p *Projection) build(registry *eventstore.Registry) *projections.Handlers {
	readBefore := p.readBefore
	return &projections.Handlers{
		Registry: registry,
		Streams:  []string{"order", "dispatch", "inbox"},
		Events: []projections.Handler{
			projections.On(orderPlaced),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.PaymentReceived]) error {
				if !e.Data.Confirms {
					return nil
				}
				return ofOrder(ctx, tx, e.Envelope, KindOrderConfirmed, Params{Amount: amountOf(e.Data.Amount)}, e.RecordedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.PaymentAccepted]) error {
				if !e.Data.Confirms {
					return nil
				}
				return ofOrder(ctx, tx, e.Envelope, KindOrderConfirmed, Params{Amount: amountOf(e.Data.Amount)}, e.RecordedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.PaymentFailed]) error {
				return ofOrder(ctx, tx, e.Envelope, KindPaymentFailed, Params{}, e.RecordedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderExpired]) error {
				return ofOrder(ctx, tx, e.Envelope, KindOrderExpired, Params{}, e.RecordedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderCancelled]) error {
				return ofOrder(ctx, tx, e.Envelope, KindOrderCancelled, Params{Amount: amountOf(e.Data.RefundDue)}, e.RecordedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[order.RefundIssued]) error {
				return ofOrder(ctx, tx, e.Envelope, KindRefundIssued, Params{Amount: amountOf(e.Data.Amount)}, e.RecordedAt)
			}),
			projections.On(driverAssigned),
			projections.On(orderExchanged),
			projections.On(driverUnassigned),
			projections.On(tripHandedOver),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripCancelled]) error {
				return toFormerDriver(ctx, tx, e.Envelope, KindTripCalledOff, Params{}, e.Data.CancelledAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripStarted]) error {
				return ofOrder(ctx, tx, e.Envelope, KindTripStarted, Params{}, e.Data.StartedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TravellersPickedUp]) error {
				return ofOrder(ctx, tx, e.Envelope, KindPickedUp, Params{}, e.Data.PickedUpAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.ArrivedAtStop]) error {
				return ofOrder(ctx, tx, e.Envelope, KindArrivedAtStop, Params{Stop: e.Data.Stop, Place: e.Data.Name}, e.Data.ArrivedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripCompleted]) error {
				return ofOrder(ctx, tx, e.Envelope, KindTripCompleted, Params{}, e.Data.CompletedAt)
			}),
			projections.On(notificationsRead),
		},
		Batch: func(ctx context.Context, tx pgx.Tx, run func(context.Context) error) error {
			return notifyUsers(ctx, tx, readBefore, run)
		},
	}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	return `-- notifications read model, version 4 (a driver hears why a trip left their list)
CREATE TABLE owners (
    order_id text PRIMARY KEY,
    user_id  text NOT NULL,
    stops_ar jsonb NOT NULL DEFAULT '[]',
    -- who made the order's latest exchange: 'traveller' or 'office' ('' before any)
    moved_by text NOT NULL DEFAULT ''
);
-- The account driving each trip now, to tell them when it is taken away or called off.
CREATE TABLE trip_drivers (
    order_id text PRIMARY KEY,
    user_id  text NOT NULL
);
CREATE TABLE notifications (
    user_id  text        NOT NULL,
    seq      bigint      NOT NULL,
    event_id uuid        NOT NULL,
    kind     text        NOT NULL,
    order_id text        NOT NULL,
    params   jsonb       NOT NULL DEFAULT '{}',
    at       timestamptz NOT NULL,
    PRIMARY KEY (user_id, seq),
    UNIQUE (user_id, event_id)
);
CREATE TABLE reads (
    user_id text   PRIMARY KEY,
    up_to   bigint NOT NULL
);`
}

// Params are what a notification's words need besides its kind and order.
type Params struct {
	// Driver is the driver's name (DriverAR in Arabic when known), with their car (VehicleAR
	// likewise) and plate.
	Driver    string `json:"driver,omitempty"`
	DriverAR  string `json:"driver_ar,omitempty"`
	Vehicle   string `json:"vehicle,omitempty"`
	VehicleAR string `json:"vehicle_ar,omitempty"`
	Plate     string `json:"plate,omitempty"`
	// Stop is the stop's number from 1, Place its name (PlaceAR in Arabic when known).
	Stop    int    `json:"stop,omitempty"`
	Place   string `json:"place,omitempty"`
	PlaceAR string `json:"place_ar,omitempty"`
	// Amount is what was paid, is due back or was refunded.
	Amount *Amount `json:"amount,omitempty"`
	// StartAt is the trip's new pickup time after an exchange; with EndAt, the times of the other
	// trip a retimed one now overlaps (Trip).
	StartAt time.Time `json:"start_at,omitzero"`
	EndAt   time.Time `json:"end_at,omitzero"`
	Trip    string    `json:"trip,omitempty"`
	// Day is the day a trip moved to (YYYY-MM-DD), By who moved it: "traveller" or "office".
	Day string `json:"day,omitempty"`
	By  string `json:"by,omitempty"`
	// Reason is the office's words when it took a trip off its driver.
	Reason string `json:"reason,omitempty"`
}

// Amount is money as the web app formats it.
type Amount struct {
	Minor    int64          `json:"minor"`
	Currency money.Currency `json:"currency"`
}

func amountOf(m money.Money) *Amount {
	if m.Minor == 0 {
		return nil
	}
	return &Amount{Minor: m.Minor, Currency: m.Currency}
}

// batch is what a batch changed, per user: each user gets one notice.
type batch struct {
	readBefore time.Time
	created    map[string]bool
	read       map[string]bool
	users      []string
}

func (b *batch) touch(userID string, created bool) {
	if !b.created[userID] && !b.read[userID] {
		b.users = append(b.users, userID)
	}
	if created {
		b.created[userID] = true
	} else {
		b.read[userID] = true
	}
}

func notifyUsers(ctx context.Context, tx pgx.Tx, readBefore time.Time, run func(context.Context) error) error {
	b := &batch{readBefore: readBefore, created: map[string]bool{}, read: map[string]bool{}}
	if err := run(projections.WithBatchState(ctx, b)); err != nil {
		return err
	}
	for _, u := range b.users {
		var (
			newest, upTo int64
			unread       int
			kind, id     string
		)
		if err := tx.QueryRow(ctx, `SELECT COALESCE((SELECT up_to FROM reads WHERE user_id = $1), 0)`, u).Scan(&upTo); err != nil {
			return fmt.Errorf("notifications: read mark of %s: %w", u, err)
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0), COUNT(*) FILTER (WHERE seq > $2),
			COALESCE((SELECT kind FROM notifications WHERE user_id = $1 ORDER BY seq DESC LIMIT 1), ''),
			COALESCE((SELECT order_id FROM notifications WHERE user_id = $1 ORDER BY seq DESC LIMIT 1), '')
			FROM notifications WHERE user_id = $1`, u, upTo).Scan(&newest, &unread, &kind, &id); err != nil {
			return fmt.Errorf("notifications: count of %s: %w", u, err)
		}
		event, data := EventRead, map[string]any{"read_up_to": upTo, "unread": unread}
		if b.created[u] {
			event, data = EventCreated, map[string]any{"id": newest, "kind": kind, "order_id": id, "unread": unread}
		}
		if err := projections.Notify(ctx, tx, event, map[string]any{"room": UserRoom(u), "event": event, "data": data}); err != nil {
			return err
		}
	}
	return nil
}

func orderPlaced(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderPlaced]) error {
	if e.Data.UserID == "" {
		return nil
	}
	ar := make([]string, len(e.Data.Trip.Itinerary.Stops))
	for i, s := range e.Data.Trip.Itinerary.Stops {
		ar[i] = s.NameAR
	}
	if _, err := tx.Exec(ctx, `INSERT INTO owners (order_id, user_id, stops_ar) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO UPDATE SET stops_ar = EXCLUDED.stops_ar`,
		e.EntityID, e.Data.UserID, jsonOf(ar)); err != nil {
		return fmt.Errorf("notifications: owner of %s: %w", e.EntityID, err)
	}
	return add(ctx, tx, e.Envelope, e.Data.UserID, KindOrderPlaced, Params{StartAt: e.Data.Trip.StartAt.UTC()}, e.RecordedAt)
}

// orderExchanged tells the traveller their trip changed and remembers who changed it, so the driver
// a move releases hears whether the traveller or the office moved it.
func orderExchanged(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderExchanged]) error {
	by := MovedByTraveller
	if r := e.Metadata.ActorRole; r == account.RoleAdmin || r == account.RoleSupport {
		by = MovedByOffice
	}
	if _, err := tx.Exec(ctx, `UPDATE owners SET moved_by = $2 WHERE order_id = $1`, e.EntityID, by); err != nil {
		return fmt.Errorf("notifications: exchange of %s: %w", e.EntityID, err)
	}
	return ofOrder(ctx, tx, e.Envelope, KindOrderExchanged, Params{StartAt: e.Data.To.StartAt.UTC()}, e.RecordedAt)
}

// Who moved a trip to another day.
const (
	MovedByTraveller = "traveller"
	MovedByOffice    = "office"
)

// driverUnassigned tells the driver taken off a trip that had not started why (its cause, or the
// office's words), and the traveller that a new driver will come.
func driverUnassigned(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.DriverUnassigned]) error {
	kind, p := KindTripTakenOff, Params{Reason: e.Data.Reason}
	if c := e.Data.Cause; c != nil {
		switch c.Code {
		case dispatch.CauseMovedToDay:
			kind, p = KindTripMovedAway, Params{Day: string(c.Day), By: MovedByTraveller}
			var by string
			err := tx.QueryRow(ctx, `SELECT moved_by FROM owners WHERE order_id = $1`, e.EntityID).Scan(&by)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("notifications: exchange of %s: %w", e.EntityID, err)
			}
			if by == MovedByOffice {
				p.By = by
			}
		case dispatch.CauseTimesOverlap:
			kind, p = KindTripRetimedAway, Params{Trip: c.Trip, StartAt: c.StartAt.UTC(), EndAt: c.EndAt.UTC()}
		}
	}
	if err := toFormerDriver(ctx, tx, e.Envelope, kind, p, e.Data.UnassignedAt); err != nil {
		return err
	}
	return ofOrder(ctx, tx, e.Envelope, KindDriverUnassigned, Params{}, e.Data.UnassignedAt)
}

func driverAssigned(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.DriverAssigned]) error {
	if e.Data.OwnerID != "" {
		// The dispatch stream names the owner, so a trip whose order came before this read model's
		// time still reaches its traveller.
		if _, err := tx.Exec(ctx, `INSERT INTO owners (order_id, user_id) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING`, e.EntityID, e.Data.OwnerID); err != nil {
			return fmt.Errorf("notifications: owner of %s: %w", e.EntityID, err)
		}
	}
	d := e.Data.Driver
	if d.UserID != "" {
		// The driver hears of it too, with the pickup time; whoever drove it before was told it was
		// taken from them when it was.
		if _, err := tx.Exec(ctx, `INSERT INTO trip_drivers (order_id, user_id) VALUES ($1, $2)
			ON CONFLICT (order_id) DO UPDATE SET user_id = EXCLUDED.user_id`, e.EntityID, d.UserID); err != nil {
			return fmt.Errorf("notifications: driver of %s: %w", e.EntityID, err)
		}
		if err := add(ctx, tx, e.Envelope, d.UserID, KindTripGiven, Params{StartAt: e.Data.StartAt.UTC()}, e.Data.AssignedAt); err != nil {
			return err
		}
	}
	return ofOrder(ctx, tx, e.Envelope, KindDriverAssigned, Params{Driver: d.Name, DriverAR: d.NameAR, Vehicle: d.Vehicle, VehicleAR: d.VehicleAR, Plate: d.Plate}, e.Data.AssignedAt)
}

// tripHandedOver tells the former driver the trip left them, the new one that it is theirs now, and
// the traveller who drives them on.
func tripHandedOver(ctx context.Context, tx pgx.Tx, e projections.Event[dispatch.TripHandedOver]) error {
	d, at := e.Data.Driver, e.Data.HandedOverAt
	if err := toFormerDriver(ctx, tx, e.Envelope, KindTripTakenAway, Params{}, at); err != nil {
		return err
	}
	if d.UserID != "" {
		if _, err := tx.Exec(ctx, `INSERT INTO trip_drivers (order_id, user_id) VALUES ($1, $2)
			ON CONFLICT (order_id) DO UPDATE SET user_id = EXCLUDED.user_id`, e.EntityID, d.UserID); err != nil {
			return fmt.Errorf("notifications: driver of %s: %w", e.EntityID, err)
		}
		if err := add(ctx, tx, e.Envelope, d.UserID, KindTripHandedToYou, Params{}, at); err != nil {
			return err
		}
	}
	return ofOrder(ctx, tx, e.Envelope, KindDriverChanged, Params{Driver: d.Name, DriverAR: d.NameAR, Vehicle: d.Vehicle, VehicleAR: d.VehicleAR, Plate: d.Plate}, at)
}

// toFormerDriver tells the account that drove the trip of env's stream that it no longer does
// (kind, with p), if one did.
func toFormerDriver(ctx context.Context, tx pgx.Tx, env projections.Envelope, kind string, p Params, at time.Time) error {
	var userID string
	err := tx.QueryRow(ctx, `DELETE FROM trip_drivers WHERE order_id = $1 RETURNING user_id`, env.EntityID).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("notifications: driver of %s: %w", env.EntityID, err)
	}
	return add(ctx, tx, env, userID, kind, p, at)
}

// ofOrder adds a notification for the owner of the order (or its trip) of env's stream, if it has one.
func ofOrder(ctx context.Context, tx pgx.Tx, env projections.Envelope, kind string, p Params, at time.Time) error {
	var (
		userID  string
		stopsAR []string
	)
	err := tx.QueryRow(ctx, `SELECT user_id, stops_ar FROM owners WHERE order_id = $1`, env.EntityID).Scan(&userID, &stopsAR)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // a guest's order, or one whose placing came before the log this model reads
	}
	if err != nil {
		return fmt.Errorf("notifications: owner of %s: %w", env.EntityID, err)
	}
	if p.Stop > 0 && p.Stop <= len(stopsAR) {
		p.PlaceAR = stopsAR[p.Stop-1]
	}
	return add(ctx, tx, env, userID, kind, p, at)
}

// add numbers and stores one notification for userID; an event seen again adds nothing.
func add(ctx context.Context, tx pgx.Tx, env projections.Envelope, userID, kind string, p Params, at time.Time) error {
	if at.IsZero() {
		at = env.RecordedAt
	}
	var seq int64
	err := tx.QueryRow(ctx, `INSERT INTO notifications (user_id, seq, event_id, kind, order_id, params, at)
		SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6 FROM notifications WHERE user_id = $1
		ON CONFLICT (user_id, event_id) DO NOTHING RETURNING seq`, userID, env.EventID, kind, env.EntityID, jsonOf(p), at.UTC()).Scan(&seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // seen before
	}
	if err != nil {
		return fmt.Errorf("notifications: add %s for %s: %w", kind, userID, err)
	}
	b := projections.BatchState[*batch](ctx)
	if env.RecordedAt.Before(b.readBefore) {
		// Before the bell existed: it counts as read (numbered in log order, so the mark only grows).
		if _, err := tx.Exec(ctx, `INSERT INTO reads (user_id, up_to) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET up_to = GREATEST(reads.up_to, EXCLUDED.up_to)`, userID, seq); err != nil {
			return fmt.Errorf("notifications: %s read before the bell: %w", userID, err)
		}
		return nil
	}
	b.touch(userID, true)
	return nil
}

func notificationsRead(ctx context.Context, tx pgx.Tx, e projections.Event[inbox.NotificationsRead]) error {
	if _, err := tx.Exec(ctx, `INSERT INTO reads (user_id, up_to) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET up_to = GREATEST(reads.up_to, EXCLUDED.up_to)`, e.Data.UserID, e.Data.UpTo); err != nil {
		return fmt.Errorf("notifications: mark read for %s: %w", e.Data.UserID, err)
	}
	projections.BatchState[*batch](ctx).touch(e.Data.UserID, false)
	return nil
}

func jsonOf(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs and slices are passed
	}
	return b
}
