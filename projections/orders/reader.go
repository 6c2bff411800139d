package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/projections"
)

// ErrTripNotFound is the one answer for a trip number and e-mail that do not match, whichever part is
// wrong: the lookup must not tell which.
var ErrTripNotFound = domain.NotFound("orders.trip_not_found")

// ErrEnquiryNotFound: no enquiry has that trip number.
var ErrEnquiryNotFound = domain.NotFound("enquiries.not_found")

// Reader answers queries over the read model.
type Reader struct{ pool *pgxpool.Pool }

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return pgx.Identifier{projections.SchemaName(Name), name}.Sanitize() }

// Order returns an order; an unknown id wraps order.ErrOrderNotFound.
func (r *Reader) Order(ctx context.Context, id string) (Order, error) {
	o, found, err := readOrder(ctx, r.pool, table("orders"), id)
	if err != nil {
		return Order{}, err
	}
	if !found {
		return Order{}, order.ErrOrderNotFound
	}
	return o, nil
}

func scanDocs[T any](rows pgx.Rows) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var doc []byte
		if err := rows.Scan(&doc); err != nil {
			return nil, err
		}
		var v T
		if err := json.Unmarshal(doc, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// OrdersOf lists a user's orders, newest first.
func (r *Reader) OrdersOf(ctx context.Context, userID string, limit int) ([]Order, error) {
	if limit <= 0 || limit > 200 {
		limit = 200
	}
	rows, err := r.pool.Query(ctx, `SELECT doc FROM `+table("orders")+` WHERE user_id = $1 ORDER BY placed_at DESC, id LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("orders: list of %s: %w", userID, err)
	}
	return scanDocs[Order](rows)
}

// EnquiriesOf lists a user's enquiries, newest first.
func (r *Reader) EnquiriesOf(ctx context.Context, userID string, limit int) ([]Enquiry, error) {
	if limit <= 0 || limit > 200 {
		limit = 200
	}
	rows, err := r.pool.Query(ctx, `SELECT doc FROM `+table("enquiries")+` WHERE user_id = $1 ORDER BY submitted_at DESC LIMIT $2`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("orders: enquiries of %s: %w", userID, err)
	}
	return scanDocs[Enquiry](rows)
}

// Enquiry returns an enquiry.
func (r *Reader) Enquiry(ctx context.Context, tripNumber string) (Enquiry, error) {
	q, found, err := readEnquiry(ctx, r.pool, table("enquiries"), tripNumber)
	if err != nil {
		return Enquiry{}, err
	}
	if !found {
		return Enquiry{}, ErrEnquiryNotFound
	}
	return q, nil
}

// TimelineEntry is one event of an order's (or enquiry's) history.
type TimelineEntry struct {
	Type      string          `json:"type"`
	At        time.Time       `json:"at"`
	ActorRole string          `json:"actor_role"`
	Data      json.RawMessage `json:"data"`
}

// Timeline is what happened to a trip number, oldest first: its enquiry, then its order.
func (r *Reader) Timeline(ctx context.Context, tripNumber string) ([]TimelineEntry, error) {
	rows, err := r.pool.Query(ctx, `SELECT type, at, actor_role, data FROM `+table("timeline")+` WHERE trip_number = $1 ORDER BY at, stream, version`, tripNumber)
	if err != nil {
		return nil, fmt.Errorf("orders: timeline of %s: %w", tripNumber, err)
	}
	defer rows.Close()
	out := []TimelineEntry{}
	for rows.Next() {
		var e TimelineEntry
		if err := rows.Scan(&e.Type, &e.At, &e.ActorRole, &e.Data); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// TripStatus is what the trip status lookup shows: the order, or the enquiry before it became one.
type TripStatus struct {
	TripNumber string          `json:"trip_number"`
	Order      *Order          `json:"order,omitempty"`
	Enquiry    *Enquiry        `json:"enquiry,omitempty"`
	Timeline   []TimelineEntry `json:"timeline"`
}

// LookupTrip finds a trip by number and e-mail. Anything that does not match exactly is
// ErrTripNotFound.
func (r *Reader) LookupTrip(ctx context.Context, tripNumber, email string) (TripStatus, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	email = strings.ToLower(strings.TrimSpace(email))
	if !ok || email == "" {
		return TripStatus{}, ErrTripNotFound
	}
	out := TripStatus{TripNumber: num}
	o, found, err := readOrder(ctx, r.pool, table("orders"), num)
	if err != nil {
		return out, err
	}
	if found && strings.EqualFold(o.Contact.Email, email) {
		out.Order = &o
	}
	q, foundQ, err := readEnquiry(ctx, r.pool, table("enquiries"), num)
	if err != nil {
		return out, err
	}
	if foundQ && strings.EqualFold(q.Contact.Email, email) {
		out.Enquiry = &q
	}
	if out.Order == nil && out.Enquiry == nil {
		return TripStatus{}, ErrTripNotFound
	}
	if out.Timeline, err = r.Timeline(ctx, num); err != nil {
		return out, err
	}
	return out, nil
}

// Taken counts the cars held or confirmed on each day from first to last.
func (r *Reader) Taken(ctx context.Context, first, last availability.Day) (map[availability.Day]int, error) {
	rows, err := r.pool.Query(ctx, `SELECT day::text, count(*) FROM `+table("day_holds")+`
		WHERE status <> 'released' AND day BETWEEN $1 AND $2 GROUP BY day`, string(first), string(last))
	if err != nil {
		return nil, fmt.Errorf("orders: taken: %w", err)
	}
	defer rows.Close()
	out := map[availability.Day]int{}
	for rows.Next() {
		var d string
		var n int
		if err := rows.Scan(&d, &n); err != nil {
			return nil, err
		}
		out[availability.Day(d)] = n
	}
	return out, rows.Err()
}

// LapsedHold is a car held past its time.
type LapsedHold struct {
	Day         availability.Day
	Reservation string
	OrderID     string
	HeldUntil   time.Time
}

// LapsedHolds lists holds (not confirmed, not released) whose time ended before before, oldest first.
func (r *Reader) LapsedHolds(ctx context.Context, before time.Time, limit int) ([]LapsedHold, error) {
	rows, err := r.pool.Query(ctx, `SELECT day::text, reservation, order_id, held_until FROM `+table("day_holds")+`
		WHERE status = 'held' AND held_until < $1 ORDER BY held_until LIMIT $2`, before, limit)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && (pgErr.Code == "42P01" || pgErr.Code == "3F000") {
		// The read model is not created yet (the first seconds of a fresh database): nothing lapsed.
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("orders: lapsed holds: %w", err)
	}
	defer rows.Close()
	var out []LapsedHold
	for rows.Next() {
		var h LapsedHold
		var d string
		if err := rows.Scan(&d, &h.Reservation, &h.OrderID, &h.HeldUntil); err != nil {
			return nil, err
		}
		h.Day = availability.Day(d)
		out = append(out, h)
	}
	return out, rows.Err()
}

// AdminFilter narrows the purchase orders list.
type AdminFilter struct {
	// Status is an order status, or "" for all.
	Status string
	// Attention lists only orders whose money is out of balance.
	Attention bool
	// RefundRequested lists only orders whose refund request waits for an answer.
	RefundRequested bool
	// Query matches the trip number, the e-mail or the customer's name.
	Query  string
	Limit  int
	Offset int
}

// PurchaseOrders lists orders for the admin, newest first, with the total count.
func (r *Reader) PurchaseOrders(ctx context.Context, f AdminFilter) ([]Order, int, error) {
	where, args := []string{"TRUE"}, []any{}
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, fmt.Sprintf(cond, len(args)))
	}
	if f.Status != "" {
		add("status = $%d", f.Status)
	}
	if f.Attention {
		where = append(where, "needs_attention")
	}
	if f.RefundRequested {
		where = append(where, "refund_requested")
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		add("(id ILIKE $%[1]d OR email ILIKE $%[1]d OR customer ILIKE $%[1]d)", projections.ContainsPattern(q))
	}
	limit := f.Limit
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM `+table("orders")+` WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("orders: count: %w", err)
	}
	rows, err := r.pool.Query(ctx, `SELECT doc FROM `+table("orders")+` WHERE `+cond+
		fmt.Sprintf(` ORDER BY placed_at DESC, id LIMIT %d OFFSET %d`, limit, max(f.Offset, 0)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("orders: purchase orders: %w", err)
	}
	list, err := scanDocs[Order](rows)
	return list, total, err
}

// Enquiries lists enquiries for the admin, newest first; status "" for all.
func (r *Reader) Enquiries(ctx context.Context, status string, limit, offset int) ([]Enquiry, int, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	var total int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM `+table("enquiries")+` WHERE $1 = '' OR status = $1`, status).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("orders: count enquiries: %w", err)
	}
	rows, err := r.pool.Query(ctx, `SELECT doc FROM `+table("enquiries")+` WHERE $1 = '' OR status = $1
		ORDER BY submitted_at DESC, trip_number LIMIT $2 OFFSET $3`, status, limit, max(offset, 0))
	if err != nil {
		return nil, 0, fmt.Errorf("orders: enquiries: %w", err)
	}
	list, err := scanDocs[Enquiry](rows)
	return list, total, err
}

