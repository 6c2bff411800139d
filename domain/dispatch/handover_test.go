package dispatch_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/dispatch"
)

func TestHandingOverATripOnTheRoad(t *testing.T) {
	t.Parallel()
	samir := driver("d2", "user-b", time.Wednesday)
	samir.Name = "Samir"
	handedOver := dispatch.TripHandedOver{OrderID: facts.OrderID, Day: facts.Day, FromDriverID: "d1", Driver: samir, Reason: "flat tyre at the Pyramids",
		ByUserID: "admin-1", HandedOverAt: now}
	handOver := dispatch.HandOverTrip{Order: facts, Driver: samir, By: admin, Reason: "flat tyre at the Pyramids"}
	small := samir
	small.Seats = 2
	group := facts
	group.Travellers = 4
	cancelledOrder := facts
	cancelledOrder.Cancelled = true
	cases := []struct {
		name  string
		given []dispatch.TripEvent
		when  dispatch.TripCommand
		then  []dispatch.TripEvent
		err   error
	}{
		{"a started trip goes to another driver, with why", []dispatch.TripEvent{assigned, started}, handOver, []dispatch.TripEvent{handedOver}, nil},
		{"a trip at a stop goes on with another driver", []dispatch.TripEvent{assigned, started, pickedUp, atStop1}, handOver, []dispatch.TripEvent{handedOver}, nil},
		{"a trip not yet started is unassigned and assigned instead", []dispatch.TripEvent{assigned}, handOver, nil, dispatch.ErrNotUnderway},
		{"a trip without a driver has nobody to hand over from", nil, handOver, nil, dispatch.ErrNotAssigned},
		{"a completed trip stays with its driver", []dispatch.TripEvent{assigned, started, pickedUp, atStop1, atStop2, dispatch.TripCompleted{}}, handOver, nil, dispatch.ErrTripCompleted},
		{"a cancelled trip is not handed over", []dispatch.TripEvent{assigned, started, cancelled}, handOver, nil, dispatch.ErrTripCancelled},
		{"the order cancelled meanwhile", []dispatch.TripEvent{assigned, started},
			dispatch.HandOverTrip{Order: cancelledOrder, Driver: samir, By: admin, Reason: "flat tyre"}, nil, dispatch.ErrOrderCancelled},
		{"the driver who has it", []dispatch.TripEvent{assigned, started}, dispatch.HandOverTrip{Order: facts, Driver: karim, By: admin, Reason: "flat tyre"}, nil, dispatch.ErrSameDriver},
		{"a driver off that day", []dispatch.TripEvent{assigned, started},
			dispatch.HandOverTrip{Order: facts, Driver: driver("d2", "user-b", time.Monday), By: admin, Reason: "flat tyre"}, nil, dispatch.ErrDriverNotWorking},
		{"a car too small for the group", []dispatch.TripEvent{assigned, started},
			dispatch.HandOverTrip{Order: group, Driver: small, By: admin, Reason: "flat tyre"}, nil, dispatch.ErrCarTooSmallForGroup},
		{"a car too small sent anyway records why", []dispatch.TripEvent{assigned, started},
			dispatch.HandOverTrip{Order: group, Driver: small, By: admin, Reason: "flat tyre", Override: "the only car near"},
			[]dispatch.TripEvent{dispatch.TripHandedOver{OrderID: facts.OrderID, Day: facts.Day, FromDriverID: "d1", Driver: small, Reason: "flat tyre",
				ByUserID: "admin-1", HandedOverAt: now, SeatsNeeded: 4, VehicleOverride: &dispatch.VehicleOverride{Reason: "the only car near", Seats: 2, Needed: 4}}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := dispatch.Trip.Decide(dispatch.Trip.Fold(c.given), c.when, now)
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestAHandOverSaysWhy(t *testing.T) {
	t.Parallel()
	_, err := dispatch.Trip.Decide(dispatch.Trip.Fold([]dispatch.TripEvent{assigned, started}),
		dispatch.HandOverTrip{Order: facts, Driver: driver("d2", "user-b", time.Wednesday), By: admin, Reason: "  "}, now)
	var invalid *domain.ValidationError
	if !errors.As(err, &invalid) || !slices.Equal(invalid.Fields["reason"], []string{dispatch.KeyHandOverReasonRequired}) {
		t.Fatalf("error %v, want the reason required", err)
	}
}

func TestTheNewDriverGoesOnFromTheStepReached(t *testing.T) {
	t.Parallel()
	samir := driver("d2", "user-b", time.Wednesday)
	trip := dispatch.Trip.Fold([]dispatch.TripEvent{assigned, started, pickedUp, atStop1,
		dispatch.TripHandedOver{OrderID: facts.OrderID, Day: facts.Day, FromDriverID: "d1", Driver: samir, Reason: "ill", HandedOverAt: now}})
	if d, _ := trip.Driver(); d.ID != "d2" || trip.Status() != dispatch.StatusAtStop || trip.Stop() != 1 {
		t.Fatalf("driver %s, status %s, stop %d; want d2 at stop 1", d.ID, trip.Status(), trip.Stop())
	}
	if _, err := dispatch.Trip.Decide(trip, dispatch.ArriveAtStop{By: driverA, Stop: 2, Order: facts, Lead: lead}, now); !errors.Is(err, dispatch.ErrNotYourTrip) {
		t.Fatalf("the former driver's step: %v, want not your trip", err)
	}
	got, err := dispatch.Trip.Decide(trip, dispatch.ArriveAtStop{By: driverB, Stop: 2, Order: facts, Lead: lead}, now)
	if err != nil || len(got) != 1 || got[0].(dispatch.ArrivedAtStop).DriverID != "d2" {
		t.Fatalf("the new driver's step: %#v, %v", got, err)
	}
}
