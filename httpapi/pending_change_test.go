package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// The order page named what a change waiting for payment alters by a rule of its own; the order now
// answers it (order.ChangeOf), the one the e-mail about the change is written by: a dearer car at the
// same date and time changes only the rate plan.
func TestAChangeWaitingForPaymentSaysWhatItAltersOfTheBookedTrip(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 3)
	van := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: van, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Van", Ar: "فان"}, Seats: 7, PricePerKm: money.New(5000, money.EGP), WaitingPerHour: money.New(20000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	u := w.traveller(t)
	orderID := paidCheckout(t, w, u)
	if r := w.a.Post("/api/orders/"+orderID+"/exchange", u.Token, map[string]string{"date": w.date, "time": "10:00", "rate_plan_id": van.String()}); r.Status != http.StatusOK {
		t.Fatalf("a change to the van: %d %s", r.Status, r.Body)
	}
	var got struct {
		Data struct {
			PendingExchange *struct {
				Changes map[string]bool `json:"changes"`
			} `json:"pending_exchange"`
		} `json:"data"`
	}
	r := w.a.Get("/api/orders/"+orderID, u.Token)
	if err := json.Unmarshal(r.Body, &got); err != nil || got.Data.PendingExchange == nil {
		t.Fatalf("the order with its change waiting: %d %s", r.Status, r.Body)
	}
	want := map[string]bool{"when": false, "rate_plan": true, "itinerary": false}
	for k, v := range want {
		if got.Data.PendingExchange.Changes[k] != v || len(got.Data.PendingExchange.Changes) != len(want) {
			t.Fatalf("the change alters %v, want %v", got.Data.PendingExchange.Changes, want)
		}
	}
}
