package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"mishwar/domain"
)

// ErrNULInText is text holding U+0000 (NUL), which nothing can store: PostgreSQL refuses it in text
// and in jsonb, so an event or a row holding it would fail to be written (it used to answer 500).
var ErrNULInText = domain.Invalid("common.invalid_character")

// ErrNotUTF8 is a JSON body whose bytes are not UTF-8 text, which JSON must be: 400, as for a body
// that is not JSON at all. Decoding it would put U+FFFD in place of each bad byte and save the
// mangled text as if it had been sent.
var ErrNotUTF8 = errors.New("httpx: the body is not UTF-8 text")

// RefuseNUL answers 400 to a request whose path or query holds NUL: no key or search can contain
// it, and a lookup by one would fail in the database.
func RefuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) || queryHasNUL(r.URL.RawQuery) {
			WriteMessage(w, r, http.StatusBadRequest, "common.invalid_character")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func queryHasNUL(raw string) bool {
	if strings.ContainsRune(raw, 0) {
		return true
	}
	if !strings.Contains(raw, "%00") {
		return false
	}
	// ParseQuery keeps every pair it can decode, even when another pair is malformed.
	values, _ := url.ParseQuery(raw)
	return formHasNUL(values)
}

func formHasNUL(values url.Values) bool {
	for k, vs := range values {
		if strings.ContainsRune(k, 0) {
			return true
		}
		for _, v := range vs {
			if strings.ContainsRune(v, 0) {
				return true
			}
		}
	}
	return false
}

// JSONHasNUL says whether a JSON document has NUL in a string or a key. JSON carries NUL only
// escaped, so a document without the escape's text has none; one with it (or with the text
// `\\u0000`, an escaped backslash and "u0000") is decoded to be sure.
func JSONHasNUL(body []byte) bool {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return false
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return false // not JSON: its decoding says so
	}
	return valueHasNUL(v)
}

func valueHasNUL(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.ContainsRune(v, 0)
	case []any:
		for _, e := range v {
			if valueHasNUL(e) {
				return true
			}
		}
	case map[string]any:
		for k, e := range v {
			if strings.ContainsRune(k, 0) || valueHasNUL(e) {
				return true
			}
		}
	}
	return false
}
