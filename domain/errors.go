// Package domain holds what every aggregate package shares: the error kinds a decision can end in and
// the decider shape. Aggregates live in sub-packages (domain/cart, domain/order, ...). Nothing under
// domain does I/O: no database, no clock, no network. Whatever a decision needs is passed in.
package domain

import (
	"errors"
	"slices"
	"sort"
	"strings"
)

// Kind classifies why a command was refused. The HTTP layer maps kinds to statuses once.
type Kind int

const (
	// KindInvalid: the command is malformed or breaks a rule (422).
	KindInvalid Kind = iota + 1
	// KindNotFound: what the command refers to does not exist (404).
	KindNotFound
	// KindConflict: the command clashes with the current state (409).
	KindConflict
	// KindForbidden: the actor may not do this (403).
	KindForbidden
	// KindUnauthenticated: the actor must sign in first (401).
	KindUnauthenticated
	// KindTooManyRequests: the actor must slow down (429).
	KindTooManyRequests
)

// Error is a refusal with a kind and a message key. The key names a translated message
// (internal/i18n), so the same refusal reads well in English and Arabic.
type Error struct {
	Kind Kind
	Key  string
	// Args fill the message's blanks: plain values, Text (said per language) or Message (a message
	// of its own). Sentinels have none.
	Args []any
}

func (e *Error) Error() string { return e.Key }

// Is matches a refusal of the same kind and key, so a refusal built with arguments still answers
// errors.Is for its sentinel.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Key == e.Key
}

// InvalidWith builds a 422 refusal whose message takes arguments (see Error.Args).
func InvalidWith(key string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Key: key, Args: args}
}

// ConflictWith is Conflict with arguments for the message.
func ConflictWith(key string, args ...any) *Error {
	return &Error{Kind: KindConflict, Key: key, Args: args}
}

// Text is a value said differently per language (a stop's name in English and Arabic).
type Text struct {
	En, Ar string
}

// In is t in lang ("ar" or English); English when there is no Arabic.
func (t Text) In(lang string) string {
	if lang == "ar" && t.Ar != "" {
		return t.Ar
	}
	return t.En
}

// Message is a message key with its arguments: a part of a message composed of others.
type Message struct {
	Key  string
	Args []any
}

// Msg builds a Message.
func Msg(key string, args ...any) Message { return Message{Key: key, Args: args} }

// IsZero reports whether m says nothing.
func (m Message) IsZero() bool { return m.Key == "" }

// Invalid, NotFound, Conflict, Forbidden and Unauthenticated build sentinel errors:
//
//	var ErrAlreadyInCart = domain.Conflict("cart.already_in_cart")
func Invalid(key string) *Error         { return &Error{Kind: KindInvalid, Key: key} }
func NotFound(key string) *Error        { return &Error{Kind: KindNotFound, Key: key} }
func Conflict(key string) *Error        { return &Error{Kind: KindConflict, Key: key} }
func Forbidden(key string) *Error       { return &Error{Kind: KindForbidden, Key: key} }
func Unauthenticated(key string) *Error { return &Error{Kind: KindUnauthenticated, Key: key} }

// KeyRequired is the field error of a value left out, the same for every field of every form.
const KeyRequired = "common.required"

// ValidationError collects rule breaks per field (message keys), for a 422 with errors by field.
type ValidationError struct {
	Fields map[string][]string
}

func (v *ValidationError) Error() string {
	keys := make([]string, 0, len(v.Fields))
	for k := range v.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("validation failed:")
	for _, k := range keys {
		b.WriteString(" " + k + "=" + strings.Join(v.Fields[k], ","))
	}
	return b.String()
}

// Add records that field broke the rule named by key.
func (v *ValidationError) Add(field, key string) {
	if v.Fields == nil {
		v.Fields = map[string][]string{}
	}
	v.Fields[field] = append(v.Fields[field], key)
}

// Err returns v as an error when it holds any field, else nil.
func (v *ValidationError) Err() error {
	if v == nil || len(v.Fields) == 0 {
		return nil
	}
	return v
}

// KindOf returns the kind of err, or 0 when err is not a refusal (an internal failure).
func KindOf(err error) Kind {
	var de *Error
	if errors.As(err, &de) {
		return de.Kind
	}
	var ve *ValidationError
	if errors.As(err, &ve) {
		return KindInvalid
	}
	return 0
}

// CheckFilter accepts "" (no filter) or one of allowed as field's value; anything else is field's
// error, key. A list filtered by a value nothing can have would answer "none", which reads as a fact
// about the business rather than a mistyped request.
func CheckFilter[S ~string](field, key, value string, allowed []S) error {
	if value == "" || slices.Contains(allowed, S(value)) {
		return nil
	}
	v := &ValidationError{}
	v.Add(field, key)
	return v
}

// JoinValidation merges the fields of validation errors into one (nil when all are nil), so a request
// is told every fault at once. An error that is not a validation error is returned as it is.
func JoinValidation(errs ...error) error {
	merged := &ValidationError{}
	for _, err := range errs {
		if err == nil {
			continue
		}
		var ve *ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		for field, keys := range ve.Fields {
			for _, k := range keys {
				merged.Add(field, k)
			}
		}
	}
	return merged.Err()
}
