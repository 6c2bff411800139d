package account

import (
	"regexp"

	"mishwar/domain"
)

// Wishlist kinds.
const (
	WishDestination = "destination"
	WishProgram     = "program"
)

// Message keys of the wishlist rules.
const (
	KeyWishNotDestination = "accounts.wishlist_not_destination"
	KeyWishNotProgram     = "accounts.wishlist_not_program"
)

var wishRefPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// CheckWishlistRequest checks the shape of a wishlist request before the catalogue is asked what ref
// names: kind is destination or program, ref an id or a slug.
func CheckWishlistRequest(kind, ref string) error {
	v := &domain.ValidationError{}
	if kind != WishDestination && kind != WishProgram {
		v.Add("kind", KeyKindInvalid)
	}
	if !wishRefPattern.MatchString(ref) {
		v.Add("item_id", KeyItemInvalid)
	}
	return v.Err()
}

// WishlistRef is what the catalogue says a wishlist request's id or slug names, looked up before
// deciding: the id of the destination and of the program it names ("" for none a visitor may see).
type WishlistRef struct {
	Destination string
	Program     string
}

// WishlistItemID is the id a wishlist keeps for a request of kind whose id or slug names ref: always
// the catalogue's id, never the slug, so one place is on the list once however it was named. A ref
// that names nothing of that kind (unknown, or the other kind's id) is refused on item_id.
func WishlistItemID(kind string, ref WishlistRef) (string, error) {
	id, key := ref.Destination, KeyWishNotDestination
	if kind == WishProgram {
		id, key = ref.Program, KeyWishNotProgram
	}
	if id == "" {
		v := &domain.ValidationError{}
		v.Add("item_id", key)
		return "", v
	}
	return id, nil
}
