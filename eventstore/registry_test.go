package eventstore_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

type tripBooked struct {
	TripID string `json:"trip_id"`
	Fare   int    `json:"fare_piastres"`
}

// pickupMoved is at v3: v1 had "place" as one string; v2 renamed it "pickup"; v3 split the pickup
// into a name and a zone.
type pickupMoved struct {
	Pickup struct {
		Name string `json:"name"`
		Zone string `json:"zone"`
	} `json:"pickup"`
}

func upcastPickupV1(data json.RawMessage) (json.RawMessage, error) {
	var v1 struct {
		Place string `json:"place"`
	}
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, err
	}
	return json.Marshal(map[string]string{"pickup": v1.Place})
}

func upcastPickupV2(data json.RawMessage) (json.RawMessage, error) {
	var v2 struct {
		Pickup string `json:"pickup"`
	}
	if err := json.Unmarshal(data, &v2); err != nil {
		return nil, err
	}
	name, zone, _ := strings.Cut(v2.Pickup, ", ")
	return json.Marshal(map[string]any{"pickup": map[string]string{"name": name, "zone": zone}})
}

func newRegistry() *eventstore.Registry {
	r := eventstore.NewRegistry()
	eventstore.Register[tripBooked](r, "TripBooked", 1)
	eventstore.Register[pickupMoved](r, "PickupMoved", 3,
		eventstore.Upcaster{From: 2, Up: upcastPickupV2},
		eventstore.Upcaster{From: 1, Up: upcastPickupV1})
	return r
}

func TestEncodeNamesTheEventAndItsCurrentVersion(t *testing.T) {
	r := newRegistry()
	id := uuid.New()
	md := eventstore.Metadata{ActorID: "u1"}
	value := tripBooked{TripID: "T-1", Fare: 12500}
	for name, event := range map[string]any{"value": value, "pointer": &value} {
		t.Run(name, func(t *testing.T) {
			got, err := r.Encode(id, event, md)
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != id || got.Type != "TripBooked" || got.SchemaVersion != 1 || got.Metadata.ActorID != "u1" {
				t.Fatalf("got %+v", got)
			}
			if string(got.Data) != `{"trip_id":"T-1","fare_piastres":12500}` {
				t.Fatalf("data %s", got.Data)
			}
		})
	}
	moved, err := r.Encode(id, pickupMoved{}, md)
	if err != nil || moved.SchemaVersion != 3 {
		t.Fatalf("got %+v, %v; want schema version 3", moved, err)
	}
}

func TestEncodeRejectsUnregisteredTypes(t *testing.T) {
	r := newRegistry()
	for _, event := range []any{struct{ X int }{}, "TripBooked", nil, (*tripBooked)(nil)} {
		if _, err := r.Encode(uuid.New(), event, eventstore.Metadata{}); err == nil {
			t.Errorf("encoding %#v succeeded", event)
		}
	}
	if _, err := r.Encode(uuid.New(), struct{ X int }{}, eventstore.Metadata{}); !errors.Is(err, eventstore.ErrUnknownEventType) {
		t.Fatalf("got %v, want ErrUnknownEventType", err)
	}
}

