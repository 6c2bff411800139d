package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// LiveChannel is the PostgreSQL notification channel that carries read-model change notices to the
// live layer of every process.
const LiveChannel = "mishwar_live"

// TopicConnected is passed to ListenLive's callback, with no payload, each time it starts listening:
// first, and after every reconnect. Notices sent while the connection was down are lost, so a live
// layer should treat it as "anything may have changed" and tell its clients to refetch.
const TopicConnected = "projections.connected"

// maxNotifyBytes is PostgreSQL's limit on a notification payload (8000 bytes, less one).
const maxNotifyBytes = 7999

// ErrNotificationTooLarge is returned by Notify for a payload PostgreSQL cannot carry. Notices are
// meant to be small ("order 42 changed"); readers fetch the data from the read model.
var ErrNotificationTooLarge = errors.New("projections: notification larger than 7999 bytes")

type rebuildingKey struct{}

func withRebuilding(ctx context.Context) context.Context {
	return context.WithValue(ctx, rebuildingKey{}, true)
}

// Rebuilding reports whether ctx belongs to a rebuild's replay, in which Notify sends nothing: the
// events are old news, and a flood of notices would make every client refetch for nothing.
func Rebuilding(ctx context.Context) bool {
	v, _ := ctx.Value(rebuildingKey{}).(bool)
	return v
}

type liveNotice struct {
	Topic   string          `json:"topic"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Notify queues a notice for the live layer inside tx, the projection's transaction: PostgreSQL
// delivers it only if and when tx commits, to every process listening (ListenLive), so no client
// hears about a change it cannot yet read, and a socket on any process hears about writes made by
// any other. payload is encoded as JSON. During a rebuild (see Rebuilding) it does nothing.
// Identical notices in one transaction are delivered once.
func Notify(ctx context.Context, tx pgx.Tx, topic string, payload any) error {
	if Rebuilding(ctx) {
		return nil
	}
	if topic == "" {
		return errors.New("projections: notify: empty topic")
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("projections: notify %q: %w", topic, err)
	}
	body, err := json.Marshal(liveNotice{Topic: topic, Payload: raw})
	if err != nil {
		return fmt.Errorf("projections: notify %q: %w", topic, err)
	}
	if len(body) > maxNotifyBytes {
		return fmt.Errorf("%w: topic %q, %d bytes", ErrNotificationTooLarge, topic, len(body))
	}
	if _, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", LiveChannel, string(body)); err != nil {
		return fmt.Errorf("projections: notify %q: %w", topic, err)
	}
	return nil
}

// NotifyAll queues one notice per payload on topic inside tx, in one statement (see Notify).
func NotifyAll(ctx context.Context, tx pgx.Tx, topic string, payloads []any) error {
	if Rebuilding(ctx) || len(payloads) == 0 {
		return nil
	}
	if topic == "" {
		return errors.New("projections: notify: empty topic")
	}
	bodies := make([]string, len(payloads))
	for i, payload := range payloads {
		raw, err := json.Marshal(payload)
		if err != nil {
			return fmt.Errorf("projections: notify %q: %w", topic, err)
		}
		body, err := json.Marshal(liveNotice{Topic: topic, Payload: raw})
		if err != nil {
			return fmt.Errorf("projections: notify %q: %w", topic, err)
		}
		if len(body) > maxNotifyBytes {
			return fmt.Errorf("%w: topic %q, %d bytes", ErrNotificationTooLarge, topic, len(body))
		}
		bodies[i] = string(body)
	}
	if _, err := tx.Exec(ctx, "SELECT pg_notify($1, b) FROM unnest($2::text[]) WITH ORDINALITY AS n(b, i) ORDER BY i", LiveChannel, bodies); err != nil {
		return fmt.Errorf("projections: notify %q: %w", topic, err)
	}
	return nil
}

// ListenLive listens for Notify's notices on a connection of its own (not taken from pool, whose
// settings it copies) and calls handle for each, in commit order, from one goroutine. It calls
// handle(TopicConnected, nil) whenever it (re)starts listening. A lost connection is re-established
// with backoff. It returns nil when ctx ends.
func ListenLive(ctx context.Context, pool *pgxpool.Pool, handle func(topic string, payload json.RawMessage)) error {
	wait := 100 * time.Millisecond
	for {
		started := time.Now()
		err := listenOnce(ctx, pool, handle)
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(started) > time.Minute {
			wait = 100 * time.Millisecond
		}
		slog.Default().WarnContext(ctx, "projections: live listener lost its connection; reconnecting",
			"error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, 10*time.Second)
	}
}

func listenOnce(ctx context.Context, pool *pgxpool.Pool, handle func(string, json.RawMessage)) error {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{LiveChannel}.Sanitize()); err != nil {
		return err
	}
	handle(TopicConnected, nil)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var notice liveNotice
		if err := json.Unmarshal([]byte(n.Payload), &notice); err != nil {
			// Someone else's NOTIFY on our channel: not ours to interpret, and not worth dying for.
			slog.Default().WarnContext(ctx, "projections: ignoring malformed live notice", "payload", n.Payload, "error", err)
			continue
		}
		handle(notice.Topic, notice.Payload)
	}
}
