package live_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
	"mishwar/internal/pgtest"
	"mishwar/projections"
)

// notify sends one notice the way a projection does: inside a transaction, delivered on commit.
func notify(t *testing.T, pool *pgxpool.Pool, topic string, payload any) {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := projections.Notify(ctx, tx, topic, payload); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

// listen is the projections' listener as the composition root hands it to the bridge.
func listen(pool *pgxpool.Pool) live.Notices {
	return func(ctx context.Context, connected func(), notice func(string, json.RawMessage)) error {
		return projections.ListenLive(ctx, pool, func(topic string, payload json.RawMessage) {
			if topic == projections.TopicConnected {
				connected()
				return
			}
			notice(topic, payload)
		})
	}
}

// waitUntilListening sends probes until c hears one: LISTEN has no "ready" signal of its own.
func waitUntilListening(t *testing.T, pool *pgxpool.Pool, clients ...*livetest.Client) {
	t.Helper()
	for _, c := range clients {
		c.SendUntilHeard("probe", 15*time.Second, func() { notify(t, pool, "probe", map[string]any{"room": "user:u1"}) })
	}
}

func hasEvent(ms []livetest.Msg, name string) bool {
	for _, m := range ms {
		if m.Type == "event" && m.Event == name {
			return true
		}
	}
	return false
}

func TestNoticesFromPostgreSQLReachSocketsOnEveryProcess(t *testing.T) {
	pool := pgtest.NewDatabase(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)

	// Two processes' live channels, as behind a load balancer.
	var urls []string
	for range 2 {
		srv, url := newServer(t)
		srv.RouteTopic("stats.changed", live.AdminRoom)
		srv.RouteTopic("catalogue.changed", live.Everyone)
		go func() { _ = srv.RunBridge(ctx, listen(pool)) }()
		urls = append(urls, url)
	}
	a := livetest.Open(t, livetest.Options{URL: urls[0], Transports: []string{"websocket"}, Auth: map[string]any{"token": "tok-u1"}})
	b := livetest.Open(t, livetest.Options{URL: urls[1], Transports: []string{"polling", "websocket"}, Auth: map[string]any{"token": "tok-u1"}})
	admin := livetest.Open(t, livetest.Options{URL: urls[1], Transports: []string{"websocket"}, Auth: map[string]any{"token": "tok-admin"}})
	visitor := livetest.Open(t, livetest.Options{URL: urls[0], Transports: []string{"websocket"}})
	for _, c := range []*livetest.Client{a, b, admin, visitor} {
		c.Connected()
	}
	waitUntilListening(t, pool, a, b)

	const n = 200
	for i := range n {
		notify(t, pool, "order.changed", map[string]any{"room": "user:u1", "data": map[string]any{"order_id": "o-1", "version": i}})
	}
	notify(t, pool, "order.changed", map[string]any{"room": "user:u2", "data": map[string]any{"order_id": "o-2"}})
	// The brief's long form, with the event named in the payload.
	notify(t, pool, "anything", map[string]any{"room": "user:u1", "event": "trip.changed", "data": map[string]any{"trip_number": "MW-1", "status": "on_the_way"}})
	notify(t, pool, "stats.changed", map[string]any{"events": 5})
	notify(t, pool, "catalogue.changed", map[string]any{"kind": "destination", "id": "d-7"})
	notify(t, pool, "done", map[string]any{"rooms": []string{"user:u1", "admin"}})
	notify(t, pool, "done", map[string]any{"room": live.Everyone})

	for name, c := range map[string]*livetest.Client{"process 1": a, "process 2": b} {
		var versions []int
		var trip json.RawMessage
		for _, m := range c.EventsUntil("done", eventWait) {
			switch m.Event {
			case "order.changed":
				var d struct {
					OrderID string `json:"order_id"`
					Version int    `json:"version"`
				}
				_ = json.Unmarshal(m.Data, &d)
				if d.OrderID != "o-1" {
					t.Errorf("%s: got another user's notice %s", name, m.Data)
				}
				versions = append(versions, d.Version)
			case "trip.changed":
				trip = m.Data
			case "probe", "catalogue.changed":
			default:
				t.Errorf("%s: unexpected event %s %s", name, m.Event, m.Data)
			}
		}
		if len(versions) != n {
			t.Fatalf("%s: %d of %d notices arrived", name, len(versions), n)
		}
		for i, v := range versions {
			if v != i {
				t.Fatalf("%s: notice %d arrived in position %d", name, v, i)
			}
		}
		if string(trip) != `{"status":"on_the_way","trip_number":"MW-1"}` {
			t.Errorf("%s: trip.changed %s", name, trip)
		}
	}
	adminEvents := admin.EventsUntil("done", eventWait)
	if len(adminEvents) != 2 || adminEvents[0].Event != "stats.changed" || string(adminEvents[0].Data) != `{"events":5}` ||
		adminEvents[1].Event != "catalogue.changed" {
		t.Errorf("admin received %v, want the routed stats.changed and catalogue.changed", adminEvents)
	}
	visitorEvents := visitor.EventsUntil("done", eventWait)
	if len(visitorEvents) != 1 || visitorEvents[0].Event != "catalogue.changed" || string(visitorEvents[0].Data) != `{"id":"d-7","kind":"destination"}` {
		t.Errorf("anonymous visitor received %v, want only the public catalogue.changed", visitorEvents)
	}

	// Notices sent while a process was cut off from PostgreSQL are lost: it tells its sockets to resync.
	if _, err := pool.Exec(context.Background(),
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*livetest.Client{a, b, admin, visitor} {
		c.Event(live.EventResync, eventWait)
	}
}
