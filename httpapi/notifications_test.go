package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/notifications", Want: signedIn(200)},
		// Only "user" has a notification (their order); for everyone else number 1 names none.
		authzRoute{Method: "POST", Route: "/api/notifications/read", Body: map[string]int{"up_to": 1}, Want: map[string]int{
			"visitor": 401, "user": 200, "other": 422, "admin": 422, "support": 422, "driver": 422}},
	)
}

type inboxAnswer struct {
	Data []struct {
		ID      int64  `json:"id"`
		Kind    string `json:"kind"`
		OrderID string `json:"order_id"`
		Read    bool   `json:"read"`
		At      string `json:"at"`
		Params  struct {
			Driver  string `json:"driver"`
			Vehicle string `json:"vehicle"`
			Plate   string `json:"plate"`
			Place   string `json:"place"`
		} `json:"params"`
	} `json:"data"`
	Unread   int   `json:"unread"`
	ReadUpTo int64 `json:"read_up_to"`
}

// The traveller's order page and bell follow the trip: the owner's progress names the driver, car,
// plate and class once assigned; every step lands in the bell, unread until "mark all read".
func TestTheTravellersBellAndProgressFollowTheTrip(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 1)
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	u, orderID := w.paidOrder(t)
	stranger := w.traveller(t)

	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) == 0 {
		t.Fatalf("board: %+v", board)
	}
	driverID := board.Drivers[0].ID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	inbox := func(s apptest.Session) inboxAnswer {
		t.Helper()
		var in inboxAnswer
		r := a.Get("/api/notifications", s.Token)
		if r.Status != http.StatusOK {
			t.Fatalf("notifications: %d %s", r.Status, r.Body)
		}
		r.JSON(t, &in)
		return in
	}
	kinds := func(in inboxAnswer) string {
		var out []string
		for i := len(in.Data) - 1; i >= 0; i-- {
			out = append(out, in.Data[i].Kind)
		}
		return strings.Join(out, ",")
	}
	eventually(t, "placed and confirmed in the bell", func() (bool, string) {
		in := inbox(u)
		return kinds(in) == "order_placed,order_confirmed" && in.Unread == 2, kinds(in)
	})

	if r := a.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("assign: %d %s", r.Status, r.Body)
	}
	var own struct {
		Data struct {
			Status string `json:"status"`
			Driver *struct {
				Name, Vehicle, Plate string
			} `json:"driver"`
			Class *struct {
				Name   string `json:"name"`
				NameAR string `json:"name_ar"`
			} `json:"class"`
		} `json:"data"`
	}
	a.Get("/api/orders/"+orderID+"/progress", u.Token).JSON(t, &own)
	if own.Data.Status != "assigned" || own.Data.Driver == nil || own.Data.Driver.Name == "" || own.Data.Driver.Plate == "" || own.Data.Driver.Vehicle == "" ||
		own.Data.Class == nil || own.Data.Class.Name == "" {
		t.Fatalf("the owner's progress once assigned: %+v", own.Data)
	}

	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(9 * time.Hour))
	for _, step := range []map[string]any{{"step": "start"}, {"step": "pickup"}, {"step": "arrive", "stop": 1}} {
		if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, step); r.Status != http.StatusOK {
			t.Fatalf("%v: %d %s", step, r.Status, r.Body)
		}
	}
	var in inboxAnswer
	eventually(t, "every step in the bell", func() (bool, string) {
		in = inbox(u)
		return kinds(in) == "order_placed,order_confirmed,driver_assigned,trip_started,picked_up,arrived_at_stop" && in.Unread == 6, kinds(in)
	})
	if in.Data[3].Params.Driver != own.Data.Driver.Name || in.Data[3].Params.Plate != own.Data.Driver.Plate || in.Data[0].Params.Place == "" || in.Data[0].OrderID != orderID {
		t.Fatalf("notification details: %+v", in.Data)
	}
	if s := inbox(stranger); len(s.Data) != 0 || s.Unread != 0 {
		t.Fatalf("another traveller's bell: %+v", s)
	}

	// Mark all read (what the user saw: the newest number); the answer already shows it.
	var marked inboxAnswer
	r := a.Post("/api/notifications/read", u.Token, map[string]int64{"up_to": in.Data[0].ID})
	if r.Status != http.StatusOK {
		t.Fatalf("mark read: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &marked)
	if marked.Unread != 0 || marked.ReadUpTo != in.Data[0].ID || !marked.Data[0].Read || !marked.Data[5].Read {
		t.Fatalf("after marking all read: %s", r.Body)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, map[string]any{"step": "arrive", "stop": 2}); r.Status != http.StatusOK {
		t.Fatalf("arrive 2: %d %s", r.Status, r.Body)
	}
	eventually(t, "a new step unread after marking", func() (bool, string) {
		in = inbox(u)
		return in.Unread == 1 && in.Data[0].Kind == "arrived_at_stop" && !in.Data[0].Read, kinds(in)
	})

	// A mark that names no notification is refused in the caller's language.
	bad := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/notifications/read", Token: u.Token, Body: map[string]int{"up_to": 0},
		Header: map[string]string{"Accept-Language": "ar"}})
	if bad.Status != http.StatusBadRequest && bad.Status != http.StatusUnprocessableEntity || !strings.Contains(string(bad.Body), "إشعار") {
		t.Fatalf("marking up to 0: %d %s", bad.Status, bad.Body)
	}
	// A mark beyond the newest notification is refused: the ones still to come would arrive read.
	ahead := a.Post("/api/notifications/read", u.Token, map[string]int64{"up_to": 999999})
	if ahead.Status != http.StatusUnprocessableEntity || !strings.Contains(string(ahead.Body), "newest") {
		t.Fatalf("marking up to 999999: %d %s", ahead.Status, ahead.Body)
	}
	if in = inbox(u); in.Unread != 1 || in.ReadUpTo == 999999 {
		t.Fatalf("after a refused mark: %+v", in)
	}
	if r := a.Get("/api/notifications?limit=1000", u.Token); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("limit 1000: %d %s", r.Status, r.Body)
	}
}
