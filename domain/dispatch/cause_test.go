package dispatch_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/dispatch"
)

// Given an event recorded before causes were (the reason as text only), when it is read, then it
// has its text and no cause; given a new one, when it is stored and read back, then its cause
// travels in snake_case beside the text.
func TestAReleaseReadsWithOrWithoutItsCause(t *testing.T) {
	t.Parallel()
	var old dispatch.DriverUnassigned
	if err := json.Unmarshal([]byte(`{"order_id":"MSH-AAAAAA","day":"2026-11-18","driver_id":"d1","reason":"the trip moved to 2026-11-19",`+
		`"by_user_id":"system","unassigned_at":"2026-11-18T07:00:00Z"}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.Cause != nil || old.Reason != "the trip moved to 2026-11-19" {
		t.Fatalf("old event: %+v", old)
	}

	start, end := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC), time.Date(2026, 11, 18, 14, 0, 0, 0, time.UTC)
	cause := dispatch.TimesOverlap("MSH-BBBBBB", start, end)
	released := dispatch.DriverDayReleased{DriverID: "d1", Day: "2026-11-18", OrderID: "MSH-AAAAAA", Reason: cause.Text(), Cause: cause, ReleasedAt: now}
	raw, err := json.Marshal(released)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	if want := `{"code":"times_overlap","trip":"MSH-BBBBBB","start_at":"2026-11-18T12:00:00Z","end_at":"2026-11-18T14:00:00Z"}`; string(fields["cause"]) != want {
		t.Fatalf("cause stored as %s, want %s", fields["cause"], want)
	}
	var back dispatch.DriverDayReleased
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, released) {
		t.Fatalf("read back %+v (%v), want %+v", back, err, released)
	}
	moved, err := json.Marshal(dispatch.MovedToDay("2026-11-19"))
	if err != nil || string(moved) != `{"code":"moved_to_day","day":"2026-11-19"}` {
		t.Fatalf("moved to a day: %s %v", moved, err)
	}
}

// The English words beside the code say the other trip's times on Cairo's clock.
func TestACauseInEnglishWords(t *testing.T) {
	t.Parallel()
	for cause, want := range map[*dispatch.Cause]string{
		dispatch.MovedToDay("2026-11-19"): "the trip moved to 2026-11-19",
		dispatch.TimesOverlap("MSH-BBBBBB", time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC), time.Date(2026, 11, 18, 14, 30, 0, 0, time.UTC)): "the new times overlap trip MSH-BBBBBB (14:00–16:30)",
	} {
		if got := cause.Text(); got != want {
			t.Errorf("%+v says %q, want %q", cause, got, want)
		}
	}
}
