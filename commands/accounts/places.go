package accounts

import (
	"context"
	"errors"
	"regexp"

	"github.com/google/uuid"

	store "mishwar/adapters/accountsdb"
	"mishwar/domain"
	"mishwar/domain/account"
)

// LocationInput is a location to save. Lat and Lng are nil when the picker has nothing selected.
type LocationInput struct {
	Label   string
	Address string
	// Kind is "start", "end" or "any" (default).
	Kind string
	Lat  *float64
	Lng  *float64
}

// SaveLocation stores a location for the acting user. Without coordinates the answer is the spec's
// "Save location needs a selected source or end location".
func (s *Service) SaveLocation(ctx context.Context, a Actor, in LocationInput) (store.SavedLocation, error) {
	v := &domain.ValidationError{}
	account.CheckPoint(v, in.Lat, in.Lng)
	label := account.CheckText(v, "label", in.Label, account.LabelMaxLength, "")
	addr := account.CheckText(v, "address", in.Address, account.AddressMaxLength, "")
	if label == "" {
		label = addr
	}
	if label == "" && len(v.Fields) == 0 {
		v.Add("label", account.KeyLabelRequired)
	}
	kind := in.Kind
	if kind == "" {
		kind = "any"
	}
	if kind != "start" && kind != "end" && kind != "any" {
		v.Add("kind", account.KeyKindInvalid)
	}
	if err := v.Err(); err != nil {
		return store.SavedLocation{}, err
	}
	loc, err := s.Store.AddSavedLocation(ctx, a.UserID, store.SavedLocation{Label: truncateRunes(label, account.LabelMaxLength), Address: addr, Kind: kind, Lat: *in.Lat, Lng: *in.Lng})
	return loc, userError(err)
}

// SavedLocations lists the acting user's locations.
func (s *Service) SavedLocations(ctx context.Context, a Actor) ([]store.SavedLocation, error) {
	return s.Store.SavedLocations(ctx, a.UserID)
}

// DeleteLocation removes one of the acting user's locations.
func (s *Service) DeleteLocation(ctx context.Context, a Actor, id uuid.UUID) error {
	return userError(s.Store.DeleteSavedLocation(ctx, a.UserID, id))
}

// PickupPointInput is a pickup point to save.
type PickupPointInput struct {
	Name    string
	Address string
	Notes   string
	Lat     *float64
	Lng     *float64
}

// AddPickupPoint stores a pickup point for the acting user.
func (s *Service) AddPickupPoint(ctx context.Context, a Actor, in PickupPointInput) (store.PickupPoint, error) {
	v := &domain.ValidationError{}
	account.CheckPoint(v, in.Lat, in.Lng)
	name := account.CheckText(v, "name", in.Name, account.LabelMaxLength, account.KeyLabelRequired)
	addr := account.CheckText(v, "address", in.Address, account.AddressMaxLength, "")
	notes := account.CheckText(v, "notes", in.Notes, account.AddressMaxLength, "")
	if err := v.Err(); err != nil {
		return store.PickupPoint{}, err
	}
	p, err := s.Store.AddPickupPoint(ctx, a.UserID, store.PickupPoint{Name: name, Address: addr, Notes: notes, Lat: *in.Lat, Lng: *in.Lng})
	return p, userError(err)
}

// PickupPoints lists the acting user's pickup points.
func (s *Service) PickupPoints(ctx context.Context, a Actor) ([]store.PickupPoint, error) {
	return s.Store.PickupPoints(ctx, a.UserID)
}

// PickupPoint returns one of the acting user's pickup points (checkout uses it to check a choice).
func (s *Service) PickupPoint(ctx context.Context, a Actor, id uuid.UUID) (store.PickupPoint, error) {
	p, err := s.Store.PickupPoint(ctx, a.UserID, id)
	return p, userError(err)
}

// DeletePickupPoint removes one of the acting user's pickup points.
func (s *Service) DeletePickupPoint(ctx context.Context, a Actor, id uuid.UUID) error {
	return userError(s.Store.DeletePickupPoint(ctx, a.UserID, id))
}

// Wishlist kinds.
const (
	WishDestination = "destination"
	WishProgram     = "program"
)

var itemIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// AddToWishlist keeps a destination or program for later. It reports whether the item was new.
func (s *Service) AddToWishlist(ctx context.Context, a Actor, kind, itemID string) (store.WishlistItem, bool, error) {
	v := &domain.ValidationError{}
	if kind != WishDestination && kind != WishProgram {
		v.Add("kind", account.KeyKindInvalid)
	}
	if !itemIDPattern.MatchString(itemID) {
		v.Add("item_id", account.KeyItemInvalid)
	}
	if err := v.Err(); err != nil {
		return store.WishlistItem{}, false, err
	}
	if s.ItemExists != nil {
		ok, err := s.ItemExists(ctx, kind, itemID)
		if err != nil {
			return store.WishlistItem{}, false, err
		}
		if !ok {
			return store.WishlistItem{}, false, validation("item_id", account.KeyItemInvalid)
		}
	}
	it, added, err := s.Store.AddToWishlist(ctx, a.UserID, kind, itemID)
	return it, added, userError(err)
}

// Wishlist lists the acting user's items.
func (s *Service) Wishlist(ctx context.Context, a Actor) ([]store.WishlistItem, error) {
	return s.Store.Wishlist(ctx, a.UserID)
}

// RemoveFromWishlist removes an item from the acting user's wishlist.
func (s *Service) RemoveFromWishlist(ctx context.Context, a Actor, kind, itemID string) error {
	err := s.Store.RemoveFromWishlist(ctx, a.UserID, kind, itemID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrWishlistNotFound
	}
	return err
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
