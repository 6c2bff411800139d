package live_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
)

// expiring is a session store whose sessions run out, as the accounts' do: nobody ends them, so no
// notice says so. Each session lives for its lifetime from the first time it is looked up (the
// socket's handshake, however slow the client is to start), and may be extended.
type expiring struct {
	mu    sync.Mutex
	ids   map[string]httpx.Identity
	life  map[string]time.Duration
	until map[string]time.Time
}

func (e *expiring) Authenticate(_ context.Context, token string) (httpx.Identity, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	id, ok := e.ids[token]
	if !ok {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	if e.until[token].IsZero() {
		e.until[token] = time.Now().Add(e.life[token])
	}
	if !time.Now().Before(e.until[token]) {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	id.ExpiresAt = e.until[token]
	return id, nil
}

// expiry tells when token's session runs out now.
func (e *expiring) expiry(token string) time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.until[token]
}

func (e *expiring) extend(token string, by time.Duration) time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.until[token] = e.until[token].Add(by)
	return e.until[token]
}

func newExpiring() *expiring {
	return &expiring{ids: map[string]httpx.Identity{}, life: map[string]time.Duration{}, until: map[string]time.Time{}}
}

// expiryTolerance is how late after its session ran out a socket may hear so: the timer fires at
// the instant, then one session lookup and the test's client relaying the event, on a busy machine.
// The sweep, when on, runs once a minute.
const expiryTolerance = 5 * time.Second

// waitForTheEnd waits for the socket's "session ended" event, then for the server to close it, and
// checks it came neither before expiresAt nor much after.
func waitForTheEnd(t *testing.T, c *livetest.Client, expiresAt time.Time) {
	t.Helper()
	ended := c.Next(expiryTolerance+time.Until(expiresAt)+5*time.Second, "the expired session's notice", func(m livetest.Msg) bool {
		return m.Type == "event" && m.Event == live.EventSession || m.Type == "disconnect"
	})
	at := time.Now()
	if ended.Type != "event" || string(ended.Data) != `{"authenticated":false}` {
		t.Fatalf("got %+v (data %s) first, want live.session {authenticated:false} before the disconnect", ended, ended.Data)
	}
	if at.Before(expiresAt) {
		t.Fatalf("the socket was told its session ended %v before it expired", expiresAt.Sub(at))
	}
	if late := at.Sub(expiresAt); late > expiryTolerance {
		t.Fatalf("told %v after the session expired, want at the moment (within %v)", late, expiryTolerance)
	}
	if m := c.Next(5*time.Second, "disconnect", func(m livetest.Msg) bool { return m.Type == "disconnect" }); !serverClosed(m.Reason) {
		t.Fatalf("disconnect reason %q, want the server's", m.Reason)
	}
}

