// Package storetest is the conformance suite of the event store port: every eventstore.Store adapter
// runs Run in its tests and must pass all of it. The suite never assumes the store is empty or that it
// is the only writer's log: it works on streams of its own, named uniquely per run, and on the part of
// the global log after the head it found, so it can run against a shared server. It must never depend
// on one adapter's internals.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

// Run runs the whole suite. newStore is called once per test and may return a fresh store or the
// same one each time.
func Run(t *testing.T, newStore func(t *testing.T) eventstore.Store) {
	tests := []struct {
		name string
		test func(*testing.T, eventstore.Store)
	}{
		{"ExpectedVersion", testExpectedVersion},
		{"ConcurrentAppendsOneWinnerPerVersion", testConcurrentAppendsOneWinnerPerVersion},
		{"ConcurrentRetryingWritersLoseNothing", testConcurrentRetryingWritersLoseNothing},
		{"IdempotentAppend", testIdempotentAppend},
		{"InvalidEventsAreRejected", testInvalidEvents},
		{"ReadStream", testReadStream},
		{"ReadAllFromEveryPosition", testReadAllFromEveryPosition},
		{"SubscribeFromEveryPosition", testSubscribeFromEveryPosition},
		{"SubscriberSeesEveryEventOnceInCommitOrder", testSubscriberUnderConcurrentWriters},
		{"SubscribeStops", testSubscribeStops},
		{"LargePayload", testLargePayload},
		{"UnknownEventTypesPassThrough", testUnknownEventTypes},
		{"MetadataRoundTrip", testMetadataRoundTrip},
		{"Head", testHead},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, newStore(t)) })
	}
}

type appendDelayKey struct{}

// AppendHook lets the suite hold an append's transaction open. An adapter that commits appends in
// transactions should, in its conformance test, call AppendHook(ctx) with the append's context after
// writing and just before committing (eventstore/postgres: postgres.WithAppendHook(storetest.AppendHook)).
// Outside the suite's concurrency test it does nothing.
func AppendHook(ctx context.Context) {
	if delay, ok := ctx.Value(appendDelayKey{}).(func()); ok {
		delay()
	}
}

func withAppendDelay(ctx context.Context, delay func()) context.Context {
	return context.WithValue(ctx, appendDelayKey{}, delay)
}

// run is unique per test, so that streams never collide with earlier runs on a shared server.
type run struct {
	prefix string
}

func newRun(t *testing.T) run {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, t.Name())
	// Streams follow the <category>-<id> convention; the id carries the test name for humans.
	return run{prefix: eventstore.StreamID("storetest", uuid.NewString()[:8]+"_"+name)}
}

func (r run) stream(name string) string { return r.prefix + "." + name }

func (r run) owns(e eventstore.RecordedEvent) bool {
	return strings.HasPrefix(e.StreamID, r.prefix+".")
}

func (r run) filter(events []eventstore.RecordedEvent) []eventstore.RecordedEvent {
	var own []eventstore.RecordedEvent
	for _, e := range events {
		if r.owns(e) {
			own = append(own, e)
		}
	}
	return own
}

func newEvent(typ string, data any) eventstore.EventData {
	raw, err := json.Marshal(data)
	if err != nil {
		panic(err)
	}
	return eventstore.EventData{
		ID:            uuid.New(),
		Type:          typ,
		SchemaVersion: 1,
		Data:          raw,
		Metadata:      eventstore.Metadata{ActorID: "storetest", CommandID: uuid.NewString()},
	}
}

