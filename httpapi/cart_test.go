package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"mime/multipart"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// cartWorld is a running app with a small catalogue and a signed-in traveller.
type cartWorld struct {
	a     *apptest.App
	token string
	// Destinations by name; Draft is unpublished.
	dest  map[string]uuid.UUID
	plans map[string]uuid.UUID
	hotel uuid.UUID
	cat   *catcmd.Handlers
	catID uuid.UUID
	actor commands.Actor
}

// departure pins the trip's start so times and flags do not depend on when the test runs.
const departure = "departure=2026-03-02T09:00"

func newCartWorld(t *testing.T) *cartWorld {
	t.Helper()
	a := apptest.New(t)
	w := &cartWorld{a: a, dest: map[string]uuid.UUID{}, plans: map[string]uuid.UUID{}, cat: catcmd.New(a.Commands),
		actor: commands.Actor{UserID: "admin", Role: "admin"}}
	w.token = a.SignUp(t, apptest.UniqueEmail("cart")).Token

	w.catID = uuid.New()
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.Categories.Create(ctx, cat.CreateCategory{ID: w.catID, Fields: cat.CategoryFields{Name: cat.Text{En: "Sights", Ar: "معالم"}}}, m)
		return r.Position, err
	})
	for _, d := range []struct {
		name      string
		lat, lng  float64
		visit     int
		published bool
	}{
		{"Museum", 30.0478, 31.2336, 120, true},
		{"Citadel", 30.0299, 31.2611, 60, true},
		{"Pyramids", 29.9792, 31.1342, 180, true},
		{"Khan", 30.0477, 31.2623, 90, true},
		{"Draft", 30.05, 31.24, 60, false},
	} {
		w.dest[d.name] = w.destination(t, d.name, d.lat, d.lng, d.visit, d.published)
	}
	w.plans["Standard"] = w.ratePlan(t, "Standard", 1000, 6000, 1)
	w.plans["Van"] = w.ratePlan(t, "Van", 1550, 9050, 2)
	w.hotel = uuid.New()
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: w.hotel, Fields: cat.PickupPointFields{
			Name: cat.Text{En: "Tahrir Hotel", Ar: "فندق التحرير"}, Kind: cat.PickupHotel, Lat: 30.0444, Lng: 31.2357, Active: true,
		}}, m)
		return r.Position, err
	})
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.Settings(ctx, cat.SetDefaultPickupPoint{PickupPointID: w.hotel}, m)
		return r.Position, err
	})
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: []money.Rate{
			money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769),
		}}, m)
		return r.Position, err
	})
	return w
}

func (w *cartWorld) do(t *testing.T, run func(context.Context, commands.Meta) (eventstore.Position, error)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pos, err := run(ctx, commands.NewMeta(w.actor))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", pos); err != nil {
		t.Fatal(err)
	}
}

func (w *cartWorld) destination(t *testing.T, name string, lat, lng float64, visit int, published bool) uuid.UUID {
	t.Helper()
	id := uuid.New()
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: cat.DestinationFields{
			CategoryID: w.catID, Name: cat.Text{En: name, Ar: "عربي " + name},
			ShortDescription: cat.Text{En: "About " + name, Ar: "عن " + name},
			Lat:              lat, Lng: lng, Photos: []string{"/uploads/" + strings.ReplaceAll(strings.ToLower(name), " ", "-") + ".jpg"},
			VisitMinutes: visit, OpeningHours: weekdays("09:00", "17:00"), Published: published,
		}}, m)
		return r.Position, err
	})
	return id
}

func weekdays(open, close string) cat.WeeklyHours {
	var h cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		h = append(h, cat.DayHours{Day: d, Open: open, Close: close})
	}
	return h
}

func (w *cartWorld) ratePlan(t *testing.T, name string, perKm, perHour int64, order int) uuid.UUID {
	t.Helper()
	id := uuid.New()
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.RatePlans.Create(ctx, cat.CreateRatePlan{ID: id, Fields: cat.RatePlanFields{
			Name: cat.Text{En: name, Ar: "خطة " + name}, Seats: 4, PricePerKm: money.New(perKm, money.EGP),
			WaitingPerHour: money.New(perHour, money.EGP), Active: true, DisplayOrder: order,
		}}, m)
		return r.Position, err
	})
	return id
}

