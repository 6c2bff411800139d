// Package orders is the read side of orders, payments, day availability and enquiries: each order
// with its timeline (from its events), the trip status lookup by trip number and e-mail, the day holds
// behind the booking calendar and the hold-expiry job, the payments audit (every verified notice,
// the ignored ones included), and the admin's purchase orders. It pushes every order change to the
// owner's room, the trip's room and the admins' room. It writes nothing but its own schema: the
// traveller's e-mails are the business of the process manager processes/ordermail.
//
// It decides nothing: whether a car is free is decided on the day's stream (commands/orders); the day
// holds here only show the calendar and point the expiry job at lapsed holds.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/availability"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name; its tables live in schema projections.SchemaName(Name).
const Name = "orders"

// Live events.
const (
	EventOrderChanged   = "order.changed"
	EventEnquiryChanged = "enquiry.changed"
)

// TripRoom is the live room of a trip, joined by proving its trip number and e-mail.
func TripRoom(tripNumber string) string { return "trip:" + tripNumber }

// UserRoom and AdminRoom repeat httpapi/live's room names, keeping projections free of the HTTP layer.
func UserRoom(userID string) string { return "user:" + userID }

const AdminRoom = "admin"

// Projection maintains the read model.
type Projection struct {
	handlers *projections.Handlers
}

