// Package catalogue holds the deciders of everything a visitor browses and an admin manages:
// destinations, categories, programs, rate plans, offers, countries, drivers, pickup points, the home
// page content, business hours with national holidays, and currency rates. Most of them are plain
// entities with one shared lifecycle (create, update, archive, restore; see entity.go); the singletons
// (home content, business settings, currency rates) and the unique-key claims have deciders of their
// own.
//
// It is pure: no I/O, no clock, no lookups. Whatever a rule needs (another entity existing, the time)
// is checked by the caller or passed in. Nothing here is ever deleted: "delete" archives, so history and
// the orders that refer to an entity keep making sense.
package catalogue

import (
	"strings"

	"mishwar/domain"
)

// Text is a value written in English and Arabic. Arabic falls back to English when empty.
type Text struct {
	En string `json:"en"`
	Ar string `json:"ar"`
}

// In returns the text in lang ("ar" or anything else for English), falling back to English.
func (t Text) In(lang string) string {
	if lang == "ar" && strings.TrimSpace(t.Ar) != "" {
		return t.Ar
	}
	return t.En
}

// IsZero reports whether both languages are empty.
func (t Text) IsZero() bool { return t.En == "" && t.Ar == "" }

func (t Text) trimmed() Text { return Text{En: strings.TrimSpace(t.En), Ar: strings.TrimSpace(t.Ar)} }

// Refusals shared by the catalogue. Entity-specific ones (not found, already exists) are built per
// entity in entity.go's specs.
var (
	ErrKeyTaken       = domain.Conflict("catalogue.key_taken")
	ErrNotKeyOwner    = domain.Conflict("catalogue.not_key_owner")
	ErrHolidayUnknown = domain.NotFound("catalogue.holiday_not_found")
)

// Field error keys (translated in internal/i18n/catalog_catalogue.go).
const (
	keyRequired        = domain.KeyRequired
	keyTooLong         = "catalogue.too_long"
	keyInvalidSlug     = "catalogue.invalid_slug"
	keyOutOfArea       = "catalogue.out_of_area"
	keyInvalidTime     = "catalogue.invalid_time"
	keyCloseBeforeOpen = "catalogue.close_before_open"
	keyDuplicateDay    = "catalogue.duplicate_day"
	keyInvalidDay      = "catalogue.invalid_day"
	keyOutOfRange      = "catalogue.out_of_range"
	keyMustBeEGP       = "catalogue.must_be_egp"
	keyMustBePositive  = "catalogue.must_be_positive"
	keyAmountTooLarge  = "catalogue.amount_too_large"
	keyDuplicate       = "catalogue.duplicate"
	keyInvalidDate     = "catalogue.invalid_date"
	keyEndBeforeStart  = "catalogue.end_before_start"
	keyInvalidChoice   = "catalogue.invalid_choice"
	keyInvalidPhone    = "catalogue.invalid_phone"
	keyInvalidEmail    = "catalogue.invalid_email"
	keyInvalidCode     = "catalogue.invalid_code"
	keyInvalidPhoto    = "catalogue.invalid_photo"
	keyTooMany         = "catalogue.too_many"
	keyInvalidURL      = "catalogue.invalid_url"
)

// FieldErrorKeys lists every field-error key this package can produce, so the message catalogue can be
// checked for completeness.
var FieldErrorKeys = []string{
	keyRequired, keyTooLong, keyInvalidSlug, keyOutOfArea, keyInvalidTime, keyCloseBeforeOpen,
	keyDuplicateDay, keyInvalidDay, keyOutOfRange, keyMustBeEGP, keyMustBePositive, keyAmountTooLarge, keyDuplicate,
	keyInvalidDate, keyEndBeforeStart, keyInvalidChoice, keyInvalidPhone, keyInvalidEmail, keyInvalidCode,
	keyInvalidPhoto, keyTooMany, keyInvalidURL,
}
