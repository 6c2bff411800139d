package httpapi_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

type manifestAnswer struct {
	Data struct {
		Date   string `json:"date"`
		Groups []struct {
			Driver *struct {
				ID, Name, Phone, Vehicle, Plate string
			} `json:"driver"`
			Trips []struct {
				TripNumber string   `json:"trip_number"`
				PickupTime string   `json:"pickup_time"`
				Pickup     string   `json:"pickup"`
				Stops      []string `json:"stops"`
				Traveller  string   `json:"traveller"`
				Phone      string   `json:"phone"`
				Travellers int      `json:"travellers"`
				EndTime    string   `json:"end_time"`
				Address    string   `json:"pickup_address"`
				End        string   `json:"end"`
				Comments   string   `json:"comments"`
				CarClass   string   `json:"car_class"`
			} `json:"trips"`
		} `json:"groups"`
	} `json:"data"`
}

// paidOrderAt books and pays a trip at clock (Cairo) for a traveller named in Arabic, with comments.
func (w *orderWorld) paidOrderAt(t *testing.T, clock, comments string) string {
	t.Helper()
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["time"], body["comments"], body["first_name"], body["last_name"] = clock, comments, "منى", "زكي"
	body["travellers"] = 3
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body,
		Header: map[string]string{"Idempotency-Key": uuid.NewString()}})
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout at %s: %d %s", clock, r.Status, r.Body)
	}
	var placed placedAnswer
	r.JSON(t, &placed)
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	return placed.Data.OrderID
}

