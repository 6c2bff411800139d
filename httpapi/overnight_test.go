package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// A trip that runs past midnight occupies its driver on the next day too: a trip at 00:30 the next
// day is refused the driver whose trip runs until 01:30, with the same translated 409 as an overlap
// within the day. Checkout keeps new trips within their day, so the late trip's times are written
// on its order as an earlier release, or an exchange made by hand, could have left them.
func TestADriversTripPastMidnightBlocksTheirNextDaysEarlyTrip(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 3)
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	first, _ := time.Parse(time.DateOnly, w.date)
	next := first.AddDate(0, 0, 1).Format(time.DateOnly)
	paidOn := func(date string) string {
		t.Helper()
		u := w.traveller(t)
		body := w.checkoutBody(u)
		body["date"], body["time"] = date, "09:00"
		r := a.Post("/api/orders", u.Token, body)
		if r.Status != http.StatusCreated {
			t.Fatalf("checkout on %s: %d %s", date, r.Status, r.Body)
		}
		var placed placedAnswer
		r.JSON(t, &placed)
		payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
		return placed.Data.OrderID
	}
	// retimed moves the confirmed order's trip to start at clock on date (Cairo) for minutes.
	retimed := func(orderID, date, clock string, minutes int) {
		t.Helper()
		ctx := context.Background()
		stream := eventstore.StreamID("order", orderID)
		var s order.State
		eventually(t, "order "+orderID+" confirmed", func() (bool, string) {
			hist, err := commands.Load[order.Event](ctx, a.Commands, stream)
			if err != nil {
				t.Fatal(err)
			}
			s = order.Decider.Fold(hist.Events)
			return s.Status() == order.StatusConfirmed, string(s.Status())
		})
		start, err := time.ParseInLocation(time.DateOnly+" 15:04", date+" "+clock, cat.Cairo)
		if err != nil {
			t.Fatal(err)
		}
		to := s.Trip()
		to.StartAt, to.Quote.DurationMinutes = start.UTC(), minutes
		ed, err := a.Registry.Encode(uuid.New(), order.OrderExchanged{ExchangeID: uuid.NewString(), From: s.Trip(), To: to,
			OldReservation: s.Reservation(), NewReservation: s.Reservation()},
			eventstore.Metadata{ActorID: "admin", ActorRole: "admin", CommandID: uuid.NewString()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Store.Append(ctx, stream, eventstore.Any, ed); err != nil {
			t.Fatal(err)
		}
	}
	late, early := paidOn(w.date), paidOn(next)
	retimed(late, w.date, "22:00", 210) // until 01:30 the next day
	retimed(early, next, "00:30", 120)

	var week plannerAnswer
	a.Get("/api/admin/planner?from="+w.date, admin.Token).JSON(t, &week)
	if len(week.Data.Drivers) != 1 {
		t.Fatalf("the week's drivers: %+v", week.Data.Drivers)
	}
	driverID := week.Data.Drivers[0].ID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	assign := func(orderID, lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/trips/" + orderID + "/driver", Token: admin.Token,
			Body: map[string]string{"driver_id": driverID}, Header: map[string]string{"lang": lang}})
	}
	if r := assign(late, "en"); r.Status != http.StatusOK {
		t.Fatalf("the late trip: %d %s", r.Status, r.Body)
	}
	for lang, want := range map[string]string{"en": "This driver already has trip " + late + " from 22:00 to 01:30 (Cairo time).",
		"ar": "لدى هذا السائق بالفعل الرحلة \u2068" + late + "\u2069"} {
		if r := assign(early, lang); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), want) {
			t.Fatalf("the next day's trip at 00:30 (%s): %d %s, want 409 %q", lang, r.Status, r.Body, want)
		}
	}
}
