package httpapi_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi/live/livetest"
	"mishwar/internal/config"
)

// standingClock is a clock that moves only when told: the one-a-second limit and the keep time are
// judged on it, so a loaded machine taking a second between two steps cannot change the outcome.
type standingClock struct{ at atomic.Int64 }

func (c *standingClock) Now() time.Time { return time.Unix(0, c.at.Load()) }

// Set moves the clock to t, where it stays.
func (c *standingClock) Set(t time.Time) { c.at.Store(t.UnixNano()) }

// heardAt reads a trip.position event's order and latitude.
func heardAt(t *testing.T, m livetest.Msg) (string, float64) {
	t.Helper()
	var p struct {
		OrderID string  `json:"order_id"`
		Lat     float64 `json:"lat"`
	}
	if err := json.Unmarshal(m.Data, &p); err != nil {
		t.Fatalf("trip.position %s: %v", m.Data, err)
	}
	return p.OrderID, p.Lat
}

// A traveller who opens the page, reloads or reconnects gets the trip's latest kept position at once,
// without waiting for the driver's next one and without asking: on connecting (their own room), on
// joining the trip's room with its number and e-mail, and on every reconnection; staff too; a process
// started after the position was sent gets it from the process that keeps it. A stranger gets
// nothing, and once the keep time has passed nobody does. The one-a-second limit holds for the trip
// across processes: the driver's second socket, on the other process, cannot double the rate.
func TestTheLatestPositionIsReplayedOnJoiningAndReconnectingFromAnyProcess(t *testing.T) {
	t.Parallel()
	clock := &standingClock{}
	clock.Set(time.Now())
	one := apptest.New(t, func(c *config.Config) { c.Clock = clock.Now })
	two := one.AnotherProcess(t)
	w := seedOrderWorld(t, one, 2, 2)
	admin, driver := one.Staff(t, "admin"), one.Staff(t, "driver")
	u, orderID := w.paidOrder(t)
	stranger, _ := w.paidOrder(t)

	var board boardAnswer
	one.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if r := one.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + board.Drivers[0].ID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	if r := one.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": board.Drivers[0].ID}); r.Status != http.StatusOK {
		t.Fatalf("assign: %d %s", r.Status, r.Body)
	}
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(9 * time.Hour))
	if r := one.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, map[string]string{"step": "start"}); r.Status != http.StatusOK {
		t.Fatalf("start: %d %s", r.Status, r.Body)
	}

	ws := []string{"websocket"}
	drv, _ := livetest.Start(t, livetest.Options{URL: one.URL, Transports: ws, Auth: map[string]any{"token": driver.Token}})
	drvTwo, _ := livetest.Start(t, livetest.Options{URL: two.URL, Transports: ws, Auth: map[string]any{"token": driver.Token}})
	watcher, _ := livetest.Start(t, livetest.Options{URL: two.URL, Transports: ws, Auth: map[string]any{"token": u.Token}})
	pos := func(lat float64) map[string]any {
		clock.Set(clock.Now().Add(1100 * time.Millisecond))
		return map[string]any{"order_id": orderID, "lat": lat, "lng": 31.2357, "accuracy": 8, "at": float64(clock.Now().UnixMilli())}
	}
	if a := ackOf(t, drv.Emit("trip.position", pos(30.0444))); !a.OK {
		t.Fatalf("the driver's position: %+v", a)
	}
	// Once process two has heard it (its traveller's socket has), the driver's socket there may not
	// send another within the second: the limit is the trip's, whichever process a socket is on.
	watcher.Event("trip.position", 10*time.Second)
	again := map[string]any{"order_id": orderID, "lat": 30.0445, "lng": 31.2357, "at": float64(clock.Now().UnixMilli())}
	if a := ackOf(t, drvTwo.Emit("trip.position", again)); a.OK || a.Code != "tracking.too_often" {
		t.Fatalf("a second position within the second from the driver's socket on the other process: %+v", a)
	}

	// Sockets that arrive after the position: each gets it at once, without asking. What is promised
	// is the newest by the fix's time: a replay that crosses a live delivery may give a socket a
	// position it already had, or one older than a newer one heard (the web app keeps the newest by
	// `at`, docs/live.md), so an older one on the way is passed over; anything newer, or another
	// trip's, fails. A stale replay with nothing newer behind it still fails (nothing else arrives).
	sent := []float64{30.0444, 30.0452} // the driver's positions, oldest first
	wantLatest := func(c *livetest.Client, who string, lat float64) {
		t.Helper()
		older := sent[:slices.Index(sent, lat)]
		for {
			order, got := heardAt(t, c.Event("trip.position", 10*time.Second))
			if order == orderID && got == lat {
				return
			}
			if order != orderID || !slices.Contains(older, got) {
				t.Fatalf("%s got %s at %v, want %s at %v", who, order, got, orderID, lat)
			}
		}
	}
	traveller, _ := livetest.Start(t, livetest.Options{URL: two.URL, Transports: ws, Auth: map[string]any{"token": u.Token}})
	wantLatest(traveller, "the traveller opening the order page", 30.0444)
	staff, _ := livetest.Start(t, livetest.Options{URL: two.URL, Transports: ws, Auth: map[string]any{"token": admin.Token}})
	wantLatest(staff, "staff", 30.0444)
	holder, _ := livetest.Start(t, livetest.Options{URL: one.URL, Transports: ws})
	if holder.Heard("trip.position", 300*time.Millisecond) {
		t.Fatal("an anonymous socket heard a position before joining the trip's room")
	}
	join := map[string]any{"kind": "trip", "tripNumber": orderID, "email": u.Email}
	if r := holder.Emit("join", join); !strings.Contains(string(r), `"ok":true`) {
		t.Fatalf("the trip number holder's join: %s", r)
	}
	wantLatest(holder, "the trip number holder on joining", 30.0444)
	outsider, _ := livetest.Start(t, livetest.Options{URL: two.URL, Transports: ws, Auth: map[string]any{"token": stranger.Token}})
	if r := outsider.Emit("join", map[string]any{"kind": "trip", "tripNumber": orderID, "email": stranger.Email}); strings.Contains(string(r), `"ok":true`) {
		t.Fatalf("a stranger joined the trip's room: %s", r)
	}

	// The car moves on; a reconnection (the phone slept) gets the newest, on either process.
	if a := ackOf(t, drv.Emit("trip.position", pos(30.0452))); !a.OK {
		t.Fatalf("the driver's next position: %+v", a)
	}
	wantLatest(traveller, "the traveller, live", 30.0452)
	wantLatest(holder, "the holder, live", 30.0452)
	traveller.Reconnect()
	wantLatest(traveller, "the traveller after reconnecting", 30.0452)
	holder.Reconnect()
	if holder.Heard("trip.position", 300*time.Millisecond) {
		t.Fatal("an anonymous socket heard a position after reconnecting, before joining again")
	}
	if r := holder.Emit("join", join); !strings.Contains(string(r), `"ok":true`) {
		t.Fatalf("the holder's join after reconnecting: %s", r)
	}
	wantLatest(holder, "the holder after reconnecting and joining again", 30.0452)

	// A process started after the positions were sent asks the others for theirs: a page opened
	// there shows the car too.
	three := one.AnotherProcess(t)
	late, _ := livetest.Start(t, livetest.Options{URL: three.URL, Transports: ws, Auth: map[string]any{"token": u.Token}})
	wantLatest(late, "the traveller on a process started after the position", 30.0452)
	lateHolder, _ := livetest.Start(t, livetest.Options{URL: three.URL, Transports: ws})
	if r := lateHolder.Emit("join", join); !strings.Contains(string(r), `"ok":true`) {
		t.Fatalf("the holder's join on the third process: %s", r)
	}
	wantLatest(lateHolder, "the holder on a process started after the position", 30.0452)

	if outsider.Heard("trip.position", 300*time.Millisecond) {
		t.Fatal("another traveller was given the driver's position")
	}

	// Past the keep time (2 minutes after it was sent), nobody is given it.
	clock.Set(clock.Now().Add(2*time.Minute + time.Second))
	for name, o := range map[string]livetest.Options{
		"the traveller": {URL: two.URL, Transports: ws, Auth: map[string]any{"token": u.Token}},
		"staff":         {URL: three.URL, Transports: ws, Auth: map[string]any{"token": admin.Token}},
	} {
		c, _ := livetest.Start(t, o)
		if c.Heard("trip.position", 500*time.Millisecond) {
			t.Fatalf("%s was given a position older than the keep time", name)
		}
	}
}
