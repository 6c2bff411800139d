package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

type fieldErrorsAnswer struct {
	Message string              `json:"message"`
	Errors  map[string][]string `json:"errors"`
}

// refusedOn asserts a 422 whose errors name field with a message containing want.
func refusedOn(t *testing.T, what string, r apptest.Response, field, want string) {
	t.Helper()
	var body fieldErrorsAnswer
	r.JSON(t, &body)
	if r.Status != http.StatusUnprocessableEntity || len(body.Errors[field]) == 0 || !strings.Contains(body.Errors[field][0], want) {
		t.Fatalf("%s: %d %s, want 422 with %s saying %q", what, r.Status, r.Body, field, want)
	}
}

var inLang = map[string]map[string]string{
	"en": {"email": "invisible character", "text": "invisible character", "line": "one line", "session": "No such session"},
	"ar": {"email": "حرف غير مرئي", "text": "حرف غير مرئي", "line": "سطر واحد", "session": "لا توجد جلسة"},
}

// "alice@x.example" followed by a zero-width space or with a soft hyphen reads as alice's address
// and used to make a second account; the same letters typed composed or decomposed (NFC, NFD) did too.
func TestAnEmailWithAnInvisibleCharacterIsRefusedAndComposedAndDecomposedAreOneAccount(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	alice := a.SignUp(t, apptest.UniqueEmail("alice"))
	for lang, want := range inLang {
		for _, email := range []string{alice.Email + "\u200b", strings.Replace(alice.Email, "alice", "al\u00adice", 1)} {
			r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Header: map[string]string{"Accept-Language": lang}, Body: map[string]string{
				"first_name": "Alice", "last_name": "Zaki", "email": email, "password": "correct-horse", "phone_number": "01001234567", "country_key": "+20"}})
			refusedOn(t, "sign-up "+lang+" "+email, r, "email", want["email"])
		}
	}
	composed := apptest.UniqueEmail("jos\u00e9")
	jose := a.SignUp(t, composed)
	decomposed := strings.Replace(composed, "\u00e9", "e\u0301", 1)
	r := a.Post("/api/register", "", map[string]string{
		"first_name": "Jose", "last_name": "Diaz", "email": decomposed, "password": "correct-horse", "phone_number": "01001234567", "country_key": "+20"})
	if r.Status == http.StatusOK {
		t.Fatalf("the decomposed spelling of %q made a second account: %s", composed, r.Body)
	}
	if s := a.SignIn(t, decomposed, jose.Password); s.UserID != jose.UserID {
		t.Fatalf("signing in with the decomposed spelling found %q, want %q", s.UserID, jose.UserID)
	}
}

// Ending another account's live session is a plain not found: it used to say "already ended".
func TestEndingAnotherAccountsSessionIsAPlainNotFound(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	mine, theirs := a.SignUp(t, ""), a.SignUp(t, "")
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	a.Get("/api/me/sessions", theirs.Token).JSON(t, &list)
	if len(list.Data) != 1 {
		t.Fatalf("their sessions: %+v", list)
	}
	for lang, want := range inLang {
		r := a.Do(apptest.Request{Method: http.MethodDelete, Path: "/api/me/sessions/" + list.Data[0].ID, Token: mine.Token, Header: map[string]string{"Accept-Language": lang}})
		if r.Status != http.StatusNotFound || !strings.Contains(string(r.Body), want["session"]) || strings.Contains(string(r.Body), "already ended") {
			t.Fatalf("ending their session (%s): %d %s, want a plain 404", lang, r.Status, r.Body)
		}
	}
	if a.Get("/api/me", theirs.Token).Status != http.StatusOK {
		t.Fatal("their session ended")
	}
}

