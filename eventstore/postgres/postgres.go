// Package postgres is the PostgreSQL adapter of the event store port (eventstore.Store), the default
// engine. Events live in the events table created by migration 00001; appends go through the
// eventstore_append function, and appends that arrive together share one transaction (group.go).
//
// Gap safety is the point of this package: positions come from a sequence, and a sequence is not
// commit order. Readers of the global log therefore order by (transaction id, position) and read only
// below the oldest transaction still running, so no reader ever moves past an event that has yet to
// commit. It must never read the global log any other way.
package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// Store is the PostgreSQL event store. It is safe for concurrent use.
type Store struct {
	pool         *pgxpool.Pool
	appendHook   func(context.Context)
	pollInterval time.Duration
	log          *slog.Logger
	notifier     *notifier
	listener     *listener
	tail         *tail
	group        *groupCommit
}

var _ eventstore.Store = (*Store)(nil)

// Option tunes a Store.
type Option func(*Store)

// WithAppendHook makes every append run in an explicit transaction and call hook after the events are
// written and before the commit. It exists for tests that need transactions held open (the gap test
// sleeps in it); it costs two extra round trips per append.
func WithAppendHook(hook func(ctx context.Context)) Option {
	return func(s *Store) { s.appendHook = hook }
}

// WithPollInterval sets how long a caught-up subscriber waits for a notification before it reads
// anyway (default 500ms). Polling is what delivers an event that became readable when an older
// transaction that appended nothing ended: that sends no notification.
func WithPollInterval(d time.Duration) Option {
	return func(s *Store) {
		if d > 0 {
			s.pollInterval = d
		}
	}
}

// WithLogger sets the logger for problems with notifications between appenders and subscribers
// (default slog.Default()).
func WithLogger(l *slog.Logger) Option {
	return func(s *Store) {
		if l != nil {
			s.log = l
		}
	}
}

// New returns a Store over pool, whose database must have the migrations applied. Subscribers share
// one LISTEN connection of their own, opened outside the pool while any subscription runs.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, pollInterval: 500 * time.Millisecond, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	s.notifier = &notifier{pool: pool, log: s.log}
	s.listener = newListener(pool.Config().ConnConfig, s.log)
	s.tail = newTail(s)
	s.group = newGroupCommit(pool)
	return s
}

// Close waits for the notification of the last appends to be sent and sends no more. Call it before
// closing the pool; subscriptions end with their contexts.
func (s *Store) Close() error {
	s.notifier.close()
	return nil
}

const appendSQL = `SELECT outcome, version, tx_id, position FROM eventstore_append($1, $2, $3, $4, $5, $6, $7)`

// appendRow is eventstore_append's answer.
type appendRow struct {
	outcome  string
	version  *int64
	txID     *uint64
	position *int64
}

// scan reads eventstore_append's answer (appendSQL's columns) into r.
func (r *appendRow) scan(row pgx.Row) error {
	return row.Scan(&r.outcome, &r.version, &r.txID, &r.position)
}

// Append implements eventstore.Store. Appends to one stream are serialised by the database; a wrong
// expected version is a *eventstore.WrongVersionError. A repeat of an earlier append (same ids, same
// order) returns the earlier append's result with Duplicate set, even if expected is now stale; an
// append that repeats only some ids of the stream fails with eventstore.ErrInvalidEvent.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	args, err := appendArgs(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	var row appendRow
	if s.appendHook == nil {
		row, err = s.group.append(ctx, stream, args)
	} else {
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if err := row.scan(tx.QueryRow(ctx, appendSQL, args...)); err != nil {
				return err
			}
			s.appendHook(ctx)
			return nil
		})
	}
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("eventstore/postgres: append to %q: %w", stream, err)
	}

	switch row.outcome {
	case "appended":
		s.notifier.appended()
		fallthrough
	case "duplicate":
		return eventstore.AppendResult{
			NextExpectedVersion: *row.version,
			Position:            eventstore.Position{Commit: *row.txID, Prepare: uint64(*row.position)},
			Duplicate:           row.outcome == "duplicate",
		}, nil
	case "wrong_version":
		return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: *row.version}
	case "id_conflict":
		return eventstore.AppendResult{}, fmt.Errorf("%w: stream %q already holds some of these event ids, but not as this batch", eventstore.ErrInvalidEvent, stream)
	}
	return eventstore.AppendResult{}, fmt.Errorf("eventstore/postgres: append to %q: unexpected outcome %q", stream, row.outcome)
}

