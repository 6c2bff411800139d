package domain

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// KeyDirectionOverride: a text holds characters that silently reorder what follows them.
const KeyDirectionOverride = "common.direction_override"

// isDirectionOverride reports whether r is a bidirectional embedding or override (U+202A–U+202E):
// they make text display in another order than it was written ("gpj.exe" shown as "exe.jpg"), which a
// name, a place or a description never needs. The isolates Arabic text uses (U+2066–U+2069) and the
// direction marks (U+200E, U+200F) are left alone.
func isDirectionOverride(r rune) bool { return r >= '\u202A' && r <= '\u202E' }

// HasDirectionOverride reports whether s holds a bidirectional embedding or override.
func HasDirectionOverride(s string) bool { return strings.ContainsFunc(s, isDirectionOverride) }

// StripDirectionOverrides drops the bidirectional embeddings and overrides from s, for free text kept
// as written otherwise (a review).
func StripDirectionOverrides(s string) string {
	return strings.Map(func(r rune) rune {
		if isDirectionOverride(r) {
			return -1
		}
		return r
	}, s)
}

// Keys of the free-text rules.
const (
	// KeyTextHidden: a text holds a control character or a character drawn as nothing.
	KeyTextHidden = "common.text_hidden_character"
	// KeyTextOneLine: a name or label holds a line break.
	KeyTextOneLine = "common.text_one_line"
)

// hiddenInText reports the characters no free text Mishwar keeps may hold: the control characters
// (C0 and C1: BEL, ESC, backspace...), which terminals, CSV readers and mail clients act on instead
// of showing, and the characters drawn as nothing (zero-width space, soft hyphen, word joiner, byte
// order mark, invisible operators, tag characters, variation selectors, the Hangul fillers), which
// make two texts that read alike differ, or hide text inside a name. Line breaks and tabs are
// controls too: the callers decide about them (a note may have them, a name may not).
//
// Left alone, because real Arabic and Persian text needs them: the zero-width joiner and non-joiner
// (U+200C, U+200D: they choose a letter's connected form), the direction marks (U+200E, U+200F,
// U+061C) and the isolates (U+2066–U+2069). The direction overrides have their own rule and message
// (KeyDirectionOverride).
func hiddenInText(r rune) bool {
	switch {
	case r == '\u200C' || r == '\u200D' || r == '\u200E' || r == '\u200F' || r == '\u061C':
		return false
	case r >= '\u2066' && r <= '\u2069':
		return false
	case isDirectionOverride(r):
		return false
	case r == utf8.RuneError:
		// Bytes that are not UTF-8 (the HTTP layer refuses them before; a caller in-process may not).
		return true
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) ||
		r == '\u2028' || r == '\u2029'
}

// SingleLineTextProblem is the message key for s as a one-line text (a person's or a place's name,
// a label, an address), or "" when it is fine: no line breaks, no control characters (tab
// included), no characters drawn as nothing, no direction overrides. A name is shown in lists, in
// the driver's trip list and in the office's CSV export, where a line break or an escape sequence
// breaks the row or the screen around it.
func SingleLineTextProblem(s string) string {
	switch {
	case strings.ContainsAny(s, "\r\n\u2028\u2029\u0085\v\f"):
		return KeyTextOneLine
	case strings.ContainsFunc(s, hiddenInText):
		return KeyTextHidden
	case HasDirectionOverride(s):
		return KeyDirectionOverride
	}
	return ""
}

// MultiLineTextProblem is the message key for s as a text of several lines (a note, a comment, a
// reason, a description), or "" when it is fine: line breaks (LF, and CR as in CR LF) and tabs are
// allowed, other control characters, characters drawn as nothing and direction overrides are not.
func MultiLineTextProblem(s string) string {
	switch {
	case strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && r != '\r' && r != '\t' && hiddenInText(r) }):
		return KeyTextHidden
	case HasDirectionOverride(s):
		return KeyDirectionOverride
	}
	return ""
}

// CheckSingleLine adds field's error to v when s breaks the one-line text rule (SingleLineTextProblem).
func CheckSingleLine(v *ValidationError, field, s string) {
	if key := SingleLineTextProblem(s); key != "" {
		v.Add(field, key)
	}
}

// CheckMultiLine adds field's error to v when s breaks the several-lines text rule
// (MultiLineTextProblem).
func CheckMultiLine(v *ValidationError, field, s string) {
	if key := MultiLineTextProblem(s); key != "" {
		v.Add(field, key)
	}
}
