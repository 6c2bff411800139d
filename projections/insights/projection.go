// Package insights is the read model behind the admin dashboard: bookings, money in and out per Cairo
// day, cars taken against the drivers' capacity per day, what was booked (destinations, programs,
// rate plans), cancellations, enquiries and how many became orders, and the queue of what needs an
// operator (refund requests, money that differs from what was asked, failed refunds, paid orders
// without a car, ...). Every row is derived from the events, keyed so that a re-delivered event
// changes nothing, so a rebuild gives the same figures. It decides nothing and writes nothing but its
// own schema.
package insights

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name; its tables live in schema projections.SchemaName(Name).
const Name = "insights"

// Topic is the live notice sent, once per batch and after it commits, when the read model changed:
// the composition root routes it to the staff room, where the admin dashboard reads its figures and
// its needs-attention queue again (an order's own "order.changed" may arrive before this read model
// has caught up with the same events).
const Topic = "insights.changed"

// changes is the per-batch state: whether a handler wrote anything.
type changes struct{ any bool }

// changed marks the batch in ctx as having changed the read model.
func changed(ctx context.Context) { projections.BatchState[*changes](ctx).any = true }

// notifyAfter dispatches a batch and, when it changed anything, queues one notice in its transaction.
func notifyAfter(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
	c := &changes{}
	if err := dispatch(projections.WithBatchState(ctx, c)); err != nil {
		return err
	}
	if !c.any {
		return nil
	}
	if err := projections.Notify(ctx, tx, Topic, struct{}{}); err != nil {
		return fmt.Errorf("insights: %w", err)
	}
	return nil
}

// Attention kinds besides the order's own reasons (order.Attention*).
const (
	// KindRefundRequested: the traveller asked for money back and no one has answered yet.
	KindRefundRequested = "refund_requested"
	// KindDriverTakenOff: the system took a confirmed trip's driver back (their new times overlap
	// another trip of theirs, or the trip moved day); closed when a driver is assigned again.
	KindDriverTakenOff = "driver_taken_off"
)

// Projection maintains the dashboard's read model.
type Projection struct{ handlers *projections.Handlers }

// New returns the projection, decoding with registry (the orders', dispatch's and catalogue's events).
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{"order", "availability", "enquiry", "dispatch", "driver"},
		Batch:    notifyAfter,
		Events: []projections.Handler{
			projections.On(onOrder[order.OrderPlaced]),
			projections.On(onOrder[order.PaymentReceived]),
			projections.On(onOrder[order.PaymentAccepted]),
			projections.On(onOrder[order.PaymentFailed]),
			projections.On(onOrder[order.OrderExpired]),
			projections.On(onOrder[order.OrderHeldAgain]),
			projections.On(onOrder[order.OrderNeedsAttention]),
			projections.On(onOrder[order.OrderCancelled]),
			projections.On(onOrder[order.RefundRequested]),
			projections.On(onOrder[order.RefundOrdered]),
			projections.On(onOrder[order.RefundIssued]),
			projections.On(onOrder[order.OrderExchanged]),
			projections.On(onOrder[order.OrderCompleted]),

			projections.On(onDay[availability.CapacityReserved]),
			projections.On(onDay[availability.ReservationConfirmed]),
			projections.On(onDay[availability.ReservationReleased]),

			projections.On(onEnquiry[enquiry.EnquirySubmitted]),
			projections.On(onEnquiry[enquiry.EnquiryQuoted]),
			projections.On(onEnquiry[enquiry.EnquiryDeclined]),
			projections.On(onEnquiry[enquiry.EnquiryConverted]),

			projections.On(onTrip[dispatch.DriverAssigned]),
			projections.On(onTrip[dispatch.DriverUnassigned]),
			projections.On(onTrip[dispatch.TripHandedOver]),
			projections.On(onTrip[dispatch.TripCancelled]),

			projections.On(onDriver[cat.Created[cat.DriverFields]]),
			projections.On(onDriver[cat.Updated[cat.DriverFields]]),
			projections.On(onDriver[cat.Archived[cat.DriverFields]]),
			projections.On(onDriver[cat.Restored[cat.DriverFields]]),
		},
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

