package accountsdb

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/domain/account"
)

// Every query below names the owner in its WHERE clause: a person can only ever read or delete their
// own rows, whatever id they send.

// SavedLocation is an address saved from the start/end point pickers.
type SavedLocation = account.SavedLocation

// MaxPlacesPerUser bounds saved locations and pickup points per person.
const MaxPlacesPerUser = account.MaxPlacesPerUser

// ErrTooMany: the person already has MaxPlacesPerUser of these.
var ErrTooMany = account.ErrTooMany

// AddSavedLocation stores a location for userID.
func (s *Store) AddSavedLocation(ctx context.Context, userID uuid.UUID, l SavedLocation) (SavedLocation, error) {
	l.ID = uuid.New()
	l.CreatedAt = s.Now().UTC()
	err := s.insertCapped(ctx, "save location", "saved_locations", userID, `
		INSERT INTO saved_locations (id, user_id, label, address, kind, lat, lng, created_at)
		SELECT $1, $2, $3, $4, $5, $6, $7, $8
		 WHERE (SELECT count(*) FROM saved_locations WHERE user_id = $2) < $9`,
		l.ID, userID, l.Label, l.Address, l.Kind, l.Lat, l.Lng, l.CreatedAt, MaxPlacesPerUser)
	if err != nil {
		return SavedLocation{}, err
	}
	return l, nil
}

// SavedLocations lists userID's locations, oldest first.
func (s *Store) SavedLocations(ctx context.Context, userID uuid.UUID) ([]SavedLocation, error) {
	return listOwned(ctx, s, "list locations", `
		SELECT id, label, address, kind, lat, lng, created_at FROM saved_locations
		 WHERE user_id = $1 ORDER BY created_at, id`, userID, scanSavedLocation)
}

func scanSavedLocation(r pgx.Row) (SavedLocation, error) {
	var l SavedLocation
	err := r.Scan(&l.ID, &l.Label, &l.Address, &l.Kind, &l.Lat, &l.Lng, &l.CreatedAt)
	l.CreatedAt = l.CreatedAt.UTC()
	return l, err
}

// insertCapped runs an INSERT whose WHERE counts owner's rows in table against the cap: nothing
// written means they are at it. It runs under ownerCapped, which is what makes the count hold.
func (s *Store) insertCapped(ctx context.Context, what, table string, owner uuid.UUID, query string, args ...any) error {
	return s.ownerCapped(ctx, what, table, owner, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("accounts: %s: %w", what, err)
		}
		if tag.RowsAffected() == 0 {
			return ErrTooMany
		}
		return nil
	})
}

// cappedLockClass is the first key of the advisory locks ownerCapped takes ("caps" in ASCII). The
// two-int key space never meets the single-bigint one (projections' leader leases, Tx.Lock), and
// this class is not the event store's (docs/event-store.md).
const cappedLockClass = 0x63617073

// ownerCapped runs insert, which counts owner's rows in table and adds one below a cap, in a
// transaction that first takes an advisory lock keyed by the table and the owner. A count in the
// inserting statement alone does not hold the cap: two transactions that each count cap-1 (neither
// sees the other's uncommitted row) both insert. Under the lock one person's capped inserts into one
// table run one after another, and each counts in a statement that starts after the one before it
// committed (READ COMMITTED, set here whatever the database's default: a snapshot taken at the
// lock would not see it). Not a lock on the person's users row: that would queue behind, and hold
// up, every other change to the account. Hashes of two owners may meet: then their adds wait for each
// other, briefly, and nothing else.
func (s *Store) ownerCapped(ctx context.Context, what, table string, owner uuid.UUID, insert func(pgx.Tx) error) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, cappedLockClass, table+":"+owner.String()); err != nil {
		return fmt.Errorf("accounts: %s: lock: %w", what, err)
	}
	if err := insert(tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("accounts: %s: %w", what, err)
	}
	return nil
}

