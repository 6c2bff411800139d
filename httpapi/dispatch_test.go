package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

type boardAnswer struct {
	Data []struct {
		OrderID  string   `json:"order_id"`
		Status   string   `json:"status"`
		Stop     int      `json:"stop"`
		NextStep string   `json:"next_step"`
		NextStop int      `json:"next_stop"`
		Pickup   string   `json:"pickup"`
		PickupAR string   `json:"pickup_ar"`
		Stops    []string `json:"stops"`
		StopsAR  []string `json:"stops_ar"`
		Driver   *struct {
			ID     string `json:"id"`
			Name   string `json:"name"`
			NameAR string `json:"name_ar"`
		} `json:"driver"`
	} `json:"data"`
	Drivers []struct {
		ID           string `json:"id"`
		Name         string `json:"name"`
		WorksThatDay bool   `json:"works_that_day"`
		Trips        int    `json:"trips"`
		AccountEmail string `json:"account_email"`
	} `json:"drivers"`
}

type progressAnswer struct {
	Data struct {
		Status string   `json:"status"`
		Stop   int      `json:"stop"`
		Stops  []string `json:"stops"`
		Steps  []struct {
			Type   string `json:"type"`
			Stop   int    `json:"stop"`
			Name   string `json:"name"`
			Driver string `json:"driver"`
		} `json:"steps"`
		Driver *struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Plate string `json:"plate"`
		} `json:"driver"`
		DriverTurn int `json:"driver_turn"`
	} `json:"data"`
}

// linkAndAssign links the driver account to the catalogue driver driverID and gives it the trip of
// orderID, as an operator does on the board.
func linkAndAssign(t *testing.T, a *apptest.App, admin, driver apptest.Session, driverID, orderID string) {
	t.Helper()
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("assign: %d %s", r.Status, r.Body)
	}
}

// paidOrder checks a traveller's cart out and pays it with the sandbox's success card.
func (w *orderWorld) paidOrder(t *testing.T) (apptest.Session, string) {
	t.Helper()
	u := w.traveller(t)
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	return u, placed.Data.OrderID
}

