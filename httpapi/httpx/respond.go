package httpx

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/money"
	"mishwar/internal/i18n"
	"mishwar/internal/unreachable"
)

// ErrorBody is the one error shape of the whole API.
type ErrorBody struct {
	Message string              `json:"message"`
	Errors  map[string][]string `json:"errors,omitempty"`
}

// WriteJSON answers status with v as JSON. v is encoded before the status is sent, so a value that
// cannot be encoded (a time past year 9999) is a 500 the log explains, never a 200 with no body.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if v == nil {
		w.WriteHeader(status)
		return
	}
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		jsonBuffers.Put(buf)
	}()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		slog.Error("answer could not be encoded", "status", status, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write(internalErrorJSON)
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// internalErrorJSON is the answer when an answer cannot be encoded: without the request its language
// is unknown, so it says it in both.
var internalErrorJSON = func() []byte {
	b, _ := json.Marshal(ErrorBody{Message: i18n.T(i18n.En, "common.internal") + " / " + i18n.T(i18n.Ar, "common.internal")})
	return append(b, '\n')
}()

// WriteMessage answers status with a translated message and nothing else.
func WriteMessage(w http.ResponseWriter, r *http.Request, status int, key string, args ...any) {
	WriteJSON(w, status, ErrorBody{Message: i18n.T(Lang(r), key, args...)})
}

// RetryAfterError asks the client to wait before trying again (429 with Retry-After).
type RetryAfterError struct {
	After time.Duration
}

func (e *RetryAfterError) Error() string { return fmt.Sprintf("retry after %s", e.After) }

// WriteError maps an error to its status and a translated message, once, for the whole API. Domain
// refusals carry their kind; anything else is an internal failure, logged and answered with 500
// without details.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	recordError(r, err)
	lang := Lang(r)
	var ra *RetryAfterError
	if errors.As(err, &ra) {
		secs := int(ra.After.Round(time.Second) / time.Second)
		if secs < 1 {
			secs = 1
		}
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		WriteJSON(w, http.StatusTooManyRequests, ErrorBody{Message: i18n.T(lang, "common.too_many_requests", humanSeconds(lang, secs))})
		return
	}
	if errors.Is(err, ErrBodyTooLarge) {
		WriteJSON(w, http.StatusRequestEntityTooLarge, ErrorBody{Message: i18n.T(lang, "common.body_too_large", MaxBodyBytes>>20)})
		return
	}
	if errors.Is(err, ErrBadBody) {
		WriteJSON(w, http.StatusBadRequest, ErrorBody{Message: i18n.T(lang, "common.invalid_body")})
		return
	}
	if errors.Is(err, ErrNotUTF8) {
		WriteJSON(w, http.StatusBadRequest, ErrorBody{Message: i18n.T(lang, "common.not_utf8")})
		return
	}
	if errors.Is(err, ErrUnsupportedMediaType) {
		WriteJSON(w, http.StatusUnsupportedMediaType, ErrorBody{Message: i18n.T(lang, "common.unsupported_media_type")})
		return
	}
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		body := ErrorBody{Message: i18n.T(lang, "common.validation_failed"), Errors: map[string][]string{}}
		for field, keys := range ve.Fields {
			for _, k := range keys {
				body.Errors[field] = append(body.Errors[field], i18n.T(lang, k))
			}
		}
		// With a single broken field the message itself names the problem, which reads better in a toast.
		if len(body.Errors) == 1 {
			for _, msgs := range body.Errors {
				body.Message = msgs[0]
			}
		}
		WriteJSON(w, http.StatusUnprocessableEntity, body)
		return
	}
	var de *domain.Error
	if errors.As(err, &de) {
		WriteJSON(w, statusOf(de.Kind), ErrorBody{Message: Say(lang, de.Key, de.Args...)})
		return
	}
	if errors.Is(err, commands.ErrNewerRelease) {
		// A rolling deploy: a process of the newer release can take this command; a load balancer
		// may retry it there at once, a client after Retry-After.
		Logger(r).WarnContext(r.Context(), "request needs a newer release", "err", err)
		w.Header().Set("Retry-After", strconv.Itoa(newerReleaseRetryAfter))
		WriteJSON(w, http.StatusServiceUnavailable, ErrorBody{Message: i18n.T(lang, "common.newer_release")})
		return
	}
	if unreachable.Database(err) {
		// PostgreSQL is stopped, restarting or refusing connections: the request was not carried out
		// (or rolled back with its connection), and the same request may succeed in a moment.
		Logger(r).ErrorContext(r.Context(), "request failed: database unreachable", "err", err)
		w.Header().Set("Retry-After", strconv.Itoa(unreachableRetryAfter))
		WriteJSON(w, http.StatusServiceUnavailable, ErrorBody{Message: i18n.T(lang, "common.unavailable")})
		return
	}
	Logger(r).ErrorContext(r.Context(), "request failed", "err", err)
	WriteJSON(w, http.StatusInternalServerError, ErrorBody{Message: i18n.T(lang, "common.internal")})
}

