package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/config"
	"mishwar/internal/pgtest"

	"github.com/google/uuid"
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

// A process that is not ready says only that to the public; staff may read why.
func TestReadinessDetailsAreForStaffOnly(t *testing.T) {
	// No projection can be within -1 events of the head: the app is never ready.
	a := apptest.New(t, func(c *config.Config) { c.ReadyMaxLag = -1 })
	admin, support, traveller := a.AdminToken(t), a.Staff(t, "support").Token, a.UserToken(t)
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := a.Get("/readyz", admin)
		if r.Status == http.StatusServiceUnavailable && strings.Contains(string(r.Body), "events behind") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("admin: %d %q, want 503 with the reason", r.Status, r.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if r := a.Get("/readyz", support); r.Status != http.StatusServiceUnavailable || !strings.HasPrefix(string(r.Body), "not ready: ") {
		t.Fatalf("support: %d %q", r.Status, r.Body)
	}
	for name, token := range map[string]string{"visitor": "", "traveller": traveller} {
		if r := a.Get("/readyz", token); r.Status != http.StatusServiceUnavailable || string(r.Body) != "not ready\n" {
			t.Fatalf("%s: %d %q, want a bare 503 not ready", name, r.Status, r.Body)
		}
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

// Each feature's routes sit behind the fixed parts of their paths (server.go): a path one of them
// holds still finds it, with any variable; a known path with a method it does not take is a 405 in the
// visitor's language with the methods it takes (it used to be a 404); a path that only shares a
// prefix with them is a 404.
func TestRoutesBehindTheirPrefixesStillAnswerWhatTheFlatListDid(t *testing.T) {
	a := apptest.New(t)
	// Found (a visitor is asked to sign in), with and without a variable in the path.
	if r := a.Get("/api/auth/cart", ""); r.Status != http.StatusUnauthorized {
		t.Fatalf("GET /api/auth/cart: %d %s, want 401", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodDelete, Path: "/api/auth/cart/some-item"}); r.Status != http.StatusUnauthorized {
		t.Fatalf("DELETE /api/auth/cart/some-item: %d %s, want 401", r.Status, r.Body)
	}
	r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/items/x/move", Header: map[string]string{"lang": "ar"}})
	if r.Status != http.StatusMethodNotAllowed {
		t.Fatalf("PUT on a PATCH route: %d %s, want 405", r.Status, r.Body)
	}
	if allow := r.Header.Get("Allow"); allow != http.MethodPatch {
		t.Fatalf("Allow %q, want PATCH", allow)
	}
	if got := r.Map(t)["message"]; got == "" || !strings.ContainsFunc(got.(string), func(c rune) bool { return c >= 0x0600 && c <= 0x06FF }) {
		t.Fatalf("405 message %q, want it in Arabic", got)
	}
	if r := a.Get("/api/auth/cartography", ""); r.Status != http.StatusNotFound {
		t.Fatalf("GET /api/auth/cartography: %d %s, want 404", r.Status, r.Body)
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

func TestStaffSeeStuckJobsAndAnAdminRetriesOne(t *testing.T) {
	a := apptest.New(t)
	admin := a.AdminToken(t)
	id := uuid.New()
	if _, err := a.Pool.Exec(context.Background(), `INSERT INTO jobs (id, kind, payload, status, attempts, last_error)
		VALUES ($1, 'test.nobody_handles_this', '{"order":"x"}', 'failed', 4, 'the provider refused')`, id); err != nil {
		t.Fatal(err)
	}
	r := a.Get("/api/admin/jobs", admin)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), id.String()) || !strings.Contains(string(r.Body), `"failed":1`) || !strings.Contains(string(r.Body), "the provider refused") {
		t.Fatalf("jobs list: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/readyz", admin); !strings.Contains(string(r.Body), "jobs: 0 stuck, 1 failed") {
		t.Fatalf("/readyz does not tell staff about the failed job: %d %q", r.Status, r.Body)
	}
	if r := a.Get("/readyz", ""); string(r.Body) != "ready\n" {
		t.Fatalf("/readyz tells a visitor about jobs: %q", r.Body)
	}
	if r := a.Post("/api/admin/jobs/"+id.String()+"/retry", admin, nil); r.Status != http.StatusOK {
		t.Fatalf("retry: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/admin/jobs", admin); !strings.Contains(string(r.Body), `"failed":0`) {
		t.Fatalf("after the retry: %s", r.Body)
	}
	r = a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/jobs/" + uuid.NewString() + "/retry", Token: admin, Header: map[string]string{"Accept-Language": "ar"}})
	if r.Status != http.StatusNotFound || !strings.Contains(string(r.Body), "لا توجد مهمة") {
		t.Fatalf("retry of no job: %d %s", r.Status, r.Body)
	}
}
