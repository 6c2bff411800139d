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

// batch holds the cart events of a batch per user, in the order the users were first touched.
type batch struct {
	events  map[string][]pendingEvent
	touched []string
}

type pendingEvent struct {
	data cart.Event
	rec  projections.Envelope
}

// writeTouched gathers the batch's cart events per user, loads every touched cart in one query,
// folds the events in memory and writes what changed with one statement per kind of change for the
// whole batch: the carts' rows, the items that left, the items that came or moved (only those: a
// move rewrites the rows whose position changed, not the whole cart), and the owners' notices. A
// batch costs a handful of statements whatever the number of carts and events in it, which is what
// a rebuild and a busy live projection both need.
func writeTouched(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
	b := &batch{events: map[string][]pendingEvent{}}
	if err := dispatch(projections.WithBatchState(ctx, b)); err != nil {
		return err
	}
	if len(b.touched) == 0 {
		return nil
	}
	loaded, err := readCarts(ctx, tx, pgx.Identifier{"carts"}, pgx.Identifier{"cart_items"}, b.touched)
	if err != nil {
		return err
	}
	var w changes
	for _, userID := range b.touched {
		v := loaded[userID]
		before := v.Items
		v.Items = slices.Clone(before)
		for _, e := range b.events[userID] {
			v.apply(e.data, e.rec)
		}
		if err := w.add(v, before); err != nil {
			return err
		}
	}
	return w.write(ctx, tx)
}

// fold records one cart event for its user; writeTouched applies them once the batch is read.
func fold[E cart.Event](ctx context.Context, _ pgx.Tx, e projections.Event[E]) error {
	b := projections.BatchState[*batch](ctx)
	userID := e.EntityID
	if _, ok := b.events[userID]; !ok {
		b.touched = append(b.touched, userID)
	}
	b.events[userID] = append(b.events[userID], pendingEvent{data: e.Data, rec: e.Envelope})
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

// changes are a batch's writes, as columns for unnest.
type changes struct {
	// carts
	users        []string
	versions     []int64
	starts, ends []*string
	updated      []time.Time
	notices      []any
	// items that left their cart
	goneUsers, goneItems []string
	// items that came or changed (their position, in practice)
	itemUsers, itemIDs, destIDs, programs, dests []string
	positions                                    []int32
	added                                        []time.Time
}

// add records cart v, whose items were before.
func (w *changes) add(v *View, before []Item) error {
	start, err := jsonOrNull(v.Start)
	if err != nil {
		return err
	}
	end, err := jsonOrNull(v.End)
	if err != nil {
		return err
	}
	w.users, w.versions, w.starts, w.ends, w.updated = append(w.users, v.UserID), append(w.versions, v.Version),
		append(w.starts, start), append(w.ends, end), append(w.updated, v.UpdatedAt)
	w.notices = append(w.notices, notice{Room: UserRoom(v.UserID), Event: Event, Data: noticeData{Version: v.Version}})

	was := make(map[string]Item, len(before))
	for _, it := range before {
		was[it.ID] = it
	}
	for _, it := range v.Items {
		if old, ok := was[it.ID]; ok {
			delete(was, it.ID)
			if old == it {
				continue
			}
		}
		raw, err := json.Marshal(it.Destination)
		if err != nil {
			return fmt.Errorf("cart: encode destination: %w", err)
		}
		w.itemUsers, w.itemIDs, w.positions = append(w.itemUsers, v.UserID), append(w.itemIDs, it.ID), append(w.positions, int32(it.Position))
		w.destIDs, w.programs, w.dests, w.added = append(w.destIDs, it.DestinationID), append(w.programs, it.ProgramID),
			append(w.dests, string(raw)), append(w.added, it.AddedAt)
	}
	for _, it := range before {
		if _, gone := was[it.ID]; gone {
			w.goneUsers, w.goneItems = append(w.goneUsers, v.UserID), append(w.goneItems, it.ID)
		}
	}
	return nil
}

func (w *changes) write(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `INSERT INTO carts (user_id, version, start_point, end_point, updated_at)
		SELECT u, v, s::jsonb, e::jsonb, t FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::timestamptz[]) AS c(u, v, s, e, t)
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version, start_point = excluded.start_point,
		    end_point = excluded.end_point, updated_at = excluded.updated_at`,
		w.users, w.versions, w.starts, w.ends, w.updated); err != nil {
		return fmt.Errorf("cart: write %d carts: %w", len(w.users), err)
	}
	if len(w.goneItems) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM cart_items i USING unnest($1::text[], $2::text[]) AS g(u, id)
			WHERE i.user_id = g.u AND i.item_id = g.id`, w.goneUsers, w.goneItems); err != nil {
			return fmt.Errorf("cart: remove %d items: %w", len(w.goneItems), err)
		}
	}
	if len(w.itemIDs) > 0 {
		if _, err := tx.Exec(ctx, `INSERT INTO cart_items (user_id, item_id, position, destination_id, program_id, destination, added_at)
			SELECT u, i, p, d, g, j::jsonb, a
			FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) AS n(u, i, p, d, g, j, a)
			ON CONFLICT (user_id, item_id) DO UPDATE SET position = excluded.position, destination_id = excluded.destination_id,
			    program_id = excluded.program_id, destination = excluded.destination, added_at = excluded.added_at`,
			w.itemUsers, w.itemIDs, w.positions, w.destIDs, w.programs, w.dests, w.added); err != nil {
			return fmt.Errorf("cart: write %d items: %w", len(w.itemIDs), err)
		}
	}
	return projections.NotifyAll(ctx, tx, Event, w.notices)
}

func jsonOrNull(p *cart.Point) (*string, error) {
	if p == nil {
		return nil, nil
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("cart: encode point: %w", err)
	}
	s := string(raw)
	return &s, nil
}
