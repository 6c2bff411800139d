package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Refusals say what is wrong with what was sent, in the caller's language: not "This id is not
// valid." for a number of days, not "This field is required." for a query that was sent.
func TestRefusalsSayWhatIsWrongWithWhatWasSent(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	say := func(path, lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodGet, Path: path, Header: map[string]string{"Accept-Language": lang}})
	}

	for _, days := range []string{"0", "-1", "abc", "401", "5abc"} {
		r := say("/api/orders/calendar?days="+days, "en")
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "1 to 400 days") {
			t.Errorf("days=%s: %d %s", days, r.Status, r.Body)
		}
	}
	if r := say("/api/orders/calendar?days=0", "ar"); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "٤٠٠ يومًا") {
		t.Errorf("days=0 in Arabic: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/orders/calendar?days=400", ""); r.Status != http.StatusOK {
		t.Errorf("days=400: %d %s", r.Status, r.Body)
	}

	// A query with nothing searchable in it finds nothing; an empty one is still required.
	for _, q := range []string{"%", "_", "🐪", "%_ !"} {
		r := a.Get("/api/search?q="+url.QueryEscape(q), "")
		if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"destinations":[]`) || !strings.Contains(string(r.Body), `"programs":[]`) {
			t.Errorf("q=%q: %d %s", q, r.Status, r.Body)
		}
	}
	if r := a.Get("/api/search?q=%20", ""); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "required") {
		t.Errorf("a blank q: %d %s", r.Status, r.Body)
	}

	// An If-Match that names no version is a 400 that says so, not "someone else changed this".
	admin := a.AdminToken(t)
	r := a.Post("/api/admin/categories", admin, map[string]any{"name": map[string]string{"en": "Gardens", "ar": "حدائق"},
		"description": map[string]string{"en": "Green places.", "ar": "أماكن خضراء."}})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	id := r.Map(t)["data"].(map[string]any)["id"].(string)
	edit := map[string]any{"name": map[string]string{"en": "Gardens of Cairo", "ar": "حدائق القاهرة"}, "description": map[string]string{"en": "Green places.", "ar": "أماكن خضراء."}}
	for _, tag := range []string{"garbage", `"-1"`, `W/"0"`} {
		r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/categories/" + id, Token: admin, Body: edit, Header: map[string]string{"If-Match": tag}})
		if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), "If-Match must be the version you loaded") {
			t.Errorf("If-Match %s: %d %s", tag, r.Status, r.Body)
		}
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/categories/" + id, Token: admin, Body: edit, Header: map[string]string{"If-Match": `"7"`}}); r.Status != http.StatusConflict {
		t.Errorf("If-Match of another version: %d %s", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/categories/" + id, Token: admin, Body: edit, Header: map[string]string{"If-Match": `"0"`}}); r.Status != http.StatusOK {
		t.Errorf("If-Match of the version loaded: %d %s", r.Status, r.Body)
	}
}

// The pages may show images from the site itself only (Content-Security-Policy), so a destination's
// photo on another site is refused: it would never be seen. The site's own pictures are kept.
func TestADestinationPhotoMustBeOneTheSiteServes(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	admin := a.AdminToken(t)
	for _, photo := range []string{"https://evil.example/x.png", "//evil.example/x.png", "/media/x.png"} {
		body := adminDestination("Fish Garden", "حديقة الأسماك")
		body["photos"] = []string{photo}
		r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/destinations", Token: admin, Body: body, Header: map[string]string{"Accept-Language": "ar"}})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "/uploads/") || !strings.Contains(string(r.Body), "photos.0") {
			t.Errorf("photo %s: %d %s", photo, r.Status, r.Body)
		}
	}
	body := adminDestination("Fish Garden", "حديقة الأسماك")
	body["photos"] = []string{"/art/garden/fish-garden.svg"}
	if r := a.Post("/api/admin/destinations", admin, body); r.Status != http.StatusCreated {
		t.Fatalf("the site's own artwork: %d %s", r.Status, r.Body)
	}
}

// A catalogue form's fault is named by its field, in words that fit what the field takes and in the
// caller's language: not "Enter a number." for a name, nor an unnamed 400 for a well-formed body
// whose id is not one; and an opening-hours fault names the entry by its place as sent.
func TestCatalogueFormFaultsNameTheirFieldAndWhatItTakes(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	admin := a.AdminToken(t)
	send := func(method, path, lang string, body any) apptest.Response {
		return a.Do(apptest.Request{Method: method, Path: path, Token: admin, Body: body, Header: map[string]string{"Accept-Language": lang}})
	}
	faults := func(r apptest.Response) map[string]any {
		t.Helper()
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%d %s; want 422", r.Status, r.Body)
		}
		return r.Map(t)["errors"].(map[string]any)
	}
	said := func(errs map[string]any, field string) string {
		list, _ := errs[field].([]any)
		if len(list) == 0 {
			t.Fatalf("no fault on %s in %v", field, errs)
		}
		return list[0].(string)
	}

	if got := said(faults(send(http.MethodPost, "/api/admin/destinations", "en", map[string]any{"name": "Pyramids"})), "name"); !strings.Contains(got, `{"en"`) {
		t.Errorf("a name sent as plain text: %q", got)
	}
	if got := said(faults(send(http.MethodPost, "/api/admin/categories", "ar", map[string]any{"name": map[string]any{"en": 5}})), "name.en"); got != "هذا الحقل يقبل نصًا." {
		t.Errorf("a number for an English name, in Arabic: %q", got)
	}
	if got := said(faults(send(http.MethodPut, "/api/admin/settings/default-pickup-point", "en", map[string]any{"pickup_point_id": "abc"})), "pickup_point_id"); got != "Choose one of the options." {
		t.Errorf("an id that is not one: %q", got)
	}
	if got := said(faults(send(http.MethodPut, "/api/admin/settings/default-pickup-point", "en", map[string]any{"pickup_point_id": ""})), "pickup_point_id"); got != "This field is required." {
		t.Errorf("no id chosen: %q", got)
	}
	week := []map[string]any{}
	for day := 1; day <= 5; day++ {
		week = append(week, map[string]any{"day": day, "open": "09:00", "close": "22:00"})
	}
	week = append(week, map[string]any{"day": 0, "open": "22:00", "close": "09:00"})
	if errs := faults(send(http.MethodPut, "/api/admin/settings/opening-hours", "en", map[string]any{"hours": week})); errs["hours.5.close"] == nil {
		t.Errorf("a Sunday closing before it opens, sent sixth: %v", errs)
	}
}
