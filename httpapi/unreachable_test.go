package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/pgtest"
)

// takeDatabaseAway stops a's database from taking connections and ends the ones it has, as a
// PostgreSQL that is restarting looks to the app; the returned function lets them in again.
func takeDatabaseAway(t *testing.T, a *apptest.App) (bringBack func()) {
	t.Helper()
	u, err := url.Parse(a.DatabaseURL())
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.Cluster(t).URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close(ctx) })
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := admin.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	ident := pgx.Identifier{name}.Sanitize()
	exec("ALTER DATABASE " + ident + " ALLOW_CONNECTIONS false")
	exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name)
	back := func() { exec("ALTER DATABASE " + ident + " ALLOW_CONNECTIONS true") }
	t.Cleanup(back)
	return back
}

func TestARequestWhileTheDatabaseCannotBeReachedIsAnswered503InTheTravellersLanguage(t *testing.T) {
	a := apptest.New(t)
	traveller := a.SignUp(t, "")
	arabic := map[string]string{"Accept-Language": "ar"}
	place := map[string]any{"name": "البيت", "address": "١٢ شارع النيل، الزمالك", "lat": 30.06, "lng": 31.22}

	bringBack := takeDatabaseAway(t, a)

	for _, req := range []apptest.Request{
		{Method: http.MethodGet, Path: "/api/me/locations", Token: traveller.Token, Header: arabic},
		{Method: http.MethodPost, Path: "/api/me/locations", Token: traveller.Token, Header: arabic, Body: place},
	} {
		r := a.Do(req)
		if r.Status != http.StatusServiceUnavailable {
			t.Fatalf("%s %s with the database away: %d %s, want 503", req.Method, req.Path, r.Status, r.Body)
		}
		if r.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s: no Retry-After", req.Method, req.Path)
		}
		var body struct{ Message string }
		r.JSON(t, &body)
		if !strings.Contains(body.Message, "لا يمكننا الوصول إلى سجلاتنا") {
			t.Errorf("%s %s: message %q, want the Arabic words for an unreachable database", req.Method, req.Path, body.Message)
		}
	}

	bringBack()
	// The pool opens fresh connections as requests come; nothing the outage refused was kept.
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/me/locations", Token: traveller.Token})
		if r.Status == http.StatusOK {
			var places struct{ Data []json.RawMessage }
			r.JSON(t, &places)
			if len(places.Data) != 0 {
				t.Fatalf("the place refused during the outage was saved: %s", r.Body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the database came back: %d %s", r.Status, r.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
