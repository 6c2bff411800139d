package live_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/httpapi/live/livetest"
)

// userSocket opens a traveller's socket on process p and waits until p's bridge delivers to their room.
func userSocket(t *testing.T, p *apptest.App, s apptest.Session) *livetest.Client {
	t.Helper()
	c := livetest.Open(t, livetest.Options{URL: p.URL, Transports: []string{"websocket"}, Auth: map[string]any{"token": s.Token}})
	if _, ok := c.Connected(); !ok {
		t.Fatal("the traveller's socket was not signed in")
	}
	c.SendUntilHeard("probe", 15*time.Second, func() { notify(t, p.Pool, "probe", map[string]any{"room": "user:" + s.UserID}) })
	c.Forget()
	return c
}

// placeOrder writes an order placed by userID on its stream, as the checkout would.
func placeOrder(t *testing.T, a *apptest.App, userID string) string {
	t.Helper()
	id := "MSH-" + uuid.NewString()[:6]
	start := time.Now().Add(72 * time.Hour).UTC().Truncate(time.Hour)
	ev := order.OrderPlaced{OrderID: id, UserID: userID, Lang: "en", Source: order.SourceCart,
		Contact: order.Contact{FirstName: "Mona", LastName: "Zaki", Email: "mona-" + id + "@example.com", Phone: "+201001234567", Country: "EG"},
		Trip: order.Trip{StartAt: start, Day: availability.Day(start.Format(time.DateOnly)), Itinerary: order.Itinerary{
			Start: order.Point{Name: "Nile Hotel", Lat: 30.045, Lng: 31.232}, End: order.Point{Name: "Nile Hotel", Lat: 30.045, Lng: 31.232},
			Stops: []order.Stop{{DestinationID: "p", NameEN: "Pyramids", NameAR: "الأهرامات", Lat: 29.9792, Lng: 31.1342, VisitMinutes: 120}}},
			RatePlan: order.RatePlan{ID: "rp-sedan", Name: "Sedan"}, Quote: order.Quote{Total: money.New(150000, money.EGP)}},
		DisplayCurrency: money.EGP, Reservation: "r-" + id, HoldUntil: time.Now().Add(time.Hour).UTC(), PlacedAt: time.Now().UTC()}
	data, err := a.Registry.Encode(uuid.New(), ev, eventstore.Metadata{ActorID: userID, ActorRole: "user"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Store.Append(context.Background(), eventstore.StreamID("order", id), eventstore.NoStream, data); err != nil {
		t.Fatal(err)
	}
	return id
}

// The bell over the real socket.io-client, across two processes: an order placed (through the log
// on one process) reaches the owner's socket on the other as notification.created with the unread
// count, and marking read on the first process reaches it as notification.read; another traveller's
// socket hears neither.
func TestTheBellHearsNewAndReadNotificationsOnEveryProcess(t *testing.T) {
	one := apptest.New(t)
	two := one.AnotherProcess(t)
	mona, other := one.SignUp(t, ""), one.SignUp(t, "")
	c := userSocket(t, two, mona)
	o := userSocket(t, two, other)

	id := placeOrder(t, one, mona.UserID)
	created := c.Event("notification.created", eventWait)
	var n struct {
		ID      int64  `json:"id"`
		Kind    string `json:"kind"`
		OrderID string `json:"order_id"`
		Unread  int    `json:"unread"`
	}
	if err := json.Unmarshal(created.Data, &n); err != nil || n.ID != 1 || n.Kind != "order_placed" || n.OrderID != id || n.Unread != 1 {
		t.Fatalf("notification.created %s (%v)", created.Data, err)
	}

	if r := one.Post("/api/notifications/read", mona.Token, map[string]int64{"up_to": 1}); r.Status != http.StatusOK {
		t.Fatalf("mark read: %d %s", r.Status, r.Body)
	}
	read := c.Event("notification.read", eventWait)
	if string(read.Data) != `{"read_up_to":1,"unread":0}` {
		t.Fatalf("notification.read %s", read.Data)
	}

	// The other traveller's socket, still in its room (a probe reaches it), heard nothing of Mona's.
	notify(t, two.Pool, "probe", map[string]any{"room": "user:" + other.UserID})
	for _, m := range o.EventsUntil("probe", eventWait) {
		if m.Event == "notification.created" || m.Event == "notification.read" {
			t.Fatalf("another traveller heard %s %s", m.Event, m.Data)
		}
	}
}
