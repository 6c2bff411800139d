package live_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/cmd/mishwar/demo"
	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
)

// The whole application, two processes on one database: a socket open on one process must die with
// its session whatever process ends it, because the signal travels through PostgreSQL.

// adminSocket opens an admin's socket on process p and waits until p's bridge delivers to it.
func adminSocket(t *testing.T, p *apptest.App, token string) *livetest.Client {
	t.Helper()
	c := livetest.Open(t, livetest.Options{URL: p.URL, Transports: []string{"websocket"}, Auth: map[string]any{"token": token}})
	if _, ok := c.Connected(); !ok {
		t.Fatal("the admin's socket was not signed in")
	}
	waitForAdminProbe(t, p, c)
	return c
}

// waitForAdminProbe sends admin-room probes until c hears one (LISTEN has no "ready" signal).
func waitForAdminProbe(t *testing.T, p *apptest.App, c *livetest.Client) {
	t.Helper()
	c.SendUntilHeard("admin.probe", 15*time.Second, func() { notify(t, p.Pool, "admin.probe", map[string]any{"room": live.AdminRoom}) })
	c.Forget()
}

// cutOff waits for the server to disconnect c, then checks that admin notices no longer reach it.
func cutOff(t *testing.T, p *apptest.App, c *livetest.Client, what string) {
	t.Helper()
	m := c.Next(10*time.Second, "disconnect after "+what, func(m livetest.Msg) bool { return m.Type == "disconnect" })
	if !serverClosed(m.Reason) {
		t.Fatalf("%s: disconnect reason %q, want the server's", what, m.Reason)
	}
	hearsNoAdminNotices(t, p, c, what)
}

// hearsNoAdminNotices checks that admin notices no longer reach c (disconnected, or reconnected
// anonymous).
func hearsNoAdminNotices(t *testing.T, p *apptest.App, c *livetest.Client, what string) {
	t.Helper()
	notify(t, p.Pool, "admin.after", map[string]any{"room": live.AdminRoom})
	time.Sleep(300 * time.Millisecond)
	if hasEvent(c.Seen(), "admin.after") {
		t.Fatalf("%s: the socket still heard the admin room", what)
	}
}

// serverClosed: the server closes the connection itself (so the web app's client reconnects on its
// own and is authenticated anew), which the client reports as "transport close".
func serverClosed(reason string) bool {
	return reason == "transport close" || reason == "io server disconnect"
}

