package cart

import (
	"context"
	"encoding/json"
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
	carts, err := readCarts(ctx, r.db, cartsTable, itemsTable, []string{userID})
	if err != nil {
		return View{}, err
	}
	return *carts[userID], nil
}

// readCarts reads the carts of userIDs from the given tables in one query: qualified names for the
// Reader, unqualified inside Apply, whose transaction points its search path at the schema being
// written (live or rebuild). A user without a cart gets an empty one at version -1.
func readCarts(ctx context.Context, db Querier, carts, items pgx.Identifier, userIDs []string) (map[string]*View, error) {
	out := make(map[string]*View, len(userIDs))
	for _, id := range userIDs {
		out[id] = &View{UserID: id, Version: -1}
	}
	rows, err := db.Query(ctx, `SELECT c.user_id, c.version, c.start_point, c.end_point, c.updated_at,
		       i.item_id, i.destination_id, i.position, i.destination, i.program_id, i.added_at
		  FROM `+carts.Sanitize()+` c LEFT JOIN `+items.Sanitize()+` i ON i.user_id = c.user_id
		 WHERE c.user_id = ANY($1::text[])
		 ORDER BY c.user_id, i.position`, userIDs)
	if err != nil {
		return nil, fmt.Errorf("cart: read %d carts: %w", len(userIDs), err)
	}
	defer rows.Close()
	var (
		userID, itemID, destID, programID *string
		version                           int64
		start, end, dest                  []byte
		updatedAt                         time.Time
		position                          *int
		addedAt                           *time.Time
	)
	for rows.Next() {
		if err := rows.Scan(&userID, &version, &start, &end, &updatedAt, &itemID, &destID, &position, &dest, &programID, &addedAt); err != nil {
			return nil, fmt.Errorf("cart: read carts: %w", err)
		}
		v := out[*userID]
		if v == nil {
			continue
		}
		if v.Version == -1 {
			v.Version, v.UpdatedAt = version, updatedAt
			if v.Start, err = decodePoint(start); err != nil {
				return nil, err
			}
			if v.End, err = decodePoint(end); err != nil {
				return nil, err
			}
		}
		if itemID == nil {
			continue
		}
		it := Item{ID: *itemID, DestinationID: *destID, Position: *position, ProgramID: *programID, AddedAt: *addedAt}
		if err := json.Unmarshal(dest, &it.Destination); err != nil {
			return nil, fmt.Errorf("cart: read items of %s: %w", *userID, err)
		}
		v.Items = append(v.Items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("cart: read carts: %w", err)
	}
	return out, nil
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
