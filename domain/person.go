package domain

import "unicode"

// KeyNameInvalid: a person's name holds something other than what names are written with.
const KeyNameInvalid = "accounts.name_invalid"

// IsPersonName reports whether s is written as people's names are: letters of any script (Arabic
// names included) with the marks that go with them, and the joiners real names use (space, hyphen,
// apostrophe, dot). Mishwar greets people by name in its own e-mails, so a name is never a place for
// digits, links or markup.
func IsPersonName(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case invisibleLetter(r):
			// Counted as letters by Unicode, drawn as nothing: a name of them is no name.
		case hiddenInText(r):
			// Variation selectors and the combining grapheme joiner are marks (Mn) drawn as nothing.
			return false
		case unicode.IsLetter(r):
			letters++
		case unicode.Is(unicode.Mn, r), r == ' ', r == '-', r == '\'', r == '’', r == '.':
		default:
			return false
		}
	}
	return letters > 0
}

// invisibleLetter reports the Hangul fillers, letters that are drawn as blank space.
func invisibleLetter(r rune) bool {
	return r == '\u115F' || r == '\u1160' || r == '\u3164' || r == '\uFFA0'
}
