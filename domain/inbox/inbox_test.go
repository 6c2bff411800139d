package inbox_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/inbox"
)

var now = time.Date(2026, 11, 18, 7, 0, 0, 0, time.UTC)

func decide(t *testing.T, given []inbox.Event, cmd inbox.Command) ([]inbox.Event, error) {
	t.Helper()
	return inbox.Decider.Decide(inbox.Decider.Fold(given), cmd, now)
}

func TestMarkingReadRecordsHowFarTheUserRead(t *testing.T) {
	got, err := decide(t, nil, inbox.MarkRead{UserID: "u1", UpTo: 4, Newest: 4})
	want := []inbox.Event{inbox.NotificationsRead{UserID: "u1", UpTo: 4, ReadAt: now}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v %v, want %v", got, err, want)
	}
}

// Two tabs marking at once, or an older tab marking less than was already read: nothing new.
func TestMarkingWhatIsAlreadyReadRecordsNothing(t *testing.T) {
	given := []inbox.Event{inbox.NotificationsRead{UserID: "u1", UpTo: 7, ReadAt: now}}
	for _, upTo := range []int64{7, 3} {
		got, err := decide(t, given, inbox.MarkRead{UserID: "u1", UpTo: upTo, Newest: 9})
		if err != nil || len(got) != 0 {
			t.Fatalf("up to %d after 7: got %v %v, want nothing", upTo, got, err)
		}
	}
	if s := inbox.Decider.Fold(append(given, inbox.NotificationsRead{UserID: "u1", UpTo: 2})); s.ReadUpTo() != 7 {
		t.Fatalf("read up to %d, want 7 (never backwards)", s.ReadUpTo())
	}
}

func TestAMarkThatNamesNoNotificationIsRefused(t *testing.T) {
	for _, upTo := range []int64{0, -1} {
		if _, err := decide(t, nil, inbox.MarkRead{UserID: "u1", UpTo: upTo, Newest: 9}); !errors.Is(err, inbox.ErrBadMark) {
			t.Fatalf("up to %d: err %v, want ErrBadMark", upTo, err)
		}
	}
}

// A mark beyond the newest notification would leave the ones still to come already read.
func TestAMarkBeyondTheNewestNotificationIsRefused(t *testing.T) {
	if _, err := decide(t, nil, inbox.MarkRead{UserID: "u1", UpTo: 999999, Newest: 13}); !errors.Is(err, inbox.ErrBadMark) {
		t.Fatalf("up to 999999 of 13: err %v, want ErrBadMark", err)
	}
	if _, err := decide(t, nil, inbox.MarkRead{UserID: "u1", UpTo: 1}); !errors.Is(err, inbox.ErrBadMark) {
		t.Fatalf("up to 1 with no notifications: err %v, want ErrBadMark", err)
	}
	got, err := decide(t, nil, inbox.MarkRead{UserID: "u1", UpTo: 13, Newest: 13})
	if err != nil || len(got) != 1 {
		t.Fatalf("up to the newest: got %v %v, want it recorded", got, err)
	}
}
