package apptest

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
)

// Session is a signed-in account of the app under test.
type Session struct {
	UserID   string
	Email    string
	Password string
	Role     string
	Token    string
}

var accountSeq atomic.Int64

// UniqueEmail returns an address no other call in this test binary returns.
func UniqueEmail(prefix string) string {
	return fmt.Sprintf("%s%d@example.com", prefix, accountSeq.Add(1))
}

// SignUp registers a new traveller through POST /api/register (a fresh address when email is "") and
// returns the signed-in session.
func (a *App) SignUp(t testing.TB, email string) Session {
	t.Helper()
	if email == "" {
		email = UniqueEmail("traveller")
	}
	r := a.Post("/api/register", "", map[string]string{
		"first_name": "Mona", "last_name": "Zaki", "email": email, "password": "correct-horse",
		"phone_number": "01001234567", "country_key": "+20",
	})
	if r.Status != http.StatusOK {
		t.Fatalf("apptest: sign up %s: %d %s", email, r.Status, r.Body)
	}
	var body struct {
		Token string `json:"token"`
		User  struct {
			ID    string `json:"id"`
			Email string `json:"email"`
		} `json:"user"`
	}
	r.JSON(t, &body)
	return Session{UserID: body.User.ID, Email: body.User.Email, Password: "correct-horse", Role: "user", Token: body.Token}
}

// SignIn signs an existing account in through POST /api/user/login.
func (a *App) SignIn(t testing.TB, email, password string) Session {
	t.Helper()
	r := a.Post("/api/user/login", "", map[string]string{"email": email, "password": password})
	if r.Status != http.StatusOK {
		t.Fatalf("apptest: sign in %s: %d %s", email, r.Status, r.Body)
	}
	var body struct {
		Data struct {
			Token string `json:"token"`
			ID    string `json:"id"`
			Email string `json:"email"`
			Role  string `json:"role"`
		} `json:"data"`
	}
	r.JSON(t, &body)
	return Session{UserID: body.Data.ID, Email: body.Data.Email, Password: password, Role: body.Data.Role, Token: body.Data.Token}
}

// Staff creates an account with role (admin, support, driver or user) the way `mishwar users add`
// does, and signs it in.
func (a *App) Staff(t testing.TB, role string) Session {
	t.Helper()
	email := UniqueEmail(role)
	if _, err := a.Accounts.Commands.AddOrUpdateUser.Handle(context.Background(), email, "staff-password", role, "Sara", "Staff"); err != nil {
		t.Fatalf("apptest: add %s: %v", role, err)
	}
	return a.SignIn(t, email, "staff-password")
}

// UserToken is a fresh traveller's bearer token.
func (a *App) UserToken(t testing.TB) string {
	t.Helper()
	return a.SignUp(t, "").Token
}

// AdminToken is a fresh admin's bearer token.
func (a *App) AdminToken(t testing.TB) string {
	t.Helper()
	return a.Staff(t, "admin").Token
}
