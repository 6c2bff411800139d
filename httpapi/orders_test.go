package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// orderWorld is a running app with a catalogue to book from: two sights, a rate plan, a hotel pickup
// point, drivers working every day and business hours every day from 06:00 to 23:00.
type orderWorld struct {
	a      *apptest.App
	sights []uuid.UUID
	plan   uuid.UUID
	hotel  uuid.UUID
	// date is three days from now (Cairo): always in range, whatever day the test runs.
	date string
}

func newOrderWorld(t *testing.T, drivers, tripsEach int) *orderWorld {
	t.Helper()
	return seedOrderWorld(t, apptest.New(t), drivers, tripsEach)
}

// seedOrderWorld adds the world's catalogue to a running app.
func seedOrderWorld(t *testing.T, a *apptest.App, drivers, tripsEach int) *orderWorld {
	t.Helper()
	w := &orderWorld{a: a, date: time.Now().In(cat.Cairo).AddDate(0, 0, 3).Format(time.DateOnly)}
	admin := commands.Actor{UserID: "admin", Role: "admin"}
	do := func(run func(ctx context.Context, m commands.Meta) (eventstore.Position, error)) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		pos, err := run(ctx, commands.NewMeta(admin))
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Projections.WaitFor(ctx, "catalogue", pos); err != nil {
			t.Fatal(err)
		}
	}
	var daily cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		daily = append(daily, cat.DayHours{Day: d, Open: "06:00", Close: "23:00"})
	}
	every := []time.Weekday{0, 1, 2, 3, 4, 5, 6}
	category := uuid.New()
	do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.Categories.Create(ctx, cat.CreateCategory{ID: category, Fields: cat.CategoryFields{Name: cat.Text{En: "Sights", Ar: "معالم"}}}, m)
		return r.Position, err
	})
	for i, d := range []struct {
		name     string
		lat, lng float64
	}{{"Pyramids", 29.9792, 31.1342}, {"Museum", 30.0478, 31.2336}} {
		id := uuid.New()
		do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
			r, err := a.Catalogue.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: cat.DestinationFields{
				CategoryID: category, Name: cat.Text{En: d.name, Ar: "عربي " + d.name}, ShortDescription: cat.Text{En: "About", Ar: "عن"},
				Lat: d.lat, Lng: d.lng, VisitMinutes: 60 + 30*i, OpeningHours: daily, Published: true,
			}}, m)
			return r.Position, err
		})
		w.sights = append(w.sights, id)
	}
	w.plan = uuid.New()
	do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: w.plan, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Sedan", Ar: "سيدان"}, Seats: 4, PricePerKm: money.New(1200, money.EGP), WaitingPerHour: money.New(5000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	w.hotel = uuid.New()
	do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: w.hotel, Fields: cat.PickupPointFields{
			Name: cat.Text{En: "Nile Hotel", Ar: "فندق النيل"}, Kind: cat.PickupHotel, Lat: 30.045, Lng: 31.232, Active: true,
		}}, m)
		return r.Position, err
	})
	do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.Settings(ctx, cat.SetOpeningHours{Hours: daily}, m)
		return r.Position, err
	})
	do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: []money.Rate{money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.077)}}, m)
		return r.Position, err
	})
	for i := 0; i < drivers; i++ {
		do(func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
			r, err := a.Catalogue.Drivers.Create(ctx, cat.CreateDriver{ID: uuid.New(), Fields: cat.DriverFields{
				Name: cat.Text{En: fmt.Sprintf("Driver %d", i), Ar: "سائق"}, Phone: fmt.Sprintf("+2010099900%02d", i), Licence: uuid.NewString()[:8],
				Vehicle: cat.Text{En: "Sedan", Ar: "سيدان"}, Plate: uuid.NewString()[:6], Seats: 4, WorkingDays: every, TripsPerDay: tripsEach, Active: true,
			}}, m)
			return r.Position, err
		})
	}
	return w
}

// traveller signs a traveller up and fills their cart with both sights, starting at the hotel.
func (w *orderWorld) traveller(t *testing.T) apptest.Session {
	t.Helper()
	u := w.a.SignUp(t, "")
	w.fillCart(t, u)
	return u
}

func (w *orderWorld) fillCart(t *testing.T, u apptest.Session) {
	t.Helper()
	for _, d := range w.sights {
		if r := w.a.Post("/api/auth/cart", u.Token, map[string]string{"destination_id": d.String()}); r.Status != http.StatusCreated {
			t.Fatalf("add to cart: %d %s", r.Status, r.Body)
		}
	}
	if r := w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: u.Token,
		Body: map[string]any{"start": map[string]string{"pickup_point_id": w.hotel.String()}, "same_end": true}}); r.Status != http.StatusOK {
		t.Fatalf("choose points: %d %s", r.Status, r.Body)
	}
}

