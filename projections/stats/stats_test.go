package stats_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/stats"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type appendCall struct {
	stream string
	types  []string
}

// The history: two carts, an order and a trip, some types shared across categories.
var history = []appendCall{
	{"cart-1", []string{"CartOpened", "DestinationAdded", "DestinationAdded"}},
	{"order-7", []string{"OrderPlaced"}},
	{"cart-2", []string{"CartOpened"}},
	{"cart-1", []string{"DestinationAdded", "CartCheckedOut"}},
	{"trip-TR1", []string{"TripStarted", "TripStatusChanged", "TripStatusChanged", "TripStatusChanged"}},
	{"order-7", []string{"OrderPaid"}},
}

func TestStatsCountsEventsPerCategoryAndTypeWhateverTheBatching(t *testing.T) {
	t.Parallel()
	want := []struct {
		category, eventType string
		events              int64
		first, last         int // indexes in the log of the first and last such event
	}{
		{"cart", "CartCheckedOut", 1, 6, 6},
		{"cart", "CartOpened", 2, 0, 4},
		{"cart", "DestinationAdded", 3, 1, 5},
		{"order", "OrderPaid", 1, 11, 11},
		{"order", "OrderPlaced", 1, 3, 3},
		{"trip", "TripStarted", 1, 7, 7},
		{"trip", "TripStatusChanged", 3, 8, 10},
	}
	for _, batchSize := range []int{1, 2, 5, 12, 100} {
		t.Run("batches of "+itoa(batchSize), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			pool := pgtest.NewDatabase(t)
			store := postgres.New(pool)
			for _, call := range history {
				events := make([]eventstore.EventData, len(call.types))
				for i, typ := range call.types {
					events[i] = eventstore.EventData{ID: uuid.New(), Type: typ, Data: json.RawMessage(`{}`)}
				}
				if _, err := store.Append(ctx, call.stream, eventstore.Any, events...); err != nil {
					t.Fatal(err)
				}
				time.Sleep(2 * time.Millisecond) // distinct recorded_at per append
			}
			log := readLog(t, store, 12)
			p := stats.New()
			if err := projections.EnsureSchema(ctx, pool, store, p); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(log); i += batchSize {
				if _, err := projections.ApplyBatch(ctx, pool, p, log[i:min(i+batchSize, len(log))]); err != nil {
					t.Fatal(err)
				}
			}
			got, err := stats.Read(ctx, pool)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("got %d rows, want %d: %+v", len(got), len(want), got)
			}
			for i, w := range want {
				g := got[i]
				if g.StreamCategory != w.category || g.EventType != w.eventType || g.Events != w.events ||
					!g.FirstRecordedAt.Equal(log[w.first].RecordedAt) || !g.LastRecordedAt.Equal(log[w.last].RecordedAt) {
					t.Errorf("row %d: got %+v, want %s/%s ×%d recorded %s..%s", i, g, w.category, w.eventType, w.events,
						log[w.first].RecordedAt, log[w.last].RecordedAt)
				}
			}
		})
	}
}

func readLog(t *testing.T, store eventstore.Store, want int) []eventstore.RecordedEvent {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		events, err := store.ReadAll(context.Background(), eventstore.Start, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) >= want {
			return events
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log holds %d events, want %d", len(events), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