// BEL, ESC, line breaks and zero-width spaces in a place's name flowed into orders, the driver's
// trip list and the office's CSV export.
func TestControlAndInvisibleCharactersInPlaceNamesAreRefusedOnTheirFields(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := a.SignUp(t, "")
	for lang, want := range inLang {
		h := map[string]string{"Accept-Language": lang}
		refusedOn(t, "saved location label with a bell ("+lang+")", a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token, Header: h,
			Body: map[string]any{"label": "Home\a", "address": "Zamalek", "lat": 30.06, "lng": 31.22}}), "label", want["text"])
		refusedOn(t, "saved location address on two lines ("+lang+")", a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token, Header: h,
			Body: map[string]any{"label": "Home", "address": "Zamalek\r\n26th July St", "lat": 30.06, "lng": 31.22}}), "address", want["line"])
		refusedOn(t, "pickup point name with an escape ("+lang+")", a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/pickup-points", Token: u.Token, Header: h,
			Body: map[string]any{"name": "\x1b[31mGate", "address": "Zamalek", "notes": "ring", "lat": 30.06, "lng": 31.22}}), "name", want["text"])
		refusedOn(t, "pickup point notes with a backspace ("+lang+")", a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/pickup-points", Token: u.Token, Header: h,
			Body: map[string]any{"name": "Gate", "address": "Zamalek", "notes": "ring\b twice", "lat": 30.06, "lng": 31.22}}), "notes", want["text"])
		refusedOn(t, "cart start named with a zero-width space ("+lang+")", a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: u.Token, Header: h,
			Body: map[string]any{"start": map[string]any{"name": "Ho\u200btel", "lat": 30.06, "lng": 31.22}, "end_same_as_start": true}}), "start.name", want["text"])
		// A coordinate of "NaN" is no number: the field's error, not "needs a selected location".
		r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token, Header: h,
			Body: map[string]any{"label": "Home", "address": "Zamalek", "lat": "NaN", "lng": 31.22}})
		var body fieldErrorsAnswer
		r.JSON(t, &body)
		if r.Status != http.StatusUnprocessableEntity || len(body.Errors["lat"]) == 0 || len(body.Errors["location"]) != 0 {
			t.Fatalf("lat \"NaN\" (%s): %d %s, want 422 naming lat", lang, r.Status, r.Body)
		}
	}
	// Notes keep their lines, and Arabic names their joiners.
	if r := a.Post("/api/me/pickup-points", u.Token, map[string]any{"name": "البوابة\u200c الشرقية", "address": "الزمالك", "notes": "ring twice\nthen wait\tthere", "lat": 30.06, "lng": 31.22}); r.Status >= 300 {
		t.Fatalf("pickup point with notes on two lines: %d %s", r.Status, r.Body)
	}
}

// An order's contact address with a zero-width space was accepted and mail to it went nowhere; a
// refund asked for 0 or a negative amount did not name the field; the office's export wrote a group
// of 0 for an order placed without one.
func TestOrderInputDefects(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 4)
	u := w.traveller(t)
	for lang, want := range inLang {
		body := w.checkoutBody(u)
		body["email"], body["confirm_email"] = u.Email+"\u200b", u.Email+"\u200b"
		refusedOn(t, "checkout with a zero-width space in the e-mail ("+lang+")",
			w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Header: map[string]string{"Accept-Language": lang}, Body: body}), "email", want["email"])
	}
	id := paidCheckout(t, w, u)
	for _, amount := range []float64{-100, 0} {
		for lang, want := range map[string]string{"en": "amount", "ar": ""} {
			r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + id + "/refund", Token: u.Token, Header: map[string]string{"Accept-Language": lang},
				Body: map[string]any{"reason": "t", "amount": amount}})
			refusedOn(t, "refund of "+lang, r, "amount", want)
		}
	}
	// The order's id is its trip number.
	r := w.a.Get("/api/admin/orders?format=csv&q="+id, w.a.AdminToken(t))
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\xef\xbb\xbf")))).ReadAll()
	if err != nil || len(rows) != 2 || rows[0][8] != "Group size" || rows[1][8] != "" {
		t.Fatalf("export of an order placed without a group size: %v %q", err, rows)
	}
}
