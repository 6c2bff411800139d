package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
)

// The API keeps resolved sessions in memory for a moment (httpx.SessionCache); these are the ways a
// session ends or an identity changes, each of which must show on the very next request.

func TestASignedOutTokenIsRefusedOnTheNextRequestThoughItWasJustUsed(t *testing.T) {
	a := apptest.New(t)
	s := a.SignUp(t, "")
	other := a.SignIn(t, s.Email, s.Password)
	for range 3 { // used, so kept
		if r := a.Get("/api/me", s.Token); r.Status != http.StatusOK {
			t.Fatalf("before signing out: %d %s", r.Status, r.Body)
		}
	}
	if r := a.Post("/api/logout", s.Token, nil); r.Status != http.StatusOK {
		t.Fatalf("sign out: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/me", s.Token); r.Status != http.StatusUnauthorized {
		t.Fatalf("the signed-out token: %d, want 401", r.Status)
	}
	// Ending every other session from a device that stays signed in.
	third := a.SignIn(t, s.Email, s.Password)
	if r := a.Get("/api/me", other.Token); r.Status != http.StatusOK {
		t.Fatalf("before the others were ended: %d", r.Status)
	}
	if r := a.Delete("/api/me/sessions", third.Token); r.Status != http.StatusOK {
		t.Fatalf("end the other sessions: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/me", other.Token); r.Status != http.StatusUnauthorized {
		t.Fatalf("an ended other session: %d, want 401", r.Status)
	}
	if r := a.Get("/api/me", third.Token); r.Status != http.StatusOK {
		t.Fatalf("the session that stays: %d", r.Status)
	}
}

func TestASessionEndedOnOneProcessIsRefusedByAnotherThatKeptIt(t *testing.T) {
	a := apptest.New(t)
	b := a.AnotherProcess(t)
	s := a.SignUp(t, "")
	if r := b.Get("/api/me", s.Token); r.Status != http.StatusOK {
		t.Fatalf("on the second process: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/logout", s.Token, nil); r.Status != http.StatusOK {
		t.Fatalf("sign out: %d %s", r.Status, r.Body)
	}
	// The notice reaches the other process within milliseconds; well inside the cache's 2 s.
	deadline := time.Now().Add(time.Second)
	for {
		r := b.Get("/api/me", s.Token)
		if r.Status == http.StatusUnauthorized {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("a second after signing out on the first process the second still answers %d", r.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
