// Package esdb is the EventStoreDB adapter of the event store port (eventstore.Store), for deployments
// that outgrow one PostgreSQL database. EventStoreDB's $all is already in commit order, so there is no
// gap problem here; what this package does is translate: expected versions, wrong-version errors,
// positions, metadata (the schema version travels in it), and it hides EventStoreDB's own system
// events ($-prefixed types and streams), which are no part of Mishwar's log. It must never let an
// EventStoreDB type leak out of Append, ReadStream, ReadAll, Head or Subscribe.
package esdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	kdb "github.com/EventStore/EventStore-Client-Go/v4/esdb"

	"mishwar/eventstore"
)

// Store is the EventStoreDB event store. It is safe for concurrent use.
type Store struct {
	client *kdb.Client
}

var _ eventstore.Store = (*Store)(nil)

// New returns a Store over an EventStoreDB client; the caller keeps ownership of the client.
func New(client *kdb.Client) *Store { return &Store{client: client} }

// Dial connects to the EventStoreDB node or cluster at url, a connection string such as
// "esdb://localhost:2113?tls=false". Close the Store when done.
func Dial(url string) (*Store, error) {
	cfg, err := kdb.ParseConnectionString(url)
	if err != nil {
		return nil, fmt.Errorf("eventstore/esdb: connection string: %w", err)
	}
	client, err := kdb.NewClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("eventstore/esdb: connect: %w", err)
	}
	return New(client), nil
}

// Close closes the client.
func (s *Store) Close() error { return s.client.Close() }

// Append implements eventstore.Store. EventStoreDB recognises a repeated append itself: it answers
// with the earlier append's version and no position, which is how Duplicate is told.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	revision, err := expectedRevision(expected)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	proposed, err := toProposed(stream, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	res, err := s.client.AppendToStream(ctx, stream, kdb.AppendToStreamOptions{ExpectedRevision: revision}, proposed...)
	if hasCode(err, kdb.ErrorCodeWrongExpectedVersion) {
		actual, rerr := s.lastVersion(ctx, stream)
		if rerr != nil {
			return eventstore.AppendResult{}, errors.Join(&eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: -1}, rerr)
		}
		return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: actual}
	}
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("eventstore/esdb: append to %q: %w", stream, err)
	}
	pos := eventstore.Position{Commit: res.CommitPosition, Prepare: res.PreparePosition}
	return eventstore.AppendResult{
		NextExpectedVersion: int64(res.NextExpectedVersion),
		Position:            pos,
		Duplicate:           pos == eventstore.Start,
	}, nil
}

func expectedRevision(v eventstore.ExpectedVersion) (kdb.ExpectedRevision, error) {
	switch {
	case v == eventstore.Any:
		return kdb.Any{}, nil
	case v == eventstore.NoStream:
		return kdb.NoStream{}, nil
	case v == eventstore.StreamExists:
		return kdb.StreamExists{}, nil
	case v >= 0:
		return kdb.Revision(uint64(v)), nil
	}
	return nil, fmt.Errorf("eventstore/esdb: invalid expected version %d", int64(v))
}

// toProposed lays events out for EventStoreDB after the checks every adapter makes (NormalizeAppend).
func toProposed(stream string, events []eventstore.EventData) ([]kdb.EventData, error) {
	events, err := eventstore.NormalizeAppend(stream, events)
	if err != nil {
		return nil, err
	}
	proposed := make([]kdb.EventData, len(events))
	for i, e := range events {
		md, err := encodeMetadata(e.Metadata, e.SchemaVersion)
		if err != nil {
			return nil, fmt.Errorf("eventstore/esdb: metadata of %s: %w", e.ID, err)
		}
		proposed[i] = kdb.EventData{EventID: e.ID, EventType: e.Type, ContentType: kdb.ContentTypeJson, Data: e.Data, Metadata: md}
	}
	return proposed, nil
}

