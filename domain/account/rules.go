package account

import (
	"errors"
	"math"
	"net/mail"
	"strings"
	"unicode/utf8"

	"mishwar/domain"
)

// Message keys of the field rules (internal/i18n/catalog_accounts.go translates them).
const (
	KeyEmailRequired      = "accounts.email_required"
	KeyEmailInvalid       = "accounts.email_invalid"
	KeyEmailTaken         = "accounts.email_taken"
	KeyFirstNameRequired  = "accounts.first_name_required"
	KeyLastNameRequired   = "accounts.last_name_required"
	KeyNameInvalid        = domain.KeyNameInvalid
	KeyNameTooLong        = "accounts.name_too_long"
	KeyFullNameTwoWords   = "accounts.full_name_two_words"
	KeyPasswordRequired   = "accounts.password_required"
	KeyPasswordLength     = "accounts.password_length"
	KeyPasswordMismatch   = "accounts.password_mismatch"
	KeyPasswordGuessable  = "accounts.password_guessable"
	KeyOldPasswordWrong   = "accounts.old_password_wrong"
	KeyOldPasswordMissing = "accounts.old_password_required"
	KeyPhoneRequired      = "accounts.phone_required"
	KeyPhoneInvalid       = "accounts.phone_invalid"
	KeyLocationRequired   = "accounts.location_required"
	KeyOutsideServiceArea = "accounts.outside_service_area"
	KeyLabelRequired      = "accounts.label_required"
	KeyTextTooLong        = "accounts.text_too_long"
	KeyResetTokenInvalid  = "accounts.reset_token_invalid"
	KeyKindInvalid        = "accounts.kind_invalid"
	KeyItemInvalid        = "accounts.item_invalid"
	KeyRoleInvalid        = "accounts.role_invalid"

	// Too long, one key per field, so the message names the field and its limit.
	KeyFirstNameTooLong = "accounts.first_name_too_long"
	KeyLastNameTooLong  = "accounts.last_name_too_long"
	KeyEmailTooLong     = "accounts.email_too_long"
	KeyLabelTooLong     = "accounts.label_too_long"
	KeyAddressTooLong   = "accounts.address_too_long"
	KeyNotesTooLong     = "accounts.notes_too_long"
	KeyPlaceNameTooLong = "accounts.place_name_too_long"
	KeyPhoneTooLong     = "accounts.phone_too_long"
)

// tooLong names the too-long message of each field the account rules check; a field not listed
// gets the generic KeyNameTooLong (names) or KeyTextTooLong (texts).
var tooLong = map[string]string{
	"first_name":   KeyFirstNameTooLong,
	"last_name":    KeyLastNameTooLong,
	"email":        KeyEmailTooLong,
	"label":        KeyLabelTooLong,
	"address":      KeyAddressTooLong,
	"notes":        KeyNotesTooLong,
	"name":         KeyPlaceNameTooLong,
	"phone_number": KeyPhoneTooLong,
}

func tooLongKey(field, fallback string) string {
	if k, ok := tooLong[field]; ok {
		return k
	}
	return fallback
}

// Limits of the field rules.
const (
	PasswordMinLength = 8
	PasswordMaxLength = 20
	NameMaxLength     = 50
	EmailMaxLength    = 254
	LabelMaxLength    = 80
	AddressMaxLength  = 300
	// PhoneMaxLength bounds what is typed into the phone field (E.164 numbers have at most 15
	// digits; spaces, dashes and a country prefix fit in 32).
	PhoneMaxLength = 32
)

// NormalizeEmail is the form an address is stored and compared in (domain.NormalizeEmail).
func NormalizeEmail(s string) string { return domain.NormalizeEmail(s) }

// StoredBeforeNFC is typed as an address was stored before addresses were kept in NFC (trimmed and
// lower case only), when that differs from email, its NormalizeEmail form: an account signed up
// with a decomposed "jose\u0301@x.example" then is still found when its owner types it the same way.
func StoredBeforeNFC(typed, email string) (string, bool) {
	old := strings.ToLower(strings.TrimSpace(typed))
	return old, old != email
}

// CheckEmail adds field errors for a missing or malformed address and returns it normalised.
func CheckEmail(v *domain.ValidationError, field, email string) string {
	email = NormalizeEmail(email)
	switch {
	case email == "":
		v.Add(field, KeyEmailRequired)
	case utf8.RuneCountInString(email) > EmailMaxLength:
		v.Add(field, tooLongKey(field, KeyEmailTooLong))
	case domain.EmailHasHidden(email):
		v.Add(field, domain.KeyEmailHidden)
	case !validEmail(email):
		v.Add(field, KeyEmailInvalid)
	case domain.EmailMixesScripts(email):
		v.Add(field, domain.KeyEmailMixedScripts)
	}
	return email
}

