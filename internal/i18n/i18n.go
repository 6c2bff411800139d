// Package i18n holds the server's translated messages (English and Arabic) and picks a language for a
// request. Every message a person can read in an API answer has a key here. Features add their own
// catalogue in a file of their own (catalog_<feature>.go) through Register in an init function.
package i18n

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Lang is a supported language.
type Lang string

const (
	En Lang = "en"
	Ar Lang = "ar"
)

// Text is one message in each language. Arabic falls back to English when empty.
type Text struct {
	En string
	Ar string
}

var (
	mu      sync.RWMutex
	catalog = map[string]Text{}
)

// Register adds messages; a key registered twice is a programming error.
func Register(messages map[string]Text) {
	mu.Lock()
	defer mu.Unlock()
	for k, v := range messages {
		if _, dup := catalog[k]; dup {
			panic("i18n: message key registered twice: " + k)
		}
		catalog[k] = v
	}
}

// T returns the message for key in lang, formatted with args (fmt verbs). An unknown key returns the
// key itself so a missing translation is visible rather than blank.
func T(lang Lang, key string, args ...any) string {
	mu.RLock()
	t, ok := catalog[key]
	mu.RUnlock()
	if !ok {
		return key
	}
	s := t.En
	if lang == Ar && t.Ar != "" {
		s = t.Ar
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// Has reports whether key is in the catalogue.
func Has(key string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := catalog[key]
	return ok
}

// Keys lists every registered key, sorted (for completeness tests).
func Keys() []string {
	mu.RLock()
	defer mu.RUnlock()
	keys := make([]string, 0, len(catalog))
	for k := range catalog {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Lookup returns the Text for key.
func Lookup(key string) (Text, bool) {
	mu.RLock()
	defer mu.RUnlock()
	t, ok := catalog[key]
	return t, ok
}

// Negotiate picks the language from, in order: the spec's `lang` header, Accept-Language (first
// supported tag by quality order as sent), the visitor's `lang` cookie. Default English.
func Negotiate(langHeader, acceptLanguage, cookie string) Lang {
	if l, ok := parse(langHeader); ok {
		return l
	}
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		if strings.HasSuffix(part, "q=0") {
			continue
		}
		if l, ok := parse(tag); ok {
			return l
		}
	}
	if l, ok := parse(cookie); ok {
		return l
	}
	return En
}

func parse(tag string) (Lang, bool) {
	tag = strings.ToLower(strings.TrimSpace(tag))
	switch {
	case tag == "en" || strings.HasPrefix(tag, "en-"):
		return En, true
	case tag == "ar" || strings.HasPrefix(tag, "ar-"):
		return Ar, true
	}
	return "", false
}