// A session that runs out closes its sockets at that moment, with no sweep to find it: each socket
// keeps its session's expiry. One that has not run out keeps its socket and its rooms.
func TestASessionThatExpiresClosesItsSocketsAtThatMoment(t *testing.T) {
	store := newExpiring()
	store.ids["tok-short"], store.life["tok-short"] = httpx.Identity{UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-short"}, 2*time.Second
	store.ids["tok-long"], store.life["tok-long"] = httpx.Identity{UserID: "a2", Role: httpx.RoleAdmin, SessionID: "s-long"}, time.Hour
	srv, url := newServer(t, func(c *live.Config) { c.Auth = store; c.SessionSweep = -1 })
	long, short := openAs(t, url, "tok-long"), openAs(t, url, "tok-short")

	waitForTheEnd(t, short, store.expiry("tok-short"))
	srv.Broadcast(live.AdminRoom, "after", map[string]any{})
	long.Event("after", eventWait)
}

// When its expiry comes, a socket's session is looked up again first: one that was extended keeps
// its socket, now until its new expiry, at which it closes.
func TestASessionExtendedBeforeItExpiresKeepsItsSocketUntilItsNewExpiry(t *testing.T) {
	store := newExpiring()
	store.ids["tok"], store.life["tok"] = httpx.Identity{UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s"}, 3*time.Second
	srv, url := newServer(t, func(c *live.Config) { c.Auth = store; c.SessionSweep = -1 })
	c := openAs(t, url, "tok")
	first := store.expiry("tok")
	if time.Until(first) < 500*time.Millisecond {
		t.Skipf("the client took %v to connect: too slow to extend the session in time", 3*time.Second-time.Until(first))
	}
	second := store.extend("tok", 2*time.Second)

	time.Sleep(time.Until(first) + 500*time.Millisecond)
	srv.Broadcast(live.AdminRoom, "past-the-first-expiry", map[string]any{})
	if m := c.Next(5*time.Second, "the broadcast", func(m livetest.Msg) bool {
		return m.Type == "event" && (m.Event == "past-the-first-expiry" || m.Event == live.EventSession) || m.Type == "disconnect"
	}); m.Event != "past-the-first-expiry" {
		t.Fatalf("the extended session's socket got %+v (data %s), want the room's broadcast", m, m.Data)
	}
	waitForTheEnd(t, c, second)
}

func openAs(t *testing.T, url, token string) *livetest.Client {
	t.Helper()
	c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": token}})
	if _, ok := c.Connected(); !ok {
		t.Fatalf("%s not signed in", token)
	}
	return c
}

// With the real session store, on two processes: an account session that runs out closes its sockets
// on every process at its expires_at (the sweep, once a minute, is not what does it), and one whose
// expires_at was moved on keeps its sockets past the old instant.
func TestAnAccountSessionThatRunsOutClosesItsSocketsOnEveryProcess(t *testing.T) {
	one := apptest.New(t)
	two := one.AnotherProcess(t)
	setExpiry := func(email string, at time.Time) {
		t.Helper()
		if _, err := one.Pool.Exec(context.Background(), `UPDATE sessions SET expires_at = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1)`, email, at); err != nil {
			t.Fatal(err)
		}
	}
	runsOut, extended := one.Staff(t, "admin"), one.Staff(t, "admin")
	onOne, onTwo := adminSocket(t, one, runsOut.Token), adminSocket(t, two, runsOut.Token)
	kept := adminSocket(t, two, extended.Token)
	// Both sessions are made to run out in a moment. The sockets learn a session's expiry when they
	// connect and whenever it is looked up again; here a recheck (as the sweep or a session notice
	// would make) tells them, however long the clients took to start.
	expiresAt := time.Now().Add(3 * time.Second)
	setExpiry(runsOut.Email, expiresAt)
	setExpiry(extended.Email, expiresAt)
	one.Live.RecheckAll()
	two.Live.RecheckAll()
	if time.Until(expiresAt) < 500*time.Millisecond {
		t.Skip("the machine is too slow to extend the session in time")
	}
	// One is extended before its expiry comes; nothing tells its socket.
	setExpiry(extended.Email, time.Now().Add(time.Hour))

	waitForTheEnd(t, onOne, expiresAt)
	waitForTheEnd(t, onTwo, expiresAt)
	hearsNoAdminNotices(t, one, onOne, "expiry")
	hearsNoAdminNotices(t, two, onTwo, "expiry")
	time.Sleep(time.Until(expiresAt.Add(expiryTolerance)))
	stillOpen(t, kept)
	waitForAdminProbe(t, two, kept)
}

// stillOpen fails if c was told its session ended or was disconnected (it would reconnect on its
// own, so hearing notices afterwards proves nothing).
func stillOpen(t *testing.T, c *livetest.Client) {
	t.Helper()
	for _, m := range c.Seen() {
		if m.Type == "disconnect" || m.Type == "event" && m.Event == live.EventSession {
			t.Fatalf("the socket of a session that was extended got %+v (data %s)", m, m.Data)
		}
	}
}
