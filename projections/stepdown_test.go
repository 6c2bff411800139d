package projections_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
	"mishwar/projections"
)

// boxLabelled is an event type of a newer release.
type boxLabelled struct {
	Label string `json:"label"`
}

// In a rolling deploy a process of the old release may lead a projection when a process of the new
// one writes an event type only the new release knows. The old process must not skip it, and must
// not keep the projection from the new process either: it stops at the event, steps down, and the
// new process (standing by) takes the lease and applies everything, in order.
func TestAnOldReleaseThatMeetsANewEventTypeLeavesTheProjectionToTheNewOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	cfg.StepDownPause = time.Second
	old := newBoxes(boxRegistry())
	oldRunner, _ := startRunner(t, e, cfg, old)
	first := appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxOpened", SchemaVersion: 2, Data: json.RawMessage(`{"label":"a","width":1}`)})
	waitFor(t, oldRunner, "boxes", first)

	// The new release's process starts and stands by: the old one leads.
	newRegistry := boxRegistry()
	eventstore.Register[boxLabelled](newRegistry, "BoxLabelled", 1)
	newer := newBoxes(newRegistry)
	newer.handlers.Events = append(newer.handlers.Events, projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxLabelled]) error {
		_, err := tx.Exec(ctx, `INSERT INTO seen (stream, entity, version, type, what, actor) VALUES ($1, $2, $3, $4, $5, $6)`,
			e.StreamID, e.EntityID, e.Version, e.Type, "labelled "+e.Data.Label, e.Metadata.ActorID)
		return err
	}))
	newRunner, _ := startRunner(t, e, cfg, newer)
	if !oldRunner.Leading("boxes") || newRunner.Leading("boxes") {
		t.Fatal("the old process should lead and the new one stand by")
	}

	last := appendRaw(t, e, "box-1",
		eventstore.EventData{Type: "BoxLabelled", Data: json.RawMessage(`{"label":"fragile"}`)},
		eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":"a"}`)})
	waitFor(t, newRunner, "boxes", last)

	var got []string
	for _, r := range readSeen(t, e) {
		got = append(got, r.Type+":"+r.What)
	}
	if strings.Join(got, " ") != "BoxOpened:a/w BoxLabelled:labelled fragile BoxClosed:a" {
		t.Fatalf("the model holds %v; want every event once, in order", got)
	}
	if s := statusOf(t, e, "boxes"); s.Position != last || s.LastError != "" {
		t.Fatalf("status %+v: want the checkpoint at the last event and no error", s)
	}
}
