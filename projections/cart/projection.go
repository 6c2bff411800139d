// Package cart is the cart read model: each user's itinerary (items in order, with the destination as
// it was recorded when added) and chosen start and end points, at the version of the user's cart
// stream. Every change is pushed live to the user's room ("user:<id>", event "cart.changed", with the
// new version), so a second tab refetches.
//
// The trip calculation is NOT stored here: the cart's queries (commands/cart) price it on read with
// commands/pricing, from this read model, the catalogue read model (current destinations, rate
// plans, default pickup point, currency rates) and the distance service. A cart is a quote, so it shows current prices; an order records the prices it
// was placed at. Storing calculations would make this projection follow every catalogue change for
// every cart holding the changed destination, and would put the distance service (possibly an OSRM
// server across the network) inside Apply, where a rebuild must be deterministic and fast. A
// calculation costs microseconds with the offline estimator.
//
// It writes only its own schema, only from cart events, and decides nothing; it never prices a trip
// nor reads another read model or an adapter.
package cart

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/cart"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name; its tables live in schema projections.SchemaName(Name).
const Name = "cart"

// Event is the Socket.IO event a cart change is announced by, in the owner's room.
const Event = "cart.changed"

// Projection maintains the cart read model.
type Projection struct {
	handlers *projections.Handlers
}

// New returns the cart projection, decoding events with registry (which must hold the cart's events:
// commands/cart.RegisterEvents).
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{cart.StreamCategory},
		Events: []projections.Handler{
			projections.On(fold[cart.DestinationAddedToCart]),
			projections.On(fold[cart.ProgramAddedToCart]),
			projections.On(fold[cart.CartItemRemoved]),
			projections.On(fold[cart.CartCleared]),
			projections.On(fold[cart.CartItemMoved]),
			projections.On(fold[cart.CartReordered]),
			projections.On(fold[cart.CartPointsChosen]),
		},
		Batch: writeTouched,
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	return `CREATE TABLE carts (
    user_id     text        PRIMARY KEY,
    version     bigint      NOT NULL,
    start_point jsonb,
    end_point   jsonb,
    updated_at  timestamptz NOT NULL
);

CREATE TABLE cart_items (
    user_id        text        NOT NULL,
    item_id        text        NOT NULL,
    position       integer     NOT NULL,
    destination_id text        NOT NULL,
    destination    jsonb       NOT NULL,
    program_id     text        NOT NULL DEFAULT '',
    added_at       timestamptz NOT NULL,
    PRIMARY KEY (user_id, item_id)
);
CREATE INDEX cart_items_order ON cart_items (user_id, position);
CREATE INDEX cart_items_destination ON cart_items (destination_id);`
}

// notice is what the live layer routes: to the owner's room, as Event, with the cart's new version.
type notice struct {
	Room  string     `json:"room"`
	Event string     `json:"event"`
	Data  noticeData `json:"data"`
}

type noticeData struct {
	Version int64 `json:"version"`
}

// UserRoom is the live room of a user (httpapi/live.UserRoom; repeated to keep projections free of
// the HTTP layer).
func UserRoom(userID string) string { return "user:" + userID }

// batch holds the carts a batch touched, each loaded once, in the order first touched.
type batch struct {
	carts   map[string]*View
	touched []string
}

// writeTouched folds the batch's cart events per user in memory, loading each touched cart once, and
// writes each touched cart once: a rebuild costs a few statements per cart per batch.
func writeTouched(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
	b := &batch{carts: map[string]*View{}}
	if err := dispatch(projections.WithBatchState(ctx, b)); err != nil {
		return err
	}
	for _, userID := range b.touched {
		if err := writeCart(ctx, tx, b.carts[userID]); err != nil {
			return err
		}
		n := notice{Room: UserRoom(userID), Event: Event, Data: noticeData{Version: b.carts[userID].Version}}
		if err := projections.Notify(ctx, tx, Event, n); err != nil {
			return err
		}
	}
	return nil
}

