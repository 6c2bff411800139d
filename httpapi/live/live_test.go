package live_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/gorilla/mux"

	"mishwar/domain"
	"mishwar/httpapi"
	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// tokens is a session store with fixed sessions; the token "broken" stands for a store that fails.
type tokens map[string]httpx.Identity

func (ts tokens) Authenticate(_ context.Context, token string) (httpx.Identity, error) {
	if token == "broken" {
		return httpx.Identity{}, errors.New("session store unavailable")
	}
	id, ok := ts[token]
	if !ok {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	return id, nil
}

var sessions = tokens{
	"tok-u1":      {UserID: "u1", Role: httpx.RoleUser},
	"tok-u2":      {UserID: "u2", Role: httpx.RoleUser},
	"tok-admin":   {UserID: "a1", Role: httpx.RoleAdmin},
	"tok-support": {UserID: "s1", Role: httpx.RoleSupport},
	"tok-driver":  {UserID: "d1", Role: httpx.RoleDriver},
}

var quiet = slog.New(slog.DiscardHandler)

func newServer(t *testing.T, mutate ...func(*live.Config)) (*live.Server, string) {
	t.Helper()
	cfg := live.Config{Auth: sessions, Logger: quiet}
	for _, m := range mutate {
		m(&cfg)
	}
	srv, err := live.New(cfg)
	if err != nil {
		t.Fatalf("live.New: %v", err)
	}
	r := mux.NewRouter()
	r.PathPrefix("/socket.io/").Handler(srv)
	ts := httptest.NewServer(r)
	t.Cleanup(ts.Close)
	t.Cleanup(srv.Close) // runs first: closing the sockets lets ts.Close finish
	return srv, ts.URL
}

// eventWait is how long a test waits for an event its socket should hear (node and the real client
// start slowly on a busy machine).
const eventWait = 15 * time.Second

var transports = []struct {
	name string
	list []string
}{
	{"websocket only", []string{"websocket"}},
	{"polling then upgrade", []string{"polling", "websocket"}},
}

// roomsReached broadcasts a probe to each room and reports which probes the client received.
func roomsReached(t *testing.T, srv *live.Server, c *livetest.Client, rooms []string) []string {
	t.Helper()
	for _, room := range rooms {
		srv.Broadcast(room, "probe", map[string]string{"room": room})
	}
	srv.BroadcastAll("marker", map[string]any{})
	var got []string
	for _, m := range c.EventsUntil("marker", eventWait) {
		var d struct{ Room string }
		_ = json.Unmarshal(m.Data, &d)
		got = append(got, d.Room)
	}
	return got
}

var privateRooms = []string{"user:u1", "user:u2", "user:a1", "user:s1", "user:d1", "admin"}

func TestAnonymousSocketsAreInNoPrivateRoom(t *testing.T) {
	srv, url := newServer(t)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := livetest.Open(t, livetest.Options{URL: url, Transports: tr.list})
			if _, authed := c.Connected(); authed {
				t.Fatal("anonymous socket reported as authenticated")
			}
			if got := roomsReached(t, srv, c, privateRooms); len(got) != 0 {
				t.Errorf("anonymous socket received broadcasts to %v", got)
			}
		})
	}
}

func TestSignedInSocketsJoinExactlyTheirOwnRooms(t *testing.T) {
	srv, url := newServer(t)
	cases := []struct {
		name    string
		auth    map[string]any
		headers map[string]string
		want    []string
	}{
		{"token in the handshake", map[string]any{"token": "tok-u1"}, nil, []string{"user:u1"}},
		{"session cookie", nil, map[string]string{"Cookie": "authToken=tok-u1"}, []string{"user:u1"}},
		{"bearer header", nil, map[string]string{"Authorization": "Bearer tok-u2"}, []string{"user:u2"}},
		{"admin", map[string]any{"token": "tok-admin"}, nil, []string{"user:a1", "admin"}},
		{"support staff", nil, map[string]string{"Cookie": "authToken=tok-support"}, []string{"user:s1", "admin"}},
		{"driver", map[string]any{"token": "tok-driver"}, nil, []string{"user:d1"}},
		{"cookie from our own origin", nil, map[string]string{"Cookie": "authToken=tok-u1", "Origin": url}, []string{"user:u1"}},
		{"cookie from another site", nil, map[string]string{"Cookie": "authToken=tok-admin", "Origin": "https://evil.example"}, nil},
		{"token from another site", map[string]any{"token": "tok-u1"}, map[string]string{"Origin": "https://partner.example"}, []string{"user:u1"}},
		{"unknown token", map[string]any{"token": "expired"}, nil, nil},
	}
	for _, tr := range transports {
		for _, c := range cases {
			t.Run(tr.name+"/"+c.name, func(t *testing.T) {
				cl := livetest.Open(t, livetest.Options{URL: url, Transports: tr.list, Auth: c.auth, Headers: c.headers})
				_, authed := cl.Connected()
				if authed != (len(c.want) > 0) {
					t.Errorf("authenticated = %v", authed)
				}
				got := roomsReached(t, srv, cl, privateRooms)
				slices.Sort(got)
				want := slices.Clone(c.want)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("received broadcasts to %v, want %v", got, want)
				}
			})
		}
	}
}

