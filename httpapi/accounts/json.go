package accounts

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"mishwar/domain/account"
)

// The JSON shapes of the account API (docs/openapi.yaml).

// userJSON is the user object of the spec's answers.
type userJSON struct {
	ID          string    `json:"id"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Email       string    `json:"email"`
	PhoneNumber string    `json:"phone_number"`
	Role        string    `json:"role"`
	CreatedAt   time.Time `json:"created_at"`
}

func toUserJSON(u account.User) userJSON {
	return userJSON{ID: u.ID.String(), FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		PhoneNumber: u.PhoneNumber, Role: u.Role, CreatedAt: u.CreatedAt}
}

type sessionJSON struct {
	ID         string    `json:"id"`
	CreatedAt  time.Time `json:"created_at"`
	ExpiresAt  time.Time `json:"expires_at"`
	LastSeenAt time.Time `json:"last_seen_at"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"user_agent"`
	Current    bool      `json:"current"`
}

type locationJSON struct {
	ID        string    `json:"id"`
	Label     string    `json:"label"`
	Address   string    `json:"address"`
	Kind      string    `json:"kind"`
	Lat       float64   `json:"lat"`
	Lng       float64   `json:"lng"`
	CreatedAt time.Time `json:"created_at"`
}

func toLocationJSON(l account.SavedLocation) locationJSON {
	return locationJSON{ID: l.ID.String(), Label: l.Label, Address: l.Address, Kind: l.Kind, Lat: l.Lat, Lng: l.Lng, CreatedAt: l.CreatedAt}
}

type pickupPointJSON struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Address   string    `json:"address"`
	Notes     string    `json:"notes"`
	Lat       float64   `json:"lat"`
	Lng       float64   `json:"lng"`
	CreatedAt time.Time `json:"created_at"`
}

func toPickupPointJSON(p account.PickupPoint) pickupPointJSON {
	return pickupPointJSON{ID: p.ID.String(), Name: p.Name, Address: p.Address, Notes: p.Notes, Lat: p.Lat, Lng: p.Lng, CreatedAt: p.CreatedAt}
}

type wishlistItemJSON struct {
	Kind    string    `json:"kind"`
	ItemID  string    `json:"item_id"`
	AddedAt time.Time `json:"added_at"`
}

func toWishlistItemJSON(it account.WishlistItem) wishlistItemJSON {
	return wishlistItemJSON{Kind: it.Kind, ItemID: it.ItemID, AddedAt: it.AddedAt}
}

// each converts a list for an answer; an empty list is [] (never null).
func each[T, J any](list []T, to func(T) J) []J {
	out := make([]J, len(list))
	for i, x := range list {
		out[i] = to(x)
	}
	return out
}

// flexFloat reads a number from JSON numbers and from form strings; empty means absent.
type flexFloat struct{ v *float64 }

func (f *flexFloat) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case float64:
		f.v = &x
	case string:
		if x = strings.TrimSpace(x); x != "" {
			n, err := strconv.ParseFloat(x, 64)
			// ParseFloat reads "NaN" and "Inf" too: they are no coordinate and no number a form sends.
			if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
				// Not a number: the field's own error (422, "must be a number"), as for a value of the
				// wrong kind, not an unreadable body.
				return &json.UnmarshalTypeError{Value: "string " + strconv.Quote(x), Type: reflect.TypeFor[float64]()}
			}
			f.v = &n
		}
	}
	return nil
}
