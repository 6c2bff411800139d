package domain

import "strings"

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
