package domain

import (
	"strings"
	"unicode/utf8"
)

// MaxReasonLength is how many characters a person's reason or note may have: a cancellation's, a
// refund's, a declined enquiry's, a quote's note, a driver taken off a trip. Each is kept in the
// order's history, shown to staff and travellers and sent in mail, so none may grow without bound.
const MaxReasonLength = 1000

// KeyReasonTooLong refuses a reason or note longer than MaxReasonLength.
const KeyReasonTooLong = "common.reason_too_long"

// Reason is text trimmed, as it is kept. It is field's error when longer than MaxReasonLength, or,
// when requiredKey is not "", when empty.
func Reason(field, text, requiredKey string) (string, error) {
	text = strings.TrimSpace(text)
	v := &ValidationError{}
	switch {
	case text == "" && requiredKey != "":
		v.Add(field, requiredKey)
	case utf8.RuneCountInString(text) > MaxReasonLength:
		v.Add(field, KeyReasonTooLong)
	default:
		CheckMultiLine(v, field, text)
	}
	return text, v.Err()
}
