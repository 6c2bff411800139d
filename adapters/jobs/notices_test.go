package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/jobs"
)

// liveChannel stands in for the live layer's channel (projections.LiveChannel in the application).
const liveChannel = "test_live"

// listener hears the queue's notices on a connection of its own.
type listener struct {
	t    *testing.T
	pool *pgxpool.Pool
	conn *pgxpool.Conn
}

func listen(t *testing.T, pool *pgxpool.Pool) *listener {
	t.Helper()
	conn, err := pool.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Release)
	if _, err := conn.Exec(context.Background(), "LISTEN "+liveChannel); err != nil {
		t.Fatal(err)
	}
	return &listener{t: t, pool: pool, conn: conn}
}

type heard struct {
	Topic   string          `json:"topic"`
	Payload jobs.StepNotice `json:"payload"`
}

// since returns the notices committed since the last call: it sends a marker and reads up to it
// (PostgreSQL delivers notifications in commit order), so "none" is an answer, not a timeout.
func (l *listener) since() []heard {
	l.t.Helper()
	marker := uuid.NewString()
	if _, err := l.pool.Exec(context.Background(), `SELECT pg_notify($1, $2)`, liveChannel, marker); err != nil {
		l.t.Fatal(err)
	}
	var out []heard
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		n, err := l.conn.Conn().WaitForNotification(ctx)
		cancel()
		if err != nil {
			l.t.Fatalf("waiting for notices: %v", err)
		}
		if n.Payload == marker {
			return out
		}
		var h heard
		if err := json.Unmarshal([]byte(n.Payload), &h); err != nil {
			l.t.Fatalf("notice %q: %v", n.Payload, err)
		}
		out = append(out, h)
	}
}

// expect fails unless exactly the notices want (stuck or not, for job id) were committed since the
// last call.
func (l *listener) expect(step string, id uuid.UUID, kind string, want ...bool) {
	l.t.Helper()
	got := l.since()
	if len(got) != len(want) {
		l.t.Fatalf("%s: heard %+v, want %d notices (stuck: %v)", step, got, len(want), want)
	}
	for i, h := range got {
		if h.Topic != jobs.StepsChangedTopic || h.Payload != (jobs.StepNotice{ID: id, Kind: kind, Stuck: want[i]}) {
			l.t.Fatalf("%s: notice %d is %+v, want %s for %s %s, stuck %v", step, i, h, jobs.StepsChangedTopic, kind, id, want[i])
		}
	}
}

func TestAJobThatKeepsFailingIsAnnouncedAsItTurnsStuckAndAsItLeaves(t *testing.T) {
	q, id := queued(t, "test.flaky", payload{})
	q.Notices = liveChannel
	l := listen(t, q.Pool)
	ctx := context.Background()
	var calls int
	w := &jobs.Worker{Queue: q, Backoff: noBackoff, Handlers: only("test.flaky", func(context.Context, jobs.Job) error {
		calls++
		if calls < 4 {
			return errors.New("provider unavailable")
		}
		return nil
	})}
	run := func() {
		t.Helper()
		if n, err := w.RunOnce(ctx); err != nil || n != 1 {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
	}

	run()
	run()
	l.expect("two failed attempts (not stuck yet)", id, "test.flaky")
	run()
	// Listed as stuck from its third attempt's claim; that attempt's failure changes its error and
	// next try on the list.
	l.expect("the third attempt, failed", id, "test.flaky", true, true)
	run()
	l.expect("the fourth attempt, succeeded", id, "test.flaky", true, false)
	if stuck, _ := q.Stuck(ctx, 10); len(stuck) != 0 {
		t.Fatalf("announced as gone, still listed: %+v", stuck)
	}
}

func TestARefusedJobIsAnnouncedAndSoIsAnOperatorsRetry(t *testing.T) {
	q, id := queued(t, "test.refused", payload{})
	q.Notices = liveChannel
	l := listen(t, q.Pool)
	ctx := context.Background()
	refuse := true
	w := refusingWorker(q, &refuse)
	if n, _ := w.RunOnce(ctx); n != 1 {
		t.Fatal("the job did not run")
	}
	l.expect("refused for good on its first attempt", id, "test.refused", true)

	// Put back before its third attempt: it leaves the list (the next try is not announced).
	if err := q.Retry(ctx, id); err != nil {
		t.Fatal(err)
	}
	l.expect("retried by an operator", id, "test.refused", false)
	refuse = false
	if n, _ := w.RunOnce(ctx); n != 1 {
		t.Fatal("the retried job did not run")
	}
	l.expect("a job that was not stuck succeeded", id, "test.refused")
	if err := q.Retry(ctx, id); err != nil {
		t.Fatal(err)
	}
	l.expect("a done job retried (nothing changes)", id, "test.refused")

	// A job past its third attempt, retried, stays on the list (retrying, due now).
	q2, id2 := queued(t, "test.flaky", payload{})
	q2.Notices = liveChannel
	l2 := listen(t, q2.Pool)
	w2 := &jobs.Worker{Queue: q2, Backoff: func(int) time.Duration { return time.Hour },
		Handlers: only("test.flaky", func(context.Context, jobs.Job) error { return errors.New("down") })}
	if err := q2.Retry(ctx, id2); err != nil {
		t.Fatal(err)
	}
	l2.expect("a pending job that is not stuck made due", id2, "test.flaky")
	for range 3 {
		if n, _ := w2.RunOnce(ctx); n != 1 {
			t.Fatal("the job did not run")
		}
		if err := q2.Retry(ctx, id2); err != nil { // the backoff is an hour: due now again
			t.Fatal(err)
		}
	}
	l2.expect("three attempts, each retried at once", id2, "test.flaky", true, true, true)
}

func TestAnOutcomeRecordedTooLateIsNotAnnounced(t *testing.T) {
	q, id := queued(t, "test.effect", payload{})
	q.Notices = liveChannel
	ctx := context.Background()
	// Two failures already, so the next claim makes it stuck.
	if _, err := q.Pool.Exec(ctx, `UPDATE jobs SET attempts = 2 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	l := listen(t, q.Pool)
	release, started := make(chan struct{}), make(chan struct{})
	slow := &jobs.Worker{Queue: q, Lease: 400 * time.Millisecond, Handlers: only("test.effect", func(context.Context, jobs.Job) error {
		close(started)
		<-release
		return errors.New("too late to matter")
	})}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = slow.RunOnce(ctx)
	}()
	<-started
	l.expect("the third attempt claimed", id, "test.effect", true)
	time.Sleep(500 * time.Millisecond) // the lease lapses
	other := &jobs.Worker{Queue: q, Handlers: only("test.effect", func(context.Context, jobs.Job) error { return nil })}
	if n, err := other.RunOnce(ctx); n != 1 || err != nil {
		t.Fatalf("the lapsed job was not taken over: %d, %v", n, err)
	}
	l.expect("taken over and done", id, "test.effect", true, false)
	close(release)
	<-done
	l.expect("the late worker's failure", id, "test.effect")
}
