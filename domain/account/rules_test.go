package account_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"mishwar/domain"
	"mishwar/domain/account"
)

func fieldErrors(f func(v *domain.ValidationError)) map[string][]string {
	var v domain.ValidationError
	f(&v)
	return v.Fields
}

func TestCheckEmail(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		key      string
	}{
		{"  Mona@Example.COM ", "mona@example.com", ""},
		{"", "", account.KeyEmailRequired},
		{"mona", "mona", account.KeyEmailInvalid},
		{"mona@localhost", "mona@localhost", account.KeyEmailInvalid},
		{"Mona <mona@example.com>", "mona <mona@example.com>", account.KeyEmailInvalid},
		{"mona@example.com.", "mona@example.com.", account.KeyEmailInvalid},
		{"a b@example.com", "a b@example.com", account.KeyEmailInvalid},
		// A Cyrillic "а" makes a look-alike of someone's address for the staff who search it.
		{"\u0430lice@t.example", "\u0430lice@t.example", domain.KeyEmailMixedScripts},
		{"алиса@почта.рф", "алиса@почта.рф", ""},
		// An invisible character makes a second account that reads as the first.
		{"alice@x.example\u200b", "alice@x.example\u200b", domain.KeyEmailHidden},
		{"al\u00adice@x.example", "al\u00adice@x.example", domain.KeyEmailHidden},
		// The same letters typed composed or decomposed are one address, kept composed (NFC).
		{"Jose\u0301@x.example", "jos\u00e9@x.example", ""},
	}
	for _, tc := range cases {
		var got string
		errs := fieldErrors(func(v *domain.ValidationError) { got = account.CheckEmail(v, "email", tc.in) })
		if got != tc.want {
			t.Errorf("CheckEmail(%q) = %q, want %q", tc.in, got, tc.want)
		}
		assertKey(t, "CheckEmail("+tc.in+")", errs, "email", tc.key)
	}
}

func assertKey(t *testing.T, what string, errs map[string][]string, field, key string) {
	t.Helper()
	if key == "" {
		if len(errs) != 0 {
			t.Errorf("%s: unexpected errors %v", what, errs)
		}
		return
	}
	if !reflect.DeepEqual(errs, map[string][]string{field: {key}}) {
		t.Errorf("%s: errors = %v, want %s=%s", what, errs, field, key)
	}
}

func TestCheckName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want, key string
	}{
		{" Mona ", "Mona", ""},
		{"Abd  El-Rahman", "Abd El-Rahman", ""},
		{"O'Neil", "O'Neil", ""},
		{"مُنى", "مُنى", ""},
		{"", "", account.KeyFirstNameRequired},
		{"Mona2", "Mona2", account.KeyNameInvalid},
		{"<script>", "<script>", account.KeyNameInvalid},
		{"--", "--", account.KeyNameInvalid},
		{"Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", account.KeyFirstNameTooLong},
	}
	for _, tc := range cases {
		var got string
		errs := fieldErrors(func(v *domain.ValidationError) {
			got = account.CheckName(v, "first_name", tc.in, account.KeyFirstNameRequired)
		})
		if got != tc.want {
			t.Errorf("CheckName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		assertKey(t, "CheckName("+tc.in+")", errs, "first_name", tc.key)
	}
}

func TestSplitFullName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, first, last string
		err             error
	}{
		{"Mona Zaki", "Mona", "Zaki", nil},
		{"  Abd El Rahman  Mostafa ", "Abd", "El Rahman Mostafa", nil},
		{"منى زكي", "منى", "زكي", nil},
		{"Mona", "", "", account.ErrNeedFirstAndLastName},
		{"   ", "", "", account.ErrNeedFirstAndLastName},
	}
	for _, tc := range cases {
		first, last, err := account.SplitFullName(tc.in)
		if first != tc.first || last != tc.last || !errors.Is(err, tc.err) {
			t.Errorf("SplitFullName(%q) = %q, %q, %v; want %q, %q, %v", tc.in, first, last, err, tc.first, tc.last, tc.err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, key string }{
		{"correct-horse", ""},
		{"12345678901234567890", ""},
		{"كلمةسرطويلة", ""},
		{"", account.KeyPasswordRequired},
		{"12345678", account.KeyPasswordGuessable},
		{"Password", account.KeyPasswordGuessable},
		{"QWERTY123", account.KeyPasswordGuessable},
		{"        ", account.KeyPasswordGuessable},
		{"aaaaaaaa", account.KeyPasswordGuessable},
		{"ييييييييي", account.KeyPasswordGuessable},
		{"1234567", account.KeyPasswordLength},
		{"123456789012345678901", account.KeyPasswordLength},
	}
	for _, tc := range cases {
		errs := fieldErrors(func(v *domain.ValidationError) { account.CheckPassword(v, "password", tc.in) })
		assertKey(t, "CheckPassword("+tc.in+")", errs, "password", tc.key)
	}
}

func TestCheckPhone(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, number, key, want, errKey string
	}{
		{"local Egyptian mobile with the +20 key", "01001234567", "+20", "+201001234567", ""},
		{"national number without trunk zero", "1001234567", "20", "+201001234567", ""},
		{"region code as key", "01001234567", "EG", "+201001234567", ""},
		{"no key means Egypt", "010 0123 4567", "", "+201001234567", ""},
		{"full international number ignores the key", "+966501234567", "+20", "+966501234567", ""},
		{"00 prefix is international", "00966501234567", "", "+966501234567", ""},
		{"Saudi mobile with its key", "0501234567", "+966", "+966501234567", ""},
		{"empty", "", "+20", "", account.KeyPhoneRequired},
		{"too short", "0100123", "+20", "0100123", account.KeyPhoneInvalid},
		{"letters", "call me", "+20", "call me", account.KeyPhoneInvalid},
		{"UK mobile typed with the Egyptian key", "07911123456", "+20", "07911123456", account.KeyPhoneInvalid},
		{"unknown country key", "01001234567", "+999", "01001234567", account.KeyPhoneInvalid},
	}
	for _, tc := range cases {
		var got string
		errs := fieldErrors(func(v *domain.ValidationError) { got = account.CheckPhone(v, "phone_number", tc.number, tc.key) })
		if got != tc.want {
			t.Errorf("%s: CheckPhone = %q, want %q", tc.name, got, tc.want)
		}
		assertKey(t, tc.name, errs, "phone_number", tc.errKey)
	}
}