func TestSocketsDieWithTheirSessionOnEveryProcess(t *testing.T) {
	one := apptest.New(t)
	two := one.AnotherProcess(t)

	t.Run("sign-out on another process", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		c := adminSocket(t, two, admin.Token)
		if r := one.Post("/api/logout", admin.Token, nil); r.Status != http.StatusOK {
			t.Fatalf("logout: %d %s", r.Status, r.Body)
		}
		ended := c.Event(live.EventSession, eventWait)
		if string(ended.Data) != `{"authenticated":false}` {
			t.Fatalf("session event %s", ended.Data)
		}
		cutOff(t, two, c, "sign-out")
	})

	t.Run("demotion by the operator", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		c := adminSocket(t, two, admin.Token)
		if _, err := one.Accounts.Commands.AddOrUpdateUser.Handle(context.Background(), admin.Email, "staff-password", "user", "", ""); err != nil {
			t.Fatal(err)
		}
		cutOff(t, two, c, "demotion")
	})

	t.Run("password change ending the other sessions", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		laptop := one.SignIn(t, admin.Email, admin.Password)
		other := adminSocket(t, two, admin.Token)
		own := adminSocket(t, one, laptop.Token)
		r := one.Post("/api/me/password", laptop.Token, map[string]any{
			"old_password": admin.Password, "password": "new-staff-pass", "password_confirmation": "new-staff-pass", "end_other_sessions": true})
		if r.Status != http.StatusOK {
			t.Fatalf("change password: %d %s", r.Status, r.Body)
		}
		cutOff(t, two, other, "password change")
		// The session the change was made from keeps its socket.
		waitForAdminProbe(t, one, own)
	})

	t.Run("password reset by e-mailed link", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		c := adminSocket(t, two, admin.Token)
		if r := one.Post("/api/password/forgot", "", map[string]string{"email": admin.Email}); r.Status != http.StatusOK {
			t.Fatalf("forgot: %d %s", r.Status, r.Body)
		}
		var text string
		if err := one.Pool.QueryRow(context.Background(), `SELECT text_body FROM mail_outbox WHERE to_address = $1`, admin.Email).Scan(&text); err != nil {
			t.Fatalf("reset mail: %v", err)
		}
		m := regexp.MustCompile(`token=([^\s&"]+)`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no reset link in %q", text)
		}
		token, _ := url.QueryUnescape(m[1])
		r := one.Post("/api/password/reset", "", map[string]string{"token": token, "password": "fresh-staff-1", "password_confirmation": "fresh-staff-1"})
		if r.Status != http.StatusOK {
			t.Fatalf("reset: %d %s", r.Status, r.Body)
		}
		cutOff(t, two, c, "password reset")
	})

	t.Run("one session ended from another device", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		laptop := one.SignIn(t, admin.Email, admin.Password)
		c := adminSocket(t, two, admin.Token)
		var list struct {
			Data []struct {
				ID      string `json:"id"`
				Current bool   `json:"current"`
			} `json:"data"`
		}
		r := one.Get("/api/me/sessions", laptop.Token)
		r.JSON(t, &list)
		ended := 0
		for _, s := range list.Data {
			if !s.Current {
				if d := one.Do(apptest.Request{Method: http.MethodDelete, Path: "/api/me/sessions/" + s.ID, Token: laptop.Token}); d.Status >= 300 {
					t.Fatalf("end session: %d %s", d.Status, d.Body)
				}
				ended++
			}
		}
		if ended != 1 {
			t.Fatalf("sessions: %s", r.Body)
		}
		cutOff(t, two, c, "ending the session")
	})

	t.Run("password set again by the operator", func(t *testing.T) {
		admin := one.Staff(t, "admin")
		c := adminSocket(t, two, admin.Token)
		if _, err := one.Accounts.Commands.AddOrUpdateUser.Handle(context.Background(), admin.Email, "other-password", "admin", "", ""); err != nil {
			t.Fatal(err)
		}
		cutOff(t, two, c, "password set by the operator")
	})
}

// roles is a session store whose sessions tests change while sockets are open.
type roles struct {
	mu  sync.Mutex
	ids map[string]httpx.Identity
	// during, when set, runs inside the next Authenticate, after it read the session.
	during func()
}

func (r *roles) Authenticate(_ context.Context, token string) (httpx.Identity, error) {
	r.mu.Lock()
	id, ok := r.ids[token]
	during := r.during
	r.during = nil
	r.mu.Unlock()
	if during != nil {
		during()
	}
	if !ok {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	return id, nil
}

// duringNext sets what the next Authenticate runs after it read the session.
func (r *roles) duringNext(fn func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.during = fn
}

func (r *roles) set(token string, id *httpx.Identity) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id == nil {
		delete(r.ids, token)
		return
	}
	r.ids[token] = *id
}