// schemaVersionKey holds the schema version in the stored metadata: EventStoreDB events have no
// field for it. $correlationId and $causationId are EventStoreDB's own names, which its projections
// understand; they are written beside ours and dropped on reading.
const schemaVersionKey = "schema_version"

func encodeMetadata(md eventstore.Metadata, schemaVersion int) ([]byte, error) {
	flat, err := json.Marshal(md)
	if err != nil {
		return nil, err
	}
	var fields map[string]any
	if err := json.Unmarshal(flat, &fields); err != nil {
		return nil, err
	}
	fields[schemaVersionKey] = schemaVersion
	if md.CorrelationID != "" {
		fields["$correlationId"] = md.CorrelationID
	}
	if md.CausationID != "" {
		fields["$causationId"] = md.CausationID
	}
	return json.Marshal(fields)
}

func decodeMetadata(raw []byte) (eventstore.Metadata, int, error) {
	var md eventstore.Metadata
	if len(raw) == 0 {
		return md, 1, nil
	}
	if err := json.Unmarshal(raw, &md); err != nil {
		return md, 0, err
	}
	schemaVersion := 1
	if v, ok := md.Extra[schemaVersionKey]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return md, 0, fmt.Errorf("schema version %q: %w", v, err)
		}
		schemaVersion = n
		delete(md.Extra, schemaVersionKey)
	}
	if md.Extra["$correlationId"] == md.CorrelationID {
		delete(md.Extra, "$correlationId")
	}
	if md.Extra["$causationId"] == md.CausationID {
		delete(md.Extra, "$causationId")
	}
	if len(md.Extra) == 0 {
		md.Extra = nil
	}
	return md, schemaVersion, nil
}

// isSystem tells EventStoreDB's own events (statistics, settings, link events of its projections)
// from Mishwar's.
func isSystem(e *kdb.RecordedEvent) bool {
	return strings.HasPrefix(e.EventType, "$") || strings.HasPrefix(e.StreamID, "$")
}

func toRecorded(e *kdb.RecordedEvent) (eventstore.RecordedEvent, error) {
	md, schemaVersion, err := decodeMetadata(e.UserMetadata)
	if err != nil {
		return eventstore.RecordedEvent{}, fmt.Errorf("eventstore/esdb: event %s metadata: %w", e.EventID, err)
	}
	return eventstore.RecordedEvent{
		ID:            e.EventID,
		StreamID:      e.StreamID,
		Version:       int64(e.EventNumber),
		Position:      eventstore.Position{Commit: e.Position.Commit, Prepare: e.Position.Prepare},
		Type:          e.EventType,
		SchemaVersion: schemaVersion,
		Data:          e.Data,
		Metadata:      md,
		RecordedAt:    e.CreatedDate,
	}, nil
}

func hasCode(err error, code kdb.ErrorCode) bool {
	var e *kdb.Error
	return errors.As(err, &e) && e.Code() == code
}

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	if from < 0 {
		from = 0
	}
	rs, err := s.client.ReadStream(ctx, stream, kdb.ReadStreamOptions{Direction: kdb.Forwards, From: kdb.Revision(uint64(from))}, ^uint64(0))
	if err != nil {
		return nil, s.streamReadError(stream, err)
	}
	defer rs.Close()
	events := []eventstore.RecordedEvent{}
	for {
		resolved, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			return events, nil
		}
		if err != nil {
			return nil, s.streamReadError(stream, err)
		}
		e, err := toRecorded(resolved.Event)
		if err != nil {
			return nil, err
		}
		events = append(events, e)
	}
}

func (s *Store) streamReadError(stream string, err error) error {
	if hasCode(err, kdb.ErrorCodeResourceNotFound) || hasCode(err, kdb.ErrorCodeStreamDeleted) {
		return fmt.Errorf("%w: %q", eventstore.ErrStreamNotFound, stream)
	}
	return fmt.Errorf("eventstore/esdb: read stream %q: %w", stream, err)
}

