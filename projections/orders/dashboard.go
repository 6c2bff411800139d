package orders

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

// Dashboard is the operator's morning view: what runs today, what is still open, what waits for an
// answer, and what came in this month.
type Dashboard struct {
	TripsToday       int   `json:"trips_today"`
	OpenOrders       int   `json:"open_orders"`
	AwaitingPayment  int   `json:"awaiting_payment"`
	NeedsAttention   int   `json:"needs_attention"`
	PendingEnquiries int   `json:"pending_enquiries"`
	RevenueMonth     int64 `json:"revenue_month_minor"` // EGP piastres: paid minus refunded, orders placed this month
}

// Dashboard counts from the orders read model. Days and months are Cairo's, as the operator lives
// them.
func (r *Reader) Dashboard(ctx context.Context, now time.Time, cairo *time.Location) (Dashboard, error) {
	local := now.In(cairo)
	today := availability.DayOf(local)
	monthStart := time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, cairo)
	var d Dashboard
	err := r.pool.QueryRow(ctx, `SELECT
		count(*) FILTER (WHERE status IN ($2, 'completed') AND day = $1::date),
		count(*) FILTER (WHERE status IN ($2, $3) AND day >= $1::date),
		count(*) FILTER (WHERE status = $3),
		count(*) FILTER (WHERE needs_attention),
		coalesce(sum(paid_minor - refunded_minor) FILTER (WHERE placed_at >= $4), 0)
		FROM `+table("orders"),
		string(today), string(order.StatusConfirmed), string(order.StatusAwaitingPayment), monthStart,
	).Scan(&d.TripsToday, &d.OpenOrders, &d.AwaitingPayment, &d.NeedsAttention, &d.RevenueMonth)
	if err != nil {
		return Dashboard{}, fmt.Errorf("orders: dashboard: %w", err)
	}
	err = r.pool.QueryRow(ctx, `SELECT count(*) FROM `+table("enquiries")+` WHERE status = $1`,
		string(enquiry.StatusSubmitted)).Scan(&d.PendingEnquiries)
	if err != nil {
		return Dashboard{}, fmt.Errorf("orders: dashboard: %w", err)
	}
	return d, nil
}
