package cart

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/cart"
	"mishwar/projections"
)

// View is one user's cart as the read model holds it.
type View struct {
	UserID string
	// Version is the cart stream's version; -1 for a user who never touched a cart.
	Version int64
	Items   []Item
	// Start nil: the default pickup point; End nil: back to the start.
	Start, End *cart.Point
	UpdatedAt  time.Time
}

// Item is one stop of a cart.
type Item struct {
	ID            string
	DestinationID string
	// Position counts from 1.
	Position int
	// Destination is the destination as recorded when it was added.
	Destination cart.Destination
	// ProgramID is set when the item came with a program.
	ProgramID string
	AddedAt   time.Time
}

// DestinationIDs lists the items' destinations in itinerary order.
func (v View) DestinationIDs() []string {
	ids := make([]string, len(v.Items))
	for i, it := range v.Items {
		ids[i] = it.DestinationID
	}
	return ids
}

// Querier is what the Reader needs: a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Reader answers questions about carts.
type Reader struct{ db Querier }

// NewReader returns a reader over db.
func NewReader(db Querier) *Reader { return &Reader{db: db} }

var (
	cartsTable = pgx.Identifier{projections.SchemaName(Name), "carts"}
	itemsTable = pgx.Identifier{projections.SchemaName(Name), "cart_items"}
)

// Cart returns userID's cart; an empty cart at version -1 when the user never had one.
func (r *Reader) Cart(ctx context.Context, userID string) (View, error) {
	return readCart(ctx, r.db, cartsTable, itemsTable, userID)
}

// readCart reads one cart from the given tables: qualified names for the Reader, unqualified inside
// Apply, whose transaction points its search path at the schema being written (live or rebuild).
func readCart(ctx context.Context, db Querier, carts, items pgx.Identifier, userID string) (View, error) {
	v := View{UserID: userID, Version: -1}
	var start, end []byte
	err := db.QueryRow(ctx, `SELECT version, start_point, end_point, updated_at FROM `+carts.Sanitize()+` WHERE user_id = $1`, userID).
		Scan(&v.Version, &start, &end, &v.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, nil
	}
	if err != nil {
		return View{}, fmt.Errorf("cart: read cart %s: %w", userID, err)
	}
	if v.Start, err = decodePoint(start); err != nil {
		return View{}, err
	}
	if v.End, err = decodePoint(end); err != nil {
		return View{}, err
	}
	rows, err := db.Query(ctx, `SELECT item_id, destination_id, position, destination, program_id, added_at
		FROM `+items.Sanitize()+` WHERE user_id = $1 ORDER BY position`, userID)
	if err != nil {
		return View{}, fmt.Errorf("cart: read items of %s: %w", userID, err)
	}
	v.Items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Item, error) {
		var it Item
		var dest []byte
		if err := row.Scan(&it.ID, &it.DestinationID, &it.Position, &dest, &it.ProgramID, &it.AddedAt); err != nil {
			return it, err
		}
		return it, json.Unmarshal(dest, &it.Destination)
	})
	if err != nil {
		return View{}, fmt.Errorf("cart: read items of %s: %w", userID, err)
	}
	return v, nil
}

func decodePoint(raw []byte) (*cart.Point, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var p cart.Point
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("cart: decode point: %w", err)
	}
	return &p, nil
}
