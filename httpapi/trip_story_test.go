package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

// testClock is the app's command clock, moved by the test (the wall clock plus an offset).
type testClock struct{ offset atomic.Int64 }

func (c *testClock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// Set moves the clock to t.
func (c *testClock) Set(t time.Time) { c.offset.Store(int64(time.Until(t))) }

// eventually polls check until it holds, failing the test after 15 s with what it last saw.
func eventually(t *testing.T, what string, check func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok, saw := check()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still %s", what, saw)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Failure 1 of issue 11: a driver started and completed a trip a week before its date, the traveller
// then cancelled the "completed" trip with a full refund, the board still said completed and
// /tripstatus showed both "Cancelled" and "Trip completed". Now the order and its trip are one story.
func TestTheOrderAndItsTripAreOneStory(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 2)
	a := w.a
	// Eight days ahead: the driver tries a week early.
	w.date = time.Now().In(cat.Cairo).AddDate(0, 0, 8).Format(time.DateOnly)
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	// A driver's trips may not overlap (domain/dispatch): the second and third trips start after the
	// first is back.
	paidAt := func(clock string) (apptest.Session, string) {
		t.Helper()
		u := w.traveller(t)
		body := w.checkoutBody(u)
		body["time"] = clock
		r := a.Post("/api/orders", u.Token, body)
		if r.Status != http.StatusCreated {
			t.Fatalf("checkout at %s: %d %s", clock, r.Status, r.Body)
		}
		var placed placedAnswer
		r.JSON(t, &placed)
		payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
		return u, placed.Data.OrderID
	}
	u, orderID := paidAt("09:00")
	other, cancelledID := paidAt("15:00")
	_, spareID := paidAt("15:00")

	var board boardAnswer
	eventually(t, "the three paid orders on the board", func() (bool, string) {
		r := a.Get("/api/admin/trips?date="+w.date, admin.Token)
		r.JSON(t, &board)
		return len(board.Data) == 3 && len(board.Drivers) == 2, string(r.Body)
	})
	driverID := board.Drivers[0].ID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	for _, id := range []string{orderID, cancelledID} {
		if r := a.Post("/api/admin/trips/"+id+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
			t.Fatalf("assign %s: %d %s", id, r.Status, r.Body)
		}
	}

	// The driver takes two trips a day, apart: a third is refused while both stand.
	if r := a.Post("/api/admin/trips/"+spareID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusConflict {
		t.Fatalf("a third trip for the driver: %d %s", r.Status, r.Body)
	}

	// Staff cancel an assigned trip: it leaves the board and the driver's list, the driver's day is
	// freed, and the traveller sees it cancelled, never "waiting for a driver".
	if r := a.Post("/api/admin/orders/"+cancelledID+"/cancel", admin.Token, map[string]string{"reason": "the traveller phoned", "initiated_by": "traveller"}); r.Status != http.StatusOK {
		t.Fatalf("staff cancel: %d %s", r.Status, r.Body)
	}
	eventually(t, "the cancelled order's trip leaves the board and the driver's list", func() (bool, string) {
		var mine boardAnswer
		r := a.Get("/api/admin/trips?date="+w.date, admin.Token)
		r.JSON(t, &board)
		a.Get("/api/driver/trips?from="+w.date, driver.Token).JSON(t, &mine)
		return len(board.Data) == 2 && board.Data[0].OrderID != cancelledID && board.Data[1].OrderID != cancelledID &&
			len(mine.Data) == 1 && mine.Data[0].OrderID == orderID, string(r.Body)
	})

	status := func(id, email string) (string, string) {
		t.Helper()
		r := a.Post("/api/tripstatus", "", map[string]string{"trip_number": id, "email": email})
		if r.Status != http.StatusOK {
			t.Fatalf("tripstatus %s: %d %s", id, r.Status, r.Body)
		}
		var ts struct {
			Data struct {
				Status string `json:"status"`
			} `json:"data"`
		}
		r.JSON(t, &ts)
		return ts.Data.Status, string(r.Body)
	}
	progress := func(id, email string) (progressAnswer, string) {
		t.Helper()
		r := a.Post("/api/trips/"+id+"/progress", "", map[string]string{"email": email})
		if r.Status != http.StatusOK {
			t.Fatalf("progress %s: %d %s", id, r.Status, r.Body)
		}
		var p progressAnswer
		r.JSON(t, &p)
		return p, string(r.Body)
	}
	if s, body := status(cancelledID, other.Email); s != "cancelled" || strings.Contains(body, "TripCompleted") {
		t.Fatalf("tripstatus of the cancelled order: %s", body)
	}
	if p, body := progress(cancelledID, other.Email); p.Data.Status != "cancelled" || p.Data.Driver != nil {
		t.Fatalf("progress of the cancelled order: %s", body)
	}
	eventually(t, "the release is on the trip's stream and the driver's day", func() (bool, string) {
		trip := a.Get("/api/support/streams/dispatch-"+cancelledID, admin.Token)
		day := a.Get("/api/support/streams/driverday-"+driverID+"-"+w.date, admin.Token)
		return strings.Contains(string(trip.Body), `"type":"TripCancelled"`) && strings.Contains(string(day.Body), `"type":"DriverDayReleased"`),
			string(trip.Body) + string(day.Body)
	})
	// Its driver's day is free again: the third trip fits.
	if r := a.Post("/api/admin/trips/"+spareID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("the driver's day after the release: %d %s", r.Status, r.Body)
	}

	// A week early the trip does not start.
	step := func(token string, body map[string]any) apptest.Response {
		t.Helper()
		return a.Post("/api/driver/trips/"+orderID+"/progress", token, body)
	}
	if r := step(driver.Token, map[string]any{"step": "start"}); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "too early to start this trip") {
		t.Fatalf("a week early: %d %s", r.Status, r.Body)
	}
	// On the day, from two hours before the 10:00 pickup, it does.
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(8*time.Hour + 30*time.Minute))
	if r := step(driver.Token, map[string]any{"step": "start"}); r.Status != http.StatusOK {
		t.Fatalf("on the day: %d %s", r.Status, r.Body)
	}

	// The traveller can no longer cancel (nor get their money back), in their language.
	cancel := func(lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + orderID + "/cancel", Token: u.Token,
			Body: map[string]string{"reason": "plans changed"}, Header: map[string]string{"Accept-Language": lang}})
	}
	if r := cancel("en"); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "Your trip has started") {
		t.Fatalf("traveller cancel after the start: %d %s", r.Status, r.Body)
	}
	if r := cancel("ar"); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "بدأت رحلتك") {
		t.Fatalf("traveller cancel after the start, in Arabic: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/orders/"+orderID+"/refund", u.Token, map[string]string{"reason": "changed my mind"}); r.Status != http.StatusConflict {
		t.Fatalf("refund request after the start: %d %s", r.Status, r.Body)
	}
	eventually(t, "the order records the start and offers nothing more", func() (bool, string) {
		o := w.order(t, u.Token, orderID)
		return o.Data.Status == "confirmed" && !o.Data.Actions.Cancel && !o.Data.Actions.Refund && !o.Data.Actions.Exchange, o.Data.Status
	})

	for _, s := range []map[string]any{{"step": "pickup"}, {"step": "arrive", "stop": 1}, {"step": "arrive", "stop": 2}, {"step": "complete"}} {
		if r := step(driver.Token, s); r.Status != http.StatusOK {
			t.Fatalf("%v: %d %s", s, r.Status, r.Body)
		}
	}

	// A completed trip completes the order: order page, trip status, history, board, e-mail.
	eventually(t, "the order is completed", func() (bool, string) {
		o := w.order(t, u.Token, orderID)
		done := false
		for _, e := range o.Data.Timeline {
			done = done || e.Type == "OrderCompleted"
		}
		return o.Data.Status == "completed" && done, o.Data.Status
	})
	if s, body := status(orderID, u.Email); s != "completed" || strings.Contains(body, `"status":"cancelled"`) {
		t.Fatalf("tripstatus of the completed order: %s", body)
	}
	if p, body := progress(orderID, u.Email); p.Data.Status != "completed" {
		t.Fatalf("progress of the completed order: %s", body)
	}
	var mineOrders struct {
		Data []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	}
	a.Get("/api/orders", u.Token).JSON(t, &mineOrders)
	if len(mineOrders.Data) != 1 || mineOrders.Data[0].Status != "completed" {
		t.Fatalf("the traveller's orders: %+v", mineOrders)
	}
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Data) != 2 || board.Data[0].OrderID != orderID && board.Data[1].OrderID != orderID {
		t.Fatalf("board at the end: %+v", board)
	}
	for _, tr := range board.Data {
		if tr.OrderID == orderID && tr.Status != "completed" || tr.OrderID == cancelledID {
			t.Fatalf("board at the end: %+v", board)
		}
	}
	eventually(t, "the trip completed e-mail", func() (bool, string) {
		r := a.Get("/api/admin/mailbox?to="+url.QueryEscape(u.Email), admin.Token)
		return strings.Contains(string(r.Body), "Your trip "+orderID+" is complete"), string(r.Body)
	})
	// Cancelling the completed trip (the old refund in full) is refused.
	if r := cancel("en"); r.Status != http.StatusConflict {
		t.Fatalf("traveller cancel after completion: %d %s", r.Status, r.Body)
	}
	if o := w.order(t, u.Token, orderID); o.Data.Status != "completed" || o.Data.Refunded.Minor != 0 {
		t.Fatalf("after the refusals: %+v", o.Data)
	}
}