// appendArgs validates events and lays them out as the column arrays eventstore_append takes.
func appendArgs(stream string, expected eventstore.ExpectedVersion, events []eventstore.EventData) ([]any, error) {
	if expected < 0 && expected != eventstore.Any && expected != eventstore.NoStream && expected != eventstore.StreamExists {
		return nil, fmt.Errorf("eventstore/postgres: invalid expected version %d", int64(expected))
	}
	events, err := eventstore.NormalizeAppend(stream, events)
	if err != nil {
		return nil, err
	}
	n := len(events)
	ids := make([]uuid.UUID, n)
	types := make([]string, n)
	versions := make([]int32, n)
	data := make([]json.RawMessage, n)
	metadata := make([]json.RawMessage, n)
	for i, e := range events {
		md, err := json.Marshal(e.Metadata)
		if err != nil {
			return nil, fmt.Errorf("eventstore/postgres: metadata of %s: %w", e.ID, err)
		}
		ids[i], types[i], versions[i], data[i], metadata[i] = e.ID, e.Type, int32(e.SchemaVersion), e.Data, md
	}
	return []any{stream, int64(expected), ids, types, versions, data, metadata}, nil
}

// eventColumns splits the metadata in the database: its known keys come as text columns and only
// the rest (usually nothing) as JSON, since decoding every event's metadata JSON in Go was most of the
// cost of reading the global log. The keys are those of eventstore.Metadata's JSON form.
const eventColumns = `position, tx_id, stream_id, stream_version, event_id, event_type, schema_version, data, recorded_at,
	coalesce(metadata->>'actor_id', ''), coalesce(metadata->>'actor_role', ''), coalesce(metadata->>'command_id', ''),
	coalesce(metadata->>'correlation_id', ''), coalesce(metadata->>'causation_id', ''), coalesce(metadata->>'client_ip', ''),
	metadata - '{actor_id,actor_role,command_id,correlation_id,causation_id,client_ip}'::text[]`

