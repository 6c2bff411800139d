package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/mail"
	"mishwar/cmd/mishwar/app/apptest"
	apporders "mishwar/commands/orders"
)

// The authorisation matrix: every /api route × every kind of caller → the status they get. Each
// feature adds its routes from its own test file:
//
//	func init() {
//		authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/auth/cart", Want: signedIn(200)})
//	}
//
// Route is the template exactly as registered (with {vars}); Prepare builds the concrete call when the
// route needs an id or a body, usually creating something owned by the "user" persona so the "other"
// persona can try to reach it. TestEveryAPIRouteIsInTheAuthorisationMatrix fails for a route nobody
// listed.

// Personas: a visitor (no token), a user, another user, admin, support, driver.
var authzPersonas = []string{"visitor", "user", "other", "admin", "support", "driver"}

type authzEnv struct {
	A     *apptest.App
	Users map[string]signedUp
	// Known is a spare account whose credentials stay valid (for sign-in rows).
	Known signedUp
}

// authzCall is one concrete request. Token "" means the persona's own token; NoToken sends none.
type authzCall struct {
	Path    string
	Body    any
	Token   string
	NoToken bool
}

type authzRoute struct {
	Method string
	Route  string
	// Body is sent when Prepare is nil.
	Body    any
	Prepare func(t *testing.T, e *authzEnv, persona string) authzCall
	Want    map[string]int
}

var authzMatrix []authzRoute

// Expectation builders.

func everyone(code int) map[string]int {
	m := map[string]int{}
	for _, p := range authzPersonas {
		m[p] = code
	}
	return m
}

// signedIn: visitors get 401, everyone signed in gets code.
func signedIn(code int) map[string]int {
	m := everyone(code)
	m["visitor"] = http.StatusUnauthorized
	return m
}

// ownerOnly: the owner ("user") gets code; any other signed-in caller, staff included, gets 404 (no
// one learns that someone else's thing exists); visitors get 401.
func ownerOnly(code int) map[string]int {
	m := everyone(http.StatusNotFound)
	m["visitor"] = http.StatusUnauthorized
	m["user"] = code
	return m
}

// rolesOnly: visitors 401, the given roles code, everyone else 403.
func rolesOnly(code int, roles ...string) map[string]int {
	m := everyone(http.StatusForbidden)
	m["visitor"] = http.StatusUnauthorized
	for _, r := range roles {
		m[r] = code
	}
	return m
}

func newAuthzEnv(t *testing.T) *authzEnv {
	t.Helper()
	a := apptest.New(t)
	// The matrix is about who may call what; rate limits have tests of their own.
	a.Accounts.Limits.LoginIP.Limit = 0
	a.Accounts.Limits.RegisterIP.Limit = 0
	a.Accounts.Limits.ForgotIP.Limit = 0
	a.Accounts.Limits.ForgotAccount.Limit = 0
	a.Accounts.Limits.ResetIP.Limit = 0
	e := &authzEnv{A: a, Users: map[string]signedUp{}}
	e.Users["user"] = signUp(t, a, uniqueEmail("authz-user"))
	e.Users["other"] = signUp(t, a, uniqueEmail("authz-other"))
	for _, role := range []string{"admin", "support", "driver"} {
		e.Users[role] = staff(t, a, role)
	}
	e.Known = signUp(t, a, uniqueEmail("authz-known"))
	return e
}

// freshToken signs persona in again, for calls that end the session they use.
func (e *authzEnv) freshToken(t *testing.T, persona string) string {
	t.Helper()
	if persona == "visitor" {
		return ""
	}
	u := e.Users[persona]
	return logIn(t, e.A, u.Email, u.Password).Token
}

// ownedBy posts body to create something as persona and returns the new thing's id (data.id).
func (e *authzEnv) ownedBy(t *testing.T, persona, path string, body any) string {
	t.Helper()
	r := e.A.Post(path, e.Users[persona].Token, body)
	if r.Status != http.StatusCreated && r.Status != http.StatusOK {
		t.Fatalf("create %s: %d %s", path, r.Status, r.Body)
	}
	data, _ := r.Map(t)["data"].(map[string]any)
	id, _ := data["id"].(string)
	return id
}

