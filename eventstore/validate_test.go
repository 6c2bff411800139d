package eventstore_test

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

func TestNormalizeAppendRefusesWhatNoAdapterMayStore(t *testing.T) {
	valid := eventstore.EventData{ID: uuid.New(), Type: "Valid"}
	for _, tc := range []struct {
		name   string
		stream string
		events []eventstore.EventData
	}{
		{"an empty stream id", "", []eventstore.EventData{valid}},
		{"no events", "s-1", nil},
		{"an event without a type", "s-1", []eventstore.EventData{{ID: uuid.New()}}},
		{"one id twice", "s-1", []eventstore.EventData{valid, valid}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := eventstore.NormalizeAppend(tc.stream, tc.events); !errors.Is(err, eventstore.ErrInvalidEvent) {
				t.Fatalf("got %v, want ErrInvalidEvent", err)
			}
		})
	}
}

func TestNormalizeAppendFillsInDefaultsWithoutTouchingTheCallersEvents(t *testing.T) {
	in := []eventstore.EventData{{ID: uuid.New(), Type: "A"}}
	out, err := eventstore.NormalizeAppend("s-1", in)
	if err != nil {
		t.Fatal(err)
	}
	if out[0].SchemaVersion != 1 || string(out[0].Data) != "null" {
		t.Errorf("normalized event = %+v, want schema version 1 and data null", out[0])
	}
	if in[0].SchemaVersion != 0 || in[0].Data != nil {
		t.Errorf("the caller's event changed: %+v", in[0])
	}
}
