package idempotency_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/idempotency"
	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// server is a command route under the shared middleware, backed by the PostgreSQL store. Its handler
// counts its runs and answers with the command id it ran as.
type server struct {
	store  *idempotency.Store
	runs   atomic.Int64
	answer func(w http.ResponseWriter, r *http.Request)
	h      http.Handler
}

func newServer(t *testing.T) *server {
	t.Helper()
	s := &server{store: idempotency.New(pgtest.NewDatabase(t))}
	s.answer = func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteJSON(w, http.StatusCreated, map[string]any{"command_id": httpx.Meta(r).CommandID.String()})
	}
	s.h = httpx.Idempotent(s.store, nil)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.runs.Add(1)
		s.answer(w, r)
	}))
	return s
}

func (s *server) post(user, key, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/api/orders", strings.NewReader(body))
	if key != "" {
		r.Header.Set("Idempotency-Key", key)
	}
	if user != "" {
		r = r.WithContext(httpx.WithIdentity(r.Context(), httpx.Identity{UserID: user, Role: httpx.RoleUser}))
	}
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, r)
	return w
}

func TestARepeatedKeyGetsTheFirstAnswerWithoutRunningAgain(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	first := s.post("u1", "k-1", `{"a":1}`)
	again := s.post("u1", "k-1", `{"a":1}`)
	if first.Code != http.StatusCreated || again.Code != http.StatusCreated {
		t.Fatalf("statuses %d, %d; want 201 twice", first.Code, again.Code)
	}
	if first.Body.String() != again.Body.String() {
		t.Fatalf("the repeat answered %s; want the first answer %s", again.Body, first.Body)
	}
	if again.Header().Get("Idempotent-Replayed") != "true" {
		t.Fatal("the repeat is not marked Idempotent-Replayed")
	}
	if n := s.runs.Load(); n != 1 {
		t.Fatalf("the handler ran %d times; want 1", n)
	}
}

func TestTheKeyWithAnotherBodyIsRefusedWith422(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	s.post("u1", "k-1", `{"a":1}`)
	other := s.post("u1", "k-1", `{"a":2}`)
	if other.Code != http.StatusUnprocessableEntity || !strings.Contains(other.Body.String(), "Idempotency-Key") {
		t.Fatalf("another body with the key: %d %s; want 422 naming the key", other.Code, other.Body)
	}
}

func TestOneKeyFromTwoPeopleIsTwoCommands(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	a := s.post("u1", "same", `{}`)
	b := s.post("u2", "same", `{}`)
	if a.Body.String() == b.Body.String() {
		t.Fatalf("two people's requests ran as one command: %s", a.Body)
	}
}

func TestTheCommandIdFollowsFromTheKey(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	got := s.post("u1", "k-9", `{}`)
	want := httpx.CommandIDFor("user:u1 POST /api/orders", "k-9").String()
	if !strings.Contains(got.Body.String(), want) {
		t.Fatalf("ran as %s; want command id %s", got.Body, want)
	}
	if without := s.post("u1", "", `{}`); strings.Contains(without.Body.String(), want) {
		t.Fatal("a request without a key ran as the key's command")
	}
}

func TestAnAnswerARetryCouldImproveIsNotKept(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	s.answer = func(w http.ResponseWriter, r *http.Request) {
		if s.runs.Load() == 1 {
			httpx.WriteError(w, r, domain.Conflict("common.conflict"))
			return
		}
		httpx.WriteJSON(w, http.StatusCreated, map[string]string{"ok": "yes"})
	}
	if first := s.post("u1", "k-2", `{}`); first.Code != http.StatusConflict {
		t.Fatalf("first: %d; want 409", first.Code)
	}
	if retry := s.post("u1", "k-2", `{}`); retry.Code != http.StatusCreated {
		t.Fatalf("the retry after a conflict: %d; want it to run again and succeed", retry.Code)
	}
}

func TestConcurrentFirstUsesOfOneKeyAllGetAnAnswer(t *testing.T) {
	t.Parallel()
	s := newServer(t)
	const n = 50
	var wg sync.WaitGroup
	bodies := make([]string, n)
	codes := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := s.post("u1", "burst", `{"x":1}`)
			codes[i], bodies[i] = w.Code, w.Body.String()
		}()
	}
	wg.Wait()
	for i := range n {
		if codes[i] != http.StatusCreated || bodies[i] != bodies[0] {
			t.Fatalf("request %d: %d %s; want 201 %s", i, codes[i], bodies[i], bodies[0])
		}
	}
}

// A key's claim and answer commit asynchronously (their loss in a crash is harmless), and only they
// do: the connection they ran on commits the next statement as configured.
func TestAKeysRecordsLeaveTheConnectionCommittingAsConfigured(t *testing.T) {
	ctx := context.Background()
	// One connection that commits synchronously, whatever the test cluster is configured to do.
	cfg := pgtest.NewDatabase(t).Config()
	cfg.MaxConns = 1
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	store := idempotency.New(pool)
	for i := range 5 {
		key := fmt.Sprintf("key-%d", i)
		if _, _, done, err := store.Begin(ctx, "scope", key, "hash"); err != nil || done {
			t.Fatalf("begin %s: done %v, %v", key, done, err)
		}
		if err := store.Complete(ctx, "scope", key, http.StatusCreated, []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		status, body, done, err := store.Begin(ctx, "scope", key, "hash")
		if err != nil || !done || status != http.StatusCreated || string(body) != `{}` {
			t.Fatalf("the answer to %s: %d %s %v %v", key, status, body, done, err)
		}
	}
	conns := pool.AcquireAllIdle(ctx)
	if len(conns) == 0 {
		t.Fatal("no idle connection to check")
	}
	for _, c := range conns {
		var setting string
		err := c.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&setting)
		c.Release()
		if err != nil || setting != "on" {
			t.Fatalf("synchronous_commit after a key's records: %q, %v; want on", setting, err)
		}
	}
}