func init() {
	place := map[string]any{"label": "Home", "lat": 30.06, "lng": 31.22}
	pickup := map[string]any{"name": "Hotel", "lat": 30.04, "lng": 31.23}
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "POST", Route: "/api/register", Want: everyone(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/register", Body: map[string]string{"first_name": "New", "last_name": "Person", "email": uniqueEmail("authz-reg"), "password": "correct-horse", "phone_number": "+201001234567"}}
		}},
		authzRoute{Method: "POST", Route: "/api/user/login", Want: everyone(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/user/login", Body: map[string]string{"email": e.Known.Email, "password": e.Known.Password}}
		}},
		authzRoute{Method: "POST", Route: "/api/logout", Want: everyone(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/logout", Token: e.freshToken(t, p), NoToken: p == "visitor"}
		}},
		// A visitor without any session gets 200 with null (not an error on every public page); a
		// presented session that is not valid still gets 401 (TestMeWithoutSessionIsNullNotAnError).
		authzRoute{Method: "GET", Route: "/api/me", Want: everyone(200)},
		authzRoute{Method: "PUT", Route: "/api/me", Body: map[string]string{"first_name": "Renamed"}, Want: signedIn(200)},
		authzRoute{Method: "PATCH", Route: "/api/me", Body: map[string]string{"last_name": "Renamed"}, Want: signedIn(200)},
		authzRoute{Method: "POST", Route: "/api/me/password", Body: map[string]string{"old_password": "not-my-password", "password": "new-horse-1", "password_confirmation": "new-horse-1"}, Want: signedIn(422)},
		authzRoute{Method: "GET", Route: "/api/me/sessions", Want: signedIn(200)},
		authzRoute{Method: "DELETE", Route: "/api/me/sessions", Want: signedIn(200)},
		authzRoute{Method: "DELETE", Route: "/api/me/sessions/{id}", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			u := e.Users["user"]
			fresh := logIn(t, e.A, u.Email, u.Password)
			var list struct {
				Data []struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			e.A.Get("/api/me/sessions", fresh.Token).JSON(t, &list)
			return authzCall{Path: "/api/me/sessions/" + list.Data[0].ID} // newest first: the fresh one
		}},
		authzRoute{Method: "GET", Route: "/api/auth/getadmin", Want: map[string]int{"visitor": 401, "user": 401, "other": 401, "admin": 200, "support": 200, "driver": 401}},
		authzRoute{Method: "POST", Route: "/api/password/forgot", Body: map[string]string{"email": "someone@example.com"}, Want: everyone(200)},
		authzRoute{Method: "POST", Route: "/api/admin/password/forgot", Body: map[string]string{"email": "someone@example.com"}, Want: everyone(200)},
		authzRoute{Method: "POST", Route: "/api/password/reset", Body: map[string]string{"token": "not-a-token", "password": "correct-horse", "password_confirmation": "correct-horse"}, Want: everyone(422)},

		authzRoute{Method: "GET", Route: "/api/me/locations", Want: signedIn(200)},
		authzRoute{Method: "POST", Route: "/api/me/locations", Body: place, Want: signedIn(201)},
		authzRoute{Method: "DELETE", Route: "/api/me/locations/{id}", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/me/locations/" + e.ownedBy(t, "user", "/api/me/locations", place)}
		}},
		authzRoute{Method: "GET", Route: "/api/me/wishlist", Want: signedIn(200)},
		// This catalogue is empty: every signed-in caller may ask, and hears the item does not exist
		// (TestWishlist adds and removes real ones, and another traveller's removal is a 404).
		authzRoute{Method: "POST", Route: "/api/me/wishlist", Want: signedIn(422), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/me/wishlist", Body: map[string]string{"kind": "destination", "item_id": uuid.NewString()[:8]}}
		}},
		authzRoute{Method: "DELETE", Route: "/api/me/wishlist/{kind}/{item}", Want: signedIn(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/me/wishlist/program/" + uuid.NewString()[:8]}
		}},
		authzRoute{Method: "GET", Route: "/api/me/pickup-points", Want: signedIn(200)},
		authzRoute{Method: "POST", Route: "/api/me/pickup-points", Body: pickup, Want: signedIn(201)},
		authzRoute{Method: "GET", Route: "/api/me/pickup-points/{id}", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/me/pickup-points/" + e.ownedBy(t, "user", "/api/me/pickup-points", pickup)}
		}},
		authzRoute{Method: "DELETE", Route: "/api/me/pickup-points/{id}", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/me/pickup-points/" + e.ownedBy(t, "user", "/api/me/pickup-points", pickup)}
		}},

		authzRoute{Method: "GET", Route: "/api/admin/mailbox", Want: rolesOnly(200, "admin")},
		authzRoute{Method: "GET", Route: "/api/admin/mailbox/{id}", Want: rolesOnly(200, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/mailbox/" + e.mail(t, false).String()}
		}},
		authzRoute{Method: "POST", Route: "/api/admin/mailbox/{id}/retry", Want: rolesOnly(200, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/mailbox/" + e.mail(t, true).String() + "/retry"}
		}},
		authzRoute{Method: "GET", Route: "/api/admin/projections", Want: rolesOnly(200, "admin", "support")},
		authzRoute{Method: "GET", Route: "/api/admin/jobs", Want: rolesOnly(200, "admin", "support")},
		authzRoute{Method: "POST", Route: "/api/admin/jobs/{id}/retry", Want: rolesOnly(200, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/jobs/" + e.failedJob(t).String() + "/retry"}
		}},
	)
}