// The answer shapes, as the spec's client reads them.
type cartItem struct {
	ID            string `json:"id"`
	DestinationID string `json:"destination_id"`
	Position      int    `json:"position"`
	Available     bool   `json:"available"`
	Destination   struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		Slug        string `json:"slug"`
		Coordinates struct {
			Lat float64 `json:"lat"`
			Lng float64 `json:"lng"`
		} `json:"coordinates"`
		VisitHours float64 `json:"visit_hours"`
		Photo      *string `json:"photo"`
	} `json:"destination"`
	Problem string `json:"problem"`
}

type rateCalc struct {
	RateID         string  `json:"rate_id"`
	Name           string  `json:"name"`
	PricePerKm     float64 `json:"price_per_km"`
	WaitingPerHour float64 `json:"waiting_per_hour"`
	DistanceCost   float64 `json:"distance_cost"`
	WaitingCost    float64 `json:"waiting_cost"`
	Total          float64 `json:"total"`
	Currency       string  `json:"currency"`
	Converted      []struct {
		Currency string  `json:"currency"`
		Total    float64 `json:"total"`
	} `json:"converted"`
}

type cartBody struct {
	Data             []cartItem `json:"data"`
	TripCalculations struct {
		TotalDistance     float64 `json:"total_distance"`
		TotalDuration     int64   `json:"total_duration"`
		TotalWaitingHours float64 `json:"total_waiting_hours"`
		Legs              []struct {
			From     string  `json:"from"`
			To       string  `json:"to"`
			Distance float64 `json:"distance"`
			Duration int64   `json:"duration"`
		} `json:"legs"`
		RateCalculations []rateCalc `json:"rate_calculations"`
		MoreThanOneDay   bool       `json:"more_than_one_day"`
		Warnings         []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"warnings"`
	} `json:"trip_calculations"`
	Version    int64 `json:"version"`
	StartPoint struct {
		Kind          string `json:"kind"`
		PickupPointID string `json:"pickup_point_id"`
		Name          string `json:"name"`
		Default       bool   `json:"default"`
	} `json:"start_point"`
	EndPoint struct {
		Kind        string `json:"kind"`
		Name        string `json:"name"`
		SameAsStart bool   `json:"same_as_start"`
	} `json:"end_point"`
	Message string `json:"message"`
}

func (w *cartWorld) cart(t *testing.T) cartBody {
	t.Helper()
	r := w.a.Get("/api/auth/cart?"+departure, w.token)
	if r.Status != http.StatusOK {
		t.Fatalf("GET cart: %d %s", r.Status, r.Body)
	}
	var b cartBody
	r.JSON(t, &b)
	return b
}

func (w *cartWorld) add(t *testing.T, name string) string {
	t.Helper()
	r := w.a.Post("/api/auth/cart", w.token, map[string]string{"destination_id": w.dest[name].String()})
	if r.Status != http.StatusCreated {
		t.Fatalf("add %s: %d %s", name, r.Status, r.Body)
	}
	var b struct {
		Data cartItem `json:"data"`
	}
	r.JSON(t, &b)
	return b.Data.ID
}

func (w *cartWorld) names(b cartBody) []string {
	byID := map[string]string{}
	for n, id := range w.dest {
		byID[id.String()] = n
	}
	var out []string
	for _, it := range b.Data {
		out = append(out, byID[it.DestinationID])
	}
	return out
}

func multipartBody(t *testing.T, fields map[string]string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

func errorBody(t *testing.T, r apptest.Response) (string, map[string][]string) {
	t.Helper()
	var b struct {
		Message string              `json:"message"`
		Errors  map[string][]string `json:"errors"`
	}
	r.JSON(t, &b)
	return b.Message, b.Errors
}

func TestCartCallsNeedASignedInUser(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	for _, c := range []struct{ method, path string }{
		{http.MethodGet, "/api/auth/cart"},
		{http.MethodPost, "/api/auth/cart"},
		{http.MethodDelete, "/api/auth/cart/" + uuid.NewString()},
		{http.MethodDelete, "/api/auth/cart/clear"},
		{http.MethodPatch, "/api/auth/cart/items/" + uuid.NewString() + "/move"},
		{http.MethodPost, "/api/auth/cart/program"},
		{http.MethodPut, "/api/auth/cart/points"},
		{http.MethodPost, "/api/auth/cart/optimise"},
		{http.MethodPut, "/api/auth/cart/order"},
	} {
		r := a.Do(apptest.Request{Method: c.method, Path: c.path, Body: map[string]string{}})
		if msg, _ := errorBody(t, r); r.Status != http.StatusUnauthorized || msg != "Please sign in first." {
			t.Errorf("%s %s: %d %s", c.method, c.path, r.Status, r.Body)
		}
	}
	if r := a.Get("/api/auth/cart", "not-a-session"); r.Status != http.StatusUnauthorized {
		t.Errorf("a bad token: %d", r.Status)
	}
}

func TestAnEmptyCartAnswersNoItemsAndZeroTotals(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	r := w.a.Get("/api/auth/cart", w.token)
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var raw map[string]any
	r.JSON(t, &raw)
	if data, ok := raw["data"].([]any); !ok || len(data) != 0 {
		t.Fatalf("data = %#v, want []", raw["data"])
	}
	tc := raw["trip_calculations"].(map[string]any)
	for _, k := range []string{"total_distance", "total_duration", "total_waiting_hours"} {
		if tc[k] != 0.0 {
			t.Errorf("%s = %v, want 0", k, tc[k])
		}
	}
	for _, k := range []string{"legs", "rate_calculations"} {
		if l, ok := tc[k].([]any); !ok || len(l) != 0 {
			t.Errorf("%s = %#v, want []", k, tc[k])
		}
	}
	if raw["version"] != -1.0 {
		t.Errorf("version %v", raw["version"])
	}
	b := w.cart(t)
	if b.StartPoint.PickupPointID != w.hotel.String() || !b.StartPoint.Default || !b.EndPoint.SameAsStart || b.StartPoint.Name != "Tahrir Hotel" {
		t.Errorf("points %+v → %+v", b.StartPoint, b.EndPoint)
	}
}

func TestAddToCart(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	museum := w.dest["Museum"].String()

	body, ct := multipartBody(t, map[string]string{"destination_id": museum})
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/auth/cart", Token: w.token, Body: body, Header: map[string]string{"Content-Type": ct}})
	if r.Status != http.StatusCreated {
		t.Fatalf("multipart add: %d %s", r.Status, r.Body)
	}
	var added struct {
		Message string   `json:"message"`
		Data    cartItem `json:"data"`
		Version int64    `json:"version"`
	}
	r.JSON(t, &added)
	it := added.Data
	if added.Message != "Product added to cart!" || it.ID == "" || it.DestinationID != museum || it.Position != 1 || added.Version != 0 {
		t.Fatalf("answer %s", r.Body)
	}
	if d := it.Destination; d.ID != museum || d.Name != "Museum" || d.Slug != "museum" || d.Coordinates.Lat != 30.0478 ||
		d.Coordinates.Lng != 31.2336 || d.VisitHours != 2 || d.Photo == nil || *d.Photo != "/uploads/museum.jpg" {
		t.Fatalf("destination %+v", d)
	}

	cases := []struct {
		name    string
		body    any
		status  int
		message string
		field   string
	}{
		{"the same destination again", map[string]string{"destination_id": museum}, http.StatusConflict, "This destination is already in your cart.", ""},
		{"an unpublished destination", map[string]string{"destination_id": w.dest["Draft"].String()}, http.StatusUnprocessableEntity, "The selected destination is not available.", "destination_id"},
		{"an unknown destination", map[string]string{"destination_id": uuid.NewString()}, http.StatusUnprocessableEntity, "The selected destination is not available.", "destination_id"},
		{"a numeric id", map[string]any{"destination_id": 42}, http.StatusUnprocessableEntity, "The selected destination is not available.", "destination_id"},
		{"no id", map[string]string{}, http.StatusUnprocessableEntity, "The selected destination is not available.", "destination_id"},
	}
	for _, c := range cases {
		r := w.a.Post("/api/auth/cart", w.token, c.body)
		msg, errs := errorBody(t, r)
		if r.Status != c.status || msg != c.message {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
		if c.field != "" && !reflect.DeepEqual(errs, map[string][]string{c.field: {c.message}}) {
			t.Errorf("%s: errors %v", c.name, errs)
		}
	}
	if got := w.names(w.cart(t)); !reflect.DeepEqual(got, []string{"Museum"}) {
		t.Fatalf("cart %v", got)
	}
	ar := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/auth/cart", Token: w.token, Body: map[string]string{"destination_id": museum}, Header: map[string]string{"lang": "ar"}})
	if msg, _ := errorBody(t, ar); msg != "هذه الوجهة موجودة بالفعل في سلتك." {
		t.Errorf("arabic conflict message %q", msg)
	}
}

func TestARetriedAddWithTheSameIdempotencyKeyAddsOnce(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	req := apptest.Request{Method: http.MethodPost, Path: "/api/auth/cart", Token: w.token,
		Body: map[string]string{"destination_id": w.dest["Museum"].String()}, Header: map[string]string{"Idempotency-Key": "tap-1"}}
	first, second := w.a.Do(req), w.a.Do(req)
	if first.Status != http.StatusCreated || second.Status != http.StatusCreated {
		t.Fatalf("%d %s / %d %s", first.Status, first.Body, second.Status, second.Body)
	}
	var a, b struct {
		Data cartItem `json:"data"`
	}
	first.JSON(t, &a)
	second.JSON(t, &b)
	if a.Data.ID != b.Data.ID || len(w.cart(t).Data) != 1 {
		t.Fatalf("items %s and %s", a.Data.ID, b.Data.ID)
	}
}

// TestEveryCartCommandRepeatsItsFirstAnswerForTheSameIdempotencyKey: a retried move answers the
// first answer again (and moves once), and the key sent with another body is refused.
func TestEveryCartCommandRepeatsItsFirstAnswerForTheSameIdempotencyKey(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	w.add(t, "Museum")
	citadel := w.add(t, "Citadel")
	w.add(t, "Khan")
	move := func(steps int) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodPatch, Path: "/api/auth/cart/items/" + citadel + "/move?" + departure, Token: w.token,
			Body: map[string]any{"direction": "up", "steps": steps}, Header: map[string]string{"Idempotency-Key": "move-1"}})
	}
	first, again := move(1), move(1)
	if first.Status != http.StatusOK || again.Status != http.StatusOK || again.Header.Get("Idempotent-Replayed") != "true" || string(again.Body) != string(first.Body) {
		t.Fatalf("first %d %s\nagain %d %s (%q)", first.Status, first.Body, again.Status, again.Body, again.Header.Get("Idempotent-Replayed"))
	}
	if got := w.names(w.cart(t)); !reflect.DeepEqual(got, []string{"Citadel", "Museum", "Khan"}) {
		t.Fatalf("moved twice? order %v", got)
	}
	if other := move(2); other.Status != http.StatusUnprocessableEntity {
		t.Fatalf("the key with another body: %d %s", other.Status, other.Body)
	}
	// Without a key every request is a command of its own.
	for range 2 {
		if r := w.a.Delete("/api/auth/cart/clear", w.token); r.Status != http.StatusOK {
			t.Fatalf("clear: %d %s", r.Status, r.Body)
		}
	}
	points := apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: w.token,
		Body: map[string]any{"start": map[string]any{"name": "Flat", "lat": 30.06, "lng": 31.33}}, Header: map[string]string{"Idempotency-Key": "points-1"}}
	if a, b := w.a.Do(points), w.a.Do(points); a.Status != http.StatusOK || b.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("points: %d %s / %d %q", a.Status, a.Body, b.Status, b.Header.Get("Idempotent-Replayed"))
	}
}

// TestTheCartIsPricedForEveryActiveRatePlan checks the calculation's shape and that its numbers hold
// together by the written rounding rules: shown km × price per km = distance cost (to the piastre),
// waiting hours × waiting per hour = waiting cost, their sum = total.
func TestTheCartIsPricedForEveryActiveRatePlan(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	w.add(t, "Museum")
	w.add(t, "Citadel")
	b := w.cart(t)
	tc := b.TripCalculations
	if len(tc.Legs) != 3 || tc.Legs[0].From != "start" || tc.Legs[0].To != w.dest["Museum"].String() ||
		tc.Legs[1].To != w.dest["Citadel"].String() || tc.Legs[2].To != "end" {
		t.Fatalf("legs %+v", tc.Legs)
	}
	sumKm, sumMin := 0.0, int64(0)
	for _, l := range tc.Legs {
		sumKm += l.Distance
		sumMin += l.Duration
		if l.Distance <= 0 || l.Duration <= 0 {
			t.Fatalf("leg %+v", l)
		}
	}
	if math.Abs(sumKm-tc.TotalDistance) > 0.15 || math.Abs(float64(sumMin-tc.TotalDuration)) > 1.5 {
		t.Fatalf("legs add up to %.1f km / %d min; totals %.1f / %d", sumKm, sumMin, tc.TotalDistance, tc.TotalDuration)
	}
	if tc.TotalWaitingHours != 3 {
		t.Fatalf("waiting %v h, want 3 (2 h + 1 h)", tc.TotalWaitingHours)
	}
	if len(tc.RateCalculations) != 2 || tc.RateCalculations[0].Name != "Standard" || tc.RateCalculations[1].Name != "Van" {
		t.Fatalf("rate calculations %+v", tc.RateCalculations)
	}
	for _, rc := range tc.RateCalculations {
		piastres := func(f float64) int64 { return int64(math.Round(f * 100)) }
		wantDistance := int64(math.Round(float64(piastres(rc.PricePerKm)) * tc.TotalDistance))
		wantWaiting := int64(math.Round(float64(piastres(rc.WaitingPerHour)) * tc.TotalWaitingHours))
		if piastres(rc.DistanceCost) != wantDistance || piastres(rc.WaitingCost) != wantWaiting ||
			piastres(rc.Total) != piastres(rc.DistanceCost)+piastres(rc.WaitingCost) || rc.Currency != "EGP" {
			t.Errorf("%s: %+v (want distance %d, waiting %d piastres)", rc.Name, rc, wantDistance, wantWaiting)
		}
		if len(rc.Converted) != 2 || rc.Converted[0].Currency != "USD" || rc.Converted[1].Currency != "SAR" ||
			math.Abs(rc.Converted[0].Total-rc.Total*0.0205) > 0.006 {
			t.Errorf("%s converted %+v", rc.Name, rc.Converted)
		}
	}
	if tc.RateCalculations[0].RateID != w.plans["Standard"].String() || tc.RateCalculations[0].PricePerKm != 10 || tc.RateCalculations[1].WaitingPerHour != 90.5 {
		t.Errorf("plans %+v", tc.RateCalculations)
	}
}

func TestTheCookieMirrorIsCheckedIndexByIndex(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	museum, citadel := w.dest["Museum"].String(), w.dest["Citadel"].String()
	r := w.a.Get("/api/auth/cart?destination_ids[]="+museum+"&destination_ids[]="+uuid.NewString()+"&destination_ids[]="+citadel+"&destination_ids[]="+w.dest["Draft"].String(), w.token)
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	_, errs := errorBody(t, r)
	want := map[string][]string{
		"destination_ids.1": {"The selected destination is not available."},
		"destination_ids.3": {"The selected destination is not available."},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Fatalf("errors %v, want %v", errs, want)
	}
	// Bracket-encoded and indexed forms work too; the client then refetches with the good ids.
	r = w.a.Get("/api/auth/cart?destination_ids%5B0%5D="+museum+"&destination_ids%5B1%5D=nope", w.token)
	if _, errs := errorBody(t, r); r.Status != http.StatusUnprocessableEntity || !reflect.DeepEqual(errs, map[string][]string{"destination_ids.1": {"The selected destination is not available."}}) {
		t.Fatalf("indexed: %d %s", r.Status, r.Body)
	}
	if r := w.a.Get("/api/auth/cart?destination_ids[]="+museum+"&destination_ids[]="+citadel, w.token); r.Status != http.StatusOK {
		t.Fatalf("good ids: %d %s", r.Status, r.Body)
	}
}

func TestRemoveAndClear(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	museum := w.add(t, "Museum")
	w.add(t, "Citadel")
	w.add(t, "Khan")
	r := w.a.Delete("/api/auth/cart/"+museum, w.token)
	if r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	var b cartBody
	r.JSON(t, &b)
	if got := w.names(b); !reflect.DeepEqual(got, []string{"Citadel", "Khan"}) || b.Data[0].Position != 1 || b.Message != "Destination removed from your cart." {
		t.Fatalf("after delete %v %s", got, r.Body)
	}
	if r := w.a.Delete("/api/auth/cart/"+museum, w.token); r.Status != http.StatusNotFound {
		t.Fatalf("delete again: %d %s", r.Status, r.Body)
	}
	if r := w.a.Delete("/api/auth/cart/not-an-item", w.token); r.Status != http.StatusNotFound {
		t.Fatalf("delete unknown: %d %s", r.Status, r.Body)
	}
	r = w.a.Delete("/api/auth/cart/clear", w.token)
	r.JSON(t, &b)
	if r.Status != http.StatusOK || len(b.Data) != 0 || len(b.TripCalculations.RateCalculations) != 0 || b.TripCalculations.TotalDistance != 0 {
		t.Fatalf("clear: %d %s", r.Status, r.Body)
	}
	if r := w.a.Delete("/api/auth/cart/clear", w.token); r.Status != http.StatusOK {
		t.Fatalf("clearing an empty cart: %d %s", r.Status, r.Body)
	}
}

func TestMoveItems(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	museum := w.add(t, "Museum")
	citadel := w.add(t, "Citadel")
	khan := w.add(t, "Khan")
	move := func(item string, body any) apptest.Response {
		return w.a.Patch("/api/auth/cart/items/"+item+"/move", w.token, body)
	}
	cases := []struct {
		name   string
		item   string
		body   any
		status int
		want   []string
	}{
		{"the first up", museum, map[string]any{"direction": "up", "steps": 1}, http.StatusUnprocessableEntity, nil},
		{"the last down", khan, map[string]any{"direction": "down", "steps": 1}, http.StatusUnprocessableEntity, nil},
		{"the middle up", citadel, map[string]any{"direction": "up", "steps": 1}, http.StatusOK, []string{"Citadel", "Museum", "Khan"}},
		{"two steps down when they fit", citadel, map[string]any{"direction": "down", "steps": 2}, http.StatusOK, []string{"Museum", "Khan", "Citadel"}},
		{"steps as a form string", khan, map[string]any{"direction": "down", "steps": "1"}, http.StatusOK, []string{"Museum", "Citadel", "Khan"}},
		{"too many steps", museum, map[string]any{"direction": "down", "steps": 5}, http.StatusUnprocessableEntity, nil},
		{"an unknown item", uuid.NewString(), map[string]any{"direction": "up", "steps": 1}, http.StatusNotFound, nil},
	}
	for _, c := range cases {
		r := move(c.item, c.body)
		if r.Status != c.status {
			t.Fatalf("%s: %d %s", c.name, r.Status, r.Body)
		}
		if c.want != nil {
			var b cartBody
			r.JSON(t, &b)
			if got := w.names(b); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("%s: order %v, want %v", c.name, got, c.want)
			}
		}
	}
	r := move(museum, map[string]any{"direction": "sideways", "steps": 0})
	if _, errs := errorBody(t, r); r.Status != http.StatusUnprocessableEntity || len(errs["direction"]) != 1 || len(errs["steps"]) != 1 {
		t.Fatalf("bad direction and steps: %d %s", r.Status, r.Body)
	}
	if msg, _ := errorBody(t, move(museum, map[string]any{"direction": "up"})); msg != "This stop cannot move further in that direction." {
		t.Fatalf("first up message %q", msg)
	}
}

func TestAddAProgram(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	program := uuid.New()
	w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.cat.Programs.Create(ctx, cat.CreateProgram{ID: program, Fields: cat.ProgramFields{
			Name: cat.Text{En: "Islamic Cairo", Ar: "القاهرة الإسلامية"}, ShortDescription: cat.Text{En: "A day", Ar: "يوم"},
			DestinationIDs: []uuid.UUID{w.dest["Khan"], w.dest["Museum"], w.dest["Citadel"]}, Hours: 8,
			Price: money.New(200000, money.EGP), Published: true,
		}}, m)
		return r.Position, err
	})
	w.add(t, "Museum")
	r := w.a.Post("/api/auth/cart/program", w.token, map[string]string{"program_id": program.String()})
	if r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var b cartBody
	r.JSON(t, &b)
	if got := w.names(b); !reflect.DeepEqual(got, []string{"Museum", "Khan", "Citadel"}) || b.Message != "2 destinations of the program were added to your cart." {
		t.Fatalf("cart %v, message %q", got, b.Message)
	}
	if r := w.a.Post("/api/auth/cart/program", w.token, map[string]string{"program_id": "islamic-cairo"}); r.Status != http.StatusConflict {
		t.Fatalf("again by slug: %d %s", r.Status, r.Body)
	}
	r = w.a.Post("/api/auth/cart/program", w.token, map[string]string{"program_id": uuid.NewString()})
	if msg, _ := errorBody(t, r); r.Status != http.StatusNotFound || msg != "Program not found" {
		t.Fatalf("unknown program: %d %s", r.Status, r.Body)
	}
}

func TestChoosePoints(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	w.add(t, "Museum")
	r := w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points?" + departure, Token: w.token, Body: map[string]any{
		"start": map[string]any{"pickup_point_id": w.hotel.String()},
		"end":   map[string]any{"name": "Airport hotel", "lat": 30.1120, "lng": 31.3960},
	}})
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var b cartBody
	r.JSON(t, &b)
	if b.StartPoint.Default || b.StartPoint.PickupPointID != w.hotel.String() || b.EndPoint.Kind != "custom" || b.EndPoint.Name != "Airport hotel" || b.EndPoint.SameAsStart {
		t.Fatalf("points %+v → %+v", b.StartPoint, b.EndPoint)
	}
	r = w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: w.token, Body: map[string]any{
		"end": map[string]any{"name": "Alexandria", "lat": 31.2, "lng": 29.9}, "end_same_as_start": false,
	}})
	if _, errs := errorBody(t, r); r.Status != http.StatusUnprocessableEntity || errs["end.coordinates"] == nil {
		t.Fatalf("outside Cairo: %d %s", r.Status, r.Body)
	}
	r = w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/points", Token: w.token, Body: map[string]any{}})
	r.JSON(t, &b)
	if r.Status != http.StatusOK || !b.StartPoint.Default || !b.EndPoint.SameAsStart {
		t.Fatalf("back to defaults: %d %s", r.Status, r.Body)
	}
}

func TestOptimiseProposesAndAcceptingReorders(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	// From the hotel by Tahrir: the pyramids are far west, the others east; a zigzag order.
	w.add(t, "Khan")
	w.add(t, "Pyramids")
	w.add(t, "Citadel")
	w.add(t, "Museum")
	r := w.a.Post("/api/auth/cart/optimise?"+departure, w.token, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	var p struct {
		Improves     bool     `json:"improves"`
		Order        []string `json:"order"`
		SavesMinutes int64    `json:"saves_minutes"`
		Current      cartBody `json:"current"`
		Proposed     cartBody `json:"proposed"`
		Message      string   `json:"message"`
	}
	r.JSON(t, &p)
	if !p.Improves || p.SavesMinutes <= 0 || len(p.Order) != 4 || p.Proposed.TripCalculations.TotalDuration >= p.Current.TripCalculations.TotalDuration {
		t.Fatalf("proposal %s", r.Body)
	}
	if got := w.names(w.cart(t)); !reflect.DeepEqual(got, []string{"Khan", "Pyramids", "Citadel", "Museum"}) {
		t.Fatalf("proposing must not change the cart: %v", got)
	}
	r = w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/order?" + departure, Token: w.token, Body: map[string]any{"item_ids": p.Order, "reason": "optimised"}})
	if r.Status != http.StatusOK {
		t.Fatalf("accept: %d %s", r.Status, r.Body)
	}
	var b cartBody
	r.JSON(t, &b)
	var ids []string
	for _, it := range b.Data {
		ids = append(ids, it.ID)
	}
	if !reflect.DeepEqual(ids, p.Order) || b.TripCalculations.TotalDuration != p.Proposed.TripCalculations.TotalDuration {
		t.Fatalf("accepted order %v, want %v", ids, p.Order)
	}
	r = w.a.Post("/api/auth/cart/optimise?"+departure, w.token, nil)
	r.JSON(t, &p)
	if p.Improves || p.Message != "Your order is already the shortest drive." {
		t.Fatalf("again: %s", r.Body)
	}
	if r := w.a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/auth/cart/order", Token: w.token, Body: map[string]any{"item_ids": p.Order[:3]}}); r.Status != http.StatusConflict {
		t.Fatalf("a partial order: %d %s", r.Status, r.Body)
	}
	w.a.Delete("/api/auth/cart/clear", w.token)
	w.add(t, "Museum")
	if r := w.a.Post("/api/auth/cart/optimise", w.token, nil); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("one stop: %d %s", r.Status, r.Body)
	}
}

func TestALongDayIsFlagged(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	for _, n := range []string{"Museum", "Pyramids", "Citadel", "Khan"} { // 2 + 3 + 1 + 1.5 h of visits
		w.add(t, n)
	}
	r := w.a.Get("/api/auth/cart?departure=2026-03-02T14:00", w.token)
	var b cartBody
	r.JSON(t, &b)
	codes := map[string]bool{}
	for _, wn := range b.TripCalculations.Warnings {
		codes[wn.Code] = true
	}
	if !b.TripCalculations.MoreThanOneDay || !codes["trip.more_than_one_day"] || !codes["trip.stop_closed"] {
		t.Fatalf("warnings %+v", b.TripCalculations.Warnings)
	}
	closed := 0
	for _, it := range b.Data {
		if it.Problem != "" {
			closed++
		}
	}
	if closed == 0 {
		t.Fatalf("no stop flagged: %s", r.Body)
	}
	for _, bad := range []string{"tomorrow", "9999-12-31T21:00", "1900-01-01T09:00", "0001-01-01T00:00"} {
		if r := w.a.Get("/api/auth/cart?departure="+bad, w.token); r.Status != http.StatusUnprocessableEntity || r.Map(t)["message"] == nil {
			t.Fatalf("departure %s: %d %s; want 422 with a message", bad, r.Status, r.Body)
		}
	}
}

// TestTwoTabsWritingAtOnceLoseNothing: two clients of one user add different destinations at the
// same time; every one lands exactly once.
func TestTwoTabsWritingAtOnceLoseNothing(t *testing.T) {
	t.Parallel()
	w := newCartWorld(t)
	var extra []string
	for i := range 6 {
		name := fmt.Sprintf("Stop %d", i)
		w.dest[name] = w.destination(t, name, 30.0+float64(i)/100, 31.25, 30, true)
		extra = append(extra, name)
	}
	tabs := [][]string{{"Museum", "Citadel", "Pyramids", "Khan"}, extra}
	var wg sync.WaitGroup
	statuses := make(chan string, 20)
	for _, tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, n := range tab {
				r := w.a.Post("/api/auth/cart", w.token, map[string]string{"destination_id": w.dest[n].String()})
				if r.Status != http.StatusCreated {
					statuses <- fmt.Sprintf("%s: %d %s", n, r.Status, r.Body)
				}
			}
		}()
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		t.Error(s)
	}
	got := w.names(w.cart(t))
	sort.Strings(got)
	want := append(append([]string{}, tabs[0]...), tabs[1]...)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("cart %v, want %v", got, want)
	}
	var b cartBody
	raw := w.a.Get("/api/auth/cart", w.token)
	if err := json.Unmarshal(raw.Body, &b); err != nil || b.Version != int64(len(want)-1) {
		t.Fatalf("version %d after %d adds", b.Version, len(want))
	}
}

// The cart's rows of the authorisation matrix. Every signed-in persona has a cart of its own, so
// calls on "the cart" succeed for all of them; calls on an item are the owner's only.
func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/auth/cart", Want: signedIn(200)},
		authzRoute{Method: "POST", Route: "/api/auth/cart", Body: map[string]string{"destination_id": uuid.NewString()}, Want: signedIn(422)},
		authzRoute{Method: "DELETE", Route: "/api/auth/cart/clear", Want: signedIn(200)},
		authzRoute{Method: "DELETE", Route: "/api/auth/cart/{id}", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/auth/cart/" + authzCartItems(t, e, 1)[0]}
		}},
		authzRoute{Method: "PATCH", Route: "/api/auth/cart/items/{id}/move", Want: ownerOnly(200), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			items := authzCartItems(t, e, 2)
			return authzCall{Path: "/api/auth/cart/items/" + items[1] + "/move", Body: map[string]any{"direction": "up", "steps": 1}}
		}},
		authzRoute{Method: "POST", Route: "/api/auth/cart/program", Body: map[string]string{"program_id": uuid.NewString()}, Want: signedIn(404)},
		authzRoute{Method: "PUT", Route: "/api/auth/cart/points", Body: map[string]any{}, Want: signedIn(200)},
		authzRoute{Method: "POST", Route: "/api/auth/cart/optimise", Want: signedIn(422), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			if p != "visitor" {
				e.A.Delete("/api/auth/cart/clear", e.Users[p].Token) // fewer than two stops
			}
			return authzCall{Path: "/api/auth/cart/optimise"}
		}},
		authzRoute{Method: "PUT", Route: "/api/auth/cart/order", Body: map[string]any{"item_ids": []string{"not-an-item"}}, Want: signedIn(409)},
	)
}

var authzCategories sync.Map // *authzEnv → category id

// authzCartItems empties the "user" persona's cart, fills it with n fresh destinations and returns the
// item ids in order.
func authzCartItems(t *testing.T, e *authzEnv, n int) []string {
	t.Helper()
	w := &cartWorld{a: e.A, cat: catcmd.New(e.A.Commands), actor: commands.Actor{UserID: "admin", Role: "admin"}, dest: map[string]uuid.UUID{}}
	if id, ok := authzCategories.Load(e); ok {
		w.catID = id.(uuid.UUID)
	} else {
		w.catID = uuid.New()
		w.do(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
			r, err := w.cat.Categories.Create(ctx, cat.CreateCategory{ID: w.catID, Fields: cat.CategoryFields{Name: cat.Text{En: "Authz", Ar: "صلاحيات"}}}, m)
			return r.Position, err
		})
		authzCategories.Store(e, w.catID)
	}
	token := e.Users["user"].Token
	if r := e.A.Delete("/api/auth/cart/clear", token); r.Status != http.StatusOK {
		t.Fatalf("clear: %d %s", r.Status, r.Body)
	}
	var ids []string
	for i := range n {
		d := w.destination(t, fmt.Sprintf("Authz %s %d", uuid.NewString()[:8], i), 30.05, 31.23+float64(i)/100, 60, true)
		r := e.A.Post("/api/auth/cart", token, map[string]string{"destination_id": d.String()})
		if r.Status != http.StatusCreated {
			t.Fatalf("add: %d %s", r.Status, r.Body)
		}
		var b struct {
			Data cartItem `json:"data"`
		}
		r.JSON(t, &b)
		ids = append(ids, b.Data.ID)
	}
	return ids
}
