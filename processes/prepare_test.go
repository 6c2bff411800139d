package processes_test

import (
	"context"
	"errors"
	"testing"

	"mishwar/eventstore"
	"mishwar/processes"
)

// streams is a store that holds streams by id and counts the reads of each; nothing else is called.
type streams struct {
	eventstore.Store
	held  map[string][]eventstore.RecordedEvent
	reads map[string]int
}

func (s *streams) ReadStream(_ context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	s.reads[stream]++
	var out []eventstore.RecordedEvent
	for _, e := range s.held[stream] {
		if e.Version >= from {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, eventstore.ErrStreamNotFound
	}
	return out, nil
}

func stream(id string, n int) []eventstore.RecordedEvent {
	var out []eventstore.RecordedEvent
	for v := range n {
		out = append(out, eventstore.RecordedEvent{StreamID: id, Version: int64(v)})
	}
	return out
}

// A Prepare that needs its events' histories and other streams reads each stream once per batch; a
// stream with no events is an answer (empty) when asked for as another stream; what it did not read,
// a handler is told it was not given, rather than reading it itself.
func TestPreparedReadsAreMadeOnceAndWhatWasNotReadIsNotPrepared(t *testing.T) {
	store := &streams{reads: map[string]int{}, held: map[string][]eventstore.RecordedEvent{
		"order-1": stream("order-1", 3), "order-2": stream("order-2", 2),
	}}
	batch := []eventstore.RecordedEvent{store.held["order-1"][1], store.held["order-1"][2], store.held["order-2"][1]}
	ctx, err := processes.ReadHistories(context.Background(), store, batch, func(e eventstore.RecordedEvent) bool { return e.StreamID == "order-1" })
	if err != nil {
		t.Fatal(err)
	}
	ctx, err = processes.ReadStreams(ctx, store, "order-1", "review-1", "review-1")
	if err != nil {
		t.Fatal(err)
	}
	if store.reads["order-1"] != 1 || store.reads["review-1"] != 1 || store.reads["order-2"] != 0 {
		t.Fatalf("reads %v, want order-1 and review-1 once each, order-2 never", store.reads)
	}

	if h, err := processes.HistoryBefore(ctx, processes.Envelope{StreamID: "order-1", Version: 2}); err != nil || len(h) != 2 {
		t.Fatalf("order-1 before version 2: %d events (%v), want 2", len(h), err)
	}
	if s, err := processes.StreamAsRead(ctx, "order-1"); err != nil || len(s) != 3 {
		t.Fatalf("order-1 as read: %d events (%v), want 3", len(s), err)
	}
	if s, err := processes.StreamAsRead(ctx, "review-1"); err != nil || len(s) != 0 {
		t.Fatalf("review-1, which has no events: %v (%v), want empty", s, err)
	}
	if _, err := processes.HistoryBefore(ctx, processes.Envelope{StreamID: "order-2", Version: 1}); !errors.Is(err, processes.ErrNotPrepared) {
		t.Fatalf("order-2's history, not read: %v, want ErrNotPrepared", err)
	}
	if _, err := processes.StreamAsRead(ctx, "review-2"); !errors.Is(err, processes.ErrNotPrepared) {
		t.Fatalf("review-2, not read: %v, want ErrNotPrepared", err)
	}
	if _, err := processes.StreamAsRead(context.Background(), "order-1"); !errors.Is(err, processes.ErrNotPrepared) {
		t.Fatalf("a context Prepare did not make: %v, want ErrNotPrepared", err)
	}

	// A history is of a stream that has its event: a missing one is an error, not an empty history.
	if _, err := processes.ReadHistories(context.Background(), store, []eventstore.RecordedEvent{{StreamID: "order-9", Version: 1}},
		func(eventstore.RecordedEvent) bool { return true }); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("the history of a stream with no events: %v, want ErrStreamNotFound", err)
	}
}