// New returns the projection, decoding with registry (commands/orders.RegisterEvents).
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{"order", "availability", "payment", "enquiry"},
		Events: []projections.Handler{
			projections.On(onOrder[order.OrderPlaced]),
			projections.On(onOrder[order.PaymentRequested]),
			projections.On(onOrder[order.PaymentReceived]),
			projections.On(onOrder[order.PaymentFailed]),
			projections.On(onOrder[order.OrderExpired]),
			projections.On(onOrder[order.OrderNeedsAttention]),
			projections.On(onOrder[order.OrderCancelled]),
			projections.On(onOrder[order.RefundRequested]),
			projections.On(onOrder[order.RefundIssued]),
			projections.On(onOrder[order.RefundFailed]),
			projections.On(onOrder[order.ExchangeRequested]),
			projections.On(onOrder[order.OrderExchanged]),
			projections.On(onOrder[order.ExchangeAbandoned]),
			projections.On(onOrder[order.TripStarted]),
			projections.On(onOrder[order.TripCompleted]),
			projections.On(onOrder[order.OrderCompleted]),
			projections.On(onOrder[order.PaymentSessionOrdered]),
			projections.On(onOrder[order.PaymentSessionFailed]),
			projections.On(onOrder[order.PaymentAccepted]),
			projections.On(onOrder[order.RefundOrdered]),
			projections.On(onOrder[order.OrderHeldAgain]),

			projections.On(onDay[availability.CapacityReserved]),
			projections.On(onDay[availability.ReservationConfirmed]),
			projections.On(onDay[availability.ReservationReleased]),

			projections.On(onPayment[payment.PaymentStarted]),
			projections.On(onPayment[payment.PaymentSucceeded]),
			projections.On(onPayment[payment.PaymentDeclined]),
			projections.On(onPayment[payment.PaymentNoticeIgnored]),
			projections.On(onPayment[payment.PaymentRefunded]),
			projections.On(onPayment[payment.PaymentSessionClosed]),

			projections.On(onEnquiry[enquiry.EnquirySubmitted]),
			projections.On(onEnquiry[enquiry.EnquiryQuoted]),
			projections.On(onEnquiry[enquiry.EnquiryDeclined]),
			projections.On(onEnquiry[enquiry.EnquiryConverted]),
			projections.On(onEnquiry[enquiry.EnquiryAttached]),
		},
		Batch: writeTouched,
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	// version 2: refund_requested is a request that waits for an answer, not any request ever made.
	// version 3: a cancelled order keeps what OrderCancelled.kept recorded (a refund on its way at
	// the cancellation was counted as kept) and says who the cancellation was for.
	// version 4: a payment's page closed by the shop (payment.PaymentSessionClosed) says so, on the
	// order's payment and in the payments audit (closed_at, close_outcome, close_why).
	return `-- orders read model, version 4
CREATE TABLE orders (
    id               text        PRIMARY KEY,
    user_id          text        NOT NULL,
    email            text        NOT NULL,
    customer         text        NOT NULL,
    status           text        NOT NULL,
    source           text        NOT NULL,
    day              date        NOT NULL,
    start_at         timestamptz NOT NULL,
    price_minor      bigint      NOT NULL,
    paid_minor       bigint      NOT NULL,
    refunded_minor   bigint      NOT NULL,
    owed_minor       bigint      NOT NULL,
    needs_attention  boolean     NOT NULL,
    refund_requested boolean     NOT NULL,
    placed_at        timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL,
    version          bigint      NOT NULL,
    doc              jsonb       NOT NULL
);
CREATE INDEX orders_user ON orders (user_id, placed_at DESC);
CREATE INDEX orders_placed ON orders (placed_at DESC, id);
CREATE INDEX orders_email ON orders (email);
CREATE INDEX orders_attention ON orders (placed_at DESC) WHERE needs_attention;

CREATE TABLE enquiries (
    trip_number  text        PRIMARY KEY,
    user_id      text        NOT NULL,
    email        text        NOT NULL,
    customer     text        NOT NULL,
    status       text        NOT NULL,
    day          date,
    submitted_at timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    version      bigint      NOT NULL,
    doc          jsonb       NOT NULL
);
CREATE INDEX enquiries_user ON enquiries (user_id, submitted_at DESC);
CREATE INDEX enquiries_submitted ON enquiries (submitted_at DESC, trip_number);

CREATE TABLE timeline (
    stream      text        NOT NULL,
    version     bigint      NOT NULL,
    trip_number text        NOT NULL,
    type        text        NOT NULL,
    at          timestamptz NOT NULL,
    actor_role  text        NOT NULL,
    data        jsonb       NOT NULL,
    PRIMARY KEY (stream, version)
);
CREATE INDEX timeline_trip ON timeline (trip_number, at, version);

CREATE TABLE day_holds (
    reservation text        PRIMARY KEY,
    day         date        NOT NULL,
    order_id    text        NOT NULL,
    status      text        NOT NULL,
    held_until  timestamptz,
    capacity    integer     NOT NULL,
    updated_at  timestamptz NOT NULL
);
CREATE INDEX day_holds_day ON day_holds (day) WHERE status <> 'released';
CREATE INDEX day_holds_lapsed ON day_holds (held_until) WHERE status = 'held';

CREATE TABLE payments (
    payment_id          text        PRIMARY KEY,
    order_id            text        NOT NULL,
    purpose             text        NOT NULL,
    provider            text        NOT NULL,
    amount_minor        bigint      NOT NULL,
    status              text        NOT NULL,
    provider_session_id text        NOT NULL,
    provider_ref        text        NOT NULL DEFAULT '',
    captured_minor      bigint      NOT NULL DEFAULT 0,
    refunded_minor      bigint      NOT NULL DEFAULT 0,
    decline_reason      text        NOT NULL DEFAULT '',
    expires_at          timestamptz,
    closed_at           timestamptz,
    close_outcome       text        NOT NULL DEFAULT '',
    close_why           text        NOT NULL DEFAULT '',
    started_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);
CREATE INDEX payments_order ON payments (order_id, started_at);
CREATE INDEX payments_started ON payments (started_at DESC, payment_id);

CREATE TABLE payment_notices (
    payment_id   text        NOT NULL,
    version      bigint      NOT NULL,
    kind         text        NOT NULL,
    notice_id    text        NOT NULL,
    outcome      text        NOT NULL,
    reason       text        NOT NULL,
    amount_minor bigint      NOT NULL,
    provider_ref text        NOT NULL,
    at           timestamptz NOT NULL,
    PRIMARY KEY (payment_id, version)
);`
}

type batch struct {
	orders    map[string]*Order
	enquiries map[string]*Enquiry
	touched   []string
	touchedQ  []string
}

