package storetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mishwar/eventstore"
)

func testReadStream(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	stream := r.stream("five")
	events := numbered(5)
	mustAppend(t, ctx, s, stream, eventstore.NoStream, events[:2]...)
	mustAppend(t, ctx, s, r.stream("neighbour"), eventstore.NoStream, numbered(2)...)
	mustAppend(t, ctx, s, stream, eventstore.Exactly(1), events[2:]...)

	tests := []struct {
		name string
		from int64
		want int // events returned, the last ones of the stream
	}{
		{"from the start", 0, 5},
		{"from the middle", 3, 2},
		{"from the last event", 4, 1},
		{"from past the end", 5, 0},
		{"from far past the end", 1000, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.ReadStream(ctx, stream, tc.from)
			if err != nil {
				t.Fatalf("read from %d: %v", tc.from, err)
			}
			if len(got) != tc.want {
				t.Fatalf("read from %d: %d events, want %d", tc.from, len(got), tc.want)
			}
			for i, e := range got {
				v := int64(5 - tc.want + i)
				assertSameEvent(t, e, events[v], stream, v)
				if i > 0 && !got[i-1].Position.Less(e.Position) {
					t.Errorf("version %d at %s does not come after version %d at %s", v, e.Position, v-1, got[i-1].Position)
				}
			}
		})
	}
	t.Run("a missing stream is not found", func(t *testing.T) {
		if _, err := s.ReadStream(ctx, r.stream("missing"), 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
			t.Fatalf("got %v, want ErrStreamNotFound", err)
		}
	})
}

// appendMixed appends n events over several streams and batch sizes, one append after the other, and
// returns them in append order.
func appendMixed(t *testing.T, s eventstore.Store, r run, n int) []eventstore.EventData {
	ctx := testContext(t)
	var all []eventstore.EventData
	versions := map[string]int64{}
	for i := 0; len(all) < n; i++ {
		stream := r.stream(string(rune('a' + i%5)))
		batch := numbered(min(1+i%3, n-len(all)))
		v, ok := versions[stream]
		if !ok {
			v = -1
		}
		res := mustAppend(t, ctx, s, stream, eventstore.Exactly(v), batch...)
		versions[stream] = res.NextExpectedVersion
		all = append(all, batch...)
	}
	return all
}

func testReadAllFromEveryPosition(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	head, _ := mustHead(t, ctx, s)
	appended := appendMixed(t, s, r, 25)

	full := readAllOwn(t, ctx, s, r, head, 1000)
	if got, want := ids(full), dataIDs(appended); !equalIDs(got, want) {
		t.Fatalf("the global log holds %v, want the appended events in append order %v", got, want)
	}
	for _, e := range full {
		inStream := mustReadStream(t, ctx, s, e.StreamID)[e.Version]
		if inStream.ID != e.ID || inStream.Position != e.Position {
			t.Fatalf("event %s is at %s in the global log but %s in its stream", e.ID, e.Position, inStream.Position)
		}
	}
	for _, limit := range []int{1, 4, 1000} {
		for i := -1; i < len(full); i++ {
			from, want := head, full
			if i >= 0 {
				from, want = full[i].Position, full[i+1:]
			}
			got := readAllOwn(t, ctx, s, r, from, limit)
			if !equalIDs(ids(got), ids(want)) {
				t.Fatalf("reading after event %d (%s) in batches of %d: got %d events %v, want %d %v", i, from, limit, len(got), ids(got), len(want), ids(want))
			}
		}
	}
}

func testLargePayload(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	stream := r.stream("large")
	head, _ := mustHead(t, ctx, s)

	const size = 1 << 20 // 1 MiB of JSON
	// Arabic text: multi-byte UTF-8, as the catalogue's descriptions are.
	var data strings.Builder
	data.WriteString(`{"text":"`)
	for data.Len()+len("رحلة ")+len(`"}`) <= size {
		data.WriteString("رحلة ")
	}
	data.WriteString(strings.Repeat("x", size-data.Len()-len(`"}`)))
	data.WriteString(`"}`)
	large := newEvent("StoretestLarge", nil)
	large.Data = []byte(data.String())
	if len(large.Data) != size {
		t.Fatalf("built %d bytes of payload, want %d", len(large.Data), size)
	}
	small := newEvent("StoretestSmall", map[string]bool{"after": true})

	mustAppend(t, ctx, s, stream, eventstore.NoStream, large)
	mustAppend(t, ctx, s, stream, eventstore.Exactly(0), small)

	got := mustReadStream(t, ctx, s, stream)
	if len(got) != 2 {
		t.Fatalf("stream holds %d events, want 2", len(got))
	}
	assertSameEvent(t, got[0], large, stream, 0)
	assertSameEvent(t, got[1], small, stream, 1)

	all := readAllOwn(t, ctx, s, r, head, 10)
	if len(all) != 2 {
		t.Fatalf("the global log holds %d of the events, want 2", len(all))
	}
	assertSameEvent(t, all[0], large, stream, 0)

	sub := subscribeUntil(t, s, r, head, 3, func(seen []eventstore.RecordedEvent) bool { return len(seen) == 2 })
	assertSameEvent(t, sub[0], large, stream, 0)
}

