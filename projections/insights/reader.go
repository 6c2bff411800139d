package insights

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/money"
	"mishwar/projections"
)

// Reader answers the dashboard's questions from the read model.
type Reader struct{ pool *pgxpool.Pool }

// NewReader reads the model in pool's database.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return projections.SchemaName(Name) + "." + name }

// Named is something with an English and an Arabic name.
type Named struct {
	ID string `json:"id"`
	En string `json:"en"`
	Ar string `json:"ar"`
}

// DayBookings is how many orders of one rate plan were confirmed (booked for good) on a Cairo day.
type DayBookings struct {
	Day        string `json:"day"`
	RatePlanID string `json:"rate_plan_id"`
	Bookings   int    `json:"bookings"`
}

// DayMoney is the money captured and refunded on a Cairo day for the orders of one rate plan, in one
// currency (minor units).
type DayMoney struct {
	Day        string         `json:"day"`
	RatePlanID string         `json:"rate_plan_id"`
	Currency   money.Currency `json:"currency"`
	Paid       int64          `json:"paid_minor"`
	Refunded   int64          `json:"refunded_minor"`
}

// DayCount is a count on a Cairo day.
type DayCount struct {
	Day   string `json:"day"`
	Count int    `json:"count"`
}

// DayCapacity is a trip day's cars: taken for good (paid), held for an order waiting for payment,
// and the drivers' capacity (active drivers working that weekday × their trips per day). The read
// model knows no service hours: the dashboard's query counts none on a closed day (order.DayCapacity).
type DayCapacity struct {
	Day      string `json:"day"`
	Capacity int    `json:"capacity"`
	Booked   int    `json:"booked"`
	Held     int    `json:"held"`
}

// Ranked is a destination or program with the confirmed bookings that included it.
type Ranked struct {
	Named
	Bookings int `json:"bookings"`
}

// CurrencyTotal is a sum in one currency (minor units) and how many made it.
type CurrencyTotal struct {
	Currency money.Currency `json:"currency"`
	Minor    int64          `json:"minor"`
	Count    int            `json:"count"`
}

// Enquiries counts the enquiries submitted in a period by where they are now.
type Enquiries struct {
	Submitted int `json:"submitted"`
	Quoted    int `json:"quoted"`
	Declined  int `json:"declined"`
	Converted int `json:"converted"`
}

// Overview is the dashboard's figures for the Cairo days From..To (inclusive) and the trip days
// CapacityFrom..CapacityTo.
type Overview struct {
	From, To                 string
	CapacityFrom, CapacityTo string
	RatePlans                []Named
	Bookings                 []DayBookings
	Money                    []DayMoney
	Cancellations            []DayCount
	Refunds                  []CurrencyTotal
	Capacity                 []DayCapacity
	TopDestinations          []Ranked
	TopPrograms              []Ranked
	Enquiries                Enquiries
}

