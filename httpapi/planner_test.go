package httpapi_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"strings"
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

type plannerAnswer struct {
	Data struct {
		Days     []string `json:"days"`
		Previous string   `json:"previous"`
		Next     string   `json:"next"`
		Drivers  []struct {
			ID         string `json:"id"`
			Seats      int    `json:"seats"`
			Works      []bool `json:"works"`
			HasAccount bool   `json:"has_account"`
		} `json:"drivers"`
		Trips []struct {
			OrderID string  `json:"order_id"`
			Day     string  `json:"day"`
			EndAt   *string `json:"end_at"`
			End     string  `json:"end"`
			Driver  *struct {
				ID string `json:"id"`
			} `json:"driver"`
			VehicleOverride *struct {
				Reason string `json:"reason"`
				Seats  int    `json:"seats"`
				Needed int    `json:"needed"`
			} `json:"vehicle_override"`
		} `json:"trips"`
	} `json:"data"`
}

// catalogueDo runs a catalogue command as an admin and waits for the catalogue read model to show it.
func (w *orderWorld) catalogueDo(t *testing.T, run func(ctx context.Context, m commands.Meta) (eventstore.Position, error)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pos, err := run(ctx, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", pos); err != nil {
		t.Fatal(err)
	}
}

// paidOrderWith books and pays a trip at clock (Cairo) on plan for a group of travellers.
func (w *orderWorld) paidOrderWith(t *testing.T, clock string, plan uuid.UUID, travellers int) string {
	t.Helper()
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["time"], body["rate_plan_id"], body["travellers"] = clock, plan.String(), travellers
	r := w.a.Post("/api/orders", u.Token, body)
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout at %s: %d %s", clock, r.Status, r.Body)
	}
	var placed placedAnswer
	if r.JSON(t, &placed); placed.PaymentURL == "" {
		t.Fatalf("checkout at %s opened no payment: %s", clock, r.Body)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	return placed.Data.OrderID
}