// unreachableRetryAfter is the Retry-After, in seconds, of a request the database could not be
// reached for: about the time PostgreSQL takes to restart or fail over.
const unreachableRetryAfter = 10

// newerReleaseRetryAfter is the Retry-After, in seconds, of a command this release cannot decide
// because a newer one wrote to its stream: about the time a rolling deploy takes to replace a process.
const newerReleaseRetryAfter = 5

// Say translates key into lang with its arguments, each said in lang too: a domain.Text in that
// language, a domain.Message translated in turn (an empty one says nothing), money as the web app
// writes it in lang.
func Say(lang i18n.Lang, key string, args ...any) string {
	if len(args) == 0 {
		return i18n.T(lang, key)
	}
	said := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case domain.Text:
			said[i] = v.In(string(lang))
		case domain.Message:
			if !v.IsZero() {
				said[i] = Say(lang, v.Key, v.Args...)
			} else {
				said[i] = ""
			}
		case money.Money:
			said[i] = i18n.Amount(lang, v.Minor, string(v.Currency))
		default:
			said[i] = a
		}
	}
	return i18n.T(lang, key, said...)
}

func statusOf(k domain.Kind) int {
	switch k {
	case domain.KindInvalid:
		return http.StatusUnprocessableEntity
	case domain.KindNotFound:
		return http.StatusNotFound
	case domain.KindConflict:
		return http.StatusConflict
	case domain.KindForbidden:
		return http.StatusForbidden
	case domain.KindUnauthenticated:
		return http.StatusUnauthorized
	case domain.KindTooManyRequests:
		return http.StatusTooManyRequests
	}
	return http.StatusInternalServerError
}

func humanSeconds(lang i18n.Lang, secs int) string {
	return i18n.Count(lang, "common.unit.second", int64(secs))
}

// MaxBodyBytes bounds request bodies that are not uploads.
const MaxBodyBytes = 1 << 20

// ErrBadBody is a body that is not JSON (or form data) at all: 400, as nothing in it can be named.
// A body that is JSON but holds a value of the wrong kind is a field's error instead (422).
var ErrBadBody = errors.New("httpx: unreadable request body")

// ErrUnsupportedMediaType is a body of a type the API does not read (415).
var ErrUnsupportedMediaType = errors.New("httpx: unsupported media type")

// ErrBodyTooLarge is a body over MaxBodyBytes (413): the client learns the limit rather than that its
// JSON could not be read.
var ErrBodyTooLarge = errors.New("httpx: request body too large")

// ReadBody reads r's whole body, at most MaxBodyBytes: a longer one is ErrBodyTooLarge, any other
// failure ErrBadBody.
func ReadBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		return nil, bodyError(err)
	}
	return body, nil
}

// bodyError says why a body could not be read: too large, or unreadable.
func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return fmt.Errorf("%w: %w", ErrBodyTooLarge, err)
	}
	return fmt.Errorf("%w: %w", ErrBadBody, err)
}

