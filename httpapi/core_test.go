package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestHealthAndReadinessAnswer(t *testing.T) {
	a := apptest.New(t)
	if r := a.Get("/healthz", ""); r.Status != http.StatusOK {
		t.Fatalf("healthz: %d %s", r.Status, r.Body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := a.Get("/readyz", "")
		if r.Status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("readyz never became ready: %d %s", r.Status, r.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestUnknownAPIRouteAnswersTranslatedJSON404(t *testing.T) {
	a := apptest.New(t)
	cases := []struct {
		name   string
		header map[string]string
		want   string
	}{
		{"english by default", nil, "No such API endpoint."},
		{"arabic by lang header", map[string]string{"lang": "ar"}, "لا توجد واجهة برمجية بهذا العنوان."},
		{"arabic by Accept-Language", map[string]string{"Accept-Language": "ar-EG,ar;q=0.9,en;q=0.8"}, "لا توجد واجهة برمجية بهذا العنوان."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/no-such-thing", Header: c.header})
			if r.Status != http.StatusNotFound {
				t.Fatalf("status %d", r.Status)
			}
			if got := r.Map(t)["message"]; got != c.want {
				t.Fatalf("message %q, want %q", got, c.want)
			}
		})
	}
}

func TestProjectionStatusIsForAdminsOnly(t *testing.T) {
	a := apptest.New(t)
	if r := a.Get("/api/admin/projections", ""); r.Status != http.StatusUnauthorized {
		t.Fatalf("visitor: %d %s", r.Status, r.Body)
	}
}

func TestCrossSiteUnsafeRequestIsRefused(t *testing.T) {
	a := apptest.New(t)
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/no-such-thing", Header: map[string]string{
		"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site",
	}})
	if r.Status != http.StatusForbidden {
		t.Fatalf("status %d %s", r.Status, r.Body)
	}
}