func (w *orderWorld) checkoutBody(u apptest.Session) map[string]any {
	return map[string]any{
		"first_name": "Mona", "last_name": "Zaki", "email": u.Email, "confirm_email": u.Email,
		"phone": "1001234567", "country_key": "+20", "country": "EG", "comments": "Window seat please",
		"terms": true, "date": w.date, "time": "10:00", "rate_plan_id": w.plan.String(), "currency": "USD",
	}
}

type placedAnswer struct {
	PaymentURL string `json:"payment_url"`
	Data       struct {
		OrderID    string `json:"order_id"`
		PaymentURL string `json:"payment_url"`
	} `json:"data"`
}

func (w *orderWorld) checkout(t *testing.T, u apptest.Session, key string) (apptest.Response, placedAnswer) {
	t.Helper()
	req := apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: w.checkoutBody(u)}
	if key != "" {
		req.Header = map[string]string{"Idempotency-Key": key}
	}
	r := w.a.Do(req)
	var p placedAnswer
	if r.Status == http.StatusCreated {
		r.JSON(t, &p)
	}
	return r, p
}

type orderAnswer struct {
	Data struct {
		ID      string                `json:"id"`
		Status  string                `json:"status"`
		Paid    struct{ Minor int64 } `json:"paid"`
		Total   struct{ Minor int64 } `json:"total"`
		Actions struct {
			Pay, Cancel, Refund, Exchange bool
		} `json:"actions"`
		Refunded struct{ Minor int64 } `json:"refunded"`
		Timeline []struct {
			Type string `json:"type"`
		} `json:"timeline"`
		Trip struct {
			Stops  []struct{ Name string } `json:"stops"`
			Pickup struct{ Name string }   `json:"pickup"`
		} `json:"trip"`
		Prices []struct {
			Currency string  `json:"currency"`
			Amount   float64 `json:"amount"`
		} `json:"prices"`
	} `json:"data"`
}

func (w *orderWorld) order(t *testing.T, token, id string) orderAnswer {
	t.Helper()
	r := w.a.Get("/api/orders/"+id, token)
	if r.Status != http.StatusOK {
		t.Fatalf("get order: %d %s", r.Status, r.Body)
	}
	var o orderAnswer
	r.JSON(t, &o)
	return o
}

