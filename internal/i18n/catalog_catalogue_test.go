package i18n_test

import (
	"testing"

	"mishwar/adapters/uploads"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/i18n"
	catrm "mishwar/projections/catalogue"
)

// Every message key the catalogue can answer with is translated into both languages.
func TestCatalogueMessagesExistInEnglishAndArabic(t *testing.T) {
	keys := append([]string{}, cat.FieldErrorKeys...)
	for _, r := range []cat.Refusals{cat.DestinationRefusals, cat.CategoryRefusals, cat.ProgramRefusals, cat.RatePlanRefusals,
		cat.OfferRefusals, cat.CountryRefusals, cat.DriverRefusals, cat.PickupPointRefusals} {
		keys = append(keys, r.NotFound.Key, r.Exists.Key)
	}
	keys = append(keys, cat.ErrKeyTaken.Key, cat.ErrNotKeyOwner.Key, cat.ErrHolidayUnknown.Key, catcmd.ErrKeyUsed,
		catrm.ErrInvalidCursor.Key, catrm.ErrUnknownKind.Key, catrm.ErrNoDefaultPickupPoint.Key,
		uploads.ErrTooLarge.Key, uploads.ErrUnsupported.Key, uploads.ErrUnreadable.Key, uploads.ErrTooSmall.Key)
	for _, k := range keys {
		en, ar := i18n.T(i18n.En, k), i18n.T(i18n.Ar, k)
		if !i18n.Has(k) || en == ar {
			t.Errorf("%s: en %q, ar %q", k, en, ar)
		}
	}
}
