package catalogue_test

import (
	"encoding/json"
	"testing"

	"mishwar/domain/catalogue"
)

func TestTheSiteAdvertisesAnOfferOnlyWhenATravellerCanUseItFromThere(t *testing.T) {
	cases := []struct {
		name       string
		code       string
		private    bool
		advertised bool
		shown      string
	}{
		{"an offer without a promo code is advertised, with no code", "", false, true, ""},
		{"an offer with a public code is advertised with its code", "WINTER10", false, true, "WINTER10"},
		{"an offer whose code is handed out privately is not advertised", "VIP20", true, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Given an offer
			f := validOffer()
			f.PromoCode, f.CodePrivate = c.code, c.private
			f = f.Normalized()
			// When the site asks whether to list it, and which code to show
			// Then
			if got := f.Advertised(); got != c.advertised {
				t.Fatalf("Advertised() = %v, want %v", got, c.advertised)
			}
			if got := f.PublicCode(); got != c.shown {
				t.Fatalf("PublicCode() = %q, want %q", got, c.shown)
			}
		})
	}
}

func TestAnOfferRecordedBeforeCodePrivateReadsItsCodeAsPublic(t *testing.T) {
	// Given an offer's fields as recorded before code_private existed
	var f catalogue.OfferFields
	if err := json.Unmarshal([]byte(`{"title":{"en":"Winter"},"kind":"percent","percent_basis_points":1000,"promo_code":"WINTER10","valid_from":"2026-12-01","valid_until":"2027-02-28","applies_to":"all","active":true}`), &f); err != nil {
		t.Fatal(err)
	}
	// When / Then: the site shows it with its code
	if !f.Advertised() || f.PublicCode() != "WINTER10" {
		t.Fatalf("old offer: advertised %v, code %q", f.Advertised(), f.PublicCode())
	}
}

func TestCodePrivateWithoutACodeIsDropped(t *testing.T) {
	// Given an offer without a code marked private
	f := validOffer()
	f.CodePrivate = true
	// When normalized, Then it is an ordinary offer without a code, advertised
	if f = f.Normalized(); f.CodePrivate || !f.Advertised() {
		t.Fatalf("got %+v", f)
	}
}