// An account drives for one driver: linking it to a second driver is refused with the first one's
// name, in the operator's language, until the first driver is linked to another account; then the
// second link goes through and the board shows each driver with their own account.
func TestADriverAccountIsLinkedToOneDriverAtATime(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	a := w.a
	admin, driver, other := a.Staff(t, "admin"), a.Staff(t, "driver"), a.Staff(t, "driver")
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) != 2 || board.Drivers[0].Name == "" {
		t.Fatalf("board: %+v", board)
	}
	first, second := board.Drivers[0], board.Drivers[1]
	link := func(driverID, email string, lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
			Body: map[string]string{"email": email}, Header: map[string]string{"lang": lang}})
	}
	if r := link(first.ID, driver.Email, "en"); r.Status != http.StatusOK {
		t.Fatalf("link the first driver: %d %s", r.Status, r.Body)
	}
	r := link(second.ID, driver.Email, "en")
	if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), first.Name) {
		t.Fatalf("the same account for the second driver: %d %s, want 409 naming %q", r.Status, r.Body, first.Name)
	}
	if r := link(second.ID, driver.Email, "ar"); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "مرتبط بالفعل") {
		t.Fatalf("in Arabic: %d %s", r.Status, r.Body)
	}
	if r := link(first.ID, driver.Email, "en"); r.Status != http.StatusOK {
		t.Fatalf("the first driver's own account again: %d %s", r.Status, r.Body)
	}
	if r := link(first.ID, other.Email, "en"); r.Status != http.StatusOK {
		t.Fatalf("move the first driver to another account: %d %s", r.Status, r.Body)
	}
	if r := link(second.ID, driver.Email, "en"); r.Status != http.StatusOK {
		t.Fatalf("the freed account for the second driver: %d %s", r.Status, r.Body)
	}
	if r := link(first.ID, driver.Email, "en"); r.Status != http.StatusConflict {
		t.Fatalf("the account back to the first driver while the second holds it: %d %s", r.Status, r.Body)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
		emails := map[string]string{}
		for _, d := range board.Drivers {
			emails[d.ID] = d.AccountEmail
		}
		if emails[first.ID] == other.Email && emails[second.ID] == driver.Email {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("board's accounts: %v", emails)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestDispatchFromTheBoardToTheTravellersProgress(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	a := w.a
	admin, support, driver := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver")
	u, orderID := w.paidOrder(t)
	unpaidUser := w.traveller(t)
	var unpaidID string
	if r, unpaid := w.checkout(t, unpaidUser, ""); r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	} else {
		unpaidID = unpaid.Data.OrderID
	}

	var board boardAnswer
	r := a.Get("/api/admin/trips?date="+w.date, support.Token)
	r.JSON(t, &board)
	if r.Status != http.StatusOK || len(board.Data) != 1 || board.Data[0].OrderID != orderID || board.Data[0].Status != "unassigned" ||
		len(board.Drivers) != 2 || !board.Drivers[0].WorksThatDay {
		t.Fatalf("board: %d %s", r.Status, r.Body)
	}
	driverID := board.Drivers[0].ID

	// A driver without a linked account cannot be given a trip; linking it fixes that.
	if r := a.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusConflict {
		t.Fatalf("assign before linking: %d %s", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": u.Email}}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("linking a traveller's account: %d %s", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/admin/trips/"+unpaidID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusConflict ||
		!strings.Contains(string(r.Body), "confirmed") {
		t.Fatalf("assigning an unpaid order: %d %s", r.Status, r.Body)
	}
	assign := apptest.Request{Method: http.MethodPost, Path: "/api/admin/trips/" + orderID + "/driver", Token: admin.Token,
		Body: map[string]string{"driver_id": driverID}, Header: map[string]string{"Idempotency-Key": "assign-" + orderID}}
	r = a.Do(assign)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"assigned"`) {
		t.Fatalf("assign: %d %s", r.Status, r.Body)
	}
	// A retried assignment with its Idempotency-Key is answered from the first one.
	if again := a.Do(assign); again.Status != http.StatusOK || again.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(again.Body, r.Body) {
		t.Fatalf("assign again: %d %q %s", again.Status, again.Header.Get("Idempotent-Replayed"), again.Body)
	}
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if board.Drivers[0].Trips != 1 || board.Drivers[0].AccountEmail != driver.Email || board.Data[0].Driver == nil {
		t.Fatalf("board after assigning: %+v", board)
	}

	// The driver sees their trip and walks it through; another driver cannot touch it.
	var mine boardAnswer
	a.Get("/api/driver/trips?from="+w.date, driver.Token).JSON(t, &mine)
	if len(mine.Data) != 1 || mine.Data[0].NextStep != "start" {
		t.Fatalf("driver's trips: %+v", mine)
	}
	// The places and the driver are named in English and in Arabic, for the page to show the reader's.
	if tr := mine.Data[0]; tr.Pickup != "Nile Hotel" || tr.PickupAR != "فندق النيل" || len(tr.Stops) == 0 || len(tr.StopsAR) != len(tr.Stops) ||
		tr.StopsAR[0] != "عربي "+tr.Stops[0] || tr.Driver == nil || tr.Driver.NameAR != "سائق" {
		t.Fatalf("the driver's trip in both languages: %+v", tr)
	}
	other := a.Staff(t, "driver")
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", other.Token, map[string]string{"step": "start"}); r.Status != http.StatusForbidden {
		t.Fatalf("another driver: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, map[string]string{"step": "pickup"}); r.Status != http.StatusConflict {
		t.Fatalf("pick-up before the start: %d %s", r.Status, r.Body)
	}
	progress := func() progressAnswer {
		var p progressAnswer
		r := a.Post("/api/trips/"+orderID+"/progress", "", map[string]string{"email": u.Email})
		if r.Status != http.StatusOK {
			t.Fatalf("progress: %d %s", r.Status, r.Body)
		}
		r.JSON(t, &p)
		return p
	}
	if p := progress(); p.Data.Status != "assigned" || p.Data.Driver == nil || len(p.Data.Stops) != 2 {
		t.Fatalf("progress when assigned: %+v", p)
	}
	// The trip's day, an hour before its 10:00 pickup.
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(9 * time.Hour))
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, map[string]any{"step": "start"}); r.Status != http.StatusOK {
		t.Fatalf("start: %d %s", r.Status, r.Body)
	}
	// A stop the two-stop trip does not have is the request's mistake (422 on its field), not a step
	// out of order (409).
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, map[string]any{"step": "arrive", "stop": 5}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("arrive at stop 5 of 2: %d %s", r.Status, r.Body)
	} else {
		var body struct {
			Errors map[string][]string `json:"errors"`
		}
		if r.JSON(t, &body); len(body.Errors["stop"]) != 1 || body.Errors["stop"][0] != "This trip has no such stop." {
			t.Fatalf("arrive at stop 5 of 2: %s", r.Body)
		}
	}
	for _, step := range []map[string]any{{"step": "pickup"}, {"step": "arrive", "stop": 1}} {
		if r := a.Post("/api/driver/trips/"+orderID+"/progress", driver.Token, step); r.Status != http.StatusOK {
			t.Fatalf("%v: %d %s", step, r.Status, r.Body)
		}
	}
	if p := progress(); p.Data.Status != "at_stop" || p.Data.Stop != 1 || len(p.Data.Steps) != 4 {
		t.Fatalf("progress at the first stop: %+v", p)
	}
	var own progressAnswer
	if r := a.Get("/api/orders/"+orderID+"/progress", u.Token); r.Status != http.StatusOK {
		t.Fatalf("owner's progress: %d %s", r.Status, r.Body)
	} else if r.JSON(t, &own); own.Data.Stop != 1 {
		t.Fatalf("owner's progress: %s", r.Body)
	}
	// In Arabic the traveller reads the stops' Arabic names.
	var arabic progressAnswer
	if r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + orderID + "/progress", Token: u.Token,
		Header: map[string]string{"Accept-Language": "ar"}}); r.Status != http.StatusOK {
		t.Fatalf("owner's progress in Arabic: %d %s", r.Status, r.Body)
	} else if r.JSON(t, &arabic); len(arabic.Data.Stops) == 0 || len(arabic.Data.Stops) != len(own.Data.Stops) || arabic.Data.Stops[0] != "عربي "+own.Data.Stops[0] {
		t.Fatalf("the stops in Arabic %q, in English %q", arabic.Data.Stops, own.Data.Stops)
	}
	// The step "arrived at …" names the stop in the reader's language too (the event holds the English
	// name; the stop's number finds the Arabic one).
	arrived := func(p progressAnswer) string {
		for _, s := range p.Data.Steps {
			if s.Type == "ArrivedAtStop" && s.Stop == 1 {
				return s.Name
			}
		}
		return ""
	}
	if en, ar := arrived(own), arrived(arabic); en != own.Data.Stops[0] || ar != "عربي "+own.Data.Stops[0] {
		t.Fatalf("arrived at the first stop: English %q, Arabic %q", en, ar)
	}
	// So does the step that names the driver.
	assigned := func(p progressAnswer) string {
		for _, s := range p.Data.Steps {
			if s.Type == "DriverAssigned" {
				return s.Driver
			}
		}
		return ""
	}
	if en, ar := assigned(own), assigned(arabic); en == "" || en == "سائق" || ar != "سائق" {
		t.Fatalf("the driver assigned: English %q, Arabic %q; want the Arabic name in Arabic", en, ar)
	}
	if r := a.Get("/api/orders/"+orderID+"/progress", unpaidUser.Token); r.Status != http.StatusNotFound {
		t.Fatalf("someone else's progress: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/trips/"+orderID+"/progress", "", map[string]string{"email": "else@example.com"}); r.Status != http.StatusNotFound {
		t.Fatalf("a wrong e-mail: %d %s", r.Status, r.Body)
	}
	if r := a.Delete("/api/admin/trips/"+orderID+"/driver", admin.Token); r.Status != http.StatusConflict {
		t.Fatalf("unassigning a started trip: %d %s", r.Status, r.Body)
	}

	// Support reads the dispatch stream with who did what.
	r = a.Get("/api/support/streams/dispatch-"+orderID, support.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("stream: %d %s", r.Status, r.Body)
	}
	var stream struct {
		Data []struct {
			Type     string `json:"type"`
			Version  int64  `json:"version"`
			Summary  string `json:"summary"`
			Metadata struct {
				ActorID   string `json:"actor_id"`
				ActorRole string `json:"actor_role"`
				CommandID string `json:"command_id"`
				ClientIP  string `json:"client_ip"`
			} `json:"metadata"`
		} `json:"data"`
	}
	r.JSON(t, &stream)
	if len(stream.Data) != 4 || stream.Data[0].Type != "DriverAssigned" || stream.Data[0].Metadata.ActorID != admin.UserID ||
		stream.Data[1].Metadata.ActorRole != "driver" || stream.Data[3].Version != 3 || stream.Data[0].Metadata.CommandID == "" || stream.Data[0].Metadata.ClientIP == "" {
		t.Fatalf("dispatch stream: %s", r.Body)
	}
	// Each step says who drove what, where and when, on Cairo's clock.
	if got := stream.Data[0].Summary; !strings.HasPrefix(got, "Given to Driver 0 (") || !strings.Contains(got, "Cairo time") {
		t.Fatalf("the assignment says %q", got)
	}
	if got := stream.Data[1].Summary; !strings.HasPrefix(got, "Driver 0 set off at ") {
		t.Fatalf("the start says %q", got)
	}
}

func TestSupportTimeTravelsAnOrderAndRebuildsAReadModel(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	support := a.Staff(t, "support")
	u, orderID := w.paidOrder(t)

	var found struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	for _, q := range []string{orderID, strings.ToLower(orderID[4:]), u.Email} {
		a.Get("/api/support/orders?q="+q, support.Token).JSON(t, &found)
		if len(found.Data) != 1 || found.Data[0].ID != orderID {
			t.Fatalf("search %q: %+v", q, found)
		}
	}

	type history struct {
		Data struct {
			Version int64 `json:"version"`
			At      int64 `json:"at"`
			Events  []struct {
				Type string `json:"type"`
			} `json:"events"`
			State struct {
				Status string `json:"status"`
				Paid   struct {
					Minor int64 `json:"minor"`
				} `json:"paid"`
			} `json:"state"`
			Actions map[string]string `json:"actions"`
		} `json:"data"`
	}
	var now, then history
	a.Get("/api/support/orders/"+orderID+"/history", support.Token).JSON(t, &now)
	if now.Data.State.Status != "confirmed" || now.Data.State.Paid.Minor == 0 || now.Data.At != now.Data.Version || len(now.Data.Events) != int(now.Data.Version)+1 ||
		now.Data.Actions["cancel"] == "" {
		t.Fatalf("history now: %+v", now)
	}
	a.Get("/api/support/orders/"+orderID+"/history?at=0", support.Token).JSON(t, &then)
	if then.Data.State.Status != "awaiting_payment" || then.Data.State.Paid.Minor != 0 || len(then.Data.Events) != len(now.Data.Events) {
		t.Fatalf("history at version 0: %+v", then)
	}
	if r := a.Get("/api/support/orders/"+orderID+"/history?at=99", support.Token); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a version beyond the history: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/support/streams/nothing-"+uuid.NewString(), support.Token); r.Status != http.StatusNotFound {
		t.Fatalf("an empty stream: %d %s", r.Status, r.Body)
	}

	// Read models say they can be rebuilt; process managers, never replayed, say they cannot.
	var status struct {
		Data []struct {
			Name        string `json:"name"`
			Rebuildable bool   `json:"rebuildable"`
		} `json:"data"`
	}
	a.Get("/api/admin/projections", support.Token).JSON(t, &status)
	rebuildable := map[string]bool{}
	for _, p := range status.Data {
		rebuildable[p.Name] = p.Rebuildable
	}
	if !rebuildable["dispatch"] || !rebuildable["orders"] || rebuildable["payments"] {
		t.Fatalf("which can be rebuilt: %+v", status.Data)
	}
	if r := a.Post("/api/admin/projections/payments/rebuild", support.Token, nil); r.Status != http.StatusNotFound {
		t.Fatalf("rebuilding a process: %d %s", r.Status, r.Body)
	}

	// A rebuild runs in the background; the read model answers the same afterwards.
	if r := a.Post("/api/admin/projections/dispatch/rebuild", support.Token, nil); r.Status != http.StatusAccepted {
		t.Fatalf("rebuild: %d %s", r.Status, r.Body)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := a.Get("/api/admin/projections", support.Token)
		if r.Status != http.StatusOK {
			t.Fatalf("status: %d %s", r.Status, r.Body)
		}
		if !strings.Contains(string(r.Body), `"rebuilding":true`) && strings.Contains(string(r.Body), `"name":"dispatch"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the rebuild did not finish: %s", r.Body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, support.Token).JSON(t, &board)
	if len(board.Data) != 1 || board.Data[0].OrderID != orderID {
		t.Fatalf("board after the rebuild: %+v", board)
	}
}

func init() {
	staffOnly := func(code int) map[string]int { return rolesOnly(code, "admin", "support") }
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/admin/trips", Want: staffOnly(200)},
		// An unknown order: only an admin gets as far as hearing so.
		authzRoute{Method: "POST", Route: "/api/admin/trips/{orderID}/driver", Want: rolesOnly(404, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/trips/MSH-222222/driver", Body: map[string]string{"driver_id": uuid.NewString()}}
		}},
		authzRoute{Method: "DELETE", Route: "/api/admin/trips/{orderID}/driver", Want: rolesOnly(409, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/trips/MSH-222222/driver"}
		}},
		authzRoute{Method: "POST", Route: "/api/admin/trips/{orderID}/handover", Want: rolesOnly(404, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/trips/MSH-222222/handover", Body: map[string]string{"driver_id": uuid.NewString(), "reason": "flat tyre"}}
		}},
		authzRoute{Method: "PUT", Route: "/api/admin/drivers/{driverID}/account", Want: rolesOnly(404, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/drivers/" + uuid.NewString() + "/account", Body: map[string]string{"email": "nobody@example.com"}}
		}},
		authzRoute{Method: "GET", Route: "/api/driver/trips", Want: rolesOnly(200, "driver")},
		// A trip number nobody booked is not found, for the driver as for anyone.
		authzRoute{Method: "POST", Route: "/api/driver/trips/{orderID}/progress", Want: rolesOnly(404, "driver"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/driver/trips/MSH-222222/progress", Body: map[string]string{"step": "start"}}
		}},
		authzRoute{Method: "POST", Route: "/api/trips/{tripNumber}/progress", Want: everyone(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/trips/MSH-222222/progress", Body: map[string]string{"email": "nobody@example.com"}}
		}},
		authzRoute{Method: "GET", Route: "/api/orders/{id}/progress", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + "/progress"}
		}},
		authzRoute{Method: "GET", Route: "/api/support/streams/{stream}", Want: staffOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/support/streams/order-" + authzUserOrder(t, e)}
		}},
		authzRoute{Method: "GET", Route: "/api/support/orders", Want: staffOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/support/orders?q=mona"}
		}},
		authzRoute{Method: "GET", Route: "/api/support/orders/{id}/history", Want: staffOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/support/orders/" + authzUserOrder(t, e) + "/history"}
		}},
		authzRoute{Method: "POST", Route: "/api/admin/projections/{name}/rebuild", Want: staffOnly(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/projections/nothing/rebuild"}
		}},
	)
}

