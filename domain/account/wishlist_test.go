package account_test

import (
	"errors"
	"testing"

	"mishwar/domain"
	"mishwar/domain/account"
)

const (
	pyramids = "0b7f0c5e-4b43-5f5e-9c1a-000000000001"
	dayTrip  = "0b7f0c5e-4b43-5f5e-9c1a-000000000002"
)

func TestAWishlistKeepsTheCataloguesIDWhateverTheItemWasCalled(t *testing.T) {
	for name, c := range map[string]struct {
		kind string
		ref  account.WishlistRef
		want string
	}{
		"a destination by its slug": {account.WishDestination, account.WishlistRef{Destination: pyramids}, pyramids},
		"a program by its id":       {account.WishProgram, account.WishlistRef{Program: dayTrip}, dayTrip},
		"a slug both kinds share":   {account.WishProgram, account.WishlistRef{Destination: pyramids, Program: dayTrip}, dayTrip},
	} {
		if got, err := account.WishlistItemID(c.kind, c.ref); err != nil || got != c.want {
			t.Errorf("%s: got %q %v, want %q", name, got, err, c.want)
		}
	}
}

func TestAWishlistItemOfTheWrongKindOrUnknownIsRefused(t *testing.T) {
	for name, c := range map[string]struct {
		kind string
		ref  account.WishlistRef
		key  string
	}{
		"a destination's id as a program": {account.WishProgram, account.WishlistRef{Destination: pyramids}, account.KeyWishNotProgram},
		"a program's id as a destination": {account.WishDestination, account.WishlistRef{Program: dayTrip}, account.KeyWishNotDestination},
		"nothing by that name":            {account.WishDestination, account.WishlistRef{}, account.KeyWishNotDestination},
	} {
		_, err := account.WishlistItemID(c.kind, c.ref)
		var v *domain.ValidationError
		if !errors.As(err, &v) || v.Fields["item_id"][0] != c.key {
			t.Errorf("%s: err %v, want %s on item_id", name, err, c.key)
		}
	}
}

func TestAWishlistRequestNeedsAKindAndAnIDOrSlug(t *testing.T) {
	if err := account.CheckWishlistRequest(account.WishDestination, "giza-pyramids"); err != nil {
		t.Fatalf("a slug: %v", err)
	}
	for _, c := range [][2]string{{"hotel", "giza-pyramids"}, {account.WishProgram, ""}, {account.WishProgram, "../etc"}} {
		if err := account.CheckWishlistRequest(c[0], c[1]); err == nil {
			t.Errorf("%q %q accepted", c[0], c[1])
		}
	}
}
