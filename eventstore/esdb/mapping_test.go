package esdb

import (
	"encoding/json"
	"reflect"
	"testing"

	kdb "github.com/EventStore/EventStore-Client-Go/v4/esdb"
	"github.com/google/uuid"

	"mishwar/eventstore"
)

// These tests cover the translation to and from EventStoreDB's shapes, which needs no server.

func TestExpectedVersionsMapToRevisions(t *testing.T) {
	tests := []struct {
		in   eventstore.ExpectedVersion
		want kdb.ExpectedRevision
	}{
		{eventstore.Any, kdb.Any{}},
		{eventstore.NoStream, kdb.NoStream{}},
		{eventstore.StreamExists, kdb.StreamExists{}},
		{eventstore.Exactly(0), kdb.Revision(0)},
		{eventstore.Exactly(41), kdb.Revision(41)},
	}
	for _, tc := range tests {
		got, err := expectedRevision(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %#v, %v; want %#v", tc.in, got, err, tc.want)
		}
	}
	if _, err := expectedRevision(-3); err == nil {
		t.Error("expected version -3 was accepted")
	}
}

func TestMetadataCarriesSchemaVersionAndCorrelationThere(t *testing.T) {
	md := eventstore.Metadata{ActorID: "u1", CorrelationID: "corr", CausationID: "cause", Extra: map[string]string{"tenant": "cairo"}}
	raw, err := encodeMetadata(md, 3)
	if err != nil {
		t.Fatal(err)
	}
	var stored map[string]any
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatal(err)
	}
	if stored["schema_version"] != 3.0 || stored["$correlationId"] != "corr" || stored["$causationId"] != "cause" || stored["tenant"] != "cairo" {
		t.Fatalf("stored metadata %s", raw)
	}
	got, version, err := decodeMetadata(raw)
	if err != nil || version != 3 || !reflect.DeepEqual(got, md) {
		t.Fatalf("read back %+v v%d (%v), want %+v v3", got, version, err, md)
	}
}

func TestMetadataWrittenByOthersIsKept(t *testing.T) {
	tests := []struct {
		name        string
		raw         string
		want        eventstore.Metadata
		wantVersion int
	}{
		{"none", ``, eventstore.Metadata{}, 1},
		{"no schema version", `{"actor_id":"u1"}`, eventstore.Metadata{ActorID: "u1"}, 1},
		{"a $correlationId of its own", `{"$correlationId":"x"}`, eventstore.Metadata{Extra: map[string]string{"$correlationId": "x"}}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, version, err := decodeMetadata([]byte(tc.raw))
			if err != nil || version != tc.wantVersion || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v v%d (%v), want %+v v%d", got, version, err, tc.want, tc.wantVersion)
			}
		})
	}
	if _, _, err := decodeMetadata([]byte(`{"schema_version":"x"}`)); err == nil {
		t.Fatal("a schema version that is no number was accepted")
	}
}

func TestSystemEventsAreTold(t *testing.T) {
	tests := []struct {
		stream, typ string
		system      bool
	}{
		{"cart-1", "DestinationAddedToCart", false},
		{"$stats-0.0.0.0:2113", "$statsCollected", true},
		{"$ce-cart", "$>", true},
		{"$settings", "$settings", true},
		{"cart-1", "$metadata", true},
	}
	for _, tc := range tests {
		if got := isSystem(&kdb.RecordedEvent{StreamID: tc.stream, EventType: tc.typ}); got != tc.system {
			t.Errorf("%s %s: system %v, want %v", tc.stream, tc.typ, got, tc.system)
		}
	}
}

func TestRecordedEventsTranslate(t *testing.T) {
	id := uuid.New()
	md, _ := encodeMetadata(eventstore.Metadata{ActorID: "u1"}, 2)
	got, err := toRecorded(&kdb.RecordedEvent{
		EventID: id, EventType: "TripBooked", StreamID: "trip-9", EventNumber: 4,
		Position: kdb.Position{Commit: 900, Prepare: 880}, Data: []byte(`{"a":1}`), UserMetadata: md,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := eventstore.RecordedEvent{
		ID: id, StreamID: "trip-9", Version: 4, Position: eventstore.Position{Commit: 900, Prepare: 880},
		Type: "TripBooked", SchemaVersion: 2, Data: []byte(`{"a":1}`), Metadata: eventstore.Metadata{ActorID: "u1"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestInvalidAppendsAreRejectedBeforeTheServer(t *testing.T) {
	valid := eventstore.EventData{ID: uuid.New(), Type: "T"}
	for name, events := range map[string][]eventstore.EventData{
		"none":          nil,
		"no id":         {{Type: "T"}},
		"id twice":      {valid, valid},
		"data not JSON": {{ID: uuid.New(), Type: "T", Data: []byte("{")}},
	} {
		if _, err := toProposed("s-1", events); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	got, err := toProposed("s-1", []eventstore.EventData{valid})
	if err != nil || len(got) != 1 || got[0].ContentType != kdb.ContentTypeJson || string(got[0].Data) != "null" {
		t.Fatalf("got %+v, %v", got, err)
	}
}