// The driver's trip carries what the traveller wrote at checkout, their group size and the class of car they booked
// (the board shows the same); the traveller's progress view never shows them, and another driver
// does not see the trip at all.
func TestTheDriverSeesTheTravellersCommentsAndTheCarClass(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin, driver, other := a.Staff(t, "admin"), a.Staff(t, "driver"), a.Staff(t, "driver")
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["travellers"] = 51
	if r := a.Post("/api/orders", u.Token, body); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), `"travellers"`) {
		t.Fatalf("a group of 51: %d %s", r.Status, r.Body)
	}
	body["travellers"] = 3
	r := a.Post("/api/orders", u.Token, body)
	var placed placedAnswer
	if r.JSON(t, &placed); r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	orderID := placed.Data.OrderID
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) != 1 {
		t.Fatalf("board: %+v", board)
	}
	driverID := board.Drivers[0].ID
	linkAndAssign(t, a, admin, driver, driverID, orderID)

	var mine struct {
		Data []struct {
			OrderID    string `json:"order_id"`
			Phone      string `json:"phone"`
			Comments   string `json:"comments"`
			Travellers int    `json:"travellers"`
			RatePlan   *struct {
				ID     string `json:"id"`
				Name   string `json:"name"`
				NameAR string `json:"name_ar"`
			} `json:"rate_plan"`
		} `json:"data"`
	}
	r = a.Get("/api/driver/trips?from="+w.date, driver.Token)
	r.JSON(t, &mine)
	if r.Status != http.StatusOK || len(mine.Data) != 1 || mine.Data[0].OrderID != orderID {
		t.Fatalf("driver's trips: %d %s", r.Status, r.Body)
	}
	if tr := mine.Data[0]; tr.Comments != "Window seat please" || tr.Travellers != 3 || tr.Phone == "" || tr.RatePlan == nil ||
		tr.RatePlan.ID != w.plan.String() || tr.RatePlan.Name != "Sedan" || tr.RatePlan.NameAR != "سيدان" {
		t.Fatalf("the driver's trip lacks the traveller's comments, group size, phone or car class: %s", r.Body)
	}
	if r := a.Get("/api/admin/trips?date="+w.date, admin.Token); !strings.Contains(string(r.Body), "Window seat please") {
		t.Fatalf("the board lacks the traveller's comments: %s", r.Body)
	}
	if r := a.Get("/api/driver/trips?from="+w.date, other.Token); r.Status != http.StatusOK || strings.Contains(string(r.Body), orderID) {
		t.Fatalf("another driver's list: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/orders/"+orderID+"/progress", u.Token); r.Status != http.StatusOK || strings.Contains(string(r.Body), "Window seat") ||
		strings.Contains(string(r.Body), "rate_plan") {
		t.Fatalf("the traveller's progress: %d %s", r.Status, r.Body)
	}
}

