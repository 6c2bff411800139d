package httpx_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// During a rolling deploy a process of the old release cannot decide a command on a stream that
// holds an event of the newer one: it answers 503 with Retry-After and words a person understands,
// in the request's language, so that a load balancer or the client tries again (a process of the
// newer release can take it).
func TestACommandOnAStreamOfANewerReleaseAnswers503AndRetryAfter(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("cart: add: %w", fmt.Errorf("commands: decode cart-u1@4: %w: %w", commands.ErrNewerRelease, fmt.Errorf("unknown event schema version")))
	for _, lang := range []i18n.Lang{i18n.En, i18n.Ar} {
		r := httptest.NewRequest(http.MethodPost, "/api/auth/cart", nil)
		r.Header.Set("lang", string(lang))
		w := httptest.NewRecorder()
		httpx.WriteError(w, r, err)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "5" {
			t.Fatalf("%s: %d, Retry-After %q; want 503 and 5", lang, w.Code, w.Header().Get("Retry-After"))
		}
		var body httpx.ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if want := i18n.T(lang, "common.newer_release"); body.Message != want || want == "common.newer_release" {
			t.Fatalf("%s: message %q, want %q", lang, body.Message, want)
		}
	}
}

// The domain hands a closing or start-by time to a message as a domain.TimeOfDay: said in Arabic, it
// is written in Arabic-Indic digits like every number on the page; said in English, as the clock reads.
func TestADomainTimeOfDayIsSaidInThePagesDigits(t *testing.T) {
	t.Parallel()
	var _ i18n.Clock = domain.TimeOfDay{}
	closes := domain.Msg("trip.closes_during_visit", domain.TimeOfDay{Hour: 17})
	if got, want := httpx.Say(i18n.Ar, closes.Key, closes.Args...), "يغلق في ٥:٠٠ م قبل انتهاء الزيارة"; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
	if got, want := httpx.Say(i18n.En, closes.Key, closes.Args...), "Closes at 17:00, before the visit ends"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

// A body over the limit is refused as too large (413, naming the limit in the reader's language and
// digits), whether it is JSON, a form or the raw body an idempotent command keeps; a body that is
// merely malformed is a 400, one of a type the API does not read a 415.
func TestABodyOverTheLimitIs413AndNamesTheLimit(t *testing.T) {
	t.Parallel()
	big := `{"email":"` + strings.Repeat("a", httpx.MaxBodyBytes) + `"}`
	decode := func(w http.ResponseWriter, r *http.Request) {
		var dst map[string]any
		if err := httpx.DecodeBody(w, r, &dst); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
	read := func(w http.ResponseWriter, r *http.Request) {
		if _, err := httpx.ReadBody(w, r); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
	for _, c := range []struct {
		name, contentType, body string
		handler                 http.HandlerFunc
		status                  int
		en, ar                  string
	}{
		{"JSON over the limit", "application/json", big, decode, http.StatusRequestEntityTooLarge, "The request is too large (at most 1 MB).", "الطلب كبير جدًا (١ ميجابايت كحد أقصى)."},
		{"form over the limit", "application/x-www-form-urlencoded", "email=" + strings.Repeat("a", httpx.MaxBodyBytes), decode, http.StatusRequestEntityTooLarge, "The request is too large (at most 1 MB).", "الطلب كبير جدًا (١ ميجابايت كحد أقصى)."},
		{"raw body over the limit", "application/json", big, read, http.StatusRequestEntityTooLarge, "The request is too large (at most 1 MB).", "الطلب كبير جدًا (١ ميجابايت كحد أقصى)."},
		{"malformed JSON under the limit", "application/json", `{"email":`, decode, http.StatusBadRequest, "The request body could not be read. Send JSON or form data.", "تعذرت قراءة محتوى الطلب. أرسل بيانات JSON أو نموذج."},
		{"a body of a type the API does not read", "application/xml", `<email>a</email>`, decode, http.StatusUnsupportedMediaType, "This kind of request body is not read here. Send JSON or form data.", "لا يُقرأ هذا النوع من محتوى الطلب هنا. أرسل بيانات JSON أو نموذج."},
		{"JSON under a vendor type", "application/problem+json", `{"email":`, decode, http.StatusBadRequest, "The request body could not be read. Send JSON or form data.", "تعذرت قراءة محتوى الطلب. أرسل بيانات JSON أو نموذج."},
	} {
		for lang, want := range map[i18n.Lang]string{i18n.En: c.en, i18n.Ar: c.ar} {
			r := httptest.NewRequest(http.MethodPost, "/api/register", strings.NewReader(c.body))
			r.Header.Set("Content-Type", c.contentType)
			r.Header.Set("lang", string(lang))
			w := httptest.NewRecorder()
			c.handler(w, r)
			var body httpx.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("%s, %s: %d %q: %v", c.name, lang, w.Code, w.Body.String(), err)
			}
			if w.Code != c.status || body.Message != want {
				t.Errorf("%s, %s: %d %q; want %d %q", c.name, lang, w.Code, body.Message, c.status, want)
			}
		}
	}
}

// Rate limited, the reader is told how long to wait in words of their language, digits and plural.
func TestTooManyRequestsSaysTheWaitInTheReadersWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang  i18n.Lang
		after time.Duration
		want  string
	}{
		{i18n.En, 30 * time.Second, "Too many attempts. Please wait 30 seconds and try again."},
		{i18n.Ar, 30 * time.Second, "محاولات كثيرة جدًا. يرجى الانتظار ٣٠ ثانية ثم المحاولة مرة أخرى."},
		{i18n.Ar, 5 * time.Second, "محاولات كثيرة جدًا. يرجى الانتظار ٥ ثوانٍ ثم المحاولة مرة أخرى."},
		{i18n.Ar, 200 * time.Millisecond, "محاولات كثيرة جدًا. يرجى الانتظار ثانية واحدة ثم المحاولة مرة أخرى."},
	} {
		r := httptest.NewRequest(http.MethodPost, "/api/user/login", nil)
		r.Header.Set("lang", string(c.lang))
		w := httptest.NewRecorder()
		httpx.WriteError(w, r, &httpx.RetryAfterError{After: c.after})
		var body httpx.ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if w.Code != http.StatusTooManyRequests || body.Message != c.want {
			t.Errorf("%s %s: %d %q; want 429 %q", c.lang, c.after, w.Code, body.Message, c.want)
		}
	}
}