// ReadStream implements eventstore.Store. It reads every committed event of the stream: unlike the
// global log it has no horizon, since appends to one stream are serialised.
func (s *Store) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	for {
		rows, err := s.pool.Query(ctx,
			`SELECT `+eventColumns+` FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
			stream, from)
		if err != nil {
			return nil, fmt.Errorf("eventstore/postgres: read stream %q: %w", stream, err)
		}
		events, err := scanEvents(rows, nil)
		if err != nil {
			return nil, fmt.Errorf("eventstore/postgres: read stream %q: %w", stream, err)
		}
		if len(events) > 0 {
			return events, nil
		}
		// Nothing from `from` on: tell a missing stream from a short one.
		var last *int64
		if err := s.pool.QueryRow(ctx, `SELECT max(stream_version) FROM events WHERE stream_id = $1`, stream).Scan(&last); err != nil {
			return nil, fmt.Errorf("eventstore/postgres: read stream %q: %w", stream, err)
		}
		switch {
		case last == nil:
			return nil, fmt.Errorf("%w: %q", eventstore.ErrStreamNotFound, stream)
		case *last < from:
			return []eventstore.RecordedEvent{}, nil
		}
		// The stream grew between the two queries: read again.
	}
}

// Two horizons bound the readers of the global log. Both are safe: every event below either is final,
// so a read bounded by either returns a prefix of the log after its position that can never change.
//
//   - databaseHorizon (eventstore_horizon(), migration 00003) is the oldest transaction running in
//     this database: the transactions of the cluster's other databases, which cannot write this log,
//     are left out. Every read uses it, so that what one reader has seen (a subscription, a read
//     model waited for) any later read sees too: it never moves back.
//   - clusterHorizon is the oldest transaction still running anywhere in the cluster, one function
//     call where the database's reads the server's table of backends (about a millisecond on a
//     loaded machine). It is never ahead of the database's, so only the tail, which reads on every
//     append, uses it first, and the database's once events are held back (tail.go).
const (
	clusterHorizon  = `pg_snapshot_xmin(pg_current_snapshot())`
	databaseHorizon = `eventstore_horizon()`
)

// readAllSQL is the only way this package reads the global log. The row comparison walks the primary
// key; the horizon keeps back every event whose transaction, or an older one, may still commit.
func readAllSQL(horizon string) string {
	return `SELECT ` + eventColumns + ` FROM events
 WHERE (tx_id, position) > ($1, $2)
   AND tx_id < ` + horizon + `
 ORDER BY tx_id, position
 LIMIT $3`
}

var (
	readAllClusterSQL  = readAllSQL(clusterHorizon)
	readAllDatabaseSQL = readAllSQL(databaseHorizon)
)

// ReadAll implements eventstore.Store.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.RecordedEvent, error) {
	return s.readAll(ctx, after, limit, nil, databaseHorizon)
}

func (s *Store) readAll(ctx context.Context, after eventstore.Position, limit int, buf []eventstore.RecordedEvent, horizon string) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("eventstore/postgres: read all: limit must be positive, got %d", limit)
	}
	query := readAllClusterSQL
	if horizon == databaseHorizon {
		query = readAllDatabaseSQL
	}
	rows, err := s.pool.Query(ctx, query, after.Commit, int64(after.Prepare), limit)
	if err != nil {
		return nil, fmt.Errorf("eventstore/postgres: read all after %s: %w", after, err)
	}
	events, err := scanEvents(rows, buf[:0])
	if err != nil {
		return nil, fmt.Errorf("eventstore/postgres: read all after %s: %w", after, err)
	}
	return events, nil
}

// Head implements eventstore.Store. The count is an index-only scan of the whole log: fine for status
// pages, not for a hot path.
func (s *Store) Head(ctx context.Context) (eventstore.Position, int64, error) {
	var (
		txID     *uint64
		position *int64
		count    int64
	)
	err := s.pool.QueryRow(ctx, `
		WITH readable AS (
			SELECT tx_id, position FROM events WHERE tx_id < `+databaseHorizon+`
		)
		SELECT (SELECT count(*) FROM readable),
		       last.tx_id, last.position
		  FROM (SELECT 1) one
		  LEFT JOIN (SELECT tx_id, position FROM readable ORDER BY tx_id DESC, position DESC LIMIT 1) last ON true`,
	).Scan(&count, &txID, &position)
	if err != nil {
		return eventstore.Position{}, 0, fmt.Errorf("eventstore/postgres: head: %w", err)
	}
	if txID == nil {
		return eventstore.Start, 0, nil
	}
	return eventstore.Position{Commit: *txID, Prepare: uint64(*position)}, count, nil
}

func scanEvents(rows pgx.Rows, events []eventstore.RecordedEvent) ([]eventstore.RecordedEvent, error) {
	defer rows.Close()
	var (
		position, version int64
		id                pgtype.UUID
		schemaVersion     int32
		extra             []byte
	)
	for rows.Next() {
		var e eventstore.RecordedEvent
		md := &e.Metadata
		if err := rows.Scan(&position, &e.Position.Commit, &e.StreamID, &version, &id, &e.Type,
			&schemaVersion, (*[]byte)(&e.Data), &e.RecordedAt,
			&md.ActorID, &md.ActorRole, &md.CommandID, &md.CorrelationID, &md.CausationID, &md.ClientIP, &extra); err != nil {
			return nil, err
		}
		e.Position.Prepare = uint64(position)
		e.Version = version
		e.ID = id.Bytes
		e.SchemaVersion = int(schemaVersion)
		if string(extra) != "{}" {
			var rest eventstore.Metadata
			if err := json.Unmarshal(extra, &rest); err != nil {
				return nil, fmt.Errorf("event %s metadata: %w", e.ID, err)
			}
			md.Extra = rest.Extra
		}
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return events, nil
}

// CountAfter implements eventstore.BoundedCounter: a range scan of the primary key from after, cut
// at limit, so its cost follows the lag, not the length of the log.
// countAfterSQL walks the primary key in log order from the position, so it stays an index range scan
// of at most limit rows whatever plan the prepared statement settles on (see undeliveredSQL).
const countAfterSQL = `SELECT count(*) FROM (
	SELECT 1 FROM events
	 WHERE (tx_id, position) > ($1, $2)
	   AND tx_id < ` + databaseHorizon + `
	 ORDER BY tx_id, position
	 LIMIT $3) lag`

func (s *Store) CountAfter(ctx context.Context, after eventstore.Position, limit int64) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, countAfterSQL, after.Commit, int64(after.Prepare), limit).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("eventstore/postgres: count after %s: %w", after, err)
	}
	return n, nil
}