func TestCheckPoint(t *testing.T) {
	t.Parallel()
	f := func(x float64) *float64 { return &x }
	cases := []struct {
		name     string
		lat, lng *float64
		key      string
	}{
		{"Tahrir Square", f(30.0444), f(31.2357), ""},
		{"Giza pyramids", f(29.9792), f(31.1342), ""},
		{"no coordinates", nil, nil, account.KeyLocationRequired},
		{"only latitude", f(30.04), nil, account.KeyLocationRequired},
		{"Alexandria", f(31.2001), f(29.9187), account.KeyOutsideServiceArea},
	}
	for _, tc := range cases {
		errs := fieldErrors(func(v *domain.ValidationError) { account.CheckPoint(v, tc.lat, tc.lng) })
		assertKey(t, tc.name, errs, "location", tc.key)
	}
}

// A field over its limit is refused with a message naming that field, never a generic one.
func TestTooLongNamesTheField(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("a", n) }
	cases := []struct {
		field string
		check func(v *domain.ValidationError)
		want  string
	}{
		{"first_name", func(v *domain.ValidationError) { account.CheckName(v, "first_name", long(51), "") }, account.KeyFirstNameTooLong},
		{"last_name", func(v *domain.ValidationError) { account.CheckName(v, "last_name", long(51), "") }, account.KeyLastNameTooLong},
		{"email", func(v *domain.ValidationError) { account.CheckEmail(v, "email", long(250)+"@example.com") }, account.KeyEmailTooLong},
		{"phone_number", func(v *domain.ValidationError) { account.CheckPhone(v, "phone_number", strings.Repeat("1", 33), "") }, account.KeyPhoneTooLong},
		{"label", func(v *domain.ValidationError) { account.CheckText(v, "label", long(81), account.LabelMaxLength, "") }, account.KeyLabelTooLong},
		{"name", func(v *domain.ValidationError) { account.CheckText(v, "name", long(81), account.LabelMaxLength, "") }, account.KeyPlaceNameTooLong},
		{"address", func(v *domain.ValidationError) {
			account.CheckText(v, "address", long(301), account.AddressMaxLength, "")
		}, account.KeyAddressTooLong},
		{"notes", func(v *domain.ValidationError) {
			account.CheckText(v, "notes", long(301), account.AddressMaxLength, "")
		}, account.KeyNotesTooLong},
		{"label", func(v *domain.ValidationError) {
			account.CheckText(v, "label", "Home \u202Eeton", account.LabelMaxLength, "")
		}, domain.KeyDirectionOverride},
	}
	for _, c := range cases {
		if got := fieldErrors(c.check); !reflect.DeepEqual(got, map[string][]string{c.field: {c.want}}) {
			t.Errorf("%s: %v, want %s", c.field, got, c.want)
		}
	}
}