func TestDecodeReturnsTheRegisteredValueType(t *testing.T) {
	r := newRegistry()
	data, _ := r.Encode(uuid.New(), tripBooked{TripID: "T-9", Fare: 1}, eventstore.Metadata{})
	got, err := r.Decode(recorded(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := (tripBooked{TripID: "T-9", Fare: 1}); got != want {
		t.Fatalf("got %#v, want %#v", got, want)
	}
}

func recorded(e eventstore.EventData) eventstore.RecordedEvent {
	return eventstore.RecordedEvent{ID: e.ID, Type: e.Type, SchemaVersion: e.SchemaVersion, Data: e.Data, Metadata: e.Metadata}
}

func TestDecodeUpcastsOlderSchemaVersions(t *testing.T) {
	r := newRegistry()
	var want pickupMoved
	want.Pickup.Name, want.Pickup.Zone = "Cairo Tower", "Zamalek"
	tests := []struct {
		name    string
		version int
		data    string
	}{
		{"v1 through two upcasters", 1, `{"place":"Cairo Tower, Zamalek"}`},
		{"unversioned is read as v1", 0, `{"place":"Cairo Tower, Zamalek"}`},
		{"v2 through one upcaster", 2, `{"pickup":"Cairo Tower, Zamalek"}`},
		{"v3 as it is", 3, `{"pickup":{"name":"Cairo Tower","zone":"Zamalek"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := r.Decode(eventstore.RecordedEvent{Type: "PickupMoved", SchemaVersion: tc.version, Data: []byte(tc.data)})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("got %#v, want %#v", got, want)
			}
		})
	}
}

func TestDecodeFailures(t *testing.T) {
	r := eventstore.NewRegistry()
	errUpcast := errors.New("cannot upcast")
	eventstore.Register[pickupMoved](r, "PickupMoved", 3,
		eventstore.Upcaster{From: 2, Up: func(json.RawMessage) (json.RawMessage, error) { return nil, errUpcast }})
	tests := []struct {
		name  string
		event eventstore.RecordedEvent
		want  error
	}{
		{"an unknown type", eventstore.RecordedEvent{Type: "Nobody", Data: []byte(`{}`)}, eventstore.ErrUnknownEventType},
		{"a version newer than this release", eventstore.RecordedEvent{Type: "PickupMoved", SchemaVersion: 4, Data: []byte(`{}`)}, eventstore.ErrUnknownSchemaVersion},
		{"a version older than any upcaster", eventstore.RecordedEvent{Type: "PickupMoved", SchemaVersion: 1, Data: []byte(`{}`)}, eventstore.ErrUnknownSchemaVersion},
		{"a failing upcaster", eventstore.RecordedEvent{Type: "PickupMoved", SchemaVersion: 2, Data: []byte(`{}`)}, errUpcast},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Decode(tc.event); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("data that does not fit the type", func(t *testing.T) {
		if _, err := r.Decode(eventstore.RecordedEvent{Type: "PickupMoved", SchemaVersion: 3, Data: []byte(`{"pickup":7}`)}); err == nil {
			t.Fatal("decoded a number as an object")
		}
	})
}

func TestName(t *testing.T) {
	r := newRegistry()
	if name, ok := r.Name(&tripBooked{}); !ok || name != "TripBooked" {
		t.Fatalf("got %q, %v", name, ok)
	}
	if _, ok := r.Name(42); ok {
		t.Fatal("an int has a name")
	}
}

func TestRegisterPanicsOnProgrammingErrors(t *testing.T) {
	noop := func(d json.RawMessage) (json.RawMessage, error) { return d, nil }
	tests := []struct {
		name     string
		register func(r *eventstore.Registry)
	}{
		{"a name twice", func(r *eventstore.Registry) {
			eventstore.Register[tripBooked](r, "Same", 1)
			eventstore.Register[pickupMoved](r, "Same", 1)
		}},
		{"a type twice", func(r *eventstore.Registry) {
			eventstore.Register[tripBooked](r, "One", 1)
			eventstore.Register[tripBooked](r, "Two", 1)
		}},
		{"a pointer type", func(r *eventstore.Registry) { eventstore.Register[*tripBooked](r, "Ptr", 1) }},
		{"a non-struct type", func(r *eventstore.Registry) { eventstore.Register[string](r, "Str", 1) }},
		{"version 0", func(r *eventstore.Registry) { eventstore.Register[tripBooked](r, "Zero", 0) }},
		{"a gap in the upcasters", func(r *eventstore.Registry) {
			eventstore.Register[tripBooked](r, "Gap", 3, eventstore.Upcaster{From: 1, Up: noop})
		}},
		{"an upcaster to a future version", func(r *eventstore.Registry) {
			eventstore.Register[tripBooked](r, "Future", 2, eventstore.Upcaster{From: 2, Up: noop})
		}},
		{"two upcasters from one version", func(r *eventstore.Registry) {
			eventstore.Register[tripBooked](r, "Twice", 2, eventstore.Upcaster{From: 1, Up: noop}, eventstore.Upcaster{From: 1, Up: noop})
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("did not panic")
				}
			}()
			tc.register(eventstore.NewRegistry())
		})
	}
}

func TestRegistryIsSafeForConcurrentUse(t *testing.T) {
	r := newRegistry()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				e, err := r.Encode(uuid.New(), tripBooked{TripID: fmt.Sprint(i, j)}, eventstore.Metadata{})
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := r.Decode(recorded(e)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestDeterministicID(t *testing.T) {
	cmd := uuid.MustParse("6f1c2a3e-9b7d-4c1e-8f00-1234567890ab")
	first := eventstore.DeterministicID(cmd, 0)
	if first != eventstore.DeterministicID(cmd, 0) {
		t.Fatal("the same command and index gave two ids")
	}
	if first.Version() != 5 || first.Variant() != uuid.RFC4122 {
		t.Fatalf("id %s is not a version 5 UUID", first)
	}
	seen := map[uuid.UUID]bool{}
	for _, c := range []uuid.UUID{cmd, uuid.MustParse("6f1c2a3e-9b7d-4c1e-8f00-1234567890ac")} {
		for i := range 100 {
			id := eventstore.DeterministicID(c, i)
			if seen[id] {
				t.Fatalf("command %s index %d repeats an id", c, i)
			}
			seen[id] = true
		}
	}
}

func TestMetadataIsOneFlatObjectAndKeepsUnknownKeys(t *testing.T) {
	md := eventstore.Metadata{ActorID: "u1", ClientIP: "10.0.0.1", Extra: map[string]string{"tenant": "cairo", "actor_id": "ignored"}}
	raw, err := json.Marshal(md)
	if err != nil {
		t.Fatal(err)
	}
	if string(raw) != `{"actor_id":"u1","client_ip":"10.0.0.1","tenant":"cairo"}` {
		t.Fatalf("marshalled %s", raw)
	}

	var got eventstore.Metadata
	stored := `{"actor_id":"u1","command_id":"c1","$correlationId":"x","retries":3,"nested":{"a":1}}`
	if err := json.Unmarshal([]byte(stored), &got); err != nil {
		t.Fatal(err)
	}
	want := eventstore.Metadata{ActorID: "u1", CommandID: "c1", Extra: map[string]string{"$correlationId": "x", "retries": "3", "nested": `{"a":1}`}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if err := json.Unmarshal([]byte(`[1]`), &got); err == nil {
		t.Fatal("unmarshalled an array as metadata")
	}
}

func TestNormalize(t *testing.T) {
	id := uuid.New()
	tests := []struct {
		name    string
		in      eventstore.EventData
		want    eventstore.EventData
		invalid bool
	}{
		{"defaults", eventstore.EventData{ID: id, Type: "T"}, eventstore.EventData{ID: id, Type: "T", SchemaVersion: 1, Data: []byte("null")}, false},
		{"kept", eventstore.EventData{ID: id, Type: "T", SchemaVersion: 4, Data: []byte(`[]`)}, eventstore.EventData{ID: id, Type: "T", SchemaVersion: 4, Data: []byte(`[]`)}, false},
		{"no id", eventstore.EventData{Type: "T"}, eventstore.EventData{}, true},
		{"no type", eventstore.EventData{ID: id}, eventstore.EventData{}, true},
		{"negative version", eventstore.EventData{ID: id, Type: "T", SchemaVersion: -1}, eventstore.EventData{}, true},
		{"bad JSON", eventstore.EventData{ID: id, Type: "T", Data: []byte(`{`)}, eventstore.EventData{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.in.Normalize()
			if tc.invalid {
				if !errors.Is(err, eventstore.ErrInvalidEvent) {
					t.Fatalf("got %v, want ErrInvalidEvent", err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}
