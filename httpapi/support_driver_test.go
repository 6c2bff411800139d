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

// supportCard is the support console's history of an order with its driver card.
type supportCard struct {
	Data struct {
		Version int64 `json:"version"`
		At      int64 `json:"at"`
		Driver  []struct {
			Key   string `json:"key"`
			Label string `json:"label"`
			Value string `json:"value"`
		} `json:"driver"`
	} `json:"data"`
}

func (c supportCard) field(key string) string {
	for _, f := range c.Data.Driver {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

// Issue 14: the support console's card at a chosen version of an order showed the trip's driver as it
// is now. The driver card is now the one the trip had when the order's event at that version was
// recorded (at the last version, the driver now): nobody before the assignment, the first driver
// while they had it, the second after they took over.
func TestTheSupportCardShowsTheDriverTheOrderHadAtTheChosenVersion(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 2)
	a := w.a
	admin, support := a.Staff(t, "admin"), a.Staff(t, "support")
	u, orderID := w.paidOrder(t)

	var b struct {
		Data []struct {
			OrderID string `json:"order_id"`
		} `json:"data"`
		Drivers []struct {
			ID string `json:"id"`
		} `json:"drivers"`
	}
	eventually(t, "the paid order on the board", func() (bool, string) {
		r := a.Get("/api/admin/trips?date="+w.date, admin.Token)
		r.JSON(t, &b)
		return len(b.Data) == 1 && len(b.Drivers) == 2, string(r.Body)
	})
	for _, d := range b.Drivers {
		if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + d.ID + "/account", Token: admin.Token,
			Body: map[string]string{"email": a.Staff(t, "driver").Email}}); r.Status != http.StatusOK {
			t.Fatalf("link: %d %s", r.Status, r.Body)
		}
	}
	history := func(at, lang string) supportCard {
		t.Helper()
		path := "/api/support/orders/" + orderID + "/history"
		if at != "" {
			path += "?at=" + at
		}
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: path, Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("history at %q: %d %s", at, r.Status, r.Body)
		}
		var c supportCard
		r.JSON(t, &c)
		return c
	}
	paid := history("", "en").Data.Version
	exchange := func(clock string) {
		t.Helper()
		if r := a.Post("/api/orders/"+orderID+"/exchange", u.Token, map[string]string{"date": w.date, "time": clock}); r.Status != http.StatusOK {
			t.Fatalf("exchange to %s: %d %s", clock, r.Status, r.Body)
		}
	}
	assign := func(driverID string) {
		t.Helper()
		if r := a.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
			t.Fatalf("assign %s: %d %s", driverID, r.Status, r.Body)
		}
	}
	// The first driver takes the trip; the traveller moves it (version paid+1, first driver's).
	assign(b.Drivers[0].ID)
	first := history("", "en")
	exchange("11:00")
	// Staff give it to the second driver; the traveller moves it again (version paid+2, second's).
	if r := a.Delete("/api/admin/trips/"+orderID+"/driver", admin.Token); r.Status != http.StatusOK {
		t.Fatalf("unassign: %d %s", r.Status, r.Body)
	}
	assign(b.Drivers[1].ID)
	second := history("", "en")
	exchange("12:00")

	if first.field("plate") == "" || second.field("plate") == "" || first.field("plate") == second.field("plate") {
		t.Fatalf("the two drivers' cards: %+v and %+v, want two plates", first.Data.Driver, second.Data.Driver)
	}
	at := func(v int64) string { return string(rune('0' + v)) }
	if paid+2 > 9 {
		t.Fatalf("the order has %d versions: the test reads them as one digit", paid+2)
	}
	for _, c := range []struct {
		name, at string
		plate    string
	}{
		{"at the order's first version, before any driver", "0", ""},
		{"at the payment, before any driver", at(paid), ""},
		{"at the exchange the first driver had", at(paid + 1), first.field("plate")},
		{"at the last version, the second driver's", at(paid + 2), second.field("plate")},
		{"with no version, the last", "", second.field("plate")},
	} {
		for _, lang := range []string{"en", "ar"} {
			got := history(c.at, lang)
			if c.plate == "" {
				want := map[string]string{"en": "No driver yet", "ar": "بلا سائق بعد"}[lang]
				if len(got.Data.Driver) != 1 || got.field("driver") != want {
					t.Fatalf("%s (%s): %+v, want %q only", c.name, lang, got.Data.Driver, want)
				}
				continue
			}
			if got.field("plate") != c.plate || got.field("driver") == "" || got.field("car") == "" || got.field("driver_phone") == "" {
				t.Fatalf("%s (%s): %+v, want the driver with plate %s", c.name, lang, got.Data.Driver, c.plate)
			}
		}
	}
}

// supportTimeline is the support console's history of an order with its merged timeline.
type supportTimeline struct {
	Data struct {
		Version  int64 `json:"version"`
		Timeline []struct {
			Part        string `json:"part"`
			Type        string `json:"type"`
			Stream      string `json:"stream"`
			Version     int64  `json:"version"`
			FromVersion int64  `json:"from_version"`
			Summary     string `json:"summary"`
			Actor       struct {
				Name  string `json:"name"`
				Role  string `json:"role"`
				Label string `json:"label"`
			} `json:"actor"`
		} `json:"timeline"`
		Events []struct {
			Type string `json:"type"`
		} `json:"events"`
		Card []struct {
			Key   string `json:"key"`
			Value string `json:"value"`
		} `json:"card"`
		Related []struct {
			Stream string `json:"stream"`
			Kind   string `json:"kind"`
			Label  string `json:"label"`
		} `json:"related"`
		RelatedStreams []string `json:"related_streams"`
	} `json:"data"`
}