// Schema: days are Cairo dates (the day an event was recorded, as Cairo lived it; a trip's own day).
func (*Projection) Schema() string {
	return `-- insights read model, version 3: when an order was confirmed, not only its day (an attention's "since")
CREATE TABLE bookings (
    order_id      text        PRIMARY KEY,
    placed_day    date        NOT NULL,
    trip_day      date        NOT NULL,
    status        text        NOT NULL,
    rate_plan_id  text        NOT NULL,
    rate_plan_en  text        NOT NULL,
    rate_plan_ar  text        NOT NULL,
    program_id    text        NOT NULL,
    program_en    text        NOT NULL,
    program_ar    text        NOT NULL,
    price_minor   bigint      NOT NULL,
    currency      text        NOT NULL,
    confirmed_day date,
    confirmed_at  timestamptz,
    cancelled_day date,
    driver_id     text        NOT NULL DEFAULT ''
);
CREATE INDEX bookings_confirmed ON bookings (confirmed_day);
CREATE INDEX bookings_trip_day ON bookings (trip_day) WHERE status = 'confirmed';

CREATE TABLE booking_stops (
    order_id       text    NOT NULL,
    position       integer NOT NULL,
    destination_id text    NOT NULL,
    name_en        text    NOT NULL,
    name_ar        text    NOT NULL,
    PRIMARY KEY (order_id, position)
);

CREATE TABLE money_moves (
    stream       text   NOT NULL,
    version      bigint NOT NULL,
    day          date   NOT NULL,
    order_id     text   NOT NULL,
    kind         text   NOT NULL,
    currency     text   NOT NULL,
    amount_minor bigint NOT NULL,
    PRIMARY KEY (stream, version)
);
CREATE INDEX money_moves_day ON money_moves (day);

CREATE TABLE reservations (
    reservation text PRIMARY KEY,
    day         date NOT NULL,
    order_id    text NOT NULL,
    status      text NOT NULL
);
CREATE INDEX reservations_day ON reservations (day) WHERE status <> 'released';

CREATE TABLE drivers (
    id            text      PRIMARY KEY,
    working_days  integer[] NOT NULL,
    trips_per_day integer   NOT NULL,
    active        boolean   NOT NULL,
    archived      boolean   NOT NULL
);

CREATE TABLE enquiries (
    trip_number   text    PRIMARY KEY,
    submitted_day date    NOT NULL,
    status        text    NOT NULL,
    quoted        boolean NOT NULL DEFAULT false,
    converted     boolean NOT NULL DEFAULT false
);

CREATE TABLE attention (
    order_id     text        NOT NULL,
    seq          bigint      NOT NULL,
    kind         text        NOT NULL,
    payment_id   text        NOT NULL,
    amount_minor bigint      NOT NULL,
    currency     text        NOT NULL,
    opened_at    timestamptz NOT NULL,
    closed_at    timestamptz,
    PRIMARY KEY (order_id, seq)
);
CREATE INDEX attention_open ON attention (opened_at) WHERE closed_at IS NULL;`
}

// cairoDay is the Cairo date of an instant.
func cairoDay(t time.Time) string { return t.In(cat.Cairo).Format(time.DateOnly) }

func onOrder[E order.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	changed(ctx)
	if err := applyOrder(ctx, tx, e.EntityID, e.Data, e.Envelope); err != nil {
		return fmt.Errorf("insights: %s@%d: %w", e.StreamID, e.Version, err)
	}
	return nil
}

