package tracking_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"mishwar/commands/tracking"
	"mishwar/domain"
	"mishwar/domain/dispatch"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// runningTrip is a trip on the road with its driver now and the steps that gave it to them.
type runningTrip struct {
	driver *dispatch.Driver
	steps  *[]dispatchrm.Step
}

func (r runningTrip) Trip(context.Context, string) (dispatchrm.Trip, error) {
	return dispatchrm.Trip{OrderID: "MSH-AAAAAA", OwnerID: "u1", Status: dispatch.StatusPickedUp, Driver: r.driver, Steps: *r.steps}, nil
}

type noOrder struct{}

func (noOrder) Order(context.Context, string) (ordersrm.Order, error) {
	return ordersrm.Order{}, domain.NotFound("orders.not_found")
}

// A fix that would have the car drive 13 km in 10 s is not relayed, and the car stays where it was
// for the speed rule; the next plausible fix is relayed, and so is a new place the phone keeps
// reporting for over a minute.
func TestTheRelayDropsAFixThatJumpsAndRelaysTheNextPlausibleOne(t *testing.T) {
	now := time.Date(2026, 12, 1, 7, 0, 0, 0, time.UTC)
	var relayed []tracking.Shared
	driver := &dispatch.Driver{ID: "karim", UserID: "u-karim"}
	steps := []dispatchrm.Step{{Type: "DriverAssigned"}, {Type: "TripStarted"}, {Type: "TravellersPickedUp"}}
	r := tracking.New(tracking.Config{Trips: runningTrip{driver: driver, steps: &steps}, Orders: noOrder{}, Now: func() time.Time { return now },
		Publish: func(_ context.Context, _ []string, _ string, s tracking.Shared) error {
			relayed = append(relayed, s)
			return nil
		}})
	by := tracking.Actor{UserID: "u-karim", Role: "driver"}
	share := func(secs int, lat, lng float64) error {
		t.Helper()
		now = time.Date(2026, 12, 1, 7, 0, secs, 0, time.UTC)
		_, err := r.Share(context.Background(), by, "MSH-AAAAAA", dispatch.Position{Lat: lat, Lng: lng, At: now})
		return err
	}
	const tahrirLat, tahrirLng, pyramidsLat, pyramidsLng = 30.0444, 31.2357, 29.9792, 31.1342
	if err := share(0, tahrirLat, tahrirLng); err != nil {
		t.Fatal(err)
	}
	if err := share(10, pyramidsLat, pyramidsLng); !errors.Is(err, dispatch.ErrPositionJump) {
		t.Fatalf("13 km in 10 s: %v, want the jump refused", err)
	}
	if len(relayed) != 1 {
		t.Fatalf("the jump was relayed: %+v", relayed)
	}
	if err := share(15, tahrirLat+0.001, tahrirLng); err != nil {
		t.Fatalf("a plausible fix after the jump: %v", err)
	}
	// The phone keeps saying the Pyramids: refused for a minute, then taken.
	for secs := 20; secs < 80; secs += 10 {
		if err := share(secs, pyramidsLat, pyramidsLng); !errors.Is(err, dispatch.ErrPositionJump) {
			t.Fatalf("the Pyramids %d s in: %v, want refused", secs, err)
		}
	}
	if err := share(80, pyramidsLat, pyramidsLng); err != nil {
		t.Fatalf("the Pyramids a minute on: %v, want taken", err)
	}
	if last := relayed[len(relayed)-1]; len(relayed) != 3 || last.Lat != pyramidsLat {
		t.Fatalf("relayed %+v, want Tahrir twice then the Pyramids", relayed)
	}
	// The trip is handed to Samir, whose car is at Tahrir: his first fix is his car's, not a jump
	// from Karim's.
	*driver = dispatch.Driver{ID: "samir", UserID: "u-samir"}
	steps = append(steps, dispatchrm.Step{Type: "TripHandedOver"})
	by = tracking.Actor{UserID: "u-samir", Role: "driver"}
	r.Progressed("MSH-AAAAAA", dispatch.StatusPickedUp, 2)
	if err := share(85, tahrirLat, tahrirLng); err != nil {
		t.Fatalf("the new driver's first fix: %v", err)
	}
}

// A position relayed to the trip's rooms names the trip's driver turn, never the driver's catalogue
// id, which travellers do not see.
func TestARelayedPositionCarriesTheDriverTurnNotTheDriversID(t *testing.T) {
	now := time.Date(2026, 12, 1, 7, 0, 0, 0, time.UTC)
	steps := []dispatchrm.Step{{Type: "DriverAssigned"}, {Type: "TripStarted"}, {Type: "TripHandedOver"}}
	var payload []byte
	r := tracking.New(tracking.Config{Trips: runningTrip{driver: &dispatch.Driver{ID: "driver-catalogue-id", UserID: "u-samir"}, steps: &steps},
		Orders: noOrder{}, Now: func() time.Time { return now },
		Publish: func(_ context.Context, _ []string, _ string, s tracking.Shared) error {
			var err error
			payload, err = json.Marshal(s)
			return err
		}})
	if _, err := r.Share(context.Background(), tracking.Actor{UserID: "u-samir", Role: "driver"}, "MSH-AAAAAA",
		dispatch.Position{Lat: 30.0444, Lng: 31.2357, At: now}); err != nil {
		t.Fatal(err)
	}
	if got := string(payload); strings.Contains(got, "driver_id") || strings.Contains(got, "driver-catalogue-id") || !strings.Contains(got, `"driver_turn":2`) {
		t.Fatalf("the relayed position: %s", got)
	}
}