// writeTouched folds the batch: orders and enquiries are loaded once per batch, changed in memory
// and written once, with one notice each; holds, payments and the timeline are written as they come.
func writeTouched(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
	b := &batch{orders: map[string]*Order{}, enquiries: map[string]*Enquiry{}}
	if err := dispatch(projections.WithBatchState(ctx, b)); err != nil {
		return err
	}
	for _, id := range b.touched {
		o := b.orders[id]
		if err := writeOrder(ctx, tx, o); err != nil {
			return err
		}
		rooms := []string{TripRoom(o.ID), AdminRoom}
		if o.UserID != "" {
			rooms = append(rooms, UserRoom(o.UserID))
		}
		if err := projections.Notify(ctx, tx, EventOrderChanged, map[string]any{"rooms": rooms, "event": EventOrderChanged,
			"data": map[string]any{"order_id": o.ID, "status": o.Status, "version": o.Version}}); err != nil {
			return err
		}
	}
	for _, id := range b.touchedQ {
		q := b.enquiries[id]
		if err := writeEnquiry(ctx, tx, q); err != nil {
			return err
		}
		rooms := []string{TripRoom(q.TripNumber), AdminRoom}
		if q.UserID != "" {
			rooms = append(rooms, UserRoom(q.UserID))
		}
		if err := projections.Notify(ctx, tx, EventEnquiryChanged, map[string]any{"rooms": rooms, "event": EventEnquiryChanged,
			"data": map[string]any{"trip_number": q.TripNumber, "status": q.Status, "version": q.Version}}); err != nil {
			return err
		}
	}
	return nil
}

func onOrder[E order.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	b := projections.BatchState[*batch](ctx)
	id := e.EntityID
	o, ok := b.orders[id]
	if !ok {
		loaded, found, err := readOrder(ctx, tx, "orders", id)
		if err != nil {
			return err
		}
		if !found {
			if _, placing := any(e.Data).(order.OrderPlaced); !placing {
				return fmt.Errorf("orders: %s@%d: %s before OrderPlaced", e.StreamID, e.Version, e.Type)
			}
		}
		o = &loaded
		b.orders[id] = o
		b.touched = append(b.touched, id)
	}
	o.apply(e.Data, e.RecordedAt)
	o.Version = e.Version
	return insertTimeline(ctx, tx, e.Envelope, id, timelineData(e.Data))
}

func onEnquiry[E enquiry.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	b := projections.BatchState[*batch](ctx)
	id := e.EntityID
	q, ok := b.enquiries[id]
	if !ok {
		loaded, _, err := readEnquiry(ctx, tx, "enquiries", id)
		if err != nil {
			return err
		}
		q = &loaded
		b.enquiries[id] = q
		b.touchedQ = append(b.touchedQ, id)
	}
	q.apply(e.Data, e.RecordedAt)
	q.Version = e.Version
	return insertTimeline(ctx, tx, e.Envelope, id, timelineData(e.Data))
}

func onDay[E availability.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	return applyDay(ctx, tx, e.Data, e.Envelope)
}

func onPayment[E payment.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	if err := applyPayment(ctx, tx, e.EntityID, e.Data, e.Envelope); err != nil {
		return err
	}
	if c, ok := any(e.Data).(payment.PaymentSessionClosed); ok {
		return closeOnOrder(ctx, tx, e.EntityID, c, e.Envelope)
	}
	return nil
}

// closeOnOrder says on the order of payment id that its page was closed, and why. The order's
// version stays its stream's: the close is the payment stream's event.
func closeOnOrder(ctx context.Context, tx pgx.Tx, id string, c payment.PaymentSessionClosed, rec projections.Envelope) error {
	var orderID string
	err := tx.QueryRow(ctx, `SELECT order_id FROM payments WHERE payment_id = $1`, id).Scan(&orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		// A session closed that never started: there is no page on any order to say it of.
		return nil
	}
	if err != nil {
		return fmt.Errorf("orders: payment %s@%d: its order: %w", rec.StreamID, rec.Version, err)
	}
	b := projections.BatchState[*batch](ctx)
	o, ok := b.orders[orderID]
	if !ok {
		loaded, found, err := readOrder(ctx, tx, "orders", orderID)
		if err != nil || !found {
			return err
		}
		o = &loaded
		b.orders[orderID] = o
		b.touched = append(b.touched, orderID)
	}
	o.closeSession(id, SessionClose{At: rec.RecordedAt, Outcome: c.Outcome, Why: c.Why})
	return nil
}