// fold applies one cart event to its user's cart in the batch.
func fold[E cart.Event](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	b := projections.BatchState[*batch](ctx)
	userID := e.EntityID
	c, ok := b.carts[userID]
	if !ok {
		loaded, err := readCart(ctx, tx, pgx.Identifier{"carts"}, pgx.Identifier{"cart_items"}, userID)
		if err != nil {
			return err
		}
		c = &loaded
		b.carts[userID] = c
		b.touched = append(b.touched, userID)
	}
	c.apply(e.Data, e.Envelope)
	return nil
}

// apply folds one event; it must agree with domain/cart's Evolve on the order of items.
func (v *View) apply(e cart.Event, rec projections.Envelope) {
	v.Version = rec.Version
	v.UpdatedAt = rec.RecordedAt
	switch ev := e.(type) {
	case cart.DestinationAddedToCart:
		v.Items = append(v.Items, Item{ID: ev.ItemID, DestinationID: ev.Destination.ID, Destination: ev.Destination, AddedAt: rec.RecordedAt})
	case cart.ProgramAddedToCart:
		for _, a := range ev.Added {
			v.Items = append(v.Items, Item{ID: a.ItemID, DestinationID: a.Destination.ID, Destination: a.Destination, ProgramID: ev.ProgramID, AddedAt: rec.RecordedAt})
		}
	case cart.CartItemRemoved:
		v.Items = slices.DeleteFunc(v.Items, func(it Item) bool { return it.ID == ev.ItemID })
	case cart.CartCleared:
		v.Items = nil
	case cart.CartItemMoved:
		if from := v.index(ev.ItemID); from >= 0 {
			it := v.Items[from]
			v.Items = slices.Delete(v.Items, from, from+1)
			to := max(0, min(ev.To-1, len(v.Items)))
			v.Items = slices.Insert(v.Items, to, it)
		}
	case cart.CartReordered:
		items := make([]Item, 0, len(v.Items))
		for _, id := range ev.ItemIDs {
			if i := v.index(id); i >= 0 {
				items = append(items, v.Items[i])
			}
		}
		v.Items = items
	case cart.CartPointsChosen:
		v.Start, v.End = ev.Start, ev.End
	}
	for i := range v.Items {
		v.Items[i].Position = i + 1
	}
}

func (v *View) index(itemID string) int {
	return slices.IndexFunc(v.Items, func(it Item) bool { return it.ID == itemID })
}

func writeCart(ctx context.Context, tx pgx.Tx, v *View) error {
	start, err := jsonOrNull(v.Start)
	if err != nil {
		return err
	}
	end, err := jsonOrNull(v.End)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO carts (user_id, version, start_point, end_point, updated_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version, start_point = excluded.start_point,
		    end_point = excluded.end_point, updated_at = excluded.updated_at`,
		v.UserID, v.Version, start, end, v.UpdatedAt); err != nil {
		return fmt.Errorf("cart: write cart %s: %w", v.UserID, err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM cart_items WHERE user_id = $1`, v.UserID); err != nil {
		return fmt.Errorf("cart: write items of %s: %w", v.UserID, err)
	}
	if len(v.Items) == 0 {
		return nil
	}
	n := len(v.Items)
	ids, positions, destIDs, programs := make([]string, n), make([]int32, n), make([]string, n), make([]string, n)
	dests, added := make([]string, n), make([]time.Time, n)
	for i, it := range v.Items {
		raw, err := json.Marshal(it.Destination)
		if err != nil {
			return fmt.Errorf("cart: encode destination: %w", err)
		}
		ids[i], positions[i], destIDs[i], programs[i], dests[i], added[i] = it.ID, int32(it.Position), it.DestinationID, it.ProgramID, string(raw), it.AddedAt
	}
	if _, err := tx.Exec(ctx, `INSERT INTO cart_items (user_id, item_id, position, destination_id, program_id, destination, added_at)
		SELECT $1, i, p, d, g, j::jsonb, a
		FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) AS u(i, p, d, g, j, a)`,
		v.UserID, ids, positions, destIDs, programs, dests, added); err != nil {
		return fmt.Errorf("cart: write items of %s: %w", v.UserID, err)
	}
	return nil
}

func jsonOrNull(p *cart.Point) (any, error) {
	if p == nil {
		return nil, nil
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("cart: encode point: %w", err)
	}
	return string(raw), nil
}