// Overview reads the figures for the days from..to and the capacity of the trip days capFrom..capTo
// (Cairo dates, YYYY-MM-DD), with the top limit destinations and programs.
func (r *Reader) Overview(ctx context.Context, from, to, capFrom, capTo string, limit int) (Overview, error) {
	o := Overview{From: from, To: to, CapacityFrom: capFrom, CapacityTo: capTo}
	steps := []struct {
		what string
		sql  string
		args []any
		scan func(pgx.Rows) error
	}{
		{"rate plans", `SELECT DISTINCT ON (rate_plan_id) rate_plan_id, rate_plan_en, rate_plan_ar FROM ` + table("bookings") +
			` ORDER BY rate_plan_id, placed_day DESC`, nil, func(rows pgx.Rows) error {
			var n Named
			if err := rows.Scan(&n.ID, &n.En, &n.Ar); err != nil {
				return err
			}
			o.RatePlans = append(o.RatePlans, n)
			return nil
		}},
		// Every order confirmed that day counts as booked, even if it was cancelled later: the
		// cancellations are their own series.
		{"bookings", `SELECT confirmed_day::text, rate_plan_id, count(*) FROM ` + table("bookings") +
			` WHERE confirmed_day BETWEEN $1 AND $2 GROUP BY 1, 2 ORDER BY 1, 2`, []any{from, to}, func(rows pgx.Rows) error {
			var d DayBookings
			if err := rows.Scan(&d.Day, &d.RatePlanID, &d.Bookings); err != nil {
				return err
			}
			o.Bookings = append(o.Bookings, d)
			return nil
		}},
		{"money", `SELECT m.day::text, coalesce(b.rate_plan_id, ''), m.currency,
				coalesce(sum(m.amount_minor) FILTER (WHERE m.kind = 'payment'), 0),
				coalesce(sum(m.amount_minor) FILTER (WHERE m.kind = 'refund'), 0)
			FROM ` + table("money_moves") + ` m LEFT JOIN ` + table("bookings") + ` b USING (order_id)
			WHERE m.day BETWEEN $1 AND $2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, []any{from, to}, func(rows pgx.Rows) error {
			var d DayMoney
			if err := rows.Scan(&d.Day, &d.RatePlanID, &d.Currency, &d.Paid, &d.Refunded); err != nil {
				return err
			}
			o.Money = append(o.Money, d)
			return nil
		}},
		{"cancellations", `SELECT cancelled_day::text, count(*) FROM ` + table("bookings") +
			` WHERE cancelled_day BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1`, []any{from, to}, func(rows pgx.Rows) error {
			var d DayCount
			if err := rows.Scan(&d.Day, &d.Count); err != nil {
				return err
			}
			o.Cancellations = append(o.Cancellations, d)
			return nil
		}},
		{"refunds", `SELECT currency, sum(amount_minor), count(*) FROM ` + table("money_moves") +
			` WHERE kind = 'refund' AND day BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1`, []any{from, to}, func(rows pgx.Rows) error {
			var c CurrencyTotal
			if err := rows.Scan(&c.Currency, &c.Minor, &c.Count); err != nil {
				return err
			}
			o.Refunds = append(o.Refunds, c)
			return nil
		}},
		{"capacity", `SELECT d::date::text,
				(SELECT coalesce(sum(trips_per_day), 0) FROM ` + table("drivers") + `
				  WHERE active AND NOT archived AND extract(dow FROM d)::int = ANY (working_days)),
				(SELECT count(*) FROM ` + table("reservations") + ` WHERE day = d::date AND status = 'confirmed'),
				(SELECT count(*) FROM ` + table("reservations") + ` WHERE day = d::date AND status = 'held')
			FROM generate_series($1::date, $2::date, interval '1 day') AS d ORDER BY 1`, []any{capFrom, capTo}, func(rows pgx.Rows) error {
			var d DayCapacity
			if err := rows.Scan(&d.Day, &d.Capacity, &d.Booked, &d.Held); err != nil {
				return err
			}
			o.Capacity = append(o.Capacity, d)
			return nil
		}},
		{"destinations", `SELECT s.destination_id, min(s.name_en), min(s.name_ar), count(DISTINCT b.order_id) FROM ` + table("booking_stops") +
			` s JOIN ` + table("bookings") + ` b USING (order_id)
			WHERE b.confirmed_day BETWEEN $1 AND $2 AND b.status IN ('confirmed', 'completed')
			GROUP BY 1 ORDER BY 4 DESC, 2 LIMIT $3`, []any{from, to, limit}, func(rows pgx.Rows) error {
			var x Ranked
			if err := rows.Scan(&x.ID, &x.En, &x.Ar, &x.Bookings); err != nil {
				return err
			}
			o.TopDestinations = append(o.TopDestinations, x)
			return nil
		}},
		{"programs", `SELECT program_id, min(program_en), min(program_ar), count(*) FROM ` + table("bookings") + `
			WHERE program_id <> '' AND confirmed_day BETWEEN $1 AND $2 AND status IN ('confirmed', 'completed')
			GROUP BY 1 ORDER BY 4 DESC, 2 LIMIT $3`, []any{from, to, limit}, func(rows pgx.Rows) error {
			var x Ranked
			if err := rows.Scan(&x.ID, &x.En, &x.Ar, &x.Bookings); err != nil {
				return err
			}
			o.TopPrograms = append(o.TopPrograms, x)
			return nil
		}},
	}
	for _, s := range steps {
		rows, err := r.pool.Query(ctx, s.sql, s.args...)
		if err != nil {
			return Overview{}, fmt.Errorf("insights: %s: %w", s.what, err)
		}
		for rows.Next() {
			if err := s.scan(rows); err != nil {
				rows.Close()
				return Overview{}, fmt.Errorf("insights: %s: %w", s.what, err)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return Overview{}, fmt.Errorf("insights: %s: %w", s.what, err)
		}
	}
	err := r.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE quoted), count(*) FILTER (WHERE status = 'declined'),
		count(*) FILTER (WHERE converted) FROM `+table("enquiries")+` WHERE submitted_day BETWEEN $1 AND $2`, from, to).
		Scan(&o.Enquiries.Submitted, &o.Enquiries.Quoted, &o.Enquiries.Declined, &o.Enquiries.Converted)
	if err != nil {
		return Overview{}, fmt.Errorf("insights: enquiries: %w", err)
	}
	return o, nil
}

// Attention kinds the reader adds to the order's own (order.Attention*, KindRefundRequested).
const (
	// KindNoDriver: a confirmed order whose trip is on the day asked about has no driver.
	KindNoDriver = "no_driver"
)

// AttentionItem is one thing an operator should settle, on one order.
type AttentionItem struct {
	Kind      string      `json:"kind"`
	OrderID   string      `json:"order_id"`
	PaymentID string      `json:"payment_id,omitempty"`
	Amount    money.Money `json:"amount"`
	// Since is when it arose (for a trip without a driver: when the order was confirmed).
	Since time.Time `json:"since"`
	// Day is the trip's day (Cairo date).
	Day string `json:"day"`
}

// Attention lists what is open, oldest first: the orders' open items, then the confirmed trips on
// noDriverDay (a Cairo date) that have no driver, at most limit of each.
func (r *Reader) Attention(ctx context.Context, noDriverDay string, limit int) ([]AttentionItem, error) {
	rows, err := r.pool.Query(ctx, `SELECT a.kind, a.order_id, a.payment_id, a.amount_minor, a.currency, a.opened_at, coalesce(b.trip_day::text, '')
		FROM `+table("attention")+` a LEFT JOIN `+table("bookings")+` b USING (order_id)
		WHERE a.closed_at IS NULL ORDER BY a.opened_at, a.order_id, a.seq LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("insights: attention: %w", err)
	}
	items, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AttentionItem, error) {
		var it AttentionItem
		var minor int64
		var cur money.Currency
		err := row.Scan(&it.Kind, &it.OrderID, &it.PaymentID, &minor, &cur, &it.Since, &it.Day)
		it.Amount = money.New(minor, cur)
		return it, err
	})
	if err != nil {
		return nil, fmt.Errorf("insights: attention: %w", err)
	}
	rows, err = r.pool.Query(ctx, `SELECT order_id, price_minor, currency, confirmed_at FROM `+table("bookings")+`
		WHERE status = 'confirmed' AND trip_day = $1 AND driver_id = '' ORDER BY order_id LIMIT $2`, noDriverDay, limit)
	if err != nil {
		return nil, fmt.Errorf("insights: trips without a driver: %w", err)
	}
	loose, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AttentionItem, error) {
		it := AttentionItem{Kind: KindNoDriver, Day: noDriverDay}
		var minor int64
		var cur money.Currency
		var confirmed time.Time
		err := row.Scan(&it.OrderID, &minor, &cur, &confirmed)
		it.Amount, it.Since = money.New(minor, cur), confirmed
		return it, err
	})
	if err != nil {
		return nil, fmt.Errorf("insights: trips without a driver: %w", err)
	}
	return append(items, loose...), nil
}
