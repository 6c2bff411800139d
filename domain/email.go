package domain

import (
	"strings"
	"unicode"
)

// KeyEmailMixedScripts: an e-mail address mixes alphabets inside one of its parts.
const KeyEmailMixedScripts = "common.email_mixed_scripts"

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
