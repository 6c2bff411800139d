package order_test

import (
	"errors"
	"reflect"
	"testing"

	"mishwar/domain"
	"mishwar/domain/money"
	"mishwar/domain/order"
	dtrip "mishwar/domain/trip"
)

func TestAChangeOfTheTripIsPricedWithItsOwnPlanAsTheOrderRecordedIt(t *testing.T) {
	// Given an order booked on the van at 10 a km and 100 an hour waiting, seating 7,
	booked := order.Trip{RatePlan: order.RatePlan{ID: "van", Name: "Family van", NameAR: "عائلية",
		PerKm: money.New(1000, money.EGP), WaitingPerHour: money.New(10000, money.EGP), Seats: 7}}
	recorded := dtrip.RatePlan{ID: "van", Name: "Family van", NameAR: "عائلية", PricePerKm: money.New(1000, money.EGP),
		WaitingPerHour: money.New(10000, money.EGP), Seats: 7}
	liveVan := dtrip.RatePlan{ID: "van", Name: "Family van (7 seats)", NameAR: "عائلية (٧ مقاعد)", PricePerKm: money.New(1500, money.EGP), WaitingPerHour: money.New(12000, money.EGP), Seats: 6}
	// The own plan still on offer: its name as the catalogue says it now, its rates and seats as booked.
	keptVan := dtrip.RatePlan{ID: "van", Name: "Family van (7 seats)", NameAR: "عائلية (٧ مقاعد)", PricePerKm: money.New(1000, money.EGP),
		WaitingPerHour: money.New(10000, money.EGP), Seats: 7}
	economy := dtrip.RatePlan{ID: "economy", Name: "Economy", PricePerKm: money.New(500, money.EGP), Seats: 4}
	notOffered := &domain.ValidationError{Fields: map[string][]string{"rate_plan_id": {order.KeyRatePlanNotOffered}}}

	cases := []struct {
		name    string
		offered []dtrip.RatePlan
		planID  string
		want    []dtrip.RatePlan
		wantErr error
	}{
		{name: "its own plan still offered keeps the rates the order booked, whatever the catalogue charges now", offered: []dtrip.RatePlan{economy, liveVan}, planID: "van",
			want: []dtrip.RatePlan{economy, keptVan}},
		{name: "another plan offered is priced as the catalogue offers it now, the own plan beside it at its booked rates", offered: []dtrip.RatePlan{liveVan, economy}, planID: "economy",
			want: []dtrip.RatePlan{keptVan, economy}},
		{name: "its own plan archived since is priced at its recorded rates, not the archived plan's", offered: []dtrip.RatePlan{economy}, planID: "van",
			want: []dtrip.RatePlan{economy, recorded}},
		{name: "another plan offered is priced as the catalogue offers it, the archived own plan beside it", offered: []dtrip.RatePlan{economy}, planID: "economy",
			want: []dtrip.RatePlan{economy, recorded}},
		{name: "another plan the catalogue no longer offers is refused on the rate plan", offered: []dtrip.RatePlan{liveVan}, planID: "sedan",
			wantErr: notOffered},
		{name: "another plan no longer offered is refused even with the own plan archived too", offered: []dtrip.RatePlan{economy}, planID: "sedan",
			wantErr: notOffered},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// when the change asks for planID,
			got, err := booked.PlansForChange(c.offered, c.planID)
			// then it is priced with these plans, or refused.
			if c.wantErr != nil {
				var v *domain.ValidationError
				if !errors.As(err, &v) || !reflect.DeepEqual(v.Fields, c.wantErr.(*domain.ValidationError).Fields) {
					t.Fatalf("err %v, want %v", err, c.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("plans %+v (%v)\nwant %+v", got, err, c.want)
			}
		})
	}
}