func writeOrder(ctx context.Context, tx pgx.Tx, o *Order) error {
	doc, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("orders: encode %s: %w", o.ID, err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO orders (id, user_id, email, customer, status, source, day, start_at, price_minor, paid_minor,
		refunded_minor, owed_minor, needs_attention, refund_requested, placed_at, updated_at, version, doc)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)
		ON CONFLICT (id) DO UPDATE SET status = excluded.status, day = excluded.day, start_at = excluded.start_at,
		    price_minor = excluded.price_minor, paid_minor = excluded.paid_minor, refunded_minor = excluded.refunded_minor,
		    owed_minor = excluded.owed_minor, needs_attention = excluded.needs_attention, refund_requested = excluded.refund_requested,
		    updated_at = excluded.updated_at, version = excluded.version, doc = excluded.doc`,
		o.ID, o.UserID, strings.ToLower(o.Contact.Email), strings.TrimSpace(o.Contact.FirstName+" "+o.Contact.LastName), string(o.Status), o.Source,
		string(o.Trip.Day), o.Trip.StartAt, o.Price.Minor, o.Paid.Minor, o.Refunded.Minor, o.Owed().Minor, o.NeedsAttention(),
		o.RefundRequestOpen, o.PlacedAt, o.UpdatedAt, o.Version, doc)
	if err != nil {
		return fmt.Errorf("orders: write %s: %w", o.ID, err)
	}
	return nil
}

func writeEnquiry(ctx context.Context, tx pgx.Tx, q *Enquiry) error {
	doc, err := json.Marshal(q)
	if err != nil {
		return fmt.Errorf("orders: encode enquiry %s: %w", q.TripNumber, err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO enquiries (trip_number, user_id, email, customer, status, day, submitted_at, updated_at, version, doc)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
		ON CONFLICT (trip_number) DO UPDATE SET user_id = excluded.user_id, status = excluded.status, day = excluded.day,
		    updated_at = excluded.updated_at, version = excluded.version, doc = excluded.doc`,
		q.TripNumber, q.UserID, strings.ToLower(q.Contact.Email), strings.TrimSpace(q.Contact.FirstName+" "+q.Contact.LastName),
		string(q.Status), nullDay(q.Trip.Day), q.SubmittedAt, q.UpdatedAt, q.Version, doc)
	if err != nil {
		return fmt.Errorf("orders: write enquiry %s: %w", q.TripNumber, err)
	}
	return nil
}

// nullDay is NULL for an enquiry that leaves the date to the operator.
func nullDay(d availability.Day) any {
	if d == "" {
		return nil
	}
	return string(d)
}

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func readOrder(ctx context.Context, db querier, table, id string) (Order, bool, error) {
	var doc []byte
	err := db.QueryRow(ctx, `SELECT doc FROM `+table+` WHERE id = $1`, id).Scan(&doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return Order{}, false, nil
	}
	if err != nil {
		return Order{}, false, fmt.Errorf("orders: read %s: %w", id, err)
	}
	var o Order
	if err := json.Unmarshal(doc, &o); err != nil {
		return Order{}, false, fmt.Errorf("orders: decode %s: %w", id, err)
	}
	return o, true, nil
}

func readEnquiry(ctx context.Context, db querier, table, id string) (Enquiry, bool, error) {
	var doc []byte
	err := db.QueryRow(ctx, `SELECT doc FROM `+table+` WHERE trip_number = $1`, id).Scan(&doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return Enquiry{}, false, nil
	}
	if err != nil {
		return Enquiry{}, false, fmt.Errorf("orders: read enquiry %s: %w", id, err)
	}
	var q Enquiry
	if err := json.Unmarshal(doc, &q); err != nil {
		return Enquiry{}, false, fmt.Errorf("orders: decode enquiry %s: %w", id, err)
	}
	return q, true, nil
}

func insertTimeline(ctx context.Context, tx pgx.Tx, rec projections.Envelope, tripNumber string, data map[string]any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	role := rec.Metadata.ActorRole
	_, err = tx.Exec(ctx, `INSERT INTO timeline (stream, version, trip_number, type, at, actor_role, data)
		VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING`, rec.StreamID, rec.Version, tripNumber, rec.Type, rec.RecordedAt, role, raw)
	if err != nil {
		return fmt.Errorf("orders: timeline %s@%d: %w", rec.StreamID, rec.Version, err)
	}
	return nil
}