func TestAFailingSessionStoreRefusesTheConnection(t *testing.T) {
	_, url := newServer(t)
	c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": "broken"}})
	m := c.Next(15*time.Second, "connect_error", func(m livetest.Msg) bool { return m.Type == "connect_error" || m.Type == "connected" })
	if m.Type != "connect_error" || m.Message != "Something went wrong on our side. Please try again." || string(m.Data) != `{"retry":true}` {
		t.Errorf("got %+v (data %s), want a connect_error asking to retry", m, m.Data)
	}
}

func TestTransports(t *testing.T) {
	srv, url := newServer(t)

	ws := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": "tok-u1"}})
	if open := ws.Next(15*time.Second, "open", func(m livetest.Msg) bool { return m.Type == "open" }); open.Transport != "websocket" {
		t.Errorf("websocket-only client opened over %q", open.Transport)
	}
	if tr, _ := ws.Connected(); tr != "websocket" {
		t.Errorf("websocket-only client connected over %q", tr)
	}

	poll := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"polling", "websocket"}, Auth: map[string]any{"token": "tok-u1"}})
	if open := poll.Next(15*time.Second, "open", func(m livetest.Msg) bool { return m.Type == "open" }); open.Transport != "polling" {
		t.Errorf("polling client opened over %q", open.Transport)
	}
	poll.Connected()
	up := poll.Next(15*time.Second, "upgrade", func(m livetest.Msg) bool { return m.Type == "upgrade" })
	if up.Transport != "websocket" {
		t.Errorf("upgraded to %q", up.Transport)
	}
	srv.Broadcast("user:u1", "order.changed", map[string]any{"order_id": "o-1", "version": 3})
	for _, c := range []*livetest.Client{ws, poll} {
		if m := c.Event("order.changed", eventWait); string(m.Data) != `{"order_id":"o-1","version":3}` {
			t.Errorf("order.changed data %s", m.Data)
		}
	}
	for _, m := range ws.Seen() {
		if m.Type == "upgrade" {
			t.Errorf("websocket-only client upgraded to %s", m.Transport)
		}
	}
}

type tripArgs struct {
	TripNumber string `json:"tripNumber"`
	Email      string `json:"email"`
}

type joinReply struct {
	OK      bool   `json:"ok"`
	Room    string `json:"room"`
	Message string `json:"message"`
}

func reply(t *testing.T, raw json.RawMessage) joinReply {
	t.Helper()
	var r joinReply
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("ack %s: %v", raw, err)
	}
	return r
}

