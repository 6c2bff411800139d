package domain_test

import (
	"testing"

	"mishwar/domain"
)

func TestAnEmailAddressMixingAlphabetsInOnePartIsALookAlike(t *testing.T) {
	for _, c := range []struct {
		email string
		mixes bool
	}{
		{"alice@t.example", false},
		{"alice.smith+trips@mail.example.com", false},
		{"\u0430lice@t.example", true},          // a Cyrillic а before Latin letters
		{"alice@t.\u0435xample", true},          // a Cyrillic е in a domain label
		{"\u03bfmar@mail.example", true},        // a Greek ο
		{"алиса@почта.рф", false},               // wholly Cyrillic, part by part
		{"алиса@t.example", false},              // a Cyrillic name at a Latin domain: each part one alphabet
		{"مني@example.com", false},              // an Arabic name part
		{"mنى@example.com", true},               // Latin and Arabic in the name
		{"user123_x-y@sub-1.example.eg", false}, // digits and signs are no alphabet
	} {
		if got := domain.EmailMixesScripts(c.email); got != c.mixes {
			t.Errorf("%q: mixes alphabets %v, want %v", c.email, got, c.mixes)
		}
	}
}

func TestAnEmailAddressWithAHiddenCharacterIsRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		email  string
		hidden bool
	}{
		{"alice@x.example", false},
		{"jos\u00e9@x.example", false},  // é as one letter
		{"jose\u0301@x.example", false}, // e and a combining accent: NormalizeEmail composes it
		{"मोना@x.example", false},       // a Devanagari vowel sign after its letter
		{"alice@x.example\u200b", true}, // a zero-width space at the end
		{"al\u00adice@x.example", true}, // a soft hyphen
		{"alice\u200d@x.example", true}, // a zero-width joiner: in an address only a second spelling
		{"\ufeffalice@x.example", true}, // a byte order mark
		{"alice@x.exam\u00a0ple", true}, // a no-break space
		{"alice\x07@x.example", true},   // a bell
		{"alice@\u0301x.example", true}, // a combining accent with no letter before it
		{"alice\ufe0f@x.example", true}, // a variation selector
		{"\u200ealice@x.example", true}, // a direction mark
		{"alice@x.example\u3164", true}, // a Hangul filler
	} {
		if got := domain.EmailHasHidden(c.email); got != c.hidden {
			t.Errorf("%q: hidden %v, want %v", c.email, got, c.hidden)
		}
	}
}

func TestAnEmailAddressIsKeptInOneNormalForm(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		" Alice@X.Example ":    "alice@x.example",
		"JOSE\u0301@x.example": "jos\u00e9@x.example",
		"jos\u00e9@x.example":  "jos\u00e9@x.example",
	} {
		if got := domain.NormalizeEmail(in); got != want {
			t.Errorf("NormalizeEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
