// Package stats is the statistics read model: how many events of each type each stream category
// holds, and when the first and last were recorded. It is the first projection on the runtime and
// the one its benchmarks measure. It reads events only through the projections runtime and never
// writes anywhere but its own schema.
package stats

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name; its tables live in schema projections.SchemaName(Name).
const Name = "stats"

// Topic is the live-notification topic sent when the statistics change.
const Topic = "stats.changed"

// Projection maintains events_per_stream_type.
type Projection struct{ handlers *projections.Handlers }

// New returns the statistics projection. It counts every event of the log, decoded or not, so it
// declares no typed handlers: one batch hook folds the whole batch.
func New() *Projection {
	return &Projection{handlers: &projections.Handlers{All: fold}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	return `CREATE TABLE events_per_stream_type (
    stream_category   text        NOT NULL,
    event_type        text        NOT NULL,
    events            bigint      NOT NULL,
    first_recorded_at timestamptz NOT NULL,
    last_recorded_at  timestamptz NOT NULL,
    PRIMARY KEY (stream_category, event_type)
);`
}

type key struct{ category, eventType string }

type tally struct {
	events      int64
	first, last time.Time
}

// fold folds the batch in memory and writes each (category, type) once, in one statement: a
// rebuild then costs one round trip per batch, whatever the batch size.
func fold(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	tallies := make(map[key]*tally)
	var order []key
	for _, e := range events {
		k := key{eventstore.Category(e.StreamID), e.Type}
		t, ok := tallies[k]
		if !ok {
			t = &tally{first: e.RecordedAt, last: e.RecordedAt}
			tallies[k] = t
			order = append(order, k)
		}
		t.events++
		if e.RecordedAt.Before(t.first) {
			t.first = e.RecordedAt
		}
		if e.RecordedAt.After(t.last) {
			t.last = e.RecordedAt
		}
	}
	if len(order) == 0 {
		return nil
	}
	n := len(order)
	categories, types := make([]string, n), make([]string, n)
	counts, firsts, lasts := make([]int64, n), make([]time.Time, n), make([]time.Time, n)
	for i, k := range order {
		t := tallies[k]
		categories[i], types[i], counts[i], firsts[i], lasts[i] = k.category, k.eventType, t.events, t.first, t.last
	}
	_, err := tx.Exec(ctx, `INSERT INTO events_per_stream_type AS s
		    (stream_category, event_type, events, first_recorded_at, last_recorded_at)
		SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
		ON CONFLICT (stream_category, event_type) DO UPDATE SET
		    events            = s.events + excluded.events,
		    first_recorded_at = least(s.first_recorded_at, excluded.first_recorded_at),
		    last_recorded_at  = greatest(s.last_recorded_at, excluded.last_recorded_at)`,
		categories, types, counts, firsts, lasts)
	if err != nil {
		return fmt.Errorf("stats: upsert %d rows: %w", n, err)
	}
	return projections.Notify(ctx, tx, Topic, struct {
		Events int `json:"events"`
	}{len(events)})
}

// Row is one line of the statistics.
type Row struct {
	StreamCategory  string    `json:"stream_category"`
	EventType       string    `json:"event_type"`
	Events          int64     `json:"events"`
	FirstRecordedAt time.Time `json:"first_recorded_at"`
	LastRecordedAt  time.Time `json:"last_recorded_at"`
}

// Querier is what Read needs: a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Read returns the statistics ordered by category and event type.
func Read(ctx context.Context, db Querier) ([]Row, error) {
	rows, err := db.Query(ctx, `SELECT stream_category, event_type, events, first_recorded_at, last_recorded_at
		FROM `+pgx.Identifier{projections.SchemaName(Name), "events_per_stream_type"}.Sanitize()+`
		ORDER BY stream_category, event_type`)
	if err != nil {
		return nil, fmt.Errorf("stats: read: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Row])
	if err != nil {
		return nil, fmt.Errorf("stats: read: %w", err)
	}
	return out, nil
}