func applyOrder(ctx context.Context, tx pgx.Tx, id string, e order.Event, env projections.Envelope) error {
	at := env.RecordedAt
	day := cairoDay(at)
	switch ev := e.(type) {
	case order.OrderPlaced:
		price := ev.Trip.Quote.Total
		if ev.Promo != nil {
			price = ev.Promo.PriceAfter
		}
		if _, err := tx.Exec(ctx, `INSERT INTO bookings (order_id, placed_day, trip_day, status, rate_plan_id, rate_plan_en, rate_plan_ar,
			program_id, program_en, program_ar, price_minor, currency)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT (order_id) DO NOTHING`,
			id, day, string(ev.Trip.Day), string(order.StatusAwaitingPayment), ev.Trip.RatePlan.ID, ev.Trip.RatePlan.Name,
			ev.Trip.RatePlan.NameAR, ev.Trip.Itinerary.ProgramID, ev.Trip.Itinerary.ProgramName, ev.Trip.Itinerary.ProgramNameIn("ar"),
			price.Minor, string(currencyOf(price))); err != nil {
			return err
		}
		return writeStops(ctx, tx, id, ev.Trip.Itinerary.Stops)
	case order.PaymentReceived:
		if err := moneyMove(ctx, tx, env, day, id, "payment", ev.Amount); err != nil {
			return err
		}
		if ev.Confirms {
			return confirm(ctx, tx, id, day, at)
		}
	case order.PaymentAccepted:
		if _, err := tx.Exec(ctx, `UPDATE attention SET closed_at = $3 WHERE order_id = $1 AND payment_id = $2 AND kind = $4 AND closed_at IS NULL`,
			id, ev.PaymentID, at, order.AttentionAmountMismatch); err != nil {
			return err
		}
		if ev.Confirms {
			return confirm(ctx, tx, id, day, at)
		}
	case order.PaymentFailed:
		if ev.Purpose == order.PurposeOrder {
			return setStatus(ctx, tx, id, order.StatusPaymentFailed, string(order.StatusAwaitingPayment))
		}
	case order.OrderExpired:
		return setStatus(ctx, tx, id, order.StatusExpired, "")
	case order.OrderHeldAgain:
		return setStatus(ctx, tx, id, order.StatusAwaitingPayment, "")
	case order.OrderNeedsAttention:
		_, err := tx.Exec(ctx, `INSERT INTO attention (order_id, seq, kind, payment_id, amount_minor, currency, opened_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`,
			id, env.Version, ev.Reason, ev.PaymentID, ev.Amount.Minor, string(currencyOf(ev.Amount)), at)
		return err
	case order.OrderCancelled:
		if _, err := tx.Exec(ctx, `UPDATE bookings SET status = $2, cancelled_day = coalesce(cancelled_day, $3::date) WHERE order_id = $1`,
			id, string(order.StatusCancelled), day); err != nil {
			return err
		}
		return closeAttention(ctx, tx, id, at, KindRefundRequested)
	case order.RefundRequested:
		_, err := tx.Exec(ctx, `INSERT INTO attention (order_id, seq, kind, payment_id, amount_minor, currency, opened_at)
			VALUES ($1,$2,$3,'',$4,$5,$6) ON CONFLICT DO NOTHING`,
			id, env.Version, KindRefundRequested, ev.Amount.Minor, string(currencyOf(ev.Amount)), at)
		return err
	case order.RefundOrdered:
		// A refund on its way answers a request, settles money owed back, and retries a failed refund;
		// money that differs from what was asked is settled by refunding that payment.
		if _, err := tx.Exec(ctx, `UPDATE attention SET closed_at = $2 WHERE order_id = $1 AND closed_at IS NULL
			AND (kind <> $3 OR payment_id = $4)`, id, at, order.AttentionAmountMismatch, ev.PaymentID); err != nil {
			return err
		}
	case order.RefundIssued:
		if err := moneyMove(ctx, tx, env, day, id, "refund", ev.Amount); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE attention SET closed_at = $2 WHERE order_id = $1 AND closed_at IS NULL
			AND (kind <> $3 OR payment_id = $4)`, id, at, order.AttentionAmountMismatch, ev.PaymentID); err != nil {
			return err
		}
	case order.OrderExchanged:
		price := ev.To.Quote.Total
		if ev.Promo != nil {
			price = ev.Promo.PriceAfter
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET trip_day = $2, rate_plan_id = $3, rate_plan_en = $4, rate_plan_ar = $5,
			program_id = $6, program_en = $7, program_ar = $8, price_minor = $9 WHERE order_id = $1`,
			id, string(ev.To.Day), ev.To.RatePlan.ID, ev.To.RatePlan.Name, ev.To.RatePlan.NameAR, ev.To.Itinerary.ProgramID,
			ev.To.Itinerary.ProgramName, ev.To.Itinerary.ProgramNameIn("ar"), price.Minor); err != nil {
			return err
		}
		return writeStops(ctx, tx, id, ev.To.Itinerary.Stops)
	case order.OrderCompleted:
		return setStatus(ctx, tx, id, order.StatusCompleted, "")
	}
	return nil
}

