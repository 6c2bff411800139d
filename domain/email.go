package domain

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// KeyEmailMixedScripts: an e-mail address mixes alphabets inside one of its parts.
const KeyEmailMixedScripts = "common.email_mixed_scripts"

// KeyEmailHidden: an e-mail address holds a character drawn as nothing, a space or a control character.
const KeyEmailHidden = "common.email_hidden_character"

// NormalizeEmail is the form an address is stored, compared and written to in: trimmed, in Unicode
// NFC and lower case. NFC makes "josé" typed as one letter (U+00E9) and as "e" with a combining
// accent (U+0301) one address: they read the same, so they must be one account and one mailbox.
// Addresses stored before this rule were kept as typed (not in NFC); an address in NFD stored then
// is found at sign-in by the same spelling (account.StoredBeforeNFC; docs/accounts.md).
func NormalizeEmail(s string) string {
	return strings.ToLower(norm.NFC.String(strings.TrimSpace(s)))
}

// EmailHasHidden reports whether an address holds what no real address holds and a person cannot
// see: a control character, a format character (zero-width space U+200B, soft hyphen U+00AD, word
// joiner, byte order mark, direction marks, joiners — unlike in names, even the zero-width joiners,
// since in an address they only make a second spelling that reads the same), a space other than
// the plain one (no-break, thin...), a variation selector or another default-ignorable character,
// or a combining mark with no letter before it in its part. "alice@x.example\u200b" reads as "alice@x.example" yet is another account,
// and mail to it goes nowhere. Combining marks after a letter stay allowed: internationalised
// addresses need them (Devanagari vowel signs, Arabic vowel marks), and NormalizeEmail composes the
// ones that have a composed form.
func EmailHasHidden(email string) bool {
	afterLetter := false
	for _, r := range email {
		switch {
		case r == ' ':
			// A plain space is seen; the address's format check refuses it.
			afterLetter = false
		case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Co,
			unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point), r == unicode.ReplacementChar:
			return true
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc):
			if !afterLetter {
				return true
			}
		default:
			afterLetter = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
	}
	return false
}

// emailScripts are the alphabets whose letters pass for one another in an address: a Cyrillic "а"
// or a Greek "ο" among Latin letters reads as the Latin letter to a person.
var emailScripts = []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Arabic, unicode.Armenian, unicode.Hebrew}

// EmailMixesScripts reports whether an address's name (before the @) or one of its domain's labels
// is written in more than one alphabet: "аlice@t.example" with a Cyrillic "а" looks like someone
// else's "alice@t.example" to the staff who search and read it. An address wholly in one alphabet
// per part (an internationalised one) is not a look-alike and passes.
func EmailMixesScripts(email string) bool {
	at := strings.LastIndexByte(email, '@')
	parts := []string{email}
	if at >= 0 {
		parts = append([]string{email[:at]}, strings.Split(email[at+1:], ".")...)
	}
	for _, part := range parts {
		seen := noLetter
		for _, r := range part {
			if !unicode.IsLetter(r) {
				continue
			}
			script := scriptOf(r)
			if seen != noLetter && script != seen {
				return true
			}
			seen = script
		}
	}
	return false
}

const noLetter, otherScript = -2, -1

// scriptOf is the index in emailScripts of a letter's alphabet, otherScript for a letter of none of
// them (a Han or Thai letter, say), which counts as one alphabet of its own.
func scriptOf(r rune) int {
	for i, s := range emailScripts {
		if unicode.Is(s, r) {
			return i
		}
	}
	return otherScript
}