// payOnSandbox fills the hosted test page with card and returns where the browser is sent.
func payOnSandbox(t *testing.T, pageURL, card string) *url.URL {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	page, err := client.Get(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	// The sandbox's page in English or Arabic (the order's language).
	if page.StatusCode != http.StatusOK || !strings.Contains(string(body), "TEST MODE") && !strings.Contains(string(body), "بطاقات الاختبار") {
		t.Fatalf("sandbox page: %d %s", page.StatusCode, body)
	}
	resp, err := client.PostForm(pageURL, url.Values{"card_number": {card}, "expiry": {"12/39"}, "cvc": {"123"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("paying: status %d", resp.StatusCode)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestCheckoutPaidWithTheSandboxConfirmsTheTrip(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	u := w.traveller(t)

	cal := w.a.Get("/api/orders/calendar?from="+w.date+"&days=1", "")
	if cal.Status != http.StatusOK || !strings.Contains(string(cal.Body), `"status":"available"`) {
		t.Fatalf("calendar: %d %s", cal.Status, cal.Body)
	}
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated || placed.PaymentURL == "" || placed.Data.PaymentURL != placed.PaymentURL {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	if !strings.HasPrefix(placed.PaymentURL, w.a.URL+"/pay/sandbox/") {
		t.Fatalf("payment URL %s is not the sandbox of %s", placed.PaymentURL, w.a.URL)
	}
	o := w.order(t, u.Token, placed.Data.OrderID)
	if o.Data.Status != "awaiting_payment" || !o.Data.Actions.Pay || len(o.Data.Trip.Stops) != 2 || o.Data.Trip.Pickup.Name != "Nile Hotel" || len(o.Data.Prices) != 3 {
		t.Fatalf("order before paying: %s", w.a.Get("/api/orders/"+placed.Data.OrderID, u.Token).Body)
	}

	back := payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	if back.Path != "/payments/"+placed.Data.OrderID || back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	o = w.order(t, u.Token, placed.Data.OrderID)
	if o.Data.Status != "confirmed" || o.Data.Paid.Minor != o.Data.Total.Minor || o.Data.Actions.Pay || !o.Data.Actions.Cancel {
		t.Fatalf("after paying: %+v", o.Data)
	}
	var types []string
	for _, e := range o.Data.Timeline {
		types = append(types, e.Type)
	}
	// The payment page is ordered (the intent), opened by the provider, then paid.
	if strings.Join(types, ",") != "OrderPlaced,PaymentSessionOrdered,PaymentRequested,PaymentReceived" {
		t.Fatalf("timeline %v", types)
	}
	list := w.a.Get("/api/orders", u.Token)
	if list.Status != http.StatusOK || !strings.Contains(string(list.Body), placed.Data.OrderID) {
		t.Fatalf("order history: %d %s", list.Status, list.Body)
	}

	// The trip status lookup: the number and the e-mail, nothing else.
	ts := w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": strings.ToLower(placed.Data.OrderID), "email": strings.ToUpper(u.Email)})
	if ts.Status != http.StatusOK || !strings.Contains(string(ts.Body), `"status":"confirmed"`) || strings.Contains(string(ts.Body), "1001234567") {
		t.Fatalf("trip status: %d %s", ts.Status, ts.Body)
	}
	wrongMail := w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": placed.Data.OrderID, "email": "else@example.com"})
	wrongNumber := w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": "MSH-222222", "email": u.Email})
	if wrongMail.Status != http.StatusNotFound || string(wrongMail.Body) != string(wrongNumber.Body) {
		t.Fatalf("wrong pairs: %d %s / %d %s", wrongMail.Status, wrongMail.Body, wrongNumber.Status, wrongNumber.Body)
	}

	// Guessing is bounded: ten lookups per address in ten minutes (three were made above).
	var last apptest.Response
	for i := 0; i < 8; i++ {
		last = w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": "MSH-222222", "email": u.Email})
	}
	if last.Status != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
		t.Fatalf("the 11th lookup: %d %s", last.Status, last.Body)
	}

	// Cancelling well ahead refunds everything.
	c := w.a.Post("/api/orders/"+placed.Data.OrderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"})
	if c.Status != http.StatusOK || !strings.Contains(string(c.Body), `"status":"cancelled"`) {
		t.Fatalf("cancel: %d %s", c.Status, c.Body)
	}
	o = w.order(t, u.Token, placed.Data.OrderID)
	if o.Data.Refunded.Minor != o.Data.Paid.Minor || o.Data.Actions.Cancel {
		t.Fatalf("after cancelling: %+v", o.Data)
	}
}

func TestADeclinedCardGoesBackToTheFailurePage(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	back := payOnSandbox(t, placed.PaymentURL, payments.CardDeclined)
	if back.Query().Get("result") != "failure" || back.Query().Get("reason") != "card_declined" {
		t.Fatalf("redirected to %s", back)
	}
	if o := w.order(t, u.Token, placed.Data.OrderID); o.Data.Status != "payment_failed" {
		t.Fatalf("status %s", o.Data.Status)
	}
	// The checkout again (Try Again) pays the same order again: no second order, and the car freed
	// by the decline is held for it again (see same_trip_test.go).
	if r := w.a.Post("/api/orders", u.Token, w.checkoutBody(u)); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"order_id":"`+placed.Data.OrderID+`"`) {
		t.Fatalf("try again: %d %s", r.Status, r.Body)
	}
	// And now the day is full.
	r, _ := w.checkout(t, w.traveller(t), "")
	if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "fully booked") {
		t.Fatalf("a full day: %d %s", r.Status, r.Body)
	}
}

func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 5, 1)
	u := w.traveller(t)
	const n = 100
	var wg sync.WaitGroup
	answers := make([]apptest.Response, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], _ = w.checkout(t, u, "key-1")
		}()
	}
	wg.Wait()
	var first placedAnswer
	answers[0].JSON(t, &first)
	for i, r := range answers {
		var p placedAnswer
		r.JSON(t, &p)
		if r.Status != http.StatusCreated || p.Data.OrderID != first.Data.OrderID || p.PaymentURL != first.PaymentURL {
			t.Fatalf("answer %d: %d %s", i, r.Status, r.Body)
		}
	}
	list := w.a.Get("/api/orders", u.Token)
	if c := strings.Count(string(list.Body), `"trip_number":`); c != 1 {
		t.Fatalf("%d orders after 100 identical submissions: %s", c, list.Body)
	}
	later, _ := w.checkout(t, u, "key-1")
	if later.Header.Get("Idempotent-Replayed") != "true" || string(later.Body) != string(answers[0].Body) {
		t.Fatalf("a later repeat: %s\nthe first: %s", later.Body, answers[0].Body)
	}
	other := w.checkoutBody(u)
	other["time"] = "11:00"
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: other, Header: map[string]string{"Idempotency-Key": "key-1"}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("the key with another body: %d %s", r.Status, r.Body)
	}
}

// A refusal is not the key's final answer: the traveller fixes the cart (here: chooses the pickup
// point the first attempt lacked) and presses Pay with the same form, which the web app sends under
// the same key; the fixed cart is checked out, not answered with the old refusal.
func TestARefusedCheckoutRetriedUnderItsKeyAfterTheCartIsFixedPlacesTheOrder(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 5, 1)
	u := w.a.SignUp(t, "")
	for _, d := range w.sights {
		if r := w.a.Post("/api/auth/cart", u.Token, map[string]string{"destination_id": d.String()}); r.Status != http.StatusCreated {
			t.Fatalf("add to cart: %d %s", r.Status, r.Body)
		}
	}
	refused, _ := w.checkout(t, u, "pay-1")
	if refused.Status != http.StatusUnprocessableEntity || !strings.Contains(string(refused.Body), "pickup point") {
		t.Fatalf("checkout without a pickup point: %d %s", refused.Status, refused.Body)
	}
	if r := w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: u.Token,
		Body: map[string]any{"start": map[string]string{"pickup_point_id": w.hotel.String()}, "same_end": true}}); r.Status != http.StatusOK {
		t.Fatalf("choose points: %d %s", r.Status, r.Body)
	}
	placed, _ := w.checkout(t, u, "pay-1")
	if placed.Status != http.StatusCreated || placed.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("the same key once the cart is fixed: %d (replayed %q) %s", placed.Status, placed.Header.Get("Idempotent-Replayed"), placed.Body)
	}
	again, _ := w.checkout(t, u, "pay-1")
	if again.Header.Get("Idempotent-Replayed") != "true" || string(again.Body) != string(placed.Body) {
		t.Fatalf("the key after it placed the order: %d %s, want the placed answer replayed", again.Status, again.Body)
	}
}

// doubleClick sends the same request twice at once under one Idempotency-Key, then once more later.
func (w *orderWorld) doubleClick(t *testing.T, token, path, key string, body any) (first, second, later apptest.Response) {
	t.Helper()
	req := apptest.Request{Method: http.MethodPost, Path: path, Token: token, Body: body, Header: map[string]string{"Idempotency-Key": key}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); first = w.a.Do(req) }()
	go func() { defer wg.Done(); second = w.a.Do(req) }()
	wg.Wait()
	return first, second, w.a.Do(req)
}

func TestARepeatedIdempotencyKeyOnPayAnswersTheFirstAnswer(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	path := "/api/orders/" + placed.Data.OrderID + "/pay"
	first, second, later := w.doubleClick(t, u.Token, path, "pay-1", map[string]string{})
	if first.Status != http.StatusOK || second.Status != http.StatusOK || string(first.Body) != string(second.Body) {
		t.Fatalf("a double click on pay: %d %s / %d %s", first.Status, first.Body, second.Status, second.Body)
	}
	if later.Header.Get("Idempotent-Replayed") != "true" || string(later.Body) != string(first.Body) {
		t.Fatalf("a later repeat: %s\nthe first: %s", later.Body, first.Body)
	}
	var p placedAnswer
	first.JSON(t, &p)
	if p.PaymentURL != placed.PaymentURL {
		t.Fatalf("pay opened %s; the checkout's page %s is still open", p.PaymentURL, placed.PaymentURL)
	}
	// The same key on another order's path is another request.
	_, other := w.checkout(t, w.traveller(t), "")
	if r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + other.Data.OrderID + "/pay", Token: u.Token,
		Body: map[string]string{}, Header: map[string]string{"Idempotency-Key": "pay-1"}}); r.Status != http.StatusNotFound {
		t.Fatalf("the key on someone else's order: %d %s", r.Status, r.Body)
	}
}

func TestARepeatedIdempotencyKeyOnCancelCancelsOnce(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	if back := payOnSandbox(t, placed.PaymentURL, payments.CardSuccess); back.Query().Get("result") != "success" {
		t.Fatalf("paying: %s", back)
	}
	path := "/api/orders/" + placed.Data.OrderID + "/cancel"
	first, second, later := w.doubleClick(t, u.Token, path, "cancel-1", map[string]string{"reason": "plans changed"})
	if first.Status != http.StatusOK || second.Status != http.StatusOK || string(first.Body) != string(second.Body) {
		t.Fatalf("a double click on cancel: %d %s\n%d %s", first.Status, first.Body, second.Status, second.Body)
	}
	if later.Header.Get("Idempotent-Replayed") != "true" || string(later.Body) != string(first.Body) {
		t.Fatalf("a later repeat: %s\nthe first: %s", later.Body, first.Body)
	}
	var answer struct {
		orderAnswer
		Refunded struct{ Minor int64 } `json:"refunded"`
	}
	first.JSON(t, &answer)
	o := w.order(t, u.Token, placed.Data.OrderID)
	if o.Data.Status != "cancelled" || answer.Refunded.Minor != o.Data.Paid.Minor || o.Data.Refunded.Minor != o.Data.Paid.Minor {
		t.Fatalf("refunded %d in the answer; the order: %+v", answer.Refunded.Minor, o.Data)
	}
	cancelled, refunds := 0, 0
	for _, e := range o.Data.Timeline {
		switch e.Type {
		case "OrderCancelled":
			cancelled++
		case "RefundIssued":
			refunds++
		}
	}
	if cancelled != 1 || refunds != 1 {
		t.Fatalf("%d cancellations and %d refunds after a double click", cancelled, refunds)
	}
	// Without the key, cancelling again is refused: the order is cancelled already.
	if r := w.a.Post(path, u.Token, map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
		t.Fatalf("cancelling a cancelled order: %d %s", r.Status, r.Body)
	}
}

func TestPaymentCallbacks(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	secret, err := payments.SandboxSecret(context.Background(), w.a.Pool)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := payments.NewSandbox(payments.SandboxConfig{Secret: secret})
	forger, _ := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("not the secret, but long enough")})
	o := w.order(t, u.Token, placed.Data.OrderID)
	paymentID := ""
	for _, part := range strings.Split(string(w.a.Get("/api/orders/"+placed.Data.OrderID, u.Token).Body), `"payments":[{"id":"`)[1:] {
		paymentID = part[:strings.Index(part, `"`)]
	}
	body := []byte(fmt.Sprintf(`{"payment_id":%q,"notice_id":"n-1","outcome":"succeeded","amount":{"minor":%d,"currency":"EGP"},"reference":"t-1"}`, paymentID, o.Data.Total.Minor))
	post := func(sig string, b []byte) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/sandbox/callback", Body: b,
			Header: map[string]string{payments.SandboxSignatureHeader: sig, "Content-Type": "application/json"}})
	}
	if r := post(forger.SignSandboxNotice(body), body); r.Status != http.StatusUnauthorized {
		t.Fatalf("forged: %d %s", r.Status, r.Body)
	}
	if r := post("", body); r.Status != http.StatusUnauthorized {
		t.Fatalf("unsigned: %d %s", r.Status, r.Body)
	}
	if w.order(t, u.Token, placed.Data.OrderID).Data.Status != "awaiting_payment" {
		t.Fatal("a forged callback changed the order")
	}
	sig := signer.SignSandboxNotice(body)
	first := post(sig, body)
	replay := post(sig, body)
	if first.Status != http.StatusOK || replay.Status != http.StatusOK || !strings.Contains(string(replay.Body), `"repeated":true`) {
		t.Fatalf("callback %d %s, replay %d %s", first.Status, first.Body, replay.Status, replay.Body)
	}
	if got := w.order(t, u.Token, placed.Data.OrderID); got.Data.Status != "confirmed" || len(got.Data.Timeline) != 4 {
		t.Fatalf("after a callback and its replay: %+v", got.Data)
	}
	late := []byte(fmt.Sprintf(`{"payment_id":%q,"notice_id":"n-2","outcome":"failed","amount":{"minor":0,"currency":"EGP"},"reason":"card_declined"}`, paymentID))
	if r := post(signer.SignSandboxNotice(late), late); r.Status != http.StatusOK {
		t.Fatalf("late failure: %d %s", r.Status, r.Body)
	}
	if w.order(t, u.Token, placed.Data.OrderID).Data.Status != "confirmed" {
		t.Fatal("a late failure undid the payment")
	}
	audit := w.a.Get("/api/admin/payments?ignored=1", w.a.AdminToken(t))
	if audit.Status != http.StatusOK || !strings.Contains(string(audit.Body), `"kind":"ignored"`) || !strings.Contains(string(audit.Body), paymentID) {
		t.Fatalf("payments audit: %d %s", audit.Status, audit.Body)
	}
}

func TestEnquiryQuotedAndPaid(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	ctx := context.Background()
	program := uuid.New()
	res, err := w.a.Catalogue.Programs.Create(ctx, cat.CreateProgram{ID: program, Fields: cat.ProgramFields{
		Name: cat.Text{En: "Giza day", Ar: "يوم الجيزة"}, ShortDescription: cat.Text{En: "A day", Ar: "يوم"},
		DestinationIDs: w.sights, Hours: 8, Price: money.New(150000, money.EGP), Published: true,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", res.Position); err != nil {
		t.Fatal(err)
	}
	form := map[string]any{"first_name": "Omar", "last_name": "Fathy", "email": "omar@example.com", "confirm_email": "omar@example.com",
		"phone": "+201001234567", "country": "EG", "terms": "on", "date": w.date, "time": "10:00", "rate_plan_id": w.plan.String(),
		"program_id": program.String(), "start": map[string]string{"pickup_point_id": w.hotel.String()}}
	r := w.a.Post("/api/enquiries", "", form)
	if r.Status != http.StatusCreated || !strings.Contains(string(r.Body), "under review") {
		t.Fatalf("enquiry: %d %s", r.Status, r.Body)
	}
	var sub struct {
		Data struct {
			TripNumber string `json:"trip_number"`
		} `json:"data"`
	}
	r.JSON(t, &sub)
	admin := w.a.AdminToken(t)
	if q := w.a.Post("/api/admin/enquiries/"+sub.Data.TripNumber+"/quote", admin, map[string]any{"amount": 1600, "note": "tickets included", "valid_hours": 48}); q.Status != http.StatusOK {
		t.Fatalf("quote: %d %s", q.Status, q.Body)
	}
	// An e-mail is no secret: a stranger who knows it neither pays the quote nor learns it exists.
	for _, email := range []string{"someone@example.com", "omar@example.com"} {
		if p := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/pay", "", map[string]string{"email": email}); p.Status != http.StatusNotFound {
			t.Fatalf("paying with the e-mail %s instead of the link's secret: %d %s", email, p.Status, p.Body)
		}
	}
	_, key := enquiryLink(t, w.a, "omar@example.com", sub.Data.TripNumber)
	p := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/pay", "", map[string]string{"token": key})
	var pay placedAnswer
	if p.Status != http.StatusOK {
		t.Fatalf("pay: %d %s", p.Status, p.Body)
	}
	p.JSON(t, &pay)
	if back := payOnSandbox(t, pay.PaymentURL, payments.CardSuccess); back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	ts := w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": sub.Data.TripNumber, "email": "omar@example.com"})
	if ts.Status != http.StatusOK || !strings.Contains(string(ts.Body), `"status":"confirmed"`) || !strings.Contains(string(ts.Body), `"minor":160000`) {
		t.Fatalf("trip status: %d %s", ts.Status, ts.Body)
	}

	// A signed-in traveller may leave the date to us; the pickup comes from their trip; the quote sets the date.
	u := w.traveller(t)
	open := map[string]any{"first_name": "Mona", "last_name": "Zaki", "email": u.Email, "confirm_email": u.Email,
		"phone": "+201001234567", "country": "EG", "terms": true, "rate_plan_id": w.plan.String(), "program_id": program.String()}
	r = w.a.Post("/api/enquiries", u.Token, open)
	if r.Status != http.StatusCreated {
		t.Fatalf("an enquiry without a date: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &sub)
	if q := w.a.Post("/api/admin/enquiries/"+sub.Data.TripNumber+"/quote", admin, map[string]any{"amount": 1500}); q.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a quote without the date the enquiry left open: %d %s", q.Status, q.Body)
	}
	if q := w.a.Post("/api/admin/enquiries/"+sub.Data.TripNumber+"/quote", admin, map[string]any{"amount": 1500, "date": w.date, "time": "11:00"}); q.Status != http.StatusOK {
		t.Fatalf("quote with a date: %d %s", q.Status, q.Body)
	}
	if p := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/pay", u.Token, map[string]string{}); p.Status != http.StatusOK || !strings.Contains(string(p.Body), "/pay/sandbox/") {
		t.Fatalf("the owner pays: %d %s", p.Status, p.Body)
	}
	o := w.order(t, u.Token, sub.Data.TripNumber)
	if o.Data.Status != "awaiting_payment" || o.Data.Total.Minor != 150000 || o.Data.Trip.Pickup.Name != "Nile Hotel" {
		t.Fatalf("the order of the quote: %+v", o.Data)
	}
}

// ---- the authorisation matrix ----

var (
	authzOrderWorlds sync.Map // *authzEnv → *orderWorld
	authzOrderMu     sync.Mutex
)

// authzOrderWorld seeds the matrix's app with a catalogue and fills the "user" persona's cart, once.
func authzOrderWorld(t *testing.T, e *authzEnv) *orderWorld {
	t.Helper()
	authzOrderMu.Lock()
	defer authzOrderMu.Unlock()
	if w, ok := authzOrderWorlds.Load(e); ok {
		return w.(*orderWorld)
	}
	w := seedOrderWorld(t, e.A, 20, 6)
	w.fillCart(t, e.Users["user"])
	authzOrderWorlds.Store(e, w)
	return w
}

// authzOrders counts the matrix's orders, so each is a trip of its own.
var authzOrders atomic.Int64

// authzUserOrder places a fresh order for the "user" persona and returns its trip number. Each is
// another trip (its own start): the same trip again would resume the first order (DecideCheckout).
func authzUserOrder(t *testing.T, e *authzEnv) string {
	t.Helper()
	w := authzOrderWorld(t, e)
	n := authzOrders.Add(1) - 1
	first, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	u := e.Users["user"]
	body := w.checkoutBody(u)
	body["date"] = first.AddDate(0, 0, int(n/32)).Format(time.DateOnly)
	body["time"] = fmt.Sprintf("%02d:%02d", 7+(n%32)/4, (n%4)*15)
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body})
	var p placedAnswer
	if r.Status != http.StatusCreated {
		t.Fatalf("authz order: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &p)
	return p.Data.OrderID
}

func init() {
	staffOnly := func(code int) map[string]int { return rolesOnly(code, "admin", "support") }
	onOrder := func(suffix string) func(t *testing.T, e *authzEnv, p string) authzCall {
		return func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + suffix, Body: map[string]string{"reason": "matrix"}}
		}
	}
	onAdminOrder := func(suffix string) func(t *testing.T, e *authzEnv, p string) authzCall {
		return func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/orders/" + authzUserOrder(t, e) + suffix, Body: map[string]string{"reason": "matrix"}}
		}
	}
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/orders/settings", Want: everyone(200)},
		authzRoute{Method: "GET", Route: "/api/orders/calendar", Want: everyone(200)},
		// An empty cart cannot be ordered: every signed-in caller gets a field error.
		authzRoute{Method: "POST", Route: "/api/orders", Body: map[string]any{"terms": true}, Want: signedIn(422)},
		authzRoute{Method: "GET", Route: "/api/orders", Want: signedIn(200)},
		authzRoute{Method: "GET", Route: "/api/orders/{id}", Want: ownerOnly(200), Prepare: onOrder("")},
		authzRoute{Method: "POST", Route: "/api/orders/{id}/pay", Want: ownerOnly(200), Prepare: onOrder("/pay")},
		authzRoute{Method: "POST", Route: "/api/orders/{id}/cancel", Want: ownerOnly(200), Prepare: onOrder("/cancel")},
		// An unpaid order has nothing to refund and cannot be exchanged: the owner hears why.
		authzRoute{Method: "POST", Route: "/api/orders/{id}/refund", Want: ownerOnly(409), Prepare: onOrder("/refund")},
		authzRoute{Method: "GET", Route: "/api/orders/{id}/exchange/quote", Want: ownerOnly(409), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			w := authzOrderWorld(t, e)
			return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + "/exchange/quote?date=" + w.date + "&time=11:00"}
		}},
		authzRoute{Method: "POST", Route: "/api/orders/{id}/exchange", Want: ownerOnly(409), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			w := authzOrderWorld(t, e)
			return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + "/exchange", Body: map[string]string{"date": w.date, "time": "11:00"}}
		}},
		authzRoute{Method: "POST", Route: "/api/tripstatus", Body: map[string]string{"trip_number": "MSH-222222", "email": "nobody@example.com"}, Want: everyone(404)},
		authzRoute{Method: "POST", Route: "/api/enquiries", Body: map[string]string{"program_id": uuid.NewString(), "date": "2030-01-01", "time": "10:00"}, Want: everyone(404)},
		// Public: anyone may ask which times a program fits; a program nobody made is 404 for all.
		authzRoute{Method: "GET", Route: "/api/enquiries/pickup-times", Want: everyone(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/enquiries/pickup-times?date=2030-01-01&program=" + uuid.NewString()}
		}},
		authzRoute{Method: "POST", Route: "/api/enquiries/{id}/pay", Body: map[string]string{"email": "nobody@example.com"}, Want: everyone(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			e.freshLinkGuesses(t)
			return authzCall{Path: "/api/enquiries/MSH-333333/pay", Body: map[string]string{"email": "nobody@example.com"}}
		}},
		// An enquiry's link opens to its secret, whoever follows it: a wrong one is 404 for everyone.
		authzRoute{Method: "POST", Route: "/api/enquiries/{id}/view", Want: everyone(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			e.freshLinkGuesses(t)
			return authzCall{Path: "/api/enquiries/MSH-333333/view", Body: map[string]string{"token": "not-the-secret"}}
		}},
		authzRoute{Method: "POST", Route: "/api/payments/{provider}/callback", Want: everyone(401), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/payments/sandbox/callback", Body: map[string]string{"payment_id": "x"}}
		}},
		// The sandbox has no browser return of its own.
		authzRoute{Method: "GET", Route: "/api/payments/{provider}/return", Want: everyone(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/payments/sandbox/return?payment=x"}
		}},
		authzRoute{Method: "GET", Route: "/api/admin/orders", Want: staffOnly(200)},
		authzRoute{Method: "GET", Route: "/api/admin/orders/{id}", Want: staffOnly(200), Prepare: onAdminOrder("")},
		// Nothing was paid, so there is nothing to refund: staff hear why.
		authzRoute{Method: "POST", Route: "/api/admin/orders/{id}/refund", Want: staffOnly(422), Prepare: onAdminOrder("/refund")},
		authzRoute{Method: "POST", Route: "/api/admin/orders/{id}/cancel", Want: staffOnly(200), Prepare: onAdminOrder("/cancel")},
		// Nothing was paid, so no money waits to be accepted: staff hear why.
		authzRoute{Method: "POST", Route: "/api/admin/orders/{id}/accept-payment", Want: staffOnly(409), Prepare: onAdminOrder("/accept-payment")},
		authzRoute{Method: "GET", Route: "/api/admin/enquiries", Want: staffOnly(200)},
		authzRoute{Method: "POST", Route: "/api/admin/enquiries/{id}/quote", Want: staffOnly(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/enquiries/MSH-444444/quote", Body: map[string]any{"amount": 100}}
		}},
		authzRoute{Method: "POST", Route: "/api/admin/enquiries/{id}/decline", Want: staffOnly(404), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/enquiries/MSH-444444/decline", Body: map[string]any{"reason": "no"}}
		}},
		authzRoute{Method: "GET", Route: "/api/admin/payments", Want: staffOnly(200)},
		authzRoute{Method: "POST", Route: "/api/admin/holds/expire", Want: staffOnly(200)},
	)
}