// lastVersion is the version of the stream's last event, -1 if it has none.
func (s *Store) lastVersion(ctx context.Context, stream string) (int64, error) {
	rs, err := s.client.ReadStream(ctx, stream, kdb.ReadStreamOptions{Direction: kdb.Backwards, From: kdb.End{}}, 1)
	if err != nil {
		return -1, s.notFoundIsNone(stream, err)
	}
	defer rs.Close()
	resolved, err := rs.Recv()
	if errors.Is(err, io.EOF) {
		return -1, nil
	}
	if err != nil {
		return -1, s.notFoundIsNone(stream, err)
	}
	return int64(resolved.Event.EventNumber), nil
}

func (s *Store) notFoundIsNone(stream string, err error) error {
	err = s.streamReadError(stream, err)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil
	}
	return err
}

// ReadAll implements eventstore.Store. EventStoreDB reads $all from a position inclusively and
// counts its system events against the limit, so this reads on until it has limit events of ours or
// reaches the end.
func (s *Store) ReadAll(ctx context.Context, after eventstore.Position, limit int) ([]eventstore.RecordedEvent, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("eventstore/esdb: read all: limit must be positive, got %d", limit)
	}
	var events []eventstore.RecordedEvent
	from := after
	for {
		n, last, err := s.readAllOnce(ctx, from, limit+1, func(e eventstore.RecordedEvent) bool {
			events = append(events, e)
			return len(events) < limit
		})
		if err != nil {
			return nil, err
		}
		if len(events) >= limit || n < limit+1 {
			return events, nil
		}
		from = last
	}
}

// readAllOnce reads up to count raw events of $all from position from, passing those of ours strictly
// after it to keep until keep returns false. It returns how many raw events it read (the one at from
// included) and the position of the last.
func (s *Store) readAllOnce(ctx context.Context, from eventstore.Position, count int, keep func(eventstore.RecordedEvent) bool) (int, eventstore.Position, error) {
	var start kdb.AllPosition = kdb.Position{Commit: from.Commit, Prepare: from.Prepare}
	if from == eventstore.Start {
		start = kdb.Start{}
	}
	rs, err := s.client.ReadAll(ctx, kdb.ReadAllOptions{Direction: kdb.Forwards, From: start}, uint64(count))
	if err != nil {
		return 0, from, fmt.Errorf("eventstore/esdb: read all after %s: %w", from, err)
	}
	defer rs.Close()
	n, last := 0, from
	for {
		resolved, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			return n, last, nil
		}
		if err != nil {
			return n, last, fmt.Errorf("eventstore/esdb: read all after %s: %w", from, err)
		}
		n++
		raw := resolved.Event
		last = eventstore.Position{Commit: raw.Position.Commit, Prepare: raw.Position.Prepare}
		if isSystem(raw) || (from != eventstore.Start && !from.Less(last)) {
			continue
		}
		e, err := toRecorded(raw)
		if err != nil {
			return n, last, err
		}
		if !keep(e) {
			return n, last, nil
		}
	}
}

// Head implements eventstore.Store: the last user event of $all, read backwards a page at a time
// (system events skipped), never the whole log. EventStoreDB cannot count $all without reading it, so
// the count is eventstore.CountUnknown; CountAfter counts what a reader has left, bounded.
func (s *Store) Head(ctx context.Context) (eventstore.Position, int64, error) {
	const page = 32
	var from kdb.AllPosition = kdb.End{}
	for {
		rs, err := s.client.ReadAll(ctx, kdb.ReadAllOptions{Direction: kdb.Backwards, From: from}, page)
		if err != nil {
			return eventstore.Start, 0, fmt.Errorf("eventstore/esdb: head: %w", err)
		}
		n, head, found, last, err := lastUserEvent(rs)
		rs.Close()
		if err != nil {
			return eventstore.Start, 0, fmt.Errorf("eventstore/esdb: head: %w", err)
		}
		if found {
			return head, eventstore.CountUnknown, nil
		}
		if n < page {
			return eventstore.Start, 0, nil // nothing but system events: an empty log
		}
		from = last
	}
}