// A support agent settles "who was driving" from the order's own history: the trip's events (the
// first driver given it, setting off, the hand-over on the road and why, the second driver's arrival
// at a stop, named in Arabic) sit among the order's in the order they were recorded, each by the
// driver's name or the operator's; the order's own "trip started" credits the driver's step; the
// streams the order continues on are named in words.
func TestSupportReadsWhoDroveAHandedOverTripOnTheOrdersTimeline(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	a := w.a
	admin, support, first, second := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver"), a.Staff(t, "driver")
	_, orderID := w.paidOrder(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	firstID, secondID := board.Drivers[0].ID, board.Drivers[1].ID
	firstName, secondName := board.Drivers[0].Name, board.Drivers[1].Name
	linkAndAssign(t, a, admin, first, firstID, orderID)
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + secondID + "/account", Token: admin.Token,
		Body: map[string]string{"email": second.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link the second driver: %d %s", r.Status, r.Body)
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
	if r := a.Post("/api/admin/trips/"+orderID+"/handover", admin.Token, map[string]string{"driver_id": secondID, "reason": "flat tyre on the ring road"}); r.Status != http.StatusOK {
		t.Fatalf("hand-over: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/driver/trips/"+orderID+"/progress", second.Token, map[string]any{"step": "arrive", "stop": 1}); r.Status != http.StatusOK {
		t.Fatalf("arrive: %d %s", r.Status, r.Body)
	}
	history := func(lang string) supportTimeline {
		t.Helper()
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + orderID + "/history", Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("history (%s): %d %s", lang, r.Status, r.Body)
		}
		var h supportTimeline
		r.JSON(t, &h)
		return h
	}
	// The order records its trip's start through a process: wait for it.
	eventually(t, "the order's own record of the start", func() (bool, string) {
		h := history("en")
		for _, m := range h.Data.Timeline {
			if m.Type == "OrderTripStarted" {
				return true, ""
			}
		}
		return false, "no OrderTripStarted yet"
	})

	en := history("en")
	said := map[string]string{}
	by := map[string]string{}
	parts := []string{}
	for _, m := range en.Data.Timeline {
		said[m.Type], by[m.Type] = m.Summary, m.Actor.Label
		parts = append(parts, m.Part+":"+m.Type)
		if m.Part == "order" && m.FromVersion != m.Version || m.FromVersion > en.Data.Version {
			t.Errorf("%s counts from version %d (its own %d, the order's last %d)", m.Type, m.FromVersion, m.Version, en.Data.Version)
		}
	}
	if len(en.Data.Events) >= len(en.Data.Timeline) {
		t.Fatalf("the timeline (%d) holds no more than the order's events (%d): %v", len(en.Data.Timeline), len(en.Data.Events), parts)
	}
	story := strings.Join(parts, " ")
	for _, want := range []string{"trip:DriverAssigned trip:TripStarted", "trip:TravellersPickedUp", "trip:TripHandedOver", "trip:ArrivedAtStop"} {
		if !strings.Contains(story, want) {
			t.Fatalf("the timeline %q lacks %q", story, want)
		}
	}
	if strings.Index(story, "PaymentReceived") > strings.Index(story, "DriverAssigned") || strings.Index(story, "TripHandedOver") > strings.Index(story, "ArrivedAtStop") {
		t.Fatalf("the timeline is out of order: %s", story)
	}
	for typ, want := range map[string]string{
		"TripStarted":        firstName + " (Driver)",
		"TravellersPickedUp": firstName + " (Driver)",
		"ArrivedAtStop":      secondName + " (Driver)",
		"OrderTripStarted":   "System, after a step by " + firstName + " (Driver)",
	} {
		if by[typ] != want {
			t.Errorf("%s by %q, want %q", typ, by[typ], want)
		}
	}
	if !strings.Contains(said["TripHandedOver"], "from "+firstName+" to "+secondName) || !strings.Contains(said["TripHandedOver"], "flat tyre on the ring road") {
		t.Errorf("the hand-over says %q", said["TripHandedOver"])
	}
	if len(en.Data.Related) < 2 || en.Data.Related[0].Label != "The trip and its driver" || en.Data.Related[0].Stream != "dispatch-"+orderID ||
		!strings.HasPrefix(en.Data.Related[1].Label, "The payment of EGP ") || en.Data.RelatedStreams[0] != "dispatch-"+orderID {
		t.Errorf("related: %+v / %v", en.Data.Related, en.Data.RelatedStreams)
	}

	ar := history("ar")
	stops := ""
	for _, f := range ar.Data.Card {
		if f.Key == "stops" {
			stops = f.Value
		}
	}
	firstStop, _, _ := strings.Cut(stops, " ← ")
	if !strings.HasPrefix(firstStop, "عربي ") {
		t.Fatalf("the Arabic card's stops: %q", stops)
	}
	for _, m := range ar.Data.Timeline {
		if m.Type == "ArrivedAtStop" && (!strings.Contains(m.Summary, "الوصول إلى المحطة ١، "+firstStop+"،") || m.Actor.Role != "driver") {
			t.Errorf("the Arabic arrival: %q by %q, want it at %q", m.Summary, m.Actor.Label, firstStop)
		}
	}
	if ar.Data.Related[0].Label != "الرحلة وسائقها" {
		t.Errorf("the Arabic related streams: %+v", ar.Data.Related)
	}
}