func TestTheDailyManifestGroupsTheDaysTripsByDriverInPickupOrderAsJSONAndSafeCSV(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 2)
	a := w.a
	admin, support, driver := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver")
	// The hotel has a street address in both languages.
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.PickupPoints.Update(ctx, cat.UpdatePickupPoint{ID: w.hotel, Fields: cat.PickupPointFields{
			Name: cat.Text{En: "Nile Hotel", Ar: "فندق النيل"}, Address: cat.Text{En: "1113 Corniche El-Nil", Ar: "١١١٣ كورنيش النيل"},
			Kind: cat.PickupHotel, Lat: 30.045, Lng: 31.232, Active: true,
		}}, m)
		return r.Position, err
	})
	late := w.paidOrderAt(t, "15:00", "=HYPERLINK(\"http://evil\") مقعد بجانب النافذة")
	unassigned := w.paidOrderAt(t, "10:00", "Baby seat, \"please\"")
	early := w.paidOrderAt(t, "09:00", "@SUM(1)")

	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if len(board.Drivers) == 0 {
		t.Fatalf("board has no drivers: %+v", board)
	}
	driverID := board.Drivers[0].ID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	for _, id := range []string{late, early} {
		if r := a.Post("/api/admin/trips/"+id+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
			t.Fatalf("assign %s: %d %s", id, r.Status, r.Body)
		}
	}

	var m manifestAnswer
	r := a.Get("/api/admin/manifest?date="+w.date, support.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("manifest: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &m)
	g := m.Data.Groups
	if m.Data.Date != w.date || len(g) != 2 || g[0].Driver == nil || g[0].Driver.ID != driverID || g[1].Driver != nil {
		t.Fatalf("groups: %s", r.Body)
	}
	if len(g[0].Trips) != 2 || g[0].Trips[0].TripNumber != early || g[0].Trips[0].PickupTime != "09:00" ||
		g[0].Trips[1].TripNumber != late || g[0].Trips[1].PickupTime != "15:00" {
		t.Fatalf("the driver's trips are not in pickup order: %s", r.Body)
	}
	if len(g[1].Trips) != 1 || g[1].Trips[0].TripNumber != unassigned {
		t.Fatalf("unassigned group: %s", r.Body)
	}
	first := g[0].Trips[0]
	if first.Traveller != "منى زكي" || first.Travellers != 3 || first.Pickup == "" || len(first.Stops) == 0 || first.CarClass != "Sedan" ||
		first.Phone == "" || g[0].Driver.Name != "Driver 0" || g[0].Driver.Phone == "" {
		t.Fatalf("manifest line: %+v driver %+v", first, g[0].Driver)
	}
	if first.Pickup != "Nile Hotel" || first.Address != "1113 Corniche El-Nil" || first.End != "Nile Hotel" || first.EndTime <= "09:00" ||
		first.Stops[0] != "Pyramids" {
		t.Fatalf("manifest line's places: %+v", first)
	}
	// In Arabic the car class and the driver are named in Arabic.
	r = a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/manifest?date=" + w.date, Token: support.Token, Header: map[string]string{"lang": "ar"}})
	r.JSON(t, &m)
	if m.Data.Groups[0].Trips[0].CarClass != "سيدان" || m.Data.Groups[0].Driver.Name != "سائق" {
		t.Fatalf("Arabic manifest: %s", r.Body)
	}
	// ... and so are the places, the pickup's address included.
	if ar := m.Data.Groups[0].Trips[0]; ar.Pickup != "فندق النيل" || ar.Address != "١١١٣ كورنيش النيل" || ar.End != "فندق النيل" ||
		len(ar.Stops) != 2 || ar.Stops[0] != "عربي Pyramids" || ar.Stops[1] != "عربي Museum" {
		t.Fatalf("Arabic manifest's places: %+v", ar)
	}
	// The CSV's headings are Arabic on an Arabic request.
	r = a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/manifest?format=csv&date=" + w.date, Token: support.Token, Header: map[string]string{"lang": "ar"}})
	if rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\xef\xbb\xbf")))).ReadAll(); err != nil || rows[0][0] != "السائق" ||
		rows[0][5] != "موعد الالتقاء (بتوقيت القاهرة)" || rows[1][7] != "فندق النيل" {
		t.Fatalf("Arabic CSV: %v %q", err, r.Body)
	}
	// One driver only.
	a.Get("/api/admin/manifest?date="+w.date+"&driver="+board.Drivers[1].ID, admin.Token).JSON(t, &m)
	if len(m.Data.Groups) != 0 {
		t.Fatalf("another driver's manifest: %+v", m.Data.Groups)
	}

	// The same rows as CSV, asked for either way.
	for _, req := range []apptest.Request{
		{Method: http.MethodGet, Path: "/api/admin/manifest?format=csv&date=" + w.date, Token: admin.Token},
		{Method: http.MethodGet, Path: "/api/admin/manifest?date=" + w.date, Token: admin.Token, Header: map[string]string{"Accept": "text/csv"}},
	} {
		r := a.Do(req)
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
			r.Header.Get("Content-Disposition") != `attachment; filename="manifest-`+w.date+`.csv"` {
			t.Fatalf("CSV: %d %v %s", r.Status, r.Header, r.Body)
		}
		if !bytes.HasPrefix(r.Body, []byte("\xef\xbb\xbf")) || !bytes.Contains(r.Body, []byte("\r\n")) {
			t.Fatalf("CSV lacks the byte order mark or CRLF: %q", r.Body)
		}
		rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\xef\xbb\xbf")))).ReadAll()
		if err != nil {
			t.Fatalf("CSV does not parse: %v\n%s", err, r.Body)
		}
		if len(rows) != 4 || rows[0][0] != "Driver" || rows[0][5] != "Pickup time (Cairo)" {
			t.Fatalf("CSV rows: %q", rows)
		}
		// The headings are said in the request's language; the test reads the columns by these names.
		names := map[string]string{"Driver": "driver", "Pickup time (Cairo)": "pickup_time_cairo", "Group size": "group_size", "Comments": "comments",
			"Traveller": "traveller", "Traveller's phone": "phone", "Pickup address": "pickup_address", "End point": "end", "Due back (Cairo)": "end_time"}
		col := map[string]int{}
		for i, h := range rows[0] {
			if names[h] != "" {
				col[names[h]] = i
			}
		}
		if len(col) != len(names) {
			t.Fatalf("CSV headings: %q", rows[0])
		}
		early, late, open := rows[1], rows[2], rows[3]
		if early[col["pickup_address"]] != "1113 Corniche El-Nil" || early[col["end"]] != "Nile Hotel" || early[col["end_time"]] <= "09:00" {
			t.Fatalf("CSV address, end point or time back: %q", early)
		}
		if early[col["pickup_time_cairo"]] != "09:00" || late[col["pickup_time_cairo"]] != "15:00" || open[col["driver"]] != "" ||
			early[col["driver"]] != "Driver 0" || early[col["group_size"]] != "3" {
			t.Fatalf("CSV order or driver: %q", rows)
		}
		if got := late[col["comments"]]; got != `'=HYPERLINK("http://evil") مقعد بجانب النافذة` {
			t.Fatalf("a formula in the comments was not made text, or the Arabic was lost: %q", got)
		}
		if got := early[col["comments"]]; got != "'@SUM(1)" {
			t.Fatalf("an @ formula: %q", got)
		}
		if got := open[col["comments"]]; got != `Baby seat, "please"` || !bytes.Contains(r.Body, []byte(`"Baby seat, ""please"""`)) {
			t.Fatalf("quoting: %q", got)
		}
		if got := early[col["traveller"]]; got != "منى زكي" {
			t.Fatalf("Arabic name: %q", got)
		}
		if got := early[col["phone"]]; got != "" && strings.HasPrefix(got, "+") {
			t.Fatalf("a phone starting with + must be made text: %q", got)
		}
	}

	// A bad date is refused in both languages; a traveller may not read the manifest.
	for lang, want := range map[string]string{"en": "valid date", "ar": "تاريخ صالح"} {
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/manifest?date=2026-13-40", Token: admin.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), want) {
			t.Fatalf("bad date (%s): %d %s", lang, r.Status, r.Body)
		}
	}
	if r := a.Get("/api/admin/manifest?date="+w.date, w.traveller(t).Token); r.Status != http.StatusForbidden {
		t.Fatalf("a traveller: %d %s", r.Status, r.Body)
	}
}

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/admin/manifest", Want: rolesOnly(200, "admin", "support")})
}