// lastUserEvent reads a backwards page: how many events it held, the first user event's position if
// any, and the position of the page's last (oldest) event to continue from.
func lastUserEvent(rs *kdb.ReadStream) (n int, head eventstore.Position, found bool, last kdb.Position, err error) {
	for {
		resolved, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			return n, head, found, last, nil
		}
		if err != nil {
			return n, head, found, last, err
		}
		n++
		raw := resolved.Event
		last = raw.Position
		if !found && !isSystem(raw) {
			head, found = eventstore.Position{Commit: raw.Position.Commit, Prepare: raw.Position.Prepare}, true
		}
	}
}

// CountAfter implements eventstore.BoundedCounter: the user events after pos, reading at most limit of
// them.
func (s *Store) CountAfter(ctx context.Context, after eventstore.Position, limit int64) (int64, error) {
	var count int64
	from := after
	for count < limit {
		chunk := int(min(limit-count, 4096))
		n, last, err := s.readAllOnce(ctx, from, chunk+1, func(eventstore.RecordedEvent) bool {
			count++
			return count < limit
		})
		if err != nil {
			return count, err
		}
		if n <= chunk || count >= limit {
			return count, nil
		}
		from = last
	}
	return count, nil
}

// Subscribe implements eventstore.Store with a catch-up subscription to $all, filtered on the server
// to events whose type does not start with "$", delivered in batches of what has arrived.
func (s *Store) Subscribe(ctx context.Context, after eventstore.Position, batchSize int, handle func(context.Context, []eventstore.RecordedEvent) error) error {
	if batchSize <= 0 {
		return fmt.Errorf("eventstore/esdb: subscribe: batch size must be positive, got %d", batchSize)
	}
	var from kdb.AllPosition = kdb.Position{Commit: after.Commit, Prepare: after.Prepare}
	if after == eventstore.Start {
		from = kdb.Start{}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sub, err := s.client.SubscribeToAll(ctx, kdb.SubscribeToAllOptions{From: from, Filter: kdb.ExcludeSystemEventsFilter()})
	if err != nil {
		return fmt.Errorf("eventstore/esdb: subscribe after %s: %w", after, err)
	}
	defer sub.Close()

	received := make(chan *kdb.RecordedEvent, batchSize)
	dropped := make(chan error, 1)
	go func() {
		for {
			ev := sub.Recv()
			switch {
			case ev.SubscriptionDropped != nil:
				dropped <- ev.SubscriptionDropped.Error
				return
			case ev.EventAppeared != nil:
				select {
				case received <- ev.EventAppeared.Event:
				case <-ctx.Done():
					return
				}
			}
		}
	}()

	last := after
	batch := make([]eventstore.RecordedEvent, 0, batchSize)
	for {
		batch = batch[:0]
		// Wait for one event, then take whatever else has already arrived, up to the batch size.
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-dropped:
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("eventstore/esdb: subscription dropped: %w", err)
		case raw := <-received:
			if err := s.appendIfNew(&batch, raw, &last); err != nil {
				return err
			}
		}
	more:
		for len(batch) < batchSize {
			select {
			case raw := <-received:
				if err := s.appendIfNew(&batch, raw, &last); err != nil {
					return err
				}
			default:
				break more
			}
		}
		if len(batch) == 0 {
			continue
		}
		if err := handle(ctx, batch); err != nil {
			return err
		}
	}
}

// appendIfNew adds raw to batch unless it is a system event or not after last (a subscription from a
// position must not repeat the event at it).
func (s *Store) appendIfNew(batch *[]eventstore.RecordedEvent, raw *kdb.RecordedEvent, last *eventstore.Position) error {
	pos := eventstore.Position{Commit: raw.Position.Commit, Prepare: raw.Position.Prepare}
	if isSystem(raw) || (*last != eventstore.Start && !last.Less(pos)) {
		return nil
	}
	e, err := toRecorded(raw)
	if err != nil {
		return err
	}
	*batch = append(*batch, e)
	*last = pos
	return nil
}