// timelineData is what the timeline shows of an event: amounts, reasons, dates; never the contact
// details or the whole itinerary (the order page shows those from the order).
func timelineData(e any) map[string]any {
	switch ev := e.(type) {
	case order.OrderPlaced:
		data := map[string]any{"total": ev.Trip.Quote.Total, "day": ev.Trip.Day, "start_at": ev.Trip.StartAt, "hold_until": ev.HoldUntil, "source": ev.Source}
		if d := ev.Promo; d != nil {
			data["total"], data["promo_code"], data["amount_off"], data["price_before"] = d.PriceAfter, d.Code, d.AmountOff, d.PriceBefore
		}
		return data
	case order.PaymentRequested:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "provider": ev.Provider, "amount": ev.Amount}
	case order.PaymentReceived:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "amount": ev.Amount, "late": ev.Late, "confirms": ev.Confirms}
	case order.PaymentFailed:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "reason": ev.Reason}
	case order.OrderExpired:
		return map[string]any{"held_until": ev.HeldUntil}
	case order.OrderHeldAgain:
		return map[string]any{"hold_until": ev.HoldUntil, "previous_status": ev.PreviousStatus}
	case order.OrderNeedsAttention:
		return map[string]any{"reason": ev.Reason, "amount": ev.Amount}
	case order.OrderCancelled:
		data := map[string]any{"reason": ev.Reason, "free": ev.Free, "refund_due": ev.RefundDue, "refund_basis_points": ev.RefundBasisPoints, "by_staff": ev.ByStaff,
			"underway": ev.Underway}
		if ev.Kept.Currency != "" {
			data["kept"] = ev.Kept
		}
		if ev.InitiatedBy != "" {
			data["initiated_by"] = ev.InitiatedBy
		}
		return data
	case order.TripStarted:
		return map[string]any{"started_at": ev.StartedAt}
	case order.TripCompleted:
		return map[string]any{"completed_at": ev.CompletedAt}
	case order.OrderCompleted:
		return map[string]any{"completed_at": ev.CompletedAt}
	case order.RefundRequested:
		return map[string]any{"reason": ev.Reason, "amount": ev.Amount}
	case order.RefundOrdered:
		return map[string]any{"refund_id": ev.RefundID, "amount": ev.Amount, "reason": ev.Reason}
	case order.RefundIssued:
		return map[string]any{"refund_id": ev.RefundID, "amount": ev.Amount, "reason": ev.Reason}
	case order.RefundFailed:
		return map[string]any{"refund_id": ev.RefundID, "amount": ev.Amount, "reason": ev.Reason}
	case order.PaymentSessionOrdered:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "provider": ev.Provider, "amount": ev.Amount}
	case order.PaymentSessionFailed:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "reason": ev.Reason}
	case order.PaymentAccepted:
		return map[string]any{"payment_id": ev.PaymentID, "purpose": ev.Purpose, "amount": ev.Amount, "reason": ev.Reason, "confirms": ev.Confirms}
	case order.ExchangeRequested:
		return map[string]any{"day": ev.To.Day, "start_at": ev.To.StartAt, "difference": ev.Difference, "hold_until": ev.HoldUntil}
	case order.OrderExchanged:
		return map[string]any{"from_day": ev.From.Day, "from_start_at": ev.From.StartAt, "day": ev.To.Day, "start_at": ev.To.StartAt, "difference": ev.Difference}
	case order.ExchangeAbandoned:
		return map[string]any{"reason": ev.Reason}
	case enquiry.EnquirySubmitted:
		return map[string]any{"day": ev.Trip.Day, "start_at": ev.Trip.StartAt, "estimate": ev.Trip.Quote.Total}
	case enquiry.EnquiryQuoted:
		return map[string]any{"amount": ev.Amount, "valid_until": ev.ValidUntil, "note": ev.Note}
	case enquiry.EnquiryDeclined:
		return map[string]any{"reason": ev.Reason}
	case enquiry.EnquiryConverted:
		return map[string]any{"order_id": ev.OrderID}
	}
	return map[string]any{}
}