func TestRecheckUserDisconnectsOnlyTheSocketsThatLostTheirRights(t *testing.T) {
	store := &roles{ids: map[string]httpx.Identity{
		"tok-a": {UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-a"},
		"tok-b": {UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-b"},
		"tok-c": {UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-c"},
		"tok-x": {UserID: "a2", Role: httpx.RoleAdmin, SessionID: "s-x"},
	}}
	srv, url := newServer(t, func(c *live.Config) { c.Auth = store })
	open := func(token string) *livetest.Client {
		c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": token}})
		if _, ok := c.Connected(); !ok {
			t.Fatalf("%s not signed in", token)
		}
		return c
	}
	a, b, c, x := open("tok-a"), open("tok-b"), open("tok-c"), open("tok-x")

	store.set("tok-a", nil)                                                                   // signed out
	store.set("tok-b", &httpx.Identity{UserID: "a1", Role: httpx.RoleUser, SessionID: "s-b"}) // demoted
	store.set("tok-x", nil)                                                                   // another user: not rechecked
	srv.RecheckUser("a1")
	srv.Broadcast(live.AdminRoom, "after", map[string]any{})

	if m := a.Next(5*time.Second, "a's disconnect", func(m livetest.Msg) bool { return m.Type == "disconnect" }); !serverClosed(m.Reason) {
		t.Fatalf("signed out: %q", m.Reason)
	}
	if m := b.Next(5*time.Second, "b's disconnect", func(m livetest.Msg) bool { return m.Type == "disconnect" }); !serverClosed(m.Reason) {
		t.Fatalf("demoted: %q", m.Reason)
	}
	for _, stash := range [][]livetest.Msg{a.Seen(), b.Seen()} {
		if hasEvent(stash, "after") {
			t.Fatal("a socket heard the admin room after RecheckUser returned")
		}
	}
	c.Event("after", eventWait) // unchanged session: still in its rooms
	x.Event("after", eventWait) // not rechecked
}

// A session that ends while its socket's handshake is under way: the recheck it causes runs before
// the socket is in its rooms, so the socket is checked again once it is.
func TestASessionEndedDuringTheHandshakeStillClosesTheSocket(t *testing.T) {
	store := &roles{ids: map[string]httpx.Identity{"tok-late": {UserID: "a1", Role: httpx.RoleAdmin, SessionID: "s-late"}}}
	srv, url := newServer(t, func(c *live.Config) { c.Auth = store })
	store.duringNext(func() {
		store.set("tok-late", nil)
		srv.RecheckUser("a1") // finds no socket yet
	})
	c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": "tok-late"}})
	// The handshake read the session before it ended, so the socket connects signed in; the late
	// check may close it before or after live.session reaches the client.
	if m := c.Next(15*time.Second, "disconnect", func(m livetest.Msg) bool { return m.Type == "disconnect" }); !serverClosed(m.Reason) {
		t.Fatalf("disconnect reason %q", m.Reason)
	}
	connected := false
	for _, m := range c.Seen() {
		connected = connected || m.Type == "connected"
	}
	if !connected {
		t.Fatalf("the socket never connected (seen %v)", c.Seen())
	}
}

// Behind a load balancer a traveller's socket and their next click often reach different processes:
// a cart change made through one process reaches the socket open on the other.
func TestACartChangeThroughOneProcessReachesASocketOnAnother(t *testing.T) {
	one := apptest.New(t)
	two := one.AnotherProcess(t)
	if err := demo.Seed(context.Background(), one.Store, one.Catalogue, nil); err != nil {
		t.Fatal(err)
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(list.Data) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the seeded catalogue never reached the second process")
		}
		time.Sleep(50 * time.Millisecond)
		two.Get("/api/destinations?limit=1", "").JSON(t, &list)
	}

	u := one.SignUp(t, "")
	c := livetest.Open(t, livetest.Options{URL: one.URL, Transports: []string{"websocket"}, Auth: map[string]any{"token": u.Token}})
	if _, ok := c.Connected(); !ok {
		t.Fatal("the traveller's socket was not signed in")
	}
	// The socket is in its user room once a probe to that room reaches it.
	c.SendUntilHeard("user.probe", 15*time.Second, func() { notify(t, one.Pool, "user.probe", map[string]any{"room": "user:" + u.UserID}) })
	c.Forget()

	if r := two.Post("/api/auth/cart", u.Token, map[string]string{"destination_id": list.Data[0].ID}); r.Status != http.StatusCreated {
		t.Fatalf("add to the cart through the second process: %d %s", r.Status, r.Body)
	}
	got := c.Next(10*time.Second, "cart.changed on the first process", func(m livetest.Msg) bool { return m.Type == "event" && m.Event == "cart.changed" })
	if len(got.Data) == 0 {
		t.Fatalf("cart.changed without data: %+v", got)
	}
}