func TestJSONHasNULFindsItOnlyWhereADecodedStringHoldsIt(t *testing.T) {
	for _, tc := range []struct {
		body string
		want bool
	}{
		{`{"name":"home"}`, false},
		{`{"name":"ho\u0000me"}`, true},
		{`{"ho\u0000me":1}`, true},
		{`{"list":[{"deep":["a","\u0000"]}]}`, true},
		{`{"name":"typed out: \\u0000"}`, false},
		{`not json \u0000`, false},
	} {
		if got := httpx.JSONHasNUL([]byte(tc.body)); got != tc.want {
			t.Errorf("JSONHasNUL(%s) = %v, want %v", tc.body, got, tc.want)
		}
	}
}

// A body that is JSON but gives a field a value of the wrong kind is that field's error, saying what
// the field takes, in the reader's language.
func TestAValueOfTheWrongKindIsItsFieldsErrorSayingWhatItTakes(t *testing.T) {
	t.Parallel()
	type input struct {
		Travellers int      `json:"travellers"`
		Lat        float64  `json:"lat"`
		Name       string   `json:"name"`
		Terms      bool     `json:"terms"`
		Stops      []string `json:"stops"`
	}
	for _, c := range []struct {
		body, field, en, ar string
	}{
		{`{"travellers":"5"}`, "travellers", "This field takes a whole number.", "هذا الحقل يقبل عددًا صحيحًا."},
		{`{"travellers":2.5}`, "travellers", "This field takes a whole number.", "هذا الحقل يقبل عددًا صحيحًا."},
		{`{"lat":"north"}`, "lat", "This field takes a number.", "هذا الحقل يقبل رقمًا."},
		{`{"name":12}`, "name", "This field takes text.", "هذا الحقل يقبل نصًا."},
		{`{"terms":"yes"}`, "terms", "This field takes true or false.", "هذا الحقل يقبل true أو false."},
		{`{"stops":"a"}`, "stops", "This field takes a list.", "هذا الحقل يقبل قائمة."},
	} {
		for lang, want := range map[i18n.Lang]string{i18n.En: c.en, i18n.Ar: c.ar} {
			r := httptest.NewRequest(http.MethodPost, "/api/orders", strings.NewReader(c.body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("lang", string(lang))
			w := httptest.NewRecorder()
			var dst input
			if err := httpx.DecodeBody(w, r, &dst); err != nil {
				httpx.WriteError(w, r, err)
			}
			var body httpx.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("%s: %d %q: %v", c.body, w.Code, w.Body.String(), err)
			}
			if w.Code != http.StatusUnprocessableEntity || len(body.Errors[c.field]) != 1 || body.Errors[c.field][0] != want {
				t.Errorf("%s, %s: %d %+v; want 422 with %s: %q", c.body, lang, w.Code, body, c.field, want)
			}
		}
	}
}

// A field promoted from an embedded struct is keyed as the body names it, never through the embedded
// struct's Go type name ("orderRequest.first_name"); a nested field keeps its JSON path.
func TestAWrongKindOfValueIsKeyedByItsJSONPathThroughEmbeddedStructs(t *testing.T) {
	t.Parallel()
	type place struct {
		Name string `json:"name"`
	}
	type named struct{ place }
	type orderRequest struct {
		FirstName string  `json:"first_name"`
		Start     place   `json:"start"`
		Stops     []place `json:"stops"`
	}
	type input struct {
		orderRequest
		Deep named    `json:"deep"`
		IDs  []string `json:"destination_ids"`
	}
	for _, c := range []struct{ body, field string }{
		{`{"first_name":123}`, "first_name"},
		{`{"start":{"name":1}}`, "start.name"},
		{`{"stops":[{"name":1}]}`, "stops.name"},
		{`{"deep":{"name":1}}`, "deep.name"},
		{`{"destination_ids":[1]}`, "destination_ids"},
	} {
		r := httptest.NewRequest(http.MethodPost, "/api/enquiries", strings.NewReader(c.body))
		r.Header.Set("Content-Type", "application/json")
		var dst input
		err := httpx.DecodeBody(httptest.NewRecorder(), r, &dst)
		var ve *domain.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields) != 1 || len(ve.Fields[c.field]) != 1 {
			t.Errorf("%s: %v, want one error on %s", c.body, err, c.field)
		}
	}
}

// An answer that cannot be encoded is a 500, never a 200 with an empty body.
func TestAnAnswerThatCannotBeEncodedIsA500NotAnEmpty200(t *testing.T) {
	t.Parallel()
	w := httptest.NewRecorder()
	httpx.WriteJSON(w, http.StatusOK, map[string]time.Time{"ends": time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)})
	var body httpx.ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != http.StatusInternalServerError || body.Message == "" {
		t.Fatalf("%d %q (%v); want 500 with a message", w.Code, w.Body.String(), err)
	}
}
