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
