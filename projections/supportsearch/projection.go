// Package supportsearch is the support console's order search read model: one row per order with
// the people it is about (the contact's first and last name, e-mail and phone) and its trip number,
// folded into one search text for Arabic and English and indexed by trigrams (pg_trgm), so support
// finds an order by any part of a name, an e-mail, a phone number or a trip number without reading
// events. It reads OrderPlaced only: nothing changes an order's contact afterwards. It writes nothing
// but its own schema.
package supportsearch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/fold"
	"mishwar/projections"
)

// Name is the projection's name; its table lives in schema projections.SchemaName(Name).
const Name = "support_search"

// Projection maintains the search rows.
type Projection struct{ handlers *projections.Handlers }

// New returns the projection, decoding with registry (commands/orders.RegisterEvents).
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{"order"},
		Events:   []projections.Handler{projections.On(onPlaced)},
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

// Schema: the trigram index serves LIKE '%fragment%' on the folded text (pg_trgm is created in
// schema public by migration 02001).
func (*Projection) Schema() string {
	return `CREATE TABLE orders (
    trip_number text        PRIMARY KEY,
    user_id     text        NOT NULL,
    first_name  text        NOT NULL,
    last_name   text        NOT NULL,
    email       text        NOT NULL,
    phone       text        NOT NULL,
    day         date        NOT NULL,
    placed_at   timestamptz NOT NULL,
    search      text        NOT NULL
);
CREATE INDEX orders_search ON orders USING gin (search gin_trgm_ops);
CREATE INDEX orders_placed ON orders (placed_at DESC, trip_number);`
}

func onPlaced(ctx context.Context, tx pgx.Tx, e projections.Event[order.OrderPlaced]) error {
	c := e.Data.Contact
	_, err := tx.Exec(ctx, `INSERT INTO orders (trip_number, user_id, first_name, last_name, email, phone, day, placed_at, search)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (trip_number) DO NOTHING`,
		e.EntityID, e.Data.UserID, c.FirstName, c.LastName, c.Email, c.Phone, string(e.Data.Trip.Day), e.Data.PlacedAt,
		SearchText(e.EntityID, c.FirstName, c.LastName, c.Email, c.Phone))
	if err != nil {
		return fmt.Errorf("support_search: %s: %w", e.EntityID, err)
	}
	return nil
}

// SearchText is what a row is found by: each part folded (fold.Text), the e-mail also whole, the
// phone as its digits alone and, for an Egyptian number, as Egyptians write it at home too (so
// "01001234567" and "+20 100 123 4567" both find +201001234567).
func SearchText(tripNumber, first, last, email, phone string) string {
	parts := []string{fold.Text(tripNumber), fold.Text(first), fold.Text(last), strings.ToLower(strings.TrimSpace(email)),
		fold.Text(email), digits(phone)}
	if d := digits(phone); strings.HasPrefix(strings.TrimSpace(phone), "+20") && len(d) > 2 {
		parts = append(parts, "0"+d[2:])
	}
	return strings.Join(parts, " | ")
}

// digits keeps a phone number's digits (Arabic-Indic ones made ASCII).
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, fold.Text(s))
}

// Terms splits a query into the fragments that must each occur: a query of only digits and phone
// punctuation ("+20 100-123") is one fragment of its digits; anything else is its folded words (at
// most 8).
func Terms(q string) []string {
	if isPhoneLike(q) {
		if d := digits(q); d != "" {
			return []string{d}
		}
	}
	return fold.Words(q, 8)
}

func isPhoneLike(q string) bool {
	seen := false
	for _, r := range q {
		switch {
		case (r >= '0' && r <= '9') || (r >= '٠' && r <= '٩'):
			seen = true
		case r == '+' || r == '-' || r == ' ' || r == '(' || r == ')' || r == '.':
		default:
			return false
		}
	}
	return seen
}

// Hit is one order found.
type Hit struct {
	TripNumber string
	UserID     string
	FirstName  string
	LastName   string
	Email      string
	Phone      string
	Day        string
	PlacedAt   time.Time
}

// Reader answers searches.
type Reader struct{ pool *pgxpool.Pool }

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

// Search returns the orders whose search text holds every term, newest first, at most limit, and how
// many match in all. No terms match nothing.
func (r *Reader) Search(ctx context.Context, terms []string, limit int) ([]Hit, int, error) {
	if len(terms) == 0 {
		return []Hit{}, 0, nil
	}
	where := make([]string, len(terms))
	args := make([]any, len(terms))
	for i, t := range terms {
		where[i] = fmt.Sprintf("search LIKE $%d", i+1)
		args[i] = projections.ContainsPattern(t)
	}
	table := pgx.Identifier{projections.SchemaName(Name), "orders"}.Sanitize()
	cond := strings.Join(where, " AND ")
	var total int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM `+table+` WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("support_search: count: %w", err)
	}
	rows, err := r.pool.Query(ctx, `SELECT trip_number, user_id, first_name, last_name, email, phone, day::text, placed_at FROM `+table+
		` WHERE `+cond+fmt.Sprintf(` ORDER BY placed_at DESC, trip_number LIMIT %d`, max(limit, 1)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("support_search: search: %w", err)
	}
	hits, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Hit, error) {
		var h Hit
		err := row.Scan(&h.TripNumber, &h.UserID, &h.FirstName, &h.LastName, &h.Email, &h.Phone, &h.Day, &h.PlacedAt)
		return h, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("support_search: rows: %w", err)
	}
	return hits, total, nil
}
