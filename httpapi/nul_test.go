package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Text holding U+0000 (NUL) cannot be stored (PostgreSQL refuses it in text and jsonb): a saved place
// named with one answered 500 and a destination looked up by such a slug did too. Such requests are
// refused with a message in the visitor's language, and nothing is written. So is a JSON body whose
// bytes are not UTF-8, which used to be saved with U+FFFD in place of each bad byte.
func TestTextWithANULCharacterIsRefusedWithAClearMessage(t *testing.T) {
	a := seeded(t, apptest.New(t))
	u := a.SignUp(t, "")
	for _, tc := range []struct {
		name, lang, want string
		req              apptest.Request
		status           int
	}{
		{"a saved place's name (JSON)", "en", "invisible control character", apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token,
			Body: map[string]any{"label": "Ho\x00me", "lat": 30.05, "lng": 31.23}}, http.StatusUnprocessableEntity},
		{"a name on sign-up, in Arabic", "ar", "حرف تحكم غير مرئي", apptest.Request{Method: http.MethodPost, Path: "/api/register",
			Body: map[string]string{"first_name": "Mo\x00na", "last_name": "Zaki", "email": "nul@example.com", "password": "correct-horse", "phone_number": "01001234567", "country_key": "+20"}}, http.StatusUnprocessableEntity},
		{"a saved place's name in bytes that are not UTF-8, in Arabic", "ar", "ليست حروف UTF-8", apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token,
			Body: []byte("{\"label\":\"\xff\xfe\",\"lat\":30.05,\"lng\":31.23}")}, http.StatusBadRequest},
		{"a destination's slug in the path", "en", "invisible control character", apptest.Request{Method: http.MethodGet, Path: "/api/destinations/giza%00"}, http.StatusBadRequest},
		{"a search in the query, in Arabic", "ar", "حرف تحكم غير مرئي", apptest.Request{Method: http.MethodGet, Path: "/api/destinations?q=py%00r"}, http.StatusBadRequest},
		{"a query whose other pair is malformed", "en", "invisible control character", apptest.Request{Method: http.MethodGet, Path: "/api/destinations?q=py%00r&page=%zz"}, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Header = map[string]string{"lang": tc.lang}
			r := a.Do(tc.req)
			if r.Status != tc.status || !strings.Contains(string(r.Body), tc.want) {
				t.Fatalf("%d %s, want %d saying %q", r.Status, r.Body, tc.status, tc.want)
			}
		})
	}
	var places struct {
		Data []any `json:"data"`
	}
	a.Get("/api/me/locations", u.Token).JSON(t, &places)
	if len(places.Data) != 0 {
		t.Fatalf("saved places after a refused one: %v", places.Data)
	}
	// The same text without the NUL is fine: the check is for that one character.
	if r := a.Post("/api/me/locations", u.Token, map[string]any{"label": `Home \u0000 (typed out)`, "lat": 30.05, "lng": 31.23}); r.Status != http.StatusCreated {
		t.Fatalf("a name with the text \\u0000 typed out: %d %s", r.Status, r.Body)
	}
}