// DecodeBody reads a JSON, urlencoded or multipart body into dst. Form fields are matched to dst's
// json tags; every form value arrives as a string, so request structs keep strings where a form may
// send a field (the spec's client posts some calls as multipart forms).
func DecodeBody(w http.ResponseWriter, r *http.Request, dst any) error {
	r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "multipart/form-data", "application/x-www-form-urlencoded":
		var values url.Values
		if ct == "multipart/form-data" {
			if err := r.ParseMultipartForm(MaxBodyBytes); err != nil {
				return bodyError(err)
			}
			values = r.MultipartForm.Value
		} else {
			if err := r.ParseForm(); err != nil {
				return bodyError(err)
			}
			values = r.PostForm
		}
		if formHasNUL(values) {
			return ErrNULInText
		}
		m := make(map[string]any, len(values))
		for k, vs := range values {
			name := strings.TrimSuffix(k, "[]")
			if len(vs) == 1 && name == k {
				m[name] = vs[0]
			} else {
				m[name] = vs
			}
		}
		raw, _ := json.Marshal(m)
		if err := json.Unmarshal(raw, dst); err != nil {
			return UnmarshalError(err, dst)
		}
		return nil
	case "", "application/json":
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return bodyError(err)
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return nil
		}
		if !utf8.Valid(body) {
			return ErrNotUTF8
		}
		if err := json.Unmarshal(body, dst); err != nil {
			return UnmarshalError(err, dst)
		}
		if JSONHasNUL(body) {
			return ErrNULInText
		}
		return nil
	default:
		if strings.HasSuffix(ct, "+json") {
			r.Header.Set("Content-Type", "application/json")
			return DecodeBody(w, r, dst)
		}
		return fmt.Errorf("%w: %q", ErrUnsupportedMediaType, ct)
	}
}

// UnmarshalError says why a body did not decode: a value of the wrong kind is that field's error
// (422, naming what the field takes), keyed by the field as the body names it (dst is what the body
// was decoded into); anything else is ErrBadBody.
func UnmarshalError(err error, dst any) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		v := &domain.ValidationError{}
		v.Add(jsonPath(reflect.TypeOf(dst), te.Field), wrongKindKey(te.Type))
		return v
	}
	return fmt.Errorf("%w: %w", ErrBadBody, err)
}

// jsonPath is the decoder's path of a field as the body names it. encoding/json names a field
// promoted from an embedded struct through the embedded struct's Go type ("orderRequest.first_name"
// for a request that embeds orderRequest); the client sent "first_name", so those segments are left
// out. A segment the request's type does not explain is kept as it is.
func jsonPath(t reflect.Type, field string) string {
	var out []string
	for _, seg := range strings.Split(field, ".") {
		t = elemOf(t)
		if t == nil || t.Kind() != reflect.Struct {
			out, t = append(out, seg), nil
			continue
		}
		if f, ok := fieldByJSONName(t, seg); ok {
			out, t = append(out, seg), f.Type
			continue
		}
		if f, ok := t.FieldByName(seg); ok && f.Anonymous && jsonName(f) == "" {
			t = f.Type
			continue
		}
		out, t = append(out, seg), nil
	}
	return strings.Join(out, ".")
}

// elemOf is what a value of t holds fields of: through pointers, lists and maps.
func elemOf(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		default:
			return t
		}
	}
	return nil
}

// jsonName is the name a field's tag gives it in JSON ("" for none, or for a field left out).
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "-" {
		return ""
	}
	return name
}

// fieldByJSONName is t's own field (not one promoted from an embedded struct) that JSON names name.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		n := jsonName(f)
		if n == "" && !f.Anonymous && f.IsExported() && f.Tag.Get("json") != "-" {
			n = f.Name
		}
		if n == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func wrongKindKey(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "common.wrong_kind"
	}
	switch t.Kind() {
	case reflect.String:
		return "common.wrong_kind_text"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		// A count (travellers, a limit) refuses 2.5 as it refuses "2": say it takes a whole number.
		return "common.wrong_kind_whole_number"
	case reflect.Float32, reflect.Float64:
		return "common.wrong_kind_number"
	case reflect.Bool:
		return "common.wrong_kind_bool"
	case reflect.Slice, reflect.Array:
		return "common.wrong_kind_list"
	case reflect.Struct, reflect.Map:
		return "common.wrong_kind_object"
	}
	return "common.wrong_kind"
}

func Logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

// WriteCacheableJSON answers 200 with v and a strong ETag of its bytes, or 304 with no body when the
// request's If-None-Match already names them: a client that has the answer downloads nothing again.
func WriteCacheableJSON(w http.ResponseWriter, r *http.Request, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		WriteError(w, r, fmt.Errorf("httpx: encode: %w", err))
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
	w.Header().Set("ETag", etag)
	if ETagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// ETagMatches applies If-None-Match's weak comparison: "*" or any listed tag, W/ or not.
func ETagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