// listOwned runs a query whose only argument is the owner and scans every row.
func listOwned[T any](ctx context.Context, s *Store, what, query string, userID uuid.UUID, scan func(pgx.Row) (T, error)) ([]T, error) {
	rows, err := s.pool.Query(ctx, query, userID)
	if err != nil {
		return nil, fmt.Errorf("accounts: %s: %w", what, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
	if err != nil {
		return nil, fmt.Errorf("accounts: %s: %w", what, err)
	}
	return out, nil
}

// DeleteSavedLocation removes one of userID's locations (ErrNotFound when it is not theirs).
func (s *Store) DeleteSavedLocation(ctx context.Context, userID, id uuid.UUID) error {
	return s.deleteOwned(ctx, "saved_locations", userID, id)
}

func (s *Store) deleteOwned(ctx context.Context, table string, userID, id uuid.UUID) error {
	// table is one of two constants above, never input.
	tag, err := s.pool.Exec(ctx, `DELETE FROM `+table+` WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("accounts: delete from %s: %w", table, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// PickupPoint is one of the user's own pickup points.
type PickupPoint = account.PickupPoint

// AddPickupPoint stores a pickup point for userID.
func (s *Store) AddPickupPoint(ctx context.Context, userID uuid.UUID, p PickupPoint) (PickupPoint, error) {
	p.ID = uuid.New()
	p.CreatedAt = s.Now().UTC()
	err := s.insertCapped(ctx, "save pickup point", "user_pickup_points", userID, `
		INSERT INTO user_pickup_points (id, user_id, name, address, notes, lat, lng, created_at)
		SELECT $1, $2, $3, $4, $5, $6, $7, $8
		 WHERE (SELECT count(*) FROM user_pickup_points WHERE user_id = $2) < $9`,
		p.ID, userID, p.Name, p.Address, p.Notes, p.Lat, p.Lng, p.CreatedAt, MaxPlacesPerUser)
	if err != nil {
		return PickupPoint{}, err
	}
	return p, nil
}

// PickupPoints lists userID's pickup points, oldest first.
func (s *Store) PickupPoints(ctx context.Context, userID uuid.UUID) ([]PickupPoint, error) {
	return listOwned(ctx, s, "list pickup points", `
		SELECT id, name, address, notes, lat, lng, created_at FROM user_pickup_points
		 WHERE user_id = $1 ORDER BY created_at, id`, userID, scanPickupPoint)
}

func scanPickupPoint(r pgx.Row) (PickupPoint, error) {
	var p PickupPoint
	err := r.Scan(&p.ID, &p.Name, &p.Address, &p.Notes, &p.Lat, &p.Lng, &p.CreatedAt)
	p.CreatedAt = p.CreatedAt.UTC()
	return p, err
}

// PickupPoint returns one of userID's pickup points (ErrNotFound when it is not theirs).
func (s *Store) PickupPoint(ctx context.Context, userID, id uuid.UUID) (PickupPoint, error) {
	p, err := scanPickupPoint(s.pool.QueryRow(ctx, `
		SELECT id, name, address, notes, lat, lng, created_at FROM user_pickup_points
		 WHERE id = $1 AND user_id = $2`, id, userID))
	if errors.Is(err, pgx.ErrNoRows) {
		return PickupPoint{}, ErrNotFound
	}
	if err != nil {
		return PickupPoint{}, fmt.Errorf("accounts: read pickup point: %w", err)
	}
	return p, nil
}

// DeletePickupPoint removes one of userID's pickup points.
func (s *Store) DeletePickupPoint(ctx context.Context, userID, id uuid.UUID) error {
	return s.deleteOwned(ctx, "user_pickup_points", userID, id)
}

// WishlistItem is a destination or program kept for later.
type WishlistItem = account.WishlistItem

// MaxWishlistItems bounds a wishlist.
const MaxWishlistItems = account.MaxWishlistItems

// AddToWishlist adds an item; adding one that is there already changes nothing and reports false,
// even on a full wishlist. A new item past MaxWishlistItems is ErrTooMany.
func (s *Store) AddToWishlist(ctx context.Context, userID uuid.UUID, kind, itemID string) (WishlistItem, bool, error) {
	now := s.Now().UTC()
	var it WishlistItem
	var added bool
	err := s.ownerCapped(ctx, "wishlist add", "wishlist_items", userID, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			INSERT INTO wishlist_items (user_id, kind, item_id, created_at)
			SELECT $1, $2, $3, $4
			 WHERE (SELECT count(*) FROM wishlist_items WHERE user_id = $1) < $5
			ON CONFLICT DO NOTHING`, userID, kind, itemID, now, MaxWishlistItems)
		if err != nil {
			return fmt.Errorf("accounts: wishlist add: %w", err)
		}
		added = tag.RowsAffected() == 1
		// Nothing written: the item was there already, or the list is full.
		it, err = scanWishlistItem(tx.QueryRow(ctx, `SELECT kind, item_id, created_at FROM wishlist_items WHERE user_id = $1 AND kind = $2 AND item_id = $3`,
			userID, kind, itemID))
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTooMany
		}
		if err != nil {
			return fmt.Errorf("accounts: wishlist add: %w", err)
		}
		return nil
	})
	if err != nil {
		return WishlistItem{}, false, err
	}
	return it, added, nil
}

// Wishlist lists userID's items, newest first.
func (s *Store) Wishlist(ctx context.Context, userID uuid.UUID) ([]WishlistItem, error) {
	return listOwned(ctx, s, "wishlist", `SELECT kind, item_id, created_at FROM wishlist_items WHERE user_id = $1 ORDER BY created_at DESC, kind, item_id`,
		userID, scanWishlistItem)
}

func scanWishlistItem(r pgx.Row) (WishlistItem, error) {
	var it WishlistItem
	err := r.Scan(&it.Kind, &it.ItemID, &it.AddedAt)
	it.AddedAt = it.AddedAt.UTC()
	return it, err
}

// RemoveFromWishlist removes an item (ErrNotFound when it is not on the list).
func (s *Store) RemoveFromWishlist(ctx context.Context, userID uuid.UUID, kind, itemID string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM wishlist_items WHERE user_id = $1 AND kind = $2 AND item_id = $3`, userID, kind, itemID)
	if err != nil {
		return fmt.Errorf("accounts: wishlist remove: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