func currencyOf(m money.Money) money.Currency {
	if m.Currency == "" {
		return money.EGP
	}
	return m.Currency
}

func writeStops(ctx context.Context, tx pgx.Tx, id string, stops []order.Stop) error {
	if _, err := tx.Exec(ctx, `DELETE FROM booking_stops WHERE order_id = $1`, id); err != nil {
		return err
	}
	for i, s := range stops {
		if _, err := tx.Exec(ctx, `INSERT INTO booking_stops (order_id, position, destination_id, name_en, name_ar) VALUES ($1,$2,$3,$4,$5)`,
			id, i+1, s.DestinationID, s.NameEN, s.NameAR); err != nil {
			return err
		}
	}
	return nil
}

func moneyMove(ctx context.Context, tx pgx.Tx, env projections.Envelope, day, id, kind string, amount money.Money) error {
	_, err := tx.Exec(ctx, `INSERT INTO money_moves (stream, version, day, order_id, kind, currency, amount_minor)
		VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`,
		env.StreamID, env.Version, day, id, kind, string(currencyOf(amount)), amount.Minor)
	return err
}

// confirm records the order confirmed; the day it was first confirmed is the day it counts as booked.
func confirm(ctx context.Context, tx pgx.Tx, id, day string, at time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE bookings SET status = $2, confirmed_day = coalesce(confirmed_day, $3::date),
		confirmed_at = coalesce(confirmed_at, $4) WHERE order_id = $1`,
		id, string(order.StatusConfirmed), day, at)
	return err
}

// setStatus sets the order's status (only from status from, when from is not empty).
func setStatus(ctx context.Context, tx pgx.Tx, id string, s order.Status, from string) error {
	_, err := tx.Exec(ctx, `UPDATE bookings SET status = $2 WHERE order_id = $1 AND ($3 = '' OR status = $3)`, id, string(s), from)
	return err
}

func closeAttention(ctx context.Context, tx pgx.Tx, id string, at time.Time, kind string) error {
	_, err := tx.Exec(ctx, `UPDATE attention SET closed_at = $2 WHERE order_id = $1 AND kind = $3 AND closed_at IS NULL`, id, at, kind)
	return err
}

func onDay[E availability.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	changed(ctx)
	var err error
	switch ev := any(e.Data).(type) {
	case availability.CapacityReserved:
		_, err = tx.Exec(ctx, `INSERT INTO reservations (reservation, day, order_id, status) VALUES ($1,$2,$3,'held')
			ON CONFLICT (reservation) DO UPDATE SET status = 'held'`, ev.Reservation, string(ev.Day), ev.OrderID)
	case availability.ReservationConfirmed:
		_, err = tx.Exec(ctx, `UPDATE reservations SET status = 'confirmed' WHERE reservation = $1`, ev.Reservation)
	case availability.ReservationReleased:
		_, err = tx.Exec(ctx, `UPDATE reservations SET status = 'released' WHERE reservation = $1`, ev.Reservation)
	}
	if err != nil {
		return fmt.Errorf("insights: %s@%d: %w", e.StreamID, e.Version, err)
	}
	return nil
}

func onEnquiry[E enquiry.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	changed(ctx)
	var err error
	id := e.EntityID
	switch any(e.Data).(type) {
	case enquiry.EnquirySubmitted:
		_, err = tx.Exec(ctx, `INSERT INTO enquiries (trip_number, submitted_day, status) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`,
			id, cairoDay(e.RecordedAt), string(enquiry.StatusSubmitted))
	case enquiry.EnquiryQuoted:
		_, err = tx.Exec(ctx, `UPDATE enquiries SET status = 'quoted', quoted = true WHERE trip_number = $1`, id)
	case enquiry.EnquiryDeclined:
		_, err = tx.Exec(ctx, `UPDATE enquiries SET status = 'declined' WHERE trip_number = $1`, id)
	case enquiry.EnquiryConverted:
		_, err = tx.Exec(ctx, `UPDATE enquiries SET status = 'converted', converted = true WHERE trip_number = $1`, id)
	}
	if err != nil {
		return fmt.Errorf("insights: %s@%d: %w", e.StreamID, e.Version, err)
	}
	return nil
}

func onTrip[E dispatch.TripEvent](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	changed(ctx)
	var err error
	switch ev := any(e.Data).(type) {
	case dispatch.DriverAssigned:
		if _, err = tx.Exec(ctx, `UPDATE bookings SET driver_id = $2 WHERE order_id = $1`, e.EntityID, ev.Driver.ID); err == nil {
			err = closeAttention(ctx, tx, e.EntityID, e.RecordedAt.UTC(), KindDriverTakenOff)
		}
	case dispatch.TripHandedOver:
		_, err = tx.Exec(ctx, `UPDATE bookings SET driver_id = $2 WHERE order_id = $1`, e.EntityID, ev.Driver.ID)
	case dispatch.DriverUnassigned:
		if _, err = tx.Exec(ctx, `UPDATE bookings SET driver_id = '' WHERE order_id = $1`, e.EntityID); err == nil && ev.ByUserID == dispatch.SystemActor {
			err = takenOff(ctx, tx, e)
		}
	case dispatch.TripCancelled:
		if _, err = tx.Exec(ctx, `UPDATE bookings SET driver_id = '' WHERE order_id = $1`, e.EntityID); err == nil {
			err = closeAttention(ctx, tx, e.EntityID, e.RecordedAt.UTC(), KindDriverTakenOff)
		}
	}
	if err != nil {
		return fmt.Errorf("insights: %s@%d: %w", e.StreamID, e.Version, err)
	}
	return nil
}

// takenOff opens the item for a confirmed trip whose driver the system took back (an exchange moved
// it onto another of their trips, or to another day): nobody chose this, so somebody must assign
// again. The order's own items are numbered by the order stream's versions; the trip's stream
// numbers its own, so its items take the negative of the trip event's version to stay apart.
func takenOff[E dispatch.TripEvent](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	_, err := tx.Exec(ctx, `INSERT INTO attention (order_id, seq, kind, payment_id, amount_minor, currency, opened_at)
		SELECT order_id, $2, $3, '', price_minor, currency, $4 FROM bookings WHERE order_id = $1 AND status = $5
		ON CONFLICT DO NOTHING`, e.EntityID, -e.Version, KindDriverTakenOff, e.RecordedAt.UTC(), string(order.StatusConfirmed))
	return err
}

func onDriver[E cat.Event[cat.DriverFields]](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	changed(ctx)
	var err error
	id := e.Data.EntityID().String()
	write := func(f cat.DriverFields) error {
		days := make([]int32, len(f.WorkingDays))
		for i, d := range f.WorkingDays {
			days[i] = int32(d)
		}
		slices.Sort(days)
		_, err := tx.Exec(ctx, `INSERT INTO drivers (id, working_days, trips_per_day, active, archived) VALUES ($1,$2,$3,$4,false)
			ON CONFLICT (id) DO UPDATE SET working_days = excluded.working_days, trips_per_day = excluded.trips_per_day, active = excluded.active`,
			id, days, max(f.TripsPerDay, 1), f.Active)
		return err
	}
	switch ev := any(e.Data).(type) {
	case cat.Created[cat.DriverFields]:
		err = write(ev.Fields)
	case cat.Updated[cat.DriverFields]:
		err = write(ev.Fields)
	case cat.Archived[cat.DriverFields]:
		_, err = tx.Exec(ctx, `UPDATE drivers SET archived = true WHERE id = $1`, id)
	case cat.Restored[cat.DriverFields]:
		_, err = tx.Exec(ctx, `UPDATE drivers SET archived = false WHERE id = $1`, id)
	}
	if err != nil {
		return fmt.Errorf("insights: %s@%d: %w", e.StreamID, e.Version, err)
	}
	return nil
}
