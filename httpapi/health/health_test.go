package health_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/mux"

	"mishwar/httpapi/health"
	"mishwar/httpapi/httpx"
)

func TestReadinessTellsWhyOnlyToStaff(t *testing.T) {
	failing := errors.New("database: dial unix /srv/mishwar/run/.s.PGSQL.5432: connect: no such file")
	cases := []struct {
		name     string
		ready    error
		role     string
		status   int
		body     string
		noDetail bool
	}{
		{"ready, visitor", nil, "", http.StatusOK, "ready\n", false},
		{"not ready, visitor", failing, "", http.StatusServiceUnavailable, "not ready\n", true},
		{"not ready, traveller", failing, httpx.RoleUser, http.StatusServiceUnavailable, "not ready\n", true},
		{"not ready, driver", failing, httpx.RoleDriver, http.StatusServiceUnavailable, "not ready\n", true},
		{"not ready, admin", failing, httpx.RoleAdmin, http.StatusServiceUnavailable, "not ready: " + failing.Error() + "\n", false},
		{"not ready, support", failing, httpx.RoleSupport, http.StatusServiceUnavailable, "not ready: " + failing.Error() + "\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mux.NewRouter()
			health.New(health.Checks{Ready: func(context.Context) error { return c.ready }}, nil).RootRoutes(r)
			req := httptest.NewRequest(http.MethodGet, "/readyz", nil)
			if c.role != "" {
				req = req.WithContext(httpx.WithIdentity(req.Context(), httpx.Identity{UserID: "u1", Role: c.role}))
			}
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, req)
			if rec.Code != c.status || rec.Body.String() != c.body {
				t.Fatalf("got %d %q, want %d %q", rec.Code, rec.Body.String(), c.status, c.body)
			}
			if c.noDetail && strings.Contains(rec.Body.String(), "PGSQL") {
				t.Fatal("internal detail shown")
			}
		})
	}
}

func TestReadinessMentionsStuckJobsToStaffWithoutFailing(t *testing.T) {
	note := "jobs: 1 stuck, 0 failed (GET /api/admin/jobs)"
	for _, c := range []struct {
		role string
		body string
	}{{"", "ready\n"}, {httpx.RoleUser, "ready\n"}, {httpx.RoleSupport, "ready\n" + note + "\n"}} {
		r := mux.NewRouter()
		health.New(health.Checks{Notes: func(context.Context) []string { return []string{note} }}, nil).RootRoutes(r)
		req := httptest.NewRequest(http.MethodGet, "/readyz", nil)
		if c.role != "" {
			req = req.WithContext(httpx.WithIdentity(req.Context(), httpx.Identity{UserID: "u1", Role: c.role}))
		}
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Body.String() != c.body {
			t.Fatalf("role %q: got %d %q, want 200 %q", c.role, rec.Code, rec.Body.String(), c.body)
		}
	}
}
