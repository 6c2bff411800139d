package tracking_test

import (
	"encoding/json"
	"testing"
	"time"

	"mishwar/commands/tracking"
	"mishwar/domain/dispatch"
)

func positionOf(t *testing.T, turn int, lat float64, at time.Time) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(tracking.Shared{OrderID: "MW-1001", Lat: lat, Lng: 31.2, At: at, SentAt: at, Status: dispatch.StatusPickedUp, DriverTurn: turn})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The trip is handed to another driver on the road: the former driver's car and arrival time are no
// longer the traveller's. A page opened then is given no car (until the new driver shares), a
// position of the former driver's still on its way is not kept, and the new driver's is.
func TestAHandOverDropsTheFormerDriversCar(t *testing.T) {
	const karim, samir = 1, 2 // the trip's driver turns: assigned to Karim, handed to Samir
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	r := tracking.New(tracking.Config{Now: func() time.Time { return now }})
	rooms := tracking.Rooms("MW-1001", "u1")
	r.Heard(rooms, positionOf(t, karim, 30.01, now.Add(-2*time.Second)))

	// A step of the same driver keeps the car on the map.
	r.Progressed("MW-1001", dispatch.StatusPickedUp, karim)
	if got := r.Replay([]string{"user:u1"}); len(got) != 1 {
		t.Fatalf("after a step of the same driver the traveller is given %+v, want the car", got)
	}

	r.Progressed("MW-1001", dispatch.StatusPickedUp, samir)
	if got := r.Replay([]string{"user:u1"}); len(got) != 0 {
		t.Fatalf("after the hand-over the traveller is given the former driver's car: %+v", got)
	}
	if _, _, ok := r.Latest("MW-1001"); ok {
		t.Fatal("the former driver's position is still the trip's latest")
	}
	if r.HeardKept(rooms, positionOf(t, karim, 30.02, now.Add(-time.Second))) {
		t.Fatal("a position of the former driver heard after the hand-over was kept")
	}
	if !r.HeardKept(rooms, positionOf(t, samir, 30.03, now)) {
		t.Fatal("the new driver's position was not kept")
	}
	if got := r.Replay([]string{"user:u1"}); len(got) != 1 || got[0].DriverTurn != samir {
		t.Fatalf("the traveller is given %+v, want the new driver's car", got)
	}
}