func TestJoinAddsRoomsOnlyWhenTheFeatureAuthorisesThem(t *testing.T) {
	srv, url := newServer(t, func(c *live.Config) { c.MaxRoomsPerSocket = 3 })
	srv.HandleJoin("trip", func(_ context.Context, _ live.Joiner, raw json.RawMessage) (string, error) {
		var a tripArgs
		if err := json.Unmarshal(raw, &a); err != nil {
			return "", domain.Invalid("common.invalid_body")
		}
		if a.TripNumber == "MW-1042" && a.Email == "sara@example.com" || a.TripNumber == "MW-7" && a.Email == "omar@example.com" ||
			a.TripNumber == "MW-8" && a.Email == "omar@example.com" {
			return "trip:" + a.TripNumber, nil
		}
		return "", domain.Forbidden("common.forbidden")
	})
	srv.HandleJoin("my-orders", func(_ context.Context, j live.Joiner, _ json.RawMessage) (string, error) {
		if j.Identity == nil {
			return "", domain.Unauthenticated("common.unauthenticated")
		}
		return "orders-of:" + j.Identity.UserID, nil
	})
	srv.HandleJoin("sneaky", func(context.Context, live.Joiner, json.RawMessage) (string, error) {
		return "user:u2", nil // a feature bug must not open someone's private room
	})
	srv.HandleJoin("flaky", func(context.Context, live.Joiner, json.RawMessage) (string, error) {
		return "", errors.New("database down")
	})

	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := livetest.Open(t, livetest.Options{URL: url, Transports: tr.list})
			c.Connected()

			cases := []struct {
				name    string
				payload any
				want    joinReply
			}{
				{"right trip number and e-mail", map[string]any{"kind": "trip", "tripNumber": "MW-1042", "email": "sara@example.com"}, joinReply{OK: true, Room: "trip:MW-1042"}},
				{"same request again", map[string]any{"kind": "trip", "tripNumber": "MW-1042", "email": "sara@example.com"}, joinReply{OK: true, Room: "trip:MW-1042"}},
				{"wrong e-mail", map[string]any{"kind": "trip", "tripNumber": "MW-1042", "email": "mallory@example.com"}, joinReply{Message: "You are not allowed to do this."}},
				{"kind named room, as webapp/src/lib/live.ts sends it", map[string]any{"room": "trip", "tripNumber": "MW-7", "email": "omar@example.com"}, joinReply{OK: true, Room: "trip:MW-7"}},
				{"unknown kind", map[string]any{"kind": "everything"}, joinReply{Message: "Live updates are not available for this."}},
				{"not an object", "trip:MW-1042", joinReply{Message: "The request body could not be read. Send JSON or form data."}},
				{"signed-in only kind", map[string]any{"kind": "my-orders"}, joinReply{Message: "Please sign in first."}},
				{"private room named by a feature", map[string]any{"kind": "sneaky"}, joinReply{Message: "Something went wrong on our side. Please try again."}},
				{"authorisation failing", map[string]any{"kind": "flaky"}, joinReply{Message: "Something went wrong on our side. Please try again."}},
				{"third room", map[string]any{"kind": "trip", "tripNumber": "MW-8", "email": "omar@example.com"}, joinReply{OK: true, Room: "trip:MW-8"}},
				{"over the limit", map[string]any{"kind": "trip", "tripNumber": "MW-9", "email": "x@example.com"}, joinReply{Message: "Too many live subscriptions on this page. Reload it and try again."}},
			}
			for _, cs := range cases {
				if got := reply(t, c.Emit("join", cs.payload)); got != cs.want {
					t.Errorf("%s: ack %+v, want %+v", cs.name, got, cs.want)
				}
			}
			got := roomsReached(t, srv, c, append([]string{"trip:MW-1042", "trip:MW-7", "trip:MW-8", "trip:MW-9", "orders-of:", "user:u2"}, privateRooms...))
			if want := []string{"trip:MW-1042", "trip:MW-7", "trip:MW-8"}; !slices.Equal(got, want) {
				t.Errorf("after joining, received broadcasts to %v, want %v", got, want)
			}

			left := reply(t, c.Emit("leave", map[string]any{"room": "trip", "tripNumber": "MW-7", "email": "omar@example.com"}))
			if !left.OK || left.Room != "trip:MW-7" {
				t.Errorf("leave: %+v", left)
			}
			if got := roomsReached(t, srv, c, []string{"trip:MW-7", "trip:MW-1042"}); !slices.Equal(got, []string{"trip:MW-1042"}) {
				t.Errorf("after leaving, received broadcasts to %v", got)
			}
		})
	}

	t.Run("messages in the socket's language", func(t *testing.T) {
		c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Headers: map[string]string{"Accept-Language": "ar-EG,ar;q=0.9"}})
		c.Connected()
		got := reply(t, c.Emit("join", map[string]any{"kind": "trip", "tripNumber": "MW-1042", "email": "x@example.com"}))
		if got.OK || got.Message != "غير مسموح لك بالقيام بذلك." {
			t.Errorf("Arabic refusal: %+v", got)
		}
	})

	t.Run("signed-in kinds see the identity", func(t *testing.T) {
		c := livetest.Open(t, livetest.Options{URL: url, Transports: []string{"websocket"}, Auth: map[string]any{"token": "tok-u2"}})
		c.Connected()
		if got := reply(t, c.Emit("join", map[string]any{"kind": "my-orders"})); !got.OK || got.Room != "orders-of:u2" {
			t.Errorf("my-orders: %+v", got)
		}
	})
}

