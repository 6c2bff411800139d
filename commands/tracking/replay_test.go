package tracking_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"mishwar/commands/tracking"
	"mishwar/domain/dispatch"
)

func positionJSON(t *testing.T, order string, lat float64, at, sent time.Time) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(tracking.Shared{OrderID: order, Lat: lat, Lng: 31.2, At: at, SentAt: sent, Status: dispatch.StatusStarted})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// What a socket entering rooms is given: the latest position of each trip whose positions went to one
// of those rooms, while it is younger than the keep time counted from when it was sent — never a
// position of a trip sent elsewhere, an older one heard late, or one of a trip that has ended.
func TestAReplayGivesOnlyTheLatestKeptPositionsOfTheRoomsEntered(t *testing.T) {
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	r := tracking.New(tracking.Config{Now: clock})
	roomsA := tracking.Rooms("MW-1001", "u1")
	roomsB := tracking.Rooms("MW-1002", "u2")

	r.Heard(roomsA, positionJSON(t, "MW-1001", 30.01, now, now))
	r.Heard(roomsA, positionJSON(t, "MW-1001", 29.99, now.Add(-time.Second), now)) // older, heard late
	r.Heard(roomsB, positionJSON(t, "MW-1002", 30.02, now, now))
	lats := func(rooms ...string) []float64 {
		var out []float64
		for _, s := range r.Replay(rooms) {
			out = append(out, s.Lat)
		}
		return out
	}
	if got := lats("user:u1"); len(got) != 1 || got[0] != 30.01 {
		t.Fatalf("the traveller's room is given %v, want [30.01]", got)
	}
	if got := lats("trip:MW-1002"); len(got) != 1 || got[0] != 30.02 {
		t.Fatalf("the other trip's room is given %v, want [30.02]", got)
	}
	if got := lats("admin"); len(got) != 2 {
		t.Fatalf("staff are given %v, want both trips", got)
	}
	if got := lats("user:u3", "trip:MW-1003"); len(got) != 0 {
		t.Fatalf("a stranger is given %v", got)
	}

	// A position passed on by another process is news only when it is newer; it is kept from when it
	// was sent, not from when it was heard.
	if r.HeardKept(roomsA, positionJSON(t, "MW-1001", 30.01, now, now)) {
		t.Fatal("the same position passed on again counts as news")
	}
	advance(90 * time.Second)
	if !r.HeardKept(roomsA, positionJSON(t, "MW-1001", 30.03, now.Add(-80*time.Second), now.Add(-80*time.Second))) {
		t.Fatal("a newer position passed on is not news")
	}
	advance(31 * time.Second) // 121 s after the first was sent, 111 s after the newer one
	if got := lats("admin"); len(got) != 1 || got[0] != 30.03 {
		t.Fatalf("after the keep time of the first positions staff are given %v, want [30.03]", got)
	}
	if r.HeardKept(roomsB, positionJSON(t, "MW-1002", 30.04, now.Add(-3*time.Minute), now.Add(-3*time.Minute))) {
		t.Fatal("a position older than the keep time was kept")
	}

	// A trip that ended keeps nothing, even a position of it heard after the end.
	sent := now
	r.Progressed("MW-1001", dispatch.StatusCompleted, 0)
	if r.HeardKept(roomsA, positionJSON(t, "MW-1001", 30.05, sent, sent)) {
		t.Fatal("a position of a completed trip was kept")
	}
	if got := lats("user:u1", "admin"); len(got) != 0 {
		t.Fatalf("after the trip's end the replay gives %v", got)
	}
}

// A process answers another's request for its kept positions (and not its own), one notice per
// position with its rooms, which the asker keeps.
func TestAProcessAnswersAnothersRequestForKeptPositions(t *testing.T) {
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	type sent struct {
		topic    string
		payloads []json.RawMessage
	}
	var mu sync.Mutex
	var wire []sent
	announce := func(_ context.Context, topic string, payloads []any) error {
		s := sent{topic: topic}
		for _, p := range payloads {
			b, err := json.Marshal(p)
			if err != nil {
				return err
			}
			s.payloads = append(s.payloads, b)
		}
		mu.Lock()
		wire = append(wire, s)
		mu.Unlock()
		return nil
	}
	clock := func() time.Time { return now }
	holder := tracking.New(tracking.Config{Now: clock, Announce: announce})
	newcomer := tracking.New(tracking.Config{Now: clock, Announce: announce})
	holder.Heard(tracking.Rooms("MW-1001", "u1"), positionJSON(t, "MW-1001", 30.01, now, now))

	if err := newcomer.AskOthers(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(wire) != 1 || wire[0].topic != tracking.SyncTopic {
		t.Fatalf("the request: %+v", wire)
	}
	ask := wire[0].payloads[0]
	if err := newcomer.Asked(context.Background(), ask); err != nil || len(wire) != 1 {
		t.Fatalf("a process answered its own request: %v %+v", err, wire)
	}
	if err := holder.Asked(context.Background(), ask); err != nil {
		t.Fatal(err)
	}
	if len(wire) != 2 || wire[1].topic != tracking.KeptTopic || len(wire[1].payloads) != 1 {
		t.Fatalf("the answer: %+v", wire)
	}
	var n struct {
		Rooms []string        `json:"rooms"`
		Event string          `json:"event"`
		Data  json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(wire[1].payloads[0], &n); err != nil || n.Event != tracking.Event {
		t.Fatalf("the answer %s: %v", wire[1].payloads[0], err)
	}
	if !newcomer.HeardKept(n.Rooms, n.Data) {
		t.Fatal("the newcomer did not keep the answer")
	}
	if got := newcomer.Replay([]string{"user:u1"}); len(got) != 1 || got[0].Lat != 30.01 {
		t.Fatalf("the newcomer replays %+v", got)
	}
}