func applyDay(ctx context.Context, tx pgx.Tx, e availability.Event, rec projections.Envelope) error {
	var err error
	switch ev := e.(type) {
	case availability.CapacityReserved:
		var until *time.Time
		if !ev.HeldUntil.IsZero() {
			until = &ev.HeldUntil
		}
		_, err = tx.Exec(ctx, `INSERT INTO day_holds (reservation, day, order_id, status, held_until, capacity, updated_at)
			VALUES ($1,$2,$3,'held',$4,$5,$6)
			ON CONFLICT (reservation) DO UPDATE SET status = 'held', held_until = excluded.held_until, capacity = excluded.capacity, updated_at = excluded.updated_at`,
			ev.Reservation, string(ev.Day), ev.OrderID, until, ev.Capacity, rec.RecordedAt)
	case availability.ReservationConfirmed:
		_, err = tx.Exec(ctx, `UPDATE day_holds SET status = 'confirmed', updated_at = $2 WHERE reservation = $1`, ev.Reservation, rec.RecordedAt)
	case availability.ReservationReleased:
		_, err = tx.Exec(ctx, `UPDATE day_holds SET status = 'released', updated_at = $2 WHERE reservation = $1`, ev.Reservation, rec.RecordedAt)
	}
	if err != nil {
		return fmt.Errorf("orders: day %s@%d: %w", rec.StreamID, rec.Version, err)
	}
	return nil
}

func applyPayment(ctx context.Context, tx pgx.Tx, id string, e payment.Event, rec projections.Envelope) error {
	var err error
	notice := func(kind, noticeID, outcome, reason string, amount int64, ref string) error {
		_, err := tx.Exec(ctx, `INSERT INTO payment_notices (payment_id, version, kind, notice_id, outcome, reason, amount_minor, provider_ref, at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT DO NOTHING`, id, rec.Version, kind, noticeID, outcome, reason, amount, ref, rec.RecordedAt)
		return err
	}
	switch ev := e.(type) {
	case payment.PaymentStarted:
		_, err = tx.Exec(ctx, `INSERT INTO payments (payment_id, order_id, purpose, provider, amount_minor, status, provider_session_id, expires_at, started_at, updated_at)
			VALUES ($1,$2,$3,$4,$5,'pending',$6,$7,$8,$8) ON CONFLICT (payment_id) DO NOTHING`,
			id, ev.OrderID, ev.Purpose, ev.Provider, ev.Amount.Minor, ev.ProviderSessionID, ev.ExpiresAt, rec.RecordedAt)
	case payment.PaymentSucceeded:
		if _, err = tx.Exec(ctx, `UPDATE payments SET status = 'succeeded', captured_minor = $2, provider_ref = $3, updated_at = $4 WHERE payment_id = $1`,
			id, ev.Amount.Minor, ev.ProviderRef, rec.RecordedAt); err == nil {
			err = notice("succeeded", ev.NoticeID, payment.OutcomeSucceeded, "", ev.Amount.Minor, ev.ProviderRef)
		}
	case payment.PaymentDeclined:
		if _, err = tx.Exec(ctx, `UPDATE payments SET status = 'failed', decline_reason = $2, updated_at = $3 WHERE payment_id = $1`,
			id, ev.Reason, rec.RecordedAt); err == nil {
			err = notice("declined", ev.NoticeID, payment.OutcomeFailed, ev.Reason, 0, ev.ProviderRef)
		}
	case payment.PaymentNoticeIgnored:
		if _, err = tx.Exec(ctx, `UPDATE payments SET updated_at = $2 WHERE payment_id = $1`, id, rec.RecordedAt); err == nil {
			err = notice("ignored", ev.NoticeID, ev.Outcome, ev.Reason, ev.Amount.Minor, ev.ProviderRef)
		}
	case payment.PaymentSessionClosed:
		// A page waiting for a card that was closed, or was found no longer open, is closed; one the
		// provider cannot close stays pending (payable until it lapses), with the close beside it.
		_, err = tx.Exec(ctx, `UPDATE payments SET closed_at = $2, close_outcome = $3, close_why = $4,
			status = CASE WHEN status = 'pending' AND $3 <> $5 THEN 'closed' ELSE status END, updated_at = $2 WHERE payment_id = $1`,
			id, rec.RecordedAt, ev.Outcome, ev.Why, payment.SessionCannotClose)
	case payment.PaymentRefunded:
		if _, err = tx.Exec(ctx, `UPDATE payments SET refunded_minor = refunded_minor + $2, updated_at = $3 WHERE payment_id = $1`,
			id, ev.Amount.Minor, rec.RecordedAt); err == nil {
			err = notice("refunded", ev.RefundID, "refund", ev.Reason, ev.Amount.Minor, ev.ProviderRef)
		}
	}
	if err != nil {
		return fmt.Errorf("orders: payment %s@%d: %w", rec.StreamID, rec.Version, err)
	}
	return nil
}