// A confirmed order empties the cart of what it booked: the next trip starts from a fresh cart; an
// order waiting for its payment leaves the cart alone.
func TestAConfirmedOrderEmptiesTheCartOfWhatItBooked(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 2)
	u := w.traveller(t)
	cartSize := func() int {
		var c struct {
			Data []json.RawMessage `json:"data"`
		}
		w.a.Get("/api/auth/cart", u.Token).JSON(t, &c)
		return len(c.Data)
	}
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	if n := cartSize(); n != 2 {
		t.Fatalf("placing the order (not yet paid) changed the cart: %d stops", n)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	deadline := time.Now().Add(15 * time.Second)
	for cartSize() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the cart still holds %d booked stops after the order was confirmed", cartSize())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// An exchange that would change nothing (the same date, time and rate plan) is refused with a
// translated 422 before it is recorded, mailed or priced as a change; a real change still goes through.
func TestAnUnchangedExchangeIsRefused(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	u, orderID := w.paidOrder(t)
	for _, c := range []struct {
		name, lang, want string
		body             map[string]string
	}{
		{"the same date and time", "en", "Nothing would change", map[string]string{"date": w.date, "time": "10:00"}},
		{"the same date, time and rate plan", "ar", "لن يتغير شيء", map[string]string{"date": w.date, "time": "10:00", "rate_plan_id": w.plan.String()}},
	} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders/" + orderID + "/exchange", Token: u.Token, Body: c.body,
			Header: map[string]string{"Accept-Language": c.lang}})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), c.want) {
			t.Fatalf("%s: %d %s", c.name, r.Status, r.Body)
		}
		q := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + orderID + "/exchange/quote?date=" + c.body["date"] + "&time=10:00",
			Token: u.Token, Header: map[string]string{"Accept-Language": c.lang}})
		if q.Status != http.StatusUnprocessableEntity || !strings.Contains(string(q.Body), c.want) {
			t.Fatalf("quote of %s: %d %s", c.name, q.Status, q.Body)
		}
	}
	for _, e := range w.order(t, u.Token, orderID).Data.Timeline {
		if strings.Contains(e.Type, "Exchange") {
			t.Fatalf("a refused exchange left %s in the order's timeline", e.Type)
		}
	}
	if r := w.a.Post("/api/orders/"+orderID+"/exchange", u.Token, map[string]string{"date": w.date, "time": "11:00"}); r.Status != http.StatusOK {
		t.Fatalf("a real change: %d %s", r.Status, r.Body)
	}
}

