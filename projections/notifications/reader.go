package notifications

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/projections"
)

// Notification is one thing that happened to one of the user's orders.
type Notification struct {
	ID      int64     `json:"id"`
	Kind    string    `json:"kind"`
	OrderID string    `json:"order_id"`
	Params  Params    `json:"params"`
	At      time.Time `json:"at"`
	Read    bool      `json:"read"`
}

// Inbox is a user's newest notifications, how many are unread and how far they have read.
type Inbox struct {
	Items    []Notification `json:"items"`
	Unread   int            `json:"unread"`
	ReadUpTo int64          `json:"read_up_to"`
}

// Reader answers queries over the read model.
type Reader struct{ pool *pgxpool.Pool }

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return pgx.Identifier{projections.SchemaName(Name), name}.Sanitize() }

// Newest returns the number of userID's newest notification (0: none yet).
func (r *Reader) Newest(ctx context.Context, userID string) (int64, error) {
	var n int64
	if err := r.pool.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0) FROM `+table("notifications")+` WHERE user_id = $1`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("notifications: newest of %s: %w", userID, err)
	}
	return n, nil
}

// Inbox returns userID's newest notifications (at most limit, newest first) and the unread count.
func (r *Reader) Inbox(ctx context.Context, userID string, limit int) (Inbox, error) {
	if limit <= 0 || limit > 100 {
		limit = 30
	}
	out := Inbox{Items: []Notification{}}
	if err := r.pool.QueryRow(ctx, `SELECT COALESCE((SELECT up_to FROM `+table("reads")+` WHERE user_id = $1), 0)`, userID).Scan(&out.ReadUpTo); err != nil {
		return Inbox{}, fmt.Errorf("notifications: read mark of %s: %w", userID, err)
	}
	if err := r.pool.QueryRow(ctx, `SELECT COUNT(*) FROM `+table("notifications")+` WHERE user_id = $1 AND seq > $2`, userID, out.ReadUpTo).Scan(&out.Unread); err != nil {
		return Inbox{}, fmt.Errorf("notifications: unread of %s: %w", userID, err)
	}
	rows, err := r.pool.Query(ctx, `SELECT seq, kind, order_id, params, at FROM `+table("notifications")+`
		WHERE user_id = $1 ORDER BY seq DESC LIMIT $2`, userID, limit)
	if err != nil {
		return Inbox{}, fmt.Errorf("notifications: list of %s: %w", userID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			n      Notification
			params []byte
		)
		if err := rows.Scan(&n.ID, &n.Kind, &n.OrderID, &params, &n.At); err != nil {
			return Inbox{}, err
		}
		if err := json.Unmarshal(params, &n.Params); err != nil {
			return Inbox{}, err
		}
		n.At, n.Read = n.At.UTC(), n.ID <= out.ReadUpTo
		out.Items = append(out.Items, n)
	}
	return out, rows.Err()
}
