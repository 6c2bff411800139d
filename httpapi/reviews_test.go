package httpapi_test

import (
	"crypto/rand"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/internal/config"
)

type reviewAnswer struct {
	Data *struct {
		OrderID      string `json:"order_id"`
		AuthorName   string `json:"author_name"`
		Rating       int    `json:"rating"`
		Text         string `json:"text"`
		Status       string `json:"status"`
		Reason       string `json:"reason"`
		Destinations []struct {
			ID string `json:"id"`
		} `json:"destinations"`
	} `json:"data"`
	CanReview bool   `json:"can_review"`
	Why       string `json:"reason"`
}

type ratedAnswer struct {
	Rating struct {
		Average float64 `json:"average"`
		Count   int     `json:"count"`
	} `json:"rating"`
	Data []struct {
		AuthorName string `json:"author_name"`
		Rating     int    `json:"rating"`
		Text       string `json:"text"`
		OrderID    string `json:"order_id"`
	} `json:"data"`
}

// completedTrip pays an order, gives it to a driver and drives it to its end on its day (the app's
// clock moved there), as the traveller, staff and the driver would.
func completedTrip(t *testing.T, w *orderWorld, clock *testClock) (apptest.Session, string) {
	t.Helper()
	u, id := w.paidOrder(t)
	driveToCompletion(t, w, clock, u, id)
	return u, id
}

// driveToCompletion gives u's paid order id (the only trip of its day) to a driver and drives it to
// its end on its day.
func driveToCompletion(t *testing.T, w *orderWorld, clock *testClock, u apptest.Session, id string) {
	t.Helper()
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	var board boardAnswer
	eventually(t, "the paid order on the board", func() (bool, string) {
		r := a.Get("/api/admin/trips?date="+w.date, admin.Token)
		r.JSON(t, &board)
		return len(board.Data) == 1 && len(board.Drivers) > 0, string(r.Body)
	})
	linkAndAssign(t, a, admin, driver, board.Drivers[0].ID, id)
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(9 * time.Hour))
	for _, s := range []map[string]any{{"step": "start"}, {"step": "pickup"}, {"step": "arrive", "stop": 1}, {"step": "arrive", "stop": 2}, {"step": "complete"}} {
		if r := a.Post("/api/driver/trips/"+id+"/progress", driver.Token, s); r.Status != http.StatusOK {
			t.Fatalf("%v: %d %s", s, r.Status, r.Body)
		}
	}
	eventually(t, "the order is completed", func() (bool, string) {
		o := w.order(t, u.Token, id)
		return o.Data.Status == "completed", o.Data.Status
	})
}

