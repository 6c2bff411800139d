package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
	"mishwar/projections"
)

// Events of a made-up "box" stream. boxOpened is at schema version 2: version 1 called its field
// "size"; the upcaster renames it.
type (
	boxOpened struct {
		Label string `json:"label"`
		Width int    `json:"width"`
	}
	boxClosed struct {
		Label string `json:"label"`
	}
	boxPainted struct{} // known to the registry, declared by no handler
)

func boxRegistry() *eventstore.Registry {
	r := eventstore.NewRegistry()
	eventstore.Register[boxOpened](r, "BoxOpened", 2, eventstore.Upcaster{From: 1, Up: func(data json.RawMessage) (json.RawMessage, error) {
		var v1 map[string]any
		if err := json.Unmarshal(data, &v1); err != nil {
			return nil, err
		}
		v1["width"] = v1["size"]
		delete(v1, "size")
		return json.Marshal(v1)
	}})
	eventstore.Register[boxClosed](r, "BoxClosed", 1)
	eventstore.Register[boxPainted](r, "BoxPainted", 1)
	return r
}

// boxes is a projection built from typed handlers: each event it handles becomes a row of seen, in
// the order handled; its batch hook counts batches and All counts every event it was given.
type boxes struct {
	handlers *projections.Handlers
}

type boxBatch struct{ handled int }

func newBoxes(r *eventstore.Registry) *boxes {
	record := func(ctx context.Context, tx pgx.Tx, env projections.Envelope, what string) error {
		projections.BatchState[*boxBatch](ctx).handled++
		_, err := tx.Exec(ctx, `INSERT INTO seen (stream, entity, version, type, what, actor) VALUES ($1, $2, $3, $4, $5, $6)`,
			env.StreamID, env.EntityID, env.Version, env.Type, what, env.Metadata.ActorID)
		return err
	}
	return &boxes{handlers: &projections.Handlers{
		Registry: r,
		Streams:  []string{"box"},
		Events: []projections.Handler{
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxOpened]) error {
				return record(ctx, tx, e.Envelope, e.Data.Label+"/"+strings.Repeat("w", e.Data.Width))
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxClosed]) error {
				return record(ctx, tx, e.Envelope, e.Data.Label)
			}),
		},
		Batch: func(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
			b := &boxBatch{}
			if err := dispatch(projections.WithBatchState(ctx, b)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO batches (handled) VALUES ($1)`, b.handled)
			return err
		},
		All: func(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
			_, err := tx.Exec(ctx, `UPDATE everything SET events = events + $1`, len(events))
			return err
		},
	}}
}

func (*boxes) Name() string { return "boxes" }
func (*boxes) Schema() string {
	return `CREATE TABLE seen (n serial PRIMARY KEY, stream text, entity text, version bigint, type text, what text, actor text);
CREATE TABLE batches (n serial PRIMARY KEY, handled int);
CREATE TABLE everything (events int NOT NULL);
INSERT INTO everything VALUES (0);`
}
func (b *boxes) Handlers() *projections.Handlers { return b.handlers }

// appendRaw appends events as stored bytes, so a test can write old schema versions, types no
// release knows, and payloads that do not decode.
func appendRaw(t *testing.T, e env, stream string, events ...eventstore.EventData) eventstore.Position {
	t.Helper()
	for i := range events {
		events[i].ID = uuid.New()
		events[i].Metadata = eventstore.Metadata{ActorID: "actor-1"}
	}
	res, err := e.store.Append(context.Background(), stream, eventstore.Any, events...)
	if err != nil {
		t.Fatalf("append: %v", err)
	}
	return res.Position
}

type seenRow struct {
	Stream, Entity string
	Version        int64
	Type, What     string
	Actor          string
}

func readSeen(t *testing.T, e env) []seenRow {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), `SELECT stream, entity, version, type, what, actor FROM rm_boxes.seen ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[seenRow])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTypedHandlersGetDecodedEventsInLogOrderWithTheirEnvelope(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	appendRaw(t, e, "box-1",
		eventstore.EventData{Type: "BoxOpened", SchemaVersion: 1, Data: json.RawMessage(`{"label":"a","size":2}`)},
		eventstore.EventData{Type: "BoxPainted", SchemaVersion: 1, Data: json.RawMessage(`{}`)})
	appendRaw(t, e, "crate-9", eventstore.EventData{Type: "CrateShipped", Data: json.RawMessage(`{}`)}) // another category: skipped
	appendRaw(t, e, "box-2", eventstore.EventData{Type: "BoxOpened", SchemaVersion: 2, Data: json.RawMessage(`{"label":"b","width":3}`)})
	appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", SchemaVersion: 1, Data: json.RawMessage(`{"label":"a"}`)})
	log := readLog(t, e.store, 5)

	p := newBoxes(boxRegistry())
	if err := projections.EnsureSchema(ctx, e.pool, e.store, p); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(ctx, e.pool, p, log[:3]); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(ctx, e.pool, p, log); err != nil {
		t.Fatal(err)
	}
	want := []seenRow{
		{"box-1", "1", 0, "BoxOpened", "a/ww", "actor-1"}, // upcast from v1
		{"box-2", "2", 0, "BoxOpened", "b/www", "actor-1"},
		{"box-1", "1", 2, "BoxClosed", "a", "actor-1"},
	}
	if got := readSeen(t, e); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("handled %+v\nwant %+v", got, want)
	}
	var batches []int
	rows, _ := e.pool.Query(ctx, `SELECT handled FROM rm_boxes.batches ORDER BY n`)
	batches, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil || len(batches) != 2 || batches[0] != 1 || batches[1] != 2 {
		t.Errorf("batch hook saw %v (%v), want one call per batch: [1 2]", batches, err)
	}
	var all int
	if err := e.pool.QueryRow(ctx, `SELECT events FROM rm_boxes.everything`).Scan(&all); err != nil || all != 5 {
		t.Errorf("All was given %d events (%v), want every one of the 5", all, err)
	}
}