// A driver who carries a trip is not archived out from under it: the operator is told which trip,
// in their language, and archives once the trip has another driver.
func TestADriverWhoCarriesATripIsNotArchivedUntilItHasAnotherDriver(t *testing.T) {
	t.Parallel()
	w := seedOrderWorld(t, apptest.New(t), 1, 1)
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	_, orderID := w.paidOrder(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	driverID := board.Drivers[0].ID
	linkAndAssign(t, a, admin, driver, driverID, orderID)

	r := a.Delete("/api/admin/drivers/"+driverID, admin.Token)
	if r.Status != http.StatusConflict || !strings.Contains(r.Map(t)["message"].(string), orderID) {
		t.Fatalf("archiving a driver with a trip: %d %s", r.Status, r.Body)
	}
	ar := a.Do(apptest.Request{Method: http.MethodDelete, Path: "/api/admin/drivers/" + driverID, Token: admin.Token, Header: map[string]string{"Accept-Language": "ar"}})
	if ar.Status != http.StatusConflict || !strings.Contains(ar.Map(t)["message"].(string), "أسندها إلى سائق آخر") {
		t.Fatalf("in Arabic: %d %s", ar.Status, ar.Body)
	}
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) != 1 || board.Data[0].Driver == nil {
		t.Fatalf("the refused archive changed the board: %+v", board)
	}

	if r := a.Delete("/api/admin/trips/"+orderID+"/driver?reason=swap", admin.Token); r.Status != http.StatusOK {
		t.Fatalf("unassign: %d %s", r.Status, r.Body)
	}
	if r := a.Delete("/api/admin/drivers/"+driverID, admin.Token); r.Status != http.StatusOK {
		t.Fatalf("archiving once the trip is given back: %d %s", r.Status, r.Body)
	}
}