func TestATravellerReviewsTheirCompletedTripAndStaffPublishIt(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 2)
	a := w.a
	admin, support := a.Staff(t, "admin"), a.Staff(t, "support")
	stranger := a.SignUp(t, "")

	// Before the trip: no "rate your trip", and a submit is refused, in both languages.
	u, early := w.paidOrder(t)
	var mine reviewAnswer
	a.Get("/api/orders/"+early+"/review", u.Token).JSON(t, &mine)
	if mine.Data != nil || mine.CanReview || !strings.Contains(mine.Why, "once it is completed") {
		t.Fatalf("before the trip: %+v", mine)
	}
	post := func(token, id, lang string, body any) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + id + "/review", Token: token, Body: body,
			Header: map[string]string{"Accept-Language": lang}})
	}
	if r := post(u.Token, early, "ar", map[string]any{"rating": 5}); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "بعد اكتمالها") {
		t.Fatalf("an unfinished trip, in Arabic: %d %s", r.Status, r.Body)
	}
	// Cancel it so it leaves the day's board (the helper below expects one trip there).
	if r := a.Post("/api/admin/orders/"+early+"/cancel", admin.Token, map[string]string{"reason": "test", "initiated_by": "traveller"}); r.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", r.Status, r.Body)
	}
	eventually(t, "the cancelled order leaves the board", func() (bool, string) {
		var board boardAnswer
		r := a.Get("/api/admin/trips?date="+w.date, admin.Token)
		r.JSON(t, &board)
		return len(board.Data) == 0, string(r.Body)
	})

	traveller, id := completedTrip(t, w, clock)
	a.Get("/api/orders/"+id+"/review", traveller.Token).JSON(t, &mine)
	if mine.Data != nil || !mine.CanReview {
		t.Fatalf("after the trip: %+v", mine)
	}
	// Someone else's order is nobody else's business; bad input is refused by field, in both languages.
	if r := post(stranger.Token, id, "en", map[string]any{"rating": 5}); r.Status != http.StatusNotFound {
		t.Fatalf("a stranger reviews: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/orders/"+id+"/review", stranger.Token); r.Status != http.StatusNotFound {
		t.Fatalf("a stranger reads: %d %s", r.Status, r.Body)
	}
	if r := post(traveller.Token, id, "en", map[string]any{"rating": 6}); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "from 1 to 5 stars") {
		t.Fatalf("six stars: %d %s", r.Status, r.Body)
	}
	if r := post(traveller.Token, id, "ar", map[string]any{"rating": "lots"}); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "عددًا صحيحًا") {
		t.Fatalf("a rating that is no number, in Arabic: %d %s", r.Status, r.Body)
	}
	if r := post(traveller.Token, id, "ar", map[string]any{"rating": 4, "text": strings.Repeat("ر", 1001)}); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "١٠٠٠") {
		t.Fatalf("a long text, in Arabic: %d %s", r.Status, r.Body)
	}
	text := `<img src=x onerror=alert(1)> رحلة رائعة، Ahmed was great`
	r := post(traveller.Token, id, "ar", map[string]any{"rating": 4, "text": text})
	var created reviewAnswer
	r.JSON(t, &created)
	if r.Status != http.StatusCreated || created.Data == nil || created.Data.Status != "pending" || created.Data.Text != text || created.Data.AuthorName != "Mona Z." {
		t.Fatalf("review: %d %s", r.Status, r.Body)
	}
	if r := post(traveller.Token, id, "en", map[string]any{"rating": 5}); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "already reviewed this trip") {
		t.Fatalf("a second review: %d %s", r.Status, r.Body)
	}

	// Pending: not on the destination's page, in staff's queue; a traveller cannot approve.
	dest := w.sights[0].String()
	var rated ratedAnswer
	a.Get("/api/destinations/"+dest+"/reviews", "").JSON(t, &rated)
	if rated.Rating.Count != 0 || len(rated.Data) != 0 {
		t.Fatalf("pending shown: %+v", rated)
	}
	if r := a.Post("/api/admin/reviews/"+id+"/approve", traveller.Token, nil); r.Status != http.StatusForbidden {
		t.Fatalf("the traveller approves: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/admin/reviews", support.Token); r.Status != http.StatusOK || !strings.Contains(string(r.Body), id) {
		t.Fatalf("queue: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/admin/reviews/"+id+"/reject", support.Token, map[string]string{"reason": " "}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("reject without a reason: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/admin/reviews/"+id+"/approve", admin.Token, nil); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"approved"`) {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}

	// Approved: on both destinations' pages and the home page, as text, without the trip number.
	for _, d := range w.sights {
		r := a.Get("/api/destinations/"+d.String()+"/reviews", "")
		r.JSON(t, &rated)
		if rated.Rating.Count != 1 || rated.Rating.Average != 4 || len(rated.Data) != 1 || rated.Data[0].Text != text || strings.Contains(string(r.Body), id) {
			t.Fatalf("destination %s: %s", d, r.Body)
		}
	}
	if r := a.Get("/api/reviews?limit=3", ""); r.Status != http.StatusOK || !strings.Contains(string(r.Body), "Mona Z.") {
		t.Fatalf("home: %d %s", r.Status, r.Body)
	}
	a.Get("/api/orders/"+id+"/review", traveller.Token).JSON(t, &mine)
	if mine.Data == nil || mine.Data.Status != "approved" || mine.CanReview {
		t.Fatalf("the traveller's review: %+v", mine)
	}

	// Taken off again with a reason.
	if r := a.Post("/api/admin/reviews/"+id+"/reject", support.Token, map[string]string{"reason": "Names the driver"}); r.Status != http.StatusOK {
		t.Fatalf("reject: %d %s", r.Status, r.Body)
	}
	a.Get("/api/destinations/"+dest+"/reviews", "").JSON(t, &rated)
	if rated.Rating.Count != 0 {
		t.Fatalf("rejected still shown: %+v", rated)
	}
}

func init() {
	// One order of the "user" persona serves every row (the day's cars are not spent on the matrix).
	var orders sync.Map // *authzEnv → trip number
	onOrder := func(t *testing.T, e *authzEnv, p string) authzCall {
		id, ok := orders.Load(e)
		if !ok {
			id, _ = orders.LoadOrStore(e, authzUserOrder(t, e))
		}
		return authzCall{Path: "/api/orders/" + id.(string) + "/review", Body: map[string]any{"rating": 5, "text": "matrix"}}
	}
	noReview := func(action string, body any) func(t *testing.T, e *authzEnv, p string) authzCall {
		return func(t *testing.T, e *authzEnv, p string) authzCall {
			var seed [8]byte
			_, _ = rand.Read(seed[:])
			return authzCall{Path: "/api/admin/reviews/" + order.TripNumberFrom(seed) + "/" + action, Body: body}
		}
	}
	staff := func(code int) map[string]int { return rolesOnly(code, "admin", "support") }
	authzMatrix = append(authzMatrix,
		// The owner reads their (unfinished) order's review state; nobody else learns it exists.
		authzRoute{Method: "GET", Route: "/api/orders/{id}/review", Want: ownerOnly(200), Prepare: onOrder},
		// The owner is told the trip is not completed yet; nobody else may review it.
		authzRoute{Method: "POST", Route: "/api/orders/{id}/review", Want: ownerOnly(409), Prepare: onOrder},
		authzRoute{Method: "GET", Route: "/api/reviews", Want: everyone(200)},
		authzRoute{Method: "GET", Route: "/api/destinations/{ref}/reviews", Want: everyone(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/destinations/" + authzOrderWorld(t, e).sights[0].String() + "/reviews"}
		}},
		authzRoute{Method: "GET", Route: "/api/programs/{ref}/reviews", Want: everyone(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/programs/00000000-0000-4000-8000-000000000000/reviews"}
		}},
		authzRoute{Method: "GET", Route: "/api/admin/reviews", Want: staff(200)},
		// Staff get past the guard to "no review for that trip".
		authzRoute{Method: "POST", Route: "/api/admin/reviews/{id}/approve", Want: staff(404), Prepare: noReview("approve", nil)},
		authzRoute{Method: "POST", Route: "/api/admin/reviews/{id}/reject", Want: staff(404), Prepare: noReview("reject", map[string]string{"reason": "matrix"})},
	)
}
