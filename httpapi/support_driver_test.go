package httpapi_test

import (
	"net/http"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
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