// PaymentRow is one payment in the audit.
type PaymentRow struct {
	PaymentID         string `json:"payment_id"`
	OrderID           string `json:"order_id"`
	Purpose           string `json:"purpose"`
	Provider          string `json:"provider"`
	AmountMinor       int64  `json:"amount_minor"`
	Status            string `json:"status"`
	ProviderSessionID string `json:"provider_session_id"`
	ProviderRef       string `json:"provider_ref"`
	CapturedMinor     int64  `json:"captured_minor"`
	RefundedMinor     int64  `json:"refunded_minor"`
	DeclineReason     string `json:"decline_reason"`
	// ClosedAt, CloseOutcome and CloseWhy say the close of the payment's page, once the shop asked
	// (payment.PaymentSessionClosed; nil and "" before): Status is "closed" when it took.
	ClosedAt     *time.Time  `json:"closed_at"`
	CloseOutcome string      `json:"close_outcome"`
	CloseWhy     string      `json:"close_why"`
	StartedAt    time.Time   `json:"started_at"`
	UpdatedAt    time.Time   `json:"updated_at"`
	Notices      []NoticeRow `json:"notices"`
}

// NoticeRow is one verified notice (or refund) of a payment, in the order it was recorded.
type NoticeRow struct {
	Kind        string    `json:"kind"`
	NoticeID    string    `json:"notice_id"`
	Outcome     string    `json:"outcome"`
	Reason      string    `json:"reason"`
	AmountMinor int64     `json:"amount_minor"`
	ProviderRef string    `json:"provider_ref"`
	At          time.Time `json:"at"`
}

