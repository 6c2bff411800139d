package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// A coordinate that is not a number is that field's error, in the visitor's language: it used to be
// the generic "the request body could not be read", naming nothing.
func TestASavedPlacesCoordinateThatIsNotANumberIsItsFieldsError(t *testing.T) {
	a := apptest.New(t)
	u := a.SignUp(t, "")
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token, Header: map[string]string{"Accept-Language": "ar"},
		Body: map[string]any{"label": "البيت", "address": "الزمالك", "lat": "abc", "lng": 31.22}})
	var body struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &body)
	if r.Status != http.StatusUnprocessableEntity || len(body.Errors["lat"]) == 0 || strings.Contains(string(r.Body), "could not be read") {
		t.Fatalf("lat \"abc\": %d %s, want 422 naming lat", r.Status, r.Body)
	}
}
