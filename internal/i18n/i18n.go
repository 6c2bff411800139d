// Package i18n holds the server's translated messages (English and Arabic) and picks a language for a
// request. Every message a person can read in an API answer has a key here. Features add their own
// catalogue in a file of their own (catalog_<feature>.go) through Register in an init function.
package i18n

import (
	"fmt"
	"sort"
	"strconv"
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
		return fmt.Sprintf(s, inDigitsOf(lang, args)...)
	}
	return s
}

// Clock is a time of day among a message's arguments (domain.TimeOfDay is one). Its type says it is a
// clock: a number a reader reads, written as ClockOf writes it ("17:00"; "٥:٠٠ م" in Arabic), as the
// web app writes times. Text that merely looks like a time stays as it is.
type Clock interface {
	ClockTime() string // "15:04"
}

// inDigitsOf writes every Clock among args as its clock time and, in Arabic, every number and clock in
// Arabic-Indic digits (٥ دقائق, not 5 دقائق), as the web app writes numbers on an Arabic page: one
// numeral system per message. Text arguments (a trip number, a link, an e-mail) stay as they are.
func inDigitsOf(lang Lang, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		switch v := a.(type) {
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
			if lang == Ar {
				out[i] = arabicNumber{a}
			}
		case Clock:
			out[i] = clockText(lang, v.ClockTime())
		}
	}
	return out
}

type arabicNumber struct{ v any }

var arabicIndic = strings.NewReplacer("0", "٠", "1", "١", "2", "٢", "3", "٣", "4", "٤", "5", "٥", "6", "٦", "7", "٧", "8", "٨", "9", "٩", ".", "٫")

// Digits writes s's Western digits in lang's numeral system: Arabic-Indic in Arabic ("٢٠٢٦-١١-١٨"),
// as they are in English. For numbers a message formats itself (a date, an amount already grouped);
// never for identifiers (a trip number, a plate, a phone), which keep their digits.
func Digits(lang Lang, s string) string {
	if lang != Ar {
		return s
	}
	return arabicIndic.Replace(s)
}

// Format writes the number as its verb asks (%d, %.1f, …), then in Arabic-Indic digits.
func (n arabicNumber) Format(f fmt.State, verb rune) {
	fmt.Fprint(f, arabicIndic.Replace(fmt.Sprintf(fmt.FormatString(f, verb), n.v)))
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

// Negotiate picks the language from, in order: the spec's `lang` header, Accept-Language (the
// supported language of the highest weight, the first sent of equal ones; weight 0 refuses it), the
// visitor's `lang` cookie. Default English.
func Negotiate(langHeader, acceptLanguage, cookie string) Lang {
	if l, ok := parse(langHeader); ok {
		return l
	}
	best, bestQ := Lang(""), 0.0
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(part, ";")
		l, ok := parse(tag)
		if !ok {
			continue
		}
		q := 1.0
		if k, v, found := strings.Cut(strings.TrimSpace(params), "="); found && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		if q > bestQ {
			best, bestQ = l, q
		}
	}
	if best != "" {
		return best
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