// failedJob records a job of a kind no worker handles, failed, straight in the queue.
func (e *authzEnv) failedJob(t *testing.T) uuid.UUID {
	t.Helper()
	id := uuid.New()
	if _, err := e.A.Pool.Exec(context.Background(), `INSERT INTO jobs (id, kind, payload, status, attempts, last_error)
		VALUES ($1, 'test.nobody_handles_this', '{}', 'failed', 1, 'refused')`, id); err != nil {
		t.Fatal(err)
	}
	return id
}

// mail records a message (failed, when asked) straight in the outbox.
func (e *authzEnv) mail(t *testing.T, failed bool) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	// A failed message is enqueued and marked failed in one transaction: the sender never sees it
	// pending, so it cannot claim it and mark it sent over the 'failed' (a flaky CI run once did).
	tx, err := e.A.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	id, err := mail.Enqueue(ctx, tx, mail.Message{To: uniqueEmail("mb"), Subject: "Hello", Text: "Hello", Key: uuid.NewString()})
	if err != nil {
		t.Fatal(err)
	}
	if failed {
		if _, err := tx.Exec(ctx, `UPDATE mail_outbox SET status = 'failed', last_error = 'refused in a test' WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	return id
}

// freshLinkGuesses gives this client's wrong guesses at enquiry links a new budget: the matrix asks who
// may call a route, and its two wrong-link rows for six personas would otherwise spend the ten guesses
// an address has (EnquiryPaymentRule) and be answered 429.
func (e *authzEnv) freshLinkGuesses(t *testing.T) {
	t.Helper()
	if _, err := e.A.Pool.Exec(context.Background(), `DELETE FROM rate_limits WHERE key LIKE $1`, apporders.EnquiryPaymentRule.Name+":%"); err != nil {
		t.Fatal(err)
	}
}

func TestAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	e := newAuthzEnv(t)
	for _, rt := range authzMatrix {
		for _, persona := range authzPersonas {
			want, ok := rt.Want[persona]
			if !ok {
				t.Errorf("%s %s: no expectation for %s", rt.Method, rt.Route, persona)
				continue
			}
			t.Run(fmt.Sprintf("%s %s as %s", rt.Method, rt.Route, persona), func(t *testing.T) {
				call := authzCall{Path: rt.Route, Body: rt.Body}
				if rt.Prepare != nil {
					call = rt.Prepare(t, e, persona)
				}
				token := call.Token
				if token == "" && !call.NoToken && persona != "visitor" {
					token = e.Users[persona].Token
				}
				r := e.A.Do(apptest.Request{Method: rt.Method, Path: call.Path, Token: token, Body: call.Body})
				if r.Status != want {
					t.Errorf("status %d, want %d: %s", r.Status, want, r.Body)
				}
			})
		}
	}
}

func TestEveryAPIRouteIsInTheAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	listed := map[string]bool{}
	for _, rt := range authzMatrix {
		listed[rt.Method+" "+rt.Route] = true
	}
	var missing []string
	for _, r := range a.HTTP.Routes() {
		if !listed[r.Method+" "+r.Path] {
			missing = append(missing, r.Method+" "+r.Path)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("routes with no row in authzMatrix (add them from your feature's test file, see authz_test.go):\n  %s", strings.Join(missing, "\n  "))
	}
}
