package orders

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/availability"
)

// Kinds of DatedStart.
const (
	StartOfQuote = "quote"
	StartOfOrder = "order"
)

// DatedStart is a trip's start the business has promised: an open quote (its traveller may pay it)
// or an order waiting for payment or booked.
type DatedStart struct {
	Kind    string
	ID      string
	Status  string
	StartAt time.Time
	Day     string
	// Since is when it was last changed (quoted, placed, paid).
	Since time.Time
}

// DatedStarts lists the open quotes and the orders waiting for payment or confirmed whose trip day is
// from on, earliest first, at most limit: what a day the office closes (a holiday added) would affect.
func (r *Reader) DatedStarts(ctx context.Context, from availability.Day, limit int) ([]DatedStart, error) {
	rows, err := r.pool.Query(ctx, `SELECT kind, id, status, start_at, day, since FROM (
		SELECT 'quote' AS kind, trip_number AS id, status, (doc->'trip'->>'start_at')::timestamptz AS start_at, day::text AS day, updated_at AS since
			FROM `+table("enquiries")+` WHERE status = 'quoted' AND day >= $1::date
		UNION ALL
		SELECT 'order', id, status, start_at, day::text, updated_at
			FROM `+table("orders")+` WHERE status IN ('awaiting_payment', 'confirmed') AND day >= $1::date
	) s ORDER BY start_at, id LIMIT $2`, string(from), limit)
	if err != nil {
		return nil, fmt.Errorf("orders: dated starts: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DatedStart, error) {
		var d DatedStart
		err := row.Scan(&d.Kind, &d.ID, &d.Status, &d.StartAt, &d.Day, &d.Since)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("orders: dated starts: %w", err)
	}
	return out, nil
}