// The week planner shows seven Cairo days of drivers and trips; assigning from it refuses a car too
// small for the order's class or group (saying so in English and Arabic, 422) unless staff override
// it with a reason the assignment records, and refuses a driver whose other trip overlaps (409).
func TestThePlannerMatchesTheCarToTheOrderAndKeepsADriversTripsApart(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 3)
	a := w.a
	admin, support, driver := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver")
	minivan := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: minivan, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Family minivan", Ar: "ميني فان عائلية"}, Seats: 7, PricePerKm: money.New(1900, money.EGP), WaitingPerHour: money.New(16000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	family := w.paidOrderWith(t, "16:00", minivan, 5)
	// Checkout takes no group larger than its car (order.ValidateGroup): the group of six booked the
	// sedan while the catalogue said it seated six. An order's car must seat what the order was sold
	// with, whatever the office has made of the plan since (four seats, then seven).
	sedanSeats := func(seats int) {
		w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
			r, err := a.Catalogue.RatePlans.Update(ctx, cat.UpdateRatePlan{ID: w.plan, Fields: cat.RatePlanFields{
				Name: cat.Text{En: "Sedan", Ar: "سيدان"}, Seats: seats, PricePerKm: money.New(1200, money.EGP), WaitingPerHour: money.New(5000, money.EGP), Active: true,
			}}, m)
			return r.Position, err
		})
	}
	sedanSeats(6)
	group := w.paidOrderWith(t, "13:00", w.plan, 6)
	sedanSeats(4)
	morning := w.paidOrderWith(t, "09:00", w.plan, 2)
	overlapping := w.paidOrderWith(t, "10:00", w.plan, 2)
	sedanSeats(7)

	var week plannerAnswer
	var r apptest.Response
	// A trip reaches the planner once its payment is confirmed, which the payment's process does
	// after the sandbox's answer: on a busy machine, a moment after the last payment.
	eventually(t, "the week's four trips", func() (bool, string) {
		r = a.Get("/api/admin/planner?from="+w.date, support.Token)
		if r.Status != http.StatusOK {
			t.Fatalf("planner: %d %s", r.Status, r.Body)
		}
		week = plannerAnswer{}
		r.JSON(t, &week)
		return len(week.Data.Trips) == 4, string(r.Body)
	})
	first, _ := time.Parse(time.DateOnly, w.date)
	if len(week.Data.Days) != 7 || week.Data.Days[0] != w.date || week.Data.Days[6] != first.AddDate(0, 0, 6).Format(time.DateOnly) ||
		week.Data.Next != first.AddDate(0, 0, 7).Format(time.DateOnly) || week.Data.Previous != first.AddDate(0, 0, -7).Format(time.DateOnly) {
		t.Fatalf("the week's days: %+v", week.Data)
	}
	if len(week.Data.Drivers) != 2 || len(week.Data.Drivers[0].Works) != 7 || !week.Data.Drivers[0].Works[0] || week.Data.Drivers[0].Seats != 4 ||
		week.Data.Drivers[0].HasAccount {
		t.Fatalf("the week's drivers: %s", r.Body)
	}
	if last := len(week.Data.Trips) - 1; len(week.Data.Trips) != 4 || week.Data.Trips[last].OrderID != family || week.Data.Trips[last].Day != w.date ||
		week.Data.Trips[last].Driver != nil || week.Data.Trips[last].EndAt == nil || week.Data.Trips[last].End != "Nile Hotel" {
		t.Fatalf("the week's trips: %s", r.Body)
	}
	// The week before has none of them.
	a.Get("/api/admin/planner?from="+week.Data.Previous, support.Token).JSON(t, &week)
	if len(week.Data.Trips) != 0 {
		t.Fatalf("the week before: %+v", week.Data.Trips)
	}
	for lang, want := range map[string]string{"en": "valid date", "ar": "تاريخ صالح"} {
		// Not a day; a week that would run into year 10000; a year nothing was booked in.
		for _, from := range []string{"2026-02-30", "9999-12-31", "0001-01-01"} {
			r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/planner?from=" + from, Token: admin.Token, Header: map[string]string{"lang": lang}})
			if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), want) {
				t.Fatalf("a bad first day %s (%s): %d %s", from, lang, r.Status, r.Body)
			}
		}
	}

	a.Get("/api/admin/planner?from="+w.date, admin.Token).JSON(t, &week)
	driverID := week.Data.Drivers[0].ID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	assign := func(orderID, lang string, body map[string]string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/trips/" + orderID + "/driver", Token: admin.Token, Body: body,
			Header: map[string]string{"lang": lang}})
	}
	// A family-minivan order is refused the four-seat car, saying why in either language.
	for lang, want := range map[string]string{"en": "This car has 4 seats: the order booked a Family minivan, which needs 7.",
		"ar": "هذه السيارة بها ٤ مقاعد، والطلب محجوز بفئة ميني فان عائلية التي تحتاج إلى ٧ مقاعد."} {
		r := assign(family, lang, map[string]string{"driver_id": driverID})
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), want) ||
			!strings.Contains(string(r.Body), `"vehicle":{"seats":4,"needed":7,"overridable":true}`) {
			t.Fatalf("a minivan order on a four-seat car (%s) is refused with the seats an override would send: %d %s", lang, r.Status, r.Body)
		}
	}
	// So is a sedan order sold with six seats, for its group of six.
	if r := assign(group, "en", map[string]string{"driver_id": driverID}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), "the order booked a Sedan, which needs 6") {
		t.Fatalf("a group of six in a four-seat car: %d %s", r.Status, r.Body)
	}
	// The refusals left the driver's day free: the morning trip, sold when the sedan seated four, is
	// theirs (the seven seats the catalogue says now are not what it was sold with); the trip at 10:00,
	// inside the morning's, is refused naming it.
	if r := assign(morning, "en", map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("the morning trip: %d %s", r.Status, r.Body)
	}
	if r := assign(overlapping, "en", map[string]string{"driver_id": driverID}); r.Status != http.StatusConflict ||
		!strings.Contains(string(r.Body), "already has trip "+morning+" from 09:00 to") || !strings.Contains(string(r.Body), "(Cairo time)") {
		t.Fatalf("an overlapping trip: %d %s", r.Status, r.Body)
	}
	// Staff may send the small car anyway with a reason; the assignment records it.
	if r := assign(family, "en", map[string]string{"driver_id": driverID, "override_vehicle": "The family travels light and asked for a sedan"}); r.Status != http.StatusOK {
		t.Fatalf("an override: %d %s", r.Status, r.Body)
	}
	r = a.Get("/api/support/streams/dispatch-"+family, support.Token)
	if body := string(r.Body); r.Status != http.StatusOK || !strings.Contains(body, `"vehicle_override":{`) || !strings.Contains(body, `"needed":7`) ||
		!strings.Contains(body, `"reason":"The family travels light and asked for a sedan"`) || !strings.Contains(body, `"seats_needed":7`) {
		t.Fatalf("the override is not on the assignment: %d %s", r.Status, r.Body)
	}
	a.Get("/api/admin/planner?from="+w.date, admin.Token).JSON(t, &week)
	assigned := map[string]string{}
	for _, tr := range week.Data.Trips {
		if tr.Driver != nil {
			assigned[tr.OrderID] = tr.Driver.ID
		}
	}
	if len(assigned) != 2 || assigned[family] != driverID || assigned[morning] != driverID {
		t.Fatalf("the planner after assigning: %+v", week.Data.Trips)
	}
	// The support console's driver card names the driver and what the assignment overrode, in either language.
	for lang, want := range map[string]string{"en": `{"key":"vehicle_override","label":"Assigned despite","value":"4 seats for 7 needed: The family travels light and asked for a sedan"}`,
		"ar": `{"key":"vehicle_override","label":"أُسند رغم","value":"٤ مقاعد بدل ٧ مطلوبة: The family travels light and asked for a sedan"}`} {
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + family + "/history", Token: support.Token, Header: map[string]string{"lang": lang}})
		if body := string(r.Body); r.Status != http.StatusOK || !strings.Contains(body, want) || !strings.Contains(body, `"driver":[{"key":"driver","label":`) ||
			!strings.Contains(body, `"key":"plate"`) || !strings.Contains(body, `"key":"driver_phone"`) {
			t.Fatalf("the support card's driver (%s): %d %s", lang, r.Status, r.Body)
		}
	}
	if r := a.Get("/api/support/orders/"+group+"/history", support.Token); !strings.Contains(string(r.Body), `"driver":[{"key":"driver","label":"Driver","value":"No driver yet"}]`) {
		t.Fatalf("the support card of a trip without a driver: %d %s", r.Status, r.Body)
	}
	// The planner shows which assignment overrode the car, and why.
	for _, tr := range week.Data.Trips {
		o := tr.VehicleOverride
		switch {
		case tr.OrderID == family && (o == nil || o.Seats != 4 || o.Needed != 7 || o.Reason != "The family travels light and asked for a sedan"):
			t.Fatalf("the overridden trip on the planner: %+v", o)
		case tr.OrderID != family && o != nil:
			t.Fatalf("trip %s shows an override it never had: %+v", tr.OrderID, o)
		}
	}
}