func TestAnEventTheProjectionCannotReadStopsItWhereItIs(t *testing.T) {
	cases := []struct {
		name  string
		event eventstore.EventData
	}{
		{"a type no release knows, in a category it reads", eventstore.EventData{Type: "BoxShrunk", Data: json.RawMessage(`{}`)}},
		{"a declared type that does not decode", eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":42}`)}},
		{"a declared type at a newer schema version", eventstore.EventData{Type: "BoxClosed", SchemaVersion: 2, Data: json.RawMessage(`{"label":"x"}`)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			ctx := context.Background()
			appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxOpened", SchemaVersion: 2, Data: json.RawMessage(`{"label":"a","width":1}`)})
			appendRaw(t, e, "box-1", tc.event)
			last := appendRaw(t, e, "box-2", eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":"b"}`)})
			log := readLog(t, e.store, 3)

			p := newBoxes(boxRegistry())
			if err := projections.EnsureSchema(ctx, e.pool, e.store, p); err != nil {
				t.Fatal(err)
			}
			if _, err := projections.ApplyBatch(ctx, e.pool, p, log); !errors.Is(err, projections.ErrUndecodable) {
				t.Fatalf("apply: %v, want ErrUndecodable", err)
			}
			if s := statusOf(t, e, "boxes"); s.Position != eventstore.Start || len(readSeen(t, e)) != 0 {
				t.Fatalf("the failed batch moved the checkpoint or wrote: %+v", s)
			}

			// The runner blocks on it, says why in Status, and never moves past it.
			r, _ := startRunner(t, e, testConfig(), p)
			eventually(t, 30*time.Second, "status shows the failure", func() bool {
				return strings.Contains(statusOf(t, e, "boxes").LastError, "cannot be read by this release")
			})
			if wctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond); r.WaitFor(wctx, "boxes", last) == nil {
				t.Errorf("the projection moved past an event it cannot read")
				cancel()
			} else {
				cancel()
			}
			if s := statusOf(t, e, "boxes"); s.Position != eventstore.Start || s.LagEvents == 0 {
				t.Errorf("status %+v: want the checkpoint at the start and a lag", s)
			}
		})
	}
}

func TestHandlersRefuseATypeTheRegistryDoesNotKnow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":"a"}`)})
	log := readLog(t, e.store, 1)
	type boxLost struct{}
	p := newBoxes(boxRegistry())
	p.handlers.Events = append(p.handlers.Events, projections.On(func(context.Context, pgx.Tx, projections.Event[boxLost]) error { return nil }))
	if err := projections.EnsureSchema(ctx, e.pool, e.store, p); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(ctx, e.pool, p, log); err == nil || !strings.Contains(err.Error(), "registry does not know") {
		t.Fatalf("apply: %v, want a refusal of the unregistered handler type", err)
	}
}

func TestAProcessKeepsNoReadModelIsNeverRebuiltAndStartsAtItsHandover(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	appendRaw(t, e, "box-1", eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":"a"}`)})
	first := readLog(t, e.store, 1)
	reg := boxRegistry()
	boxesModel := newBoxes(reg)
	if err := projections.EnsureSchema(ctx, e.pool, e.store, boxesModel); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(ctx, e.pool, boxesModel, first); err != nil {
		t.Fatal(err)
	}

	var effects []string
	proc := projections.Process("box_mailer", &projections.Handlers{Registry: reg, Streams: []string{"box"}, Events: []projections.Handler{
		projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[boxClosed]) error {
			effects = append(effects, e.Data.Label)
			return nil
		}),
	}}, "boxes")
	if err := projections.Rebuild(ctx, e.pool, e.store, proc, nil); !errors.Is(err, projections.ErrNotRebuildable) {
		t.Fatalf("rebuild of a process: %v, want ErrNotRebuildable", err)
	}
	if err := projections.EnsureSchema(ctx, e.pool, e.store, proc); err != nil {
		t.Fatal(err)
	}
	if s := statusOf(t, e, "box_mailer"); s.Position != first[0].Position {
		t.Fatalf("a new process starts at %s, want its handover's checkpoint %s", s.Position, first[0].Position)
	}
	var schemas int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rm_box_mailer%'`).Scan(&schemas); err != nil || schemas != 0 {
		t.Errorf("a process got a schema (%d, %v)", schemas, err)
	}

	appendRaw(t, e, "box-2", eventstore.EventData{Type: "BoxClosed", Data: json.RawMessage(`{"label":"b"}`)})
	log := readLog(t, e.store, 2)
	for range 2 { // a batch delivered twice has its effect once
		if _, err := projections.ApplyBatch(ctx, e.pool, proc, log); err != nil {
			t.Fatal(err)
		}
	}
	if len(effects) != 1 || effects[0] != "b" {
		t.Errorf("effects %v, want only the event after the handover: [b]", effects)
	}
	// Creating it again (a restart) keeps its checkpoint.
	if err := projections.EnsureSchema(ctx, e.pool, e.store, proc); err != nil {
		t.Fatal(err)
	}
	if s := statusOf(t, e, "box_mailer"); s.Position != log[1].Position {
		t.Errorf("after a restart the process is at %s, want %s", s.Position, log[1].Position)
	}
}
