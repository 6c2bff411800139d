// Package domain holds what every aggregate package shares: the error kinds a decision can end in and
// the decider shape. Aggregates live in sub-packages (domain/cart, domain/order, ...). Nothing under
// domain does I/O: no database, no clock, no network. Whatever a decision needs is passed in.
package domain

import (
	"errors"
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
}

func (e *Error) Error() string { return e.Key }

// Invalid, NotFound, Conflict, Forbidden and Unauthenticated build sentinel errors:
//
//	var ErrAlreadyInCart = domain.Conflict("cart.already_in_cart")
func Invalid(key string) *Error         { return &Error{Kind: KindInvalid, Key: key} }
func NotFound(key string) *Error        { return &Error{Kind: KindNotFound, Key: key} }
func Conflict(key string) *Error        { return &Error{Kind: KindConflict, Key: key} }
func Forbidden(key string) *Error       { return &Error{Kind: KindForbidden, Key: key} }
func Unauthenticated(key string) *Error { return &Error{Kind: KindUnauthenticated, Key: key} }

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