func testUnknownEventTypes(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	stream := r.stream("unknown")
	head, _ := mustHead(t, ctx, s)
	unknown := []eventstore.EventData{
		{
			ID:            uuid.New(),
			Type:          "SomethingNoVersionOfMishwarKnows",
			SchemaVersion: 7,
			Data:          []byte(`{"nested":{"list":[1,2.5,"three",null,true]},"empty":{}}`),
			Metadata:      eventstore.Metadata{Extra: map[string]string{"written_by": "a future release"}},
		},
		{ID: uuid.New(), Type: "v0.legacy/odd type name", Data: []byte(`[]`)},
		{ID: uuid.New(), Type: "NullData"},
	}
	mustAppend(t, ctx, s, stream, eventstore.NoStream, unknown...)
	wantNull := unknown[2]
	wantNull.Data = []byte(`null`)
	want := []eventstore.EventData{unknown[0], unknown[1], wantNull}

	for name, got := range map[string][]eventstore.RecordedEvent{
		"read stream": mustReadStream(t, ctx, s, stream),
		"read all":    readAllOwn(t, ctx, s, r, head, 2),
		"subscribe":   subscribeUntil(t, s, r, head, 2, func(seen []eventstore.RecordedEvent) bool { return len(seen) == 3 }),
	} {
		if len(got) != 3 {
			t.Fatalf("%s: %d events, want 3", name, len(got))
		}
		for i := range want {
			assertSameEvent(t, got[i], want[i], stream, int64(i))
		}
	}
}

func testMetadataRoundTrip(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	stream := newRun(t).stream("metadata")
	tests := []struct {
		name string
		md   eventstore.Metadata
	}{
		{"empty", eventstore.Metadata{}},
		{"every known key", eventstore.Metadata{
			ActorID: "user-1", ActorRole: "admin", CommandID: "cmd-1", CorrelationID: "corr-1",
			CausationID: "cause-1", ClientIP: "2001:db8::1",
		}},
		{"extra keys beside known ones", eventstore.Metadata{
			ActorID: "user-2",
			Extra:   map[string]string{"tenant": "cairo", "note": "سلام \"quoted\" \n newline"},
		}},
	}
	var events []eventstore.EventData
	for _, tc := range tests {
		e := newEvent("StoretestMetadata", nil)
		e.Metadata = tc.md
		events = append(events, e)
	}
	mustAppend(t, ctx, s, stream, eventstore.NoStream, events...)
	got := mustReadStream(t, ctx, s, stream)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !metadataEqual(got[i].Metadata, tc.md) {
				t.Fatalf("got %+v, want %+v", got[i].Metadata, tc.md)
			}
		})
	}
}

func testHead(t *testing.T, s eventstore.Store) {
	ctx := testContext(t)
	r := newRun(t)
	before, countBefore := mustHead(t, ctx, s)
	uncounted := countBefore == eventstore.CountUnknown
	if !uncounted && (before == eventstore.Start) != (countBefore == 0) {
		t.Fatalf("head %s with %d events: an empty log must be at the start, and only it", before, countBefore)
	}
	appended := appendMixed(t, s, r, 7)
	after, countAfter := mustHead(t, ctx, s)
	switch {
	case uncounted && countAfter != eventstore.CountUnknown:
		t.Fatalf("head count went from unknown to %d", countAfter)
	case !uncounted && countAfter != countBefore+int64(len(appended)):
		t.Fatalf("head count went from %d to %d after appending %d events", countBefore, countAfter, len(appended))
	}
	if counter, ok := s.(eventstore.BoundedCounter); ok {
		if n, err := counter.CountAfter(ctx, before, 100); err != nil || n < int64(len(appended)) {
			t.Fatalf("counted %d events after the old head (%v), appended %d", n, err, len(appended))
		}
		if n, err := counter.CountAfter(ctx, before, 3); err != nil || n != 3 {
			t.Fatalf("counting up to 3 gave %d (%v)", n, err)
		}
		if n, err := counter.CountAfter(ctx, after, 100); err != nil || n != 0 {
			t.Fatalf("counted %d events after the head (%v)", n, err)
		}
	} else if uncounted {
		t.Fatal("a store that cannot count its log must count what follows a position (eventstore.BoundedCounter)")
	}
	own := readAllOwn(t, ctx, s, r, before, 100)
	if last := own[len(own)-1]; last.Position != after {
		t.Fatalf("head is %s, want the last event's position %s", after, last.Position)
	}
	if rest, err := s.ReadAll(ctx, after, 10); err != nil || len(rest) != 0 {
		t.Fatalf("reading after the head gave %d events, %v; want none", len(rest), err)
	}
}

func equalIDs[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
