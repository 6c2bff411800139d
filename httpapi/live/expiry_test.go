package live_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
)

// expiring is a session store whose sessions run out at a set time, as the accounts' do: nobody
// ends them, so no notice says so.
type expiring struct {
	mu    sync.Mutex
	ids   map[string]httpx.Identity
	until map[string]time.Time
}

func (e *expiring) Authenticate(_ context.Context, token string) (httpx.Identity, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	id, ok := e.ids[token]
	if !ok || !time.Now().Before(e.until[token]) {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	return id, nil
}

func TestASessionThatExpiresClosesItsSockets(t *testing.T) {
	expiresAt := time.Now().Add(2 * time.Second)
	store := &expiring{
		ids: map[string]httpx.Identity{
			"tok-short": {UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-short"},
			"tok-long":  {UserID: "a2", Role: httpx.RoleAdmin, SessionID: "s-long"},
		},
		until: map[string]time.Time{"tok-short": expiresAt, "tok-long": time.Now().Add(time.Hour)},
	}
	srv, url := newServer(t, func(c *live.Config) { c.Auth = store; c.SessionSweep = 200 * time.Millisecond })
	open := func(token string) *client {
		c := startClient(t, clientOpts{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": token}})
		if _, ok := c.connected(); !ok {
			t.Fatalf("%s not signed in", token)
		}
		return c
	}
	short, long := open("tok-short"), open("tok-long")

	ended := short.next(15*time.Second, "the expired session's notice", func(m msg) bool {
		return m.Type == "event" && m.Event == live.EventSession || m.Type == "disconnect"
	})
	if ended.Type != "event" || string(ended.Data) != `{"authenticated":false}` {
		t.Fatalf("got %+v (data %s) first, want live.session {authenticated:false} before the disconnect", ended, ended.Data)
	}
	if time.Now().Before(expiresAt) {
		t.Fatal("the socket was told its session ended before it expired")
	}
	if m := short.next(5*time.Second, "disconnect", func(m msg) bool { return m.Type == "disconnect" }); !serverClosed(m.Reason) {
		t.Fatalf("disconnect reason %q, want the server's", m.Reason)
	}
	if late := time.Since(expiresAt); late > 5*time.Second {
		t.Fatalf("closed %v after the session expired, want within a few sweeps (200ms)", late)
	}
	// A session that has not expired keeps its socket and its rooms.
	srv.Broadcast(live.AdminRoom, "after", map[string]any{})
	long.event("after")
}

// With the real session store: an account session past its expires_at is ended for the live
// channel too. (The sweep runs RecheckAll every minute in the application; called here directly.)
func TestAnExpiredAccountSessionClosesItsSocket(t *testing.T) {
	a := apptest.New(t)
	admin := a.Staff(t, "admin")
	c := adminSocket(t, a, admin.Token)
	if _, err := a.Pool.Exec(context.Background(), `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, admin.Email); err != nil {
		t.Fatal(err)
	}
	a.Live.RecheckAll()
	if ended := c.event(live.EventSession); string(ended.Data) != `{"authenticated":false}` {
		t.Fatalf("session event %s", ended.Data)
	}
	cutOff(t, a, c, "expiry")
}
