package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Two admins link one driver to a sign-in account from forms loaded at the same version: the second
// is refused (409, translated) instead of silently overwriting the first; the board gives the link's
// version for If-Match.
func TestLinkingADriversAccountChecksTheVersionTheFormWasLoadedAt(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin, first, second := a.Staff(t, "admin"), a.Staff(t, "driver"), a.Staff(t, "driver")
	type boardDrivers struct {
		Drivers []struct {
			ID             string `json:"id"`
			AccountEmail   string `json:"account_email"`
			AccountVersion int64  `json:"account_version"`
		} `json:"drivers"`
	}
	board := func() (id, email string, version int64) {
		t.Helper()
		var b boardDrivers
		if r := a.Get("/api/admin/trips?date="+w.date, admin.Token); r.Status != http.StatusOK {
			t.Fatalf("board: %d %s", r.Status, r.Body)
		} else {
			r.JSON(t, &b)
		}
		if len(b.Drivers) != 1 {
			t.Fatalf("the board's drivers: %+v", b.Drivers)
		}
		return b.Drivers[0].ID, b.Drivers[0].AccountEmail, b.Drivers[0].AccountVersion
	}
	link := func(driverID, email, ifMatch, lang string) apptest.Response {
		h := map[string]string{"lang": lang}
		if ifMatch != "" {
			h["If-Match"] = ifMatch
		}
		return a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
			Body: map[string]string{"email": email}, Header: h})
	}
	driverID, _, loaded := board()
	if loaded != -1 {
		t.Fatalf("a driver never linked has account_version %d, want -1", loaded)
	}
	// The first admin links the first account.
	if r := link(driverID, first.Email, `"-1"`, "en"); r.Status != http.StatusOK {
		t.Fatalf("the first link: %d %s", r.Status, r.Body)
	}
	// The second admin's form was loaded before it: refused, in either language, and the first stays.
	for lang, want := range map[string]string{"en": "Someone else changed this at the same time.", "ar": "قام شخص آخر بتغيير هذا في نفس الوقت."} {
		if r := link(driverID, second.Email, `"-1"`, lang); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), want) {
			t.Fatalf("a link from a stale form (%s): %d %s", lang, r.Status, r.Body)
		}
	}
	_, email, version := board()
	if !strings.EqualFold(email, first.Email) || version != 0 {
		t.Fatalf("after the refused link the board says %s at version %d, want %s at 0", email, version, first.Email)
	}
	if r := link(driverID, second.Email, "three", "en"); r.Status != http.StatusBadRequest {
		t.Fatalf("an If-Match that names no version: %d %s", r.Status, r.Body)
	}
	// Loaded again, the second admin's link goes through.
	if r := link(driverID, second.Email, `"0"`, "en"); r.Status != http.StatusOK {
		t.Fatalf("a link from a fresh form: %d %s", r.Status, r.Body)
	}
	if _, email, version := board(); !strings.EqualFold(email, second.Email) || version != 1 {
		t.Fatalf("after the second link the board says %s at version %d", email, version)
	}
	// Without If-Match (a script) the link goes over whatever is there, as the catalogue's edits do.
	if r := link(driverID, first.Email, "", "en"); r.Status != http.StatusOK {
		t.Fatalf("a link without If-Match: %d %s", r.Status, r.Body)
	}
}
