package httpapi_test

import (
	"net/http"
	"sync"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Two admins save one category from forms loaded at version 0, at the same time: one edit is saved,
// the other answers 409 (docs/openapi.yaml: "If-Match is not the current version"), and the first is
// not overwritten.
func TestTwoAdminsSavingOneFormAtOnceNeitherOverwritesTheOther(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := a.AdminToken(t)
	body := func(name string) map[string]any {
		return map[string]any{"name": map[string]string{"en": name, "ar": "معالم"}, "description": map[string]string{"en": "Places.", "ar": "أماكن."}}
	}
	r := a.Post("/api/admin/categories", admin, body("Sights"))
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	id := r.Map(t)["data"].(map[string]any)["id"].(string)

	names := []string{"Sights by Mona", "Sights by Karim"}
	statuses := make([]int, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := body(name)
			b["slug"] = "sights"
			statuses[i] = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/categories/" + id, Token: admin, Body: b,
				Header: map[string]string{"If-Match": `"0"`}}).Status
		}()
	}
	wg.Wait()
	winner := -1
	for i, s := range statuses {
		switch s {
		case http.StatusOK:
			if winner >= 0 {
				t.Fatalf("both edits at version 0 were saved (%v): one overwrote the other", statuses)
			}
			winner = i
		case http.StatusConflict:
		default:
			t.Fatalf("statuses %v, want one 200 and one 409", statuses)
		}
	}
	if winner < 0 {
		t.Fatalf("statuses %v, want one 200 and one 409", statuses)
	}
	got := a.Get("/api/admin/categories/"+id, admin).Map(t)["data"].(map[string]any)
	if name := got["name"].(map[string]any)["en"]; name != names[winner] || got["version"] != float64(1) {
		t.Fatalf("category now %v at version %v; want %q at 1", name, got["version"], names[winner])
	}
}
