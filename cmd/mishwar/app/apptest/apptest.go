// Package apptest starts the whole Mishwar application for end-to-end API tests: real PostgreSQL (a
// fresh database per test), the real event store, real projections and the real HTTP handler behind
// an httptest server. Tests talk to it over HTTP only.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/pgcluster/database"
	"mishwar/cmd/mishwar/app"
	"mishwar/internal/config"
	"mishwar/internal/pgtest"
)

// App is a running application under test.
type App struct {
	*app.App
	URL    string
	Client *http.Client
	t      testing.TB
	dbURL  string
	opts   []Option
}

// Option adjusts the configuration before the app starts.
type Option func(*config.Config)

// New starts the application on a fresh database and stops it when the test ends. The test binary
// must run pgtest.Main from its TestMain.
func New(t testing.TB, opts ...Option) *App {
	t.Helper()
	return start(t, pgtest.NewDatabaseURL(t), opts)
}

// NewOn starts the application on url, a migrated database the caller made (a benchmark's durable
// cluster), and stops it when the test ends.
func NewOn(t testing.TB, url string, opts ...Option) *App {
	t.Helper()
	return start(t, url, opts)
}

// AnotherProcess starts a second instance of the application on a's database, as a second process
// behind a load balancer: it shares the tables, the event store and PostgreSQL's notifications, and
// nothing in memory.
func (a *App) AnotherProcess(t testing.TB) *App {
	t.Helper()
	return start(t, a.dbURL, a.opts)
}

func start(t testing.TB, url string, opts []Option) *App {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		switch k {
		case "DATABASE_URL":
			return url
		case "MISHWAR_DEMO":
			return "0"
		case "MISHWAR_PAYMENTS":
			return "sandbox"
		case "MISHWAR_DATA_DIR":
			return t.TempDir()
		case "MISHWAR_UNPAID_HOLDS_PER_CUSTOMER", "MISHWAR_UNPAID_HOLDS_PER_ADDRESS":
			// Tests place many orders per traveller; those about the bound set it with an Option.
			return "0"
		}
		return ""
	})
	if err != nil {
		t.Fatalf("apptest: config: %v", err)
	}
	for _, o := range opts {
		o(&cfg)
	}
	pcfg, err := database.PoolConfig(url)
	if err != nil {
		t.Fatalf("apptest: %v", err)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		t.Fatalf("apptest: connect: %v", err)
	}
	t.Cleanup(pool.Close)
	level := slog.LevelWarn
	if os.Getenv("MISHWAR_TEST_LOG") != "" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: level}))
	ctx, cancel := context.WithCancel(context.Background())
	a, err := app.New(ctx, cfg, log, pool)
	if err != nil {
		cancel()
		t.Fatalf("apptest: app: %v", err)
	}
	srv := httptest.NewServer(a.Handler())
	a.Config.PublicURL = srv.URL
	wait := a.Start(ctx)
	t.Cleanup(func() {
		srv.Close()
		cancel()
		wait()
		a.Close()
	})
	return &App{App: a, URL: srv.URL, Client: srv.Client(), t: t, dbURL: url, opts: opts}
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Response is an HTTP answer with its body read.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test on malformed JSON.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("apptest: decode %q: %v", r.Body, err)
	}
}

// Map decodes the body into a generic map.
func (r Response) Map(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// Request describes one call. Body is JSON-encoded unless it is an io.Reader or a []byte.
type Request struct {
	Method  string
	Path    string
	Body    any
	Token   string
	Header  map[string]string
	Timeout time.Duration
}

// Do sends req and returns the answer.
func (a *App) Do(req Request) Response {
	a.t.Helper()
	var sent []byte
	contentType := ""
	switch b := req.Body.(type) {
	case nil:
	case io.Reader:
		raw, err := io.ReadAll(b)
		if err != nil {
			a.t.Fatalf("apptest: read body: %v", err)
		}
		sent = raw
	case []byte:
		sent = b
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			a.t.Fatalf("apptest: encode body: %v", err)
		}
		sent = raw
		contentType = "application/json"
	}
	var body io.Reader
	if sent != nil {
		body = bytes.NewReader(sent)
	}
	timeout := req.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, req.Method, a.URL+req.Path, body)
	if err != nil {
		a.t.Fatalf("apptest: %v", err)
	}
	if contentType != "" {
		hr.Header.Set("Content-Type", contentType)
	}
	if req.Token != "" {
		hr.Header.Set("Authorization", "Bearer "+req.Token)
	}
	for k, v := range req.Header {
		hr.Header.Set(k, v)
	}
	resp, err := a.Client.Do(hr)
	if err != nil {
		a.t.Fatalf("apptest: %s %s: %v", req.Method, req.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatalf("apptest: read body: %v", err)
	}
	c, err := loadContract()
	if err != nil {
		a.t.Fatal(err)
	}
	if broken := c.check(hr, sent, resp.StatusCode, resp.Header, raw); broken != "" {
		if os.Getenv("MISHWAR_CONTRACT") == "report" {
			a.t.Log("CONTRACT: " + broken)
		} else {
			a.t.Errorf("the API contract: %s", broken)
		}
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// DatabaseURL is the connection string of the app's database (a test that takes it away and brings
// it back).
func (a *App) DatabaseURL() string { return a.dbURL }

// Get, Post, Patch, Delete are shorthands for Do.
func (a *App) Get(path, token string) Response {
	a.t.Helper()
	return a.Do(Request{Method: http.MethodGet, Path: path, Token: token})
}

func (a *App) Post(path, token string, body any) Response {
	a.t.Helper()
	return a.Do(Request{Method: http.MethodPost, Path: path, Token: token, Body: body})
}

func (a *App) Patch(path, token string, body any) Response {
	a.t.Helper()
	return a.Do(Request{Method: http.MethodPatch, Path: path, Token: token, Body: body})
}

func (a *App) Delete(path, token string) Response {
	a.t.Helper()
	return a.Do(Request{Method: http.MethodDelete, Path: path, Token: token})
}