func numbered(n int) []eventstore.EventData {
	events := make([]eventstore.EventData, n)
	for i := range events {
		events[i] = newEvent("StoretestNumbered", map[string]int{"n": i})
	}
	return events
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func mustAppend(t *testing.T, ctx context.Context, s eventstore.Store, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) eventstore.AppendResult {
	t.Helper()
	res, err := s.Append(ctx, stream, expected, events...)
	if err != nil {
		t.Fatalf("append %d events to %s (expected %s): %v", len(events), stream, expected, err)
	}
	awaitReadable(t, ctx, s, res.Position)
	return res
}

// readableWithin bounds how long a committed append may stay unreadable. A gap-safe store holds an
// event back while an older transaction of the cluster is still open, and tests share their cluster
// with other tests' transactions: the suite's checks of the log therefore start from the moment the
// store says its appends are readable, not from the moment they commit.
const readableWithin = 30 * time.Second

// awaitReadable waits until the store's head is at or past pos.
func awaitReadable(t *testing.T, ctx context.Context, s eventstore.Store, pos eventstore.Position) {
	t.Helper()
	if pos == (eventstore.Position{}) {
		return
	}
	deadline := time.Now().Add(readableWithin)
	for {
		head, _ := mustHead(t, ctx, s)
		if !head.Less(pos) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("an append committed at %s is still not readable after %s (head %s)", pos, readableWithin, head)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func mustReadStream(t *testing.T, ctx context.Context, s eventstore.Store, stream string) []eventstore.RecordedEvent {
	t.Helper()
	events, err := s.ReadStream(ctx, stream, 0)
	if err != nil {
		t.Fatalf("read stream %s: %v", stream, err)
	}
	return events
}

func mustHead(t *testing.T, ctx context.Context, s eventstore.Store) (eventstore.Position, int64) {
	t.Helper()
	pos, n, err := s.Head(ctx)
	if err != nil {
		t.Fatalf("head: %v", err)
	}
	return pos, n
}

// readAllOwn pages through the global log after pos with the given batch size and returns this run's
// events.
func readAllOwn(t *testing.T, ctx context.Context, s eventstore.Store, r run, after eventstore.Position, limit int) []eventstore.RecordedEvent {
	t.Helper()
	var own []eventstore.RecordedEvent
	for {
		batch, err := s.ReadAll(ctx, after, limit)
		if err != nil {
			t.Fatalf("read all after %s: %v", after, err)
		}
		if len(batch) > limit {
			t.Fatalf("read all after %s with limit %d returned %d events", after, limit, len(batch))
		}
		if len(batch) == 0 {
			return own
		}
		for _, e := range batch {
			if !after.Less(e.Position) {
				t.Fatalf("read all after %s returned an event at %s", after, e.Position)
			}
			after = e.Position
		}
		own = append(own, r.filter(batch)...)
	}
}

// assertSameEvent checks that a recorded event is the appended one, in the place expected.
func assertSameEvent(t *testing.T, got eventstore.RecordedEvent, want eventstore.EventData, stream string, version int64) {
	t.Helper()
	if got.ID != want.ID || got.StreamID != stream || got.Version != version || got.Type != want.Type {
		t.Fatalf("got event %s %s@%d %q, want %s %s@%d %q", got.ID, got.StreamID, got.Version, got.Type, want.ID, stream, version, want.Type)
	}
	wantSchema := want.SchemaVersion
	if wantSchema == 0 {
		wantSchema = 1
	}
	if got.SchemaVersion != wantSchema {
		t.Errorf("event %s: schema version %d, want %d", got.ID, got.SchemaVersion, wantSchema)
	}
	if !jsonEqual(got.Data, want.Data) {
		t.Errorf("event %s: data %s, want %s", got.ID, abbreviate(got.Data), abbreviate(want.Data))
	}
	if !metadataEqual(got.Metadata, want.Metadata) {
		t.Errorf("event %s: metadata %+v, want %+v", got.ID, got.Metadata, want.Metadata)
	}
	if got.Position == eventstore.Start {
		t.Errorf("event %s has no global position", got.ID)
	}
	if age := time.Since(got.RecordedAt); age < -time.Minute || age > 10*time.Minute {
		t.Errorf("event %s: recorded at %s, not about now", got.ID, got.RecordedAt)
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return reflect.DeepEqual(x, y)
}

func metadataEqual(a, b eventstore.Metadata) bool {
	if len(a.Extra) == 0 && len(b.Extra) == 0 {
		a.Extra, b.Extra = nil, nil
	}
	return reflect.DeepEqual(a, b)
}

func abbreviate(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…(" + strconv.Itoa(len(b)) + " bytes)"
	}
	return string(b)
}

func ids(events []eventstore.RecordedEvent) []uuid.UUID {
	out := make([]uuid.UUID, len(events))
	for i, e := range events {
		out[i] = e.ID
	}
	return out
}

func dataIDs(events []eventstore.EventData) []uuid.UUID {
	out := make([]uuid.UUID, len(events))
	for i, e := range events {
		out[i] = e.ID
	}
	return out
}

// envDuration reads a duration in seconds from the environment, for lengthening the soak tests.
func envDuration(name string, def time.Duration) time.Duration {
	if v := os.Getenv(name); v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil && f > 0 {
			return time.Duration(f * float64(time.Second))
		}
		panic(fmt.Sprintf("%s=%q: want seconds", name, v))
	}
	return def
}