// The regression DESIGN.md asks for: the v2 server lost back-to-back room broadcasts over websocket.
func TestAThousandBackToBackBroadcastsAllArriveInOrder(t *testing.T) {
	srv, url := newServer(t)
	const n = 1000
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := livetest.Open(t, livetest.Options{URL: url, Transports: tr.list, Auth: map[string]any{"token": "tok-u1"}})
			c.Connected()
			if len(tr.list) > 1 {
				c.Next(15*time.Second, "upgrade", func(m livetest.Msg) bool { return m.Type == "upgrade" })
			}
			for i := range n {
				srv.Broadcast("user:u1", "tick", map[string]int{"seq": i})
			}
			srv.Broadcast("user:u1", "done", map[string]any{})
			events := c.EventsUntil("done", eventWait)
			var seqs []int
			for _, m := range events {
				if m.Event != "tick" {
					continue
				}
				var d struct{ Seq int }
				if err := json.Unmarshal(m.Data, &d); err != nil {
					t.Fatal(err)
				}
				seqs = append(seqs, d.Seq)
			}
			if len(seqs) != n {
				t.Fatalf("received %d of %d broadcasts", len(seqs), n)
			}
			for i, s := range seqs {
				if s != i {
					t.Fatalf("broadcast %d arrived in position %d", s, i)
				}
			}
		})
	}
}

// The production chain: the API's middleware (request logging, identity, CSRF) wraps the mux that
// mounts the live channel. A WebSocket upgrade must get through it.
func TestWorksBehindTheAPIMiddleware(t *testing.T) {
	srv, err := live.New(live.Config{Auth: sessions, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	api := httpapi.New(httpapi.Deps{Logger: quiet, Auth: sessions, Live: srv})
	ts := httptest.NewServer(api.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(srv.Close)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := livetest.Open(t, livetest.Options{URL: ts.URL, Transports: tr.list, Headers: map[string]string{"Cookie": "authToken=tok-u1"}})
			if _, authed := c.Connected(); !authed {
				t.Fatal("cookie session not recognised")
			}
			if len(tr.list) > 1 {
				if up := c.Next(15*time.Second, "upgrade", func(m livetest.Msg) bool { return m.Type == "upgrade" }); up.Transport != "websocket" {
					t.Fatalf("upgrade to %q", up.Transport)
				}
			}
			if got := roomsReached(t, srv, c, privateRooms); !slices.Equal(got, []string{"user:u1"}) {
				t.Errorf("received broadcasts to %v", got)
			}
		})
	}
}

func TestNewRefusesAMalformedAllowedOrigin(t *testing.T) {
	for _, o := range []string{"evil.example", "://x", ""} {
		if _, err := live.New(live.Config{AllowedOrigins: []string{o}, Logger: quiet}); err == nil {
			t.Errorf("origin %q accepted", o)
		}
	}
	srv, err := live.New(live.Config{AllowedOrigins: []string{"https://mishwar.example/"}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
}

func ExampleServer_HandleJoin() {
	srv, _ := live.New(live.Config{})
	defer srv.Close()
	// The orders feature lets a traveller follow a trip they prove with its number and e-mail.
	srv.HandleJoin("trip", func(ctx context.Context, _ live.Joiner, args json.RawMessage) (string, error) {
		var a struct{ TripNumber, Email string }
		if err := json.Unmarshal(args, &a); err != nil || a.TripNumber == "" {
			return "", domain.Invalid("common.invalid_body")
		}
		// ... look the trip up in the trip_status read model and compare the e-mail ...
		return "trip:" + a.TripNumber, nil
	})
	fmt.Println("registered")
	// Output: registered
}