// Payments lists payments, newest first, with their notices; orderID "" for all. onlyIgnored keeps the
// payments that received a notice that was ignored (a failure after a success, a second failure).
func (r *Reader) Payments(ctx context.Context, orderID string, onlyIgnored bool, limit int) ([]PaymentRow, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	rows, err := r.pool.Query(ctx, `SELECT payment_id, order_id, purpose, provider, amount_minor, status, provider_session_id, provider_ref,
		captured_minor, refunded_minor, decline_reason, closed_at, close_outcome, close_why, started_at, updated_at FROM `+table("payments")+` p
		WHERE ($1 = '' OR order_id = $1) AND (NOT $2 OR EXISTS (SELECT 1 FROM `+table("payment_notices")+` n WHERE n.payment_id = p.payment_id AND n.kind = 'ignored'))
		ORDER BY started_at DESC, payment_id LIMIT $3`, orderID, onlyIgnored, limit)
	if err != nil {
		return nil, fmt.Errorf("orders: payments: %w", err)
	}
	var out []PaymentRow
	index := map[string]int{}
	for rows.Next() {
		var p PaymentRow
		if err := rows.Scan(&p.PaymentID, &p.OrderID, &p.Purpose, &p.Provider, &p.AmountMinor, &p.Status, &p.ProviderSessionID, &p.ProviderRef,
			&p.CapturedMinor, &p.RefundedMinor, &p.DeclineReason, &p.ClosedAt, &p.CloseOutcome, &p.CloseWhy, &p.StartedAt, &p.UpdatedAt); err != nil {
			rows.Close()
			return nil, err
		}
		p.Notices = []NoticeRow{}
		index[p.PaymentID] = len(out)
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return []PaymentRow{}, nil
	}
	ids := make([]string, 0, len(out))
	for _, p := range out {
		ids = append(ids, p.PaymentID)
	}
	nrows, err := r.pool.Query(ctx, `SELECT payment_id, kind, notice_id, outcome, reason, amount_minor, provider_ref, at FROM `+table("payment_notices")+`
		WHERE payment_id = ANY($1) ORDER BY payment_id, version`, ids)
	if err != nil {
		return nil, fmt.Errorf("orders: notices: %w", err)
	}
	defer nrows.Close()
	for nrows.Next() {
		var id string
		var n NoticeRow
		if err := nrows.Scan(&id, &n.Kind, &n.NoticeID, &n.Outcome, &n.Reason, &n.AmountMinor, &n.ProviderRef, &n.At); err != nil {
			return nil, err
		}
		out[index[id]].Notices = append(out[index[id]].Notices, n)
	}
	return out, nrows.Err()
}