// Staff search the orders for what they typed: "%" and "_" are characters to find, not wildcards
// matching every order; a status or page no list can have is the asker's mistake, said so.
func TestStaffOrderSearchTakesWhatIsTypedLiterallyAndRefusesUnknownFilters(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	support := w.a.Staff(t, "support")
	u := w.traveller(t)
	if r, _ := w.checkout(t, u, ""); r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	count := func(q string) int {
		r := w.a.Get("/api/admin/orders?q="+url.QueryEscape(q), support.Token)
		var list struct {
			Total int `json:"total"`
		}
		if r.JSON(t, &list); r.Status != http.StatusOK {
			t.Fatalf("search %q: %d %s", q, r.Status, r.Body)
		}
		return list.Total
	}
	eventually(t, "the order in the staff's list", func() (bool, string) {
		n := count(u.Email)
		return n == 1, fmt.Sprintf("%d orders by e-mail", n)
	})
	for _, q := range []string{"%", "_", "MSH-_", strings.Replace(u.Email, "@", "_", 1)} {
		if n := count(q); n != 0 {
			t.Errorf("search %q found %d orders; want 0 (taken literally)", q, n)
		}
	}
	for _, query := range []string{"status=bogus", "limit=abc", "limit=0", "limit=201", "offset=-10"} {
		r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/orders?" + query, Token: support.Token, Header: map[string]string{"lang": "ar"}})
		field := strings.SplitN(query, "=", 2)[0]
		var body struct {
			Errors map[string][]string `json:"errors"`
		}
		if r.JSON(t, &body); r.Status != http.StatusUnprocessableEntity || len(body.Errors[field]) != 1 || !containsArabic(body.Errors[field][0]) {
			t.Errorf("?%s: %d %s; want 422 naming %s in Arabic", query, r.Status, r.Body, field)
		}
	}
	if r := w.a.Get("/api/admin/enquiries?status=open", support.Token); r.Status != http.StatusUnprocessableEntity {
		t.Errorf("enquiries of an unknown status: %d %s; want 422", r.Status, r.Body)
	}
}

func containsArabic(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && r <= 0x06FF {
			return true
		}
	}
	return false
}

// An empty checkout is told everything it lacks at once, the contact and the terms with the date.
func TestAnEmptyCheckoutIsToldEverythingItLacksAtOnce(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	u := w.traveller(t)
	r := w.a.Post("/api/orders", u.Token, map[string]any{})
	var body struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &body)
	for _, field := range []string{"date", "time", "first_name", "last_name", "email", "phone", "country", "terms"} {
		if r.Status != http.StatusUnprocessableEntity || len(body.Errors[field]) == 0 {
			t.Errorf("an empty checkout: %d, no error for %s in %v", r.Status, field, body.Errors)
		}
	}
}