// The staff's orders export is every order the filter selects as a spreadsheet, headed in the
// request's language, with the manifest's guard against formulas.
func TestTheOrdersExportIsASafeSpreadsheetInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	a := w.a
	support := a.Staff(t, "support")
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["comments"] = "=1+1 please"
	r := a.Post("/api/orders", u.Token, body)
	var placed placedAnswer
	if r.JSON(t, &placed); r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	_, other := w.paidOrder(t)

	// Headings, statuses and currencies are words of the reader's language.
	for lang, want := range map[string]struct{ heading, status, currency string }{
		"en": {"Trip number", "Confirmed", "EGP"}, "ar": {"رقم الرحلة", "مؤكد", "جنيه مصري"},
	} {
		heading := want.heading
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/orders?format=csv", Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
			r.Header.Get("Content-Disposition") != `attachment; filename="orders.csv"` || !bytes.HasPrefix(r.Body, []byte("\xef\xbb\xbf")) {
			t.Fatalf("orders CSV (%s): %d %v %q", lang, r.Status, r.Header, r.Body)
		}
		rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\xef\xbb\xbf")))).ReadAll()
		if err != nil {
			t.Fatalf("CSV does not parse: %v\n%s", err, r.Body)
		}
		if len(rows) != 3 || rows[0][0] != heading {
			t.Fatalf("rows (%s): %q", lang, rows)
		}
		found := map[string][]string{}
		for _, row := range rows[1:] {
			found[row[0]] = row
		}
		mine := found[placed.Data.OrderID]
		if mine == nil || found[other] == nil || mine[1] != want.status || mine[16] != want.currency || mine[3] != w.date || mine[4] != "10:00" || mine[17] != "'=1+1 please" ||
			mine[6] != u.Email || !strings.HasPrefix(mine[7], "'+") {
			t.Fatalf("the order's row (%s): %q", lang, mine)
		}
	}
	// The filters apply: one order by its trip number.
	r = a.Get("/api/admin/orders?format=csv&q="+other, support.Token)
	if rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\xef\xbb\xbf")))).ReadAll(); err != nil || len(rows) != 2 || rows[1][0] != other {
		t.Fatalf("filtered export: %v %q", err, r.Body)
	}
}

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/admin/planner", Want: rolesOnly(200, "admin", "support")})
}