func validEmail(s string) bool {
	if len(s) > EmailMaxLength {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domainPart := s[at+1:]
	// A mail domain on the internet has a dot; "bob@localhost" is a typo for a traveller.
	return at > 0 && strings.Contains(domainPart, ".") && !strings.HasPrefix(domainPart, ".") && !strings.HasSuffix(domainPart, ".")
}

// CheckName adds field errors for a missing or malformed name and returns it trimmed, inner runs of
// spaces collapsed. requiredKey is the message for an empty name.
func CheckName(v *domain.ValidationError, field, name, requiredKey string) string {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		v.Add(field, requiredKey)
	case utf8.RuneCountInString(name) > NameMaxLength:
		v.Add(field, tooLongKey(field, KeyNameTooLong))
	case !domain.IsPersonName(name):
		v.Add(field, KeyNameInvalid)
	}
	return name
}

// ErrNeedFirstAndLastName is the sign-up form's full-name rule broken.
var ErrNeedFirstAndLastName = errors.New(KeyFullNameTwoWords)

// SplitFullName splits the sign-up form's one name field: the first word is the first name, the rest
// the last name. Fewer than two words is ErrNeedFirstAndLastName.
func SplitFullName(full string) (first, last string, err error) {
	words := strings.Fields(full)
	if len(words) < 2 {
		return "", "", ErrNeedFirstAndLastName
	}
	return words[0], strings.Join(words[1:], " "), nil
}

// CheckPassword adds field errors for a password that breaks the strength rule (8 to 20 characters,
// counted as characters, not bytes, so Arabic passwords measure the same).
func CheckPassword(v *domain.ValidationError, field, password string) {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		v.Add(field, KeyPasswordRequired)
	case n < PasswordMinLength || n > PasswordMaxLength:
		v.Add(field, KeyPasswordLength)
	case guessable(password):
		v.Add(field, KeyPasswordGuessable)
	}
}

// DefaultPhoneRegion is assumed for a number typed without a country key: the service area is Cairo.
const DefaultPhoneRegion = domain.DefaultPhoneRegion

// CheckPhone validates a phone number with the country key the form's picker sent and returns it in
// E.164 (+201001234567). The key may be a calling code ("+20", "20") or a region ("EG"); a number that
// starts with "+" carries its own. Validity is decided by the libphonenumber metadata, not a pattern.
func CheckPhone(v *domain.ValidationError, field, number, countryKey string) string {
	number = strings.TrimSpace(number)
	if number == "" {
		v.Add(field, KeyPhoneRequired)
		return ""
	}
	if utf8.RuneCountInString(number) > PhoneMaxLength {
		v.Add(field, tooLongKey(field, KeyPhoneTooLong))
		return number
	}
	e164, ok := NormalizePhone(number, countryKey)
	if !ok {
		v.Add(field, KeyPhoneInvalid)
		return number
	}
	return e164
}

// NormalizePhone returns number in E.164 and whether it is a valid number (domain.NormalizePhone,
// the one rule for every phone number typed).
func NormalizePhone(number, countryKey string) (string, bool) {
	return domain.NormalizePhone(number, countryKey)
}

// CheckPoint adds field errors for a place without coordinates ("Save location needs a selected
// source or end location") or outside the service area, under field "location".
func CheckPoint(v *domain.ValidationError, lat, lng *float64) {
	switch {
	case lat == nil || lng == nil || math.IsNaN(*lat) || math.IsNaN(*lng):
		v.Add("location", KeyLocationRequired)
	case !domain.ServiceArea.Contains(*lat, *lng):
		v.Add("location", KeyOutsideServiceArea)
	}
}

// CheckText trims s, a one-line text (a name, a label, an address), and adds a field error when it
// is longer than max characters, empty (when requiredKey is not ""), or breaks the one-line text
// rule (domain.SingleLineTextProblem: no line breaks, control or invisible characters).
func CheckText(v *domain.ValidationError, field, s string, max int, requiredKey string) string {
	return checkText(v, field, s, max, requiredKey, domain.SingleLineTextProblem)
}

// CheckNotes is CheckText for a text of several lines (a pickup point's notes): line breaks and tabs
// are kept, other control and invisible characters refused (domain.MultiLineTextProblem).
func CheckNotes(v *domain.ValidationError, field, s string, max int) string {
	return checkText(v, field, s, max, "", domain.MultiLineTextProblem)
}

func checkText(v *domain.ValidationError, field, s string, max int, requiredKey string, problem func(string) string) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "" && requiredKey != "":
		v.Add(field, requiredKey)
	case utf8.RuneCountInString(s) > max:
		v.Add(field, tooLongKey(field, KeyTextTooLong))
	case problem(s) != "":
		v.Add(field, problem(s))
	}
	return s
}