// A car breaks down on the road: the admin hands the trip to another driver, saying why (a reason is
// required, in the reader's language); support cannot. The new driver goes on from the step reached,
// the former one can no longer move it, the traveller's progress names the new driver, and support's
// history says who handed what to whom and why.
func TestATripOnTheRoadIsHandedToAnotherDriver(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	a := w.a
	admin, support, first, second := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver"), a.Staff(t, "driver")
	u, orderID := w.paidOrder(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	firstID, secondID := board.Drivers[0].ID, board.Drivers[1].ID
	linkAndAssign(t, a, admin, first, firstID, orderID)
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + secondID + "/account", Token: admin.Token,
		Body: map[string]string{"email": second.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link the second driver: %d %s", r.Status, r.Body)
	}
	path := "/api/admin/trips/" + orderID + "/handover"
	if r := a.Post(path, admin.Token, map[string]string{"driver_id": secondID, "reason": "flat tyre"}); r.Status != http.StatusConflict {
		t.Fatalf("a trip not started: %d %s", r.Status, r.Body)
	}
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(9 * time.Hour))
	for _, step := range []map[string]any{{"step": "start"}, {"step": "pickup"}} {
		if r := a.Post("/api/driver/trips/"+orderID+"/progress", first.Token, step); r.Status != http.StatusOK {
			t.Fatalf("%v: %d %s", step, r.Status, r.Body)
		}
	}
	if r := a.Post(path, support.Token, map[string]string{"driver_id": secondID, "reason": "flat tyre"}); r.Status != http.StatusForbidden {
		t.Fatalf("support hands over: %d %s", r.Status, r.Body)
	}
	noReason := a.Do(apptest.Request{Method: http.MethodPost, Path: path, Token: admin.Token, Body: map[string]string{"driver_id": secondID},
		Header: map[string]string{"Accept-Language": "ar"}})
	if noReason.Status != http.StatusUnprocessableEntity || !strings.Contains(string(noReason.Body), "اذكر سبب تسليم الرحلة") {
		t.Fatalf("no reason: %d %s", noReason.Status, noReason.Body)
	}
	if r := a.Post(path, admin.Token, map[string]string{"reason": "flat tyre"}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("no driver: %d %s", r.Status, r.Body)
	}
	r := a.Post(path, admin.Token, map[string]string{"driver_id": secondID, "reason": "flat tyre on the ring road"})
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"picked_up"`) || !strings.Contains(string(r.Body), `"reason":"flat tyre on the ring road"`) {
		t.Fatalf("hand-over: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", first.Token, map[string]any{"step": "arrive", "stop": 1}); r.Status != http.StatusForbidden {
		t.Fatalf("the former driver goes on: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", second.Token, map[string]any{"step": "arrive", "stop": 1}); r.Status != http.StatusOK {
		t.Fatalf("the new driver goes on: %d %s", r.Status, r.Body)
	}
	var p progressAnswer
	r = a.Get("/api/orders/"+orderID+"/progress", u.Token)
	r.JSON(t, &p)
	// The driver turn changes with the hand-over (the live car's positions carry it, so the page
	// drops the former driver's car); the driver's catalogue id is never the traveller's.
	if p.Data.Driver == nil || p.Data.Driver.Name != board.Drivers[1].Name || p.Data.DriverTurn != 2 || p.Data.Status != "at_stop" {
		t.Fatalf("the traveller's progress: %+v", p)
	}
	if p.Data.Driver.ID != "" || strings.Contains(string(r.Body), secondID) || strings.Contains(string(r.Body), board.Drivers[0].ID) {
		t.Fatalf("the traveller's progress names a driver's id: %s", r.Body)
	}
	if strings.Contains(fmt.Sprint(p), "flat tyre") {
		t.Fatalf("the traveller reads staff's reason: %+v", p)
	}
	var stream struct {
		Data []struct {
			Type    string `json:"type"`
			Summary string `json:"summary"`
		} `json:"data"`
	}
	a.Get("/api/support/streams/dispatch-"+orderID, support.Token).JSON(t, &stream)
	said := ""
	for _, e := range stream.Data {
		if e.Type == "TripHandedOver" {
			said = e.Summary
		}
	}
	if want := "Handed over on the road from " + board.Drivers[0].Name + " to " + board.Drivers[1].Name; !strings.HasPrefix(said, want) || !strings.HasSuffix(said, "flat tyre on the ring road") {
		t.Fatalf("support reads %q, want it to start %q", said, want)
	}
}

// A driver's trips are the driver's: when the operator links the driver to another account (a lost
// phone, a new e-mail), the account linked before no longer lists them, with their travellers'
// names and phones, nor takes their steps; the account linked now does both.
func TestADriversTripsMoveWithTheDriverToTheirNewAccount(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin, before, now := a.Staff(t, "admin"), a.Staff(t, "driver"), a.Staff(t, "driver")
	_, orderID := w.paidOrder(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) != 1 {
		t.Fatalf("board: %+v", board)
	}
	driverID := board.Drivers[0].ID
	linkAndAssign(t, a, admin, before, driverID, orderID)
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": now.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link the new account: %d %s", r.Status, r.Body)
	}

	if r := a.Get("/api/driver/trips?from="+w.date, before.Token); r.Status != http.StatusOK || strings.Contains(string(r.Body), orderID) {
		t.Fatalf("the account linked before still lists the trip: %d %s", r.Status, r.Body)
	}
	r := a.Get("/api/driver/trips?from="+w.date, now.Token)
	var listed struct {
		Data []struct {
			OrderID    string     `json:"order_id"`
			StartAt    time.Time  `json:"start_at"`
			StartsFrom *time.Time `json:"starts_from"`
		} `json:"data"`
	}
	if r.JSON(t, &listed); r.Status != http.StatusOK || len(listed.Data) != 1 || listed.Data[0].OrderID != orderID {
		t.Fatalf("the account linked now does not list the trip: %d %s", r.Status, r.Body)
	}
	// A trip waiting for its start says when it may be started: the page offers no start before.
	if tr := listed.Data[0]; tr.StartsFrom == nil || !tr.StartsFrom.Before(tr.StartAt) {
		t.Fatalf("the waiting trip's first moment to start: %v (pickup %v)", tr.StartsFrom, tr.StartAt)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", before.Token, map[string]string{"step": "start"}); r.Status != http.StatusForbidden {
		t.Fatalf("the account linked before takes a step: %d %s", r.Status, r.Body)
	}
	// The account linked now is the trip's driver: it is refused only for the clock (the trip starts
	// later today), never as another driver.
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", now.Token, map[string]string{"step": "start"}); r.Status == http.StatusForbidden {
		t.Fatalf("the account linked now is refused as another driver: %d %s", r.Status, r.Body)
	}
}
