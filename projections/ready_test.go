package projections_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/stats"
)

func TestCheckCaughtUpFollowsTheLagBound(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	p := stats.New()
	if err := projections.EnsureSchema(ctx, pool, store, p); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		ev := eventstore.EventData{ID: uuid.New(), Type: "Tested", SchemaVersion: 1, Data: []byte(`{}`)}
		if _, err := store.Append(ctx, "ready-1", eventstore.Any, ev); err != nil {
			t.Fatal(err)
		}
	}
	// An event becomes readable only once every older transaction in the cluster has ended.
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, n, err := store.Head(ctx); err != nil || n == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("appended events never became readable")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := projections.CheckCaughtUp(ctx, pool, store, 5); err != nil {
		t.Fatalf("5 events behind with a bound of 5: %v", err)
	}
	if err := projections.CheckCaughtUp(ctx, pool, store, 4); !errors.Is(err, projections.ErrBehind) {
		t.Fatalf("5 events behind with a bound of 4: want ErrBehind, got %v", err)
	}
	events, err := store.ReadAll(ctx, eventstore.Start, 100)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(ctx, pool, p, events); err != nil {
		t.Fatal(err)
	}
	if err := projections.CheckCaughtUp(ctx, pool, store, 0); err != nil {
		t.Fatalf("caught up: %v", err)
	}
}
