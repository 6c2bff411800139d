package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/jobs"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type payload struct {
	N int `json:"n"`
}

// queued is a queue on a fresh database holding one job of kind with payload p, and that job's id.
func queued(t *testing.T, kind string, p any) (*jobs.Queue, uuid.UUID) {
	t.Helper()
	q := &jobs.Queue{Pool: pgtest.NewDatabase(t)}
	id := uuid.New()
	enqueue(t, q, kind, id, p)
	return q, id
}

func enqueue(t *testing.T, q *jobs.Queue, kind string, id uuid.UUID, p any) {
	t.Helper()
	ctx := context.Background()
	tx, err := q.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := q.Enqueue(ctx, tx, kind, id, p); err != nil {
		t.Fatalf("enqueue: %v", err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

func noBackoff(int) time.Duration { return 0 }

// only is the handlers of a worker that performs kind alone.
func only(kind string, h jobs.Handler) map[string]jobs.Handler {
	return map[string]jobs.Handler{kind: h}
}

// refusal is a handler's permanent error, marked the way processes.Permanent marks one.
type refusal struct{ error }

func (refusal) Permanent() bool { return true }

func TestAJobAskedForTwiceIsPerformedOnce(t *testing.T) {
	q, id := queued(t, "test.effect", payload{N: 7})
	enqueue(t, q, "test.effect", id, payload{N: 8}) // the process saw its event again

	var got []int
	w := &jobs.Worker{Queue: q, Handlers: only("test.effect", func(_ context.Context, j jobs.Job) error {
		var p payload
		if err := json.Unmarshal(j.Payload, &p); err != nil {
			return err
		}
		if j.ID != id || j.Attempts != 1 {
			t.Errorf("job %s attempt %d, want %s attempt 1", j.ID, j.Attempts, id)
		}
		got = append(got, p.N)
		return nil
	})}
	n, err := w.RunOnce(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v; want 1 job", n, err)
	}
	if len(got) != 1 || got[0] != 7 {
		t.Fatalf("performed %v, want the first payload once", got)
	}
	info, err := q.Get(context.Background(), id)
	if err != nil || info.Status != jobs.StatusDone {
		t.Fatalf("job after success: %+v, %v", info, err)
	}
	if n, _ := w.RunOnce(context.Background()); n != 0 {
		t.Fatalf("a done job ran again")
	}
}

func TestAJobIsEnqueuedOnlyWithItsTransaction(t *testing.T) {
	pool := pgtest.NewDatabase(t)
	q := &jobs.Queue{Pool: pool}
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id := uuid.New()
	if err := q.Enqueue(ctx, tx, "test.effect", id, payload{}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := q.Get(ctx, id); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("a rolled-back enqueue left a job: %v", err)
	}
}

func TestAFailingJobIsRetriedThenShownAsStuck(t *testing.T) {
	q, id := queued(t, "test.flaky", payload{})
	ctx := context.Background()

	var calls atomic.Int32
	w := &jobs.Worker{Queue: q, Backoff: noBackoff, Handlers: only("test.flaky", func(_ context.Context, j jobs.Job) error {
		if calls.Add(1) < 4 {
			return errors.New("provider unavailable")
		}
		return nil
	})}
	for i := 1; i <= 3; i++ {
		if n, err := w.RunOnce(ctx); err != nil || n != 1 {
			t.Fatalf("attempt %d: RunOnce = %d, %v", i, n, err)
		}
	}
	stuck, err := q.Stuck(ctx, 10)
	if err != nil || len(stuck) != 1 || stuck[0].ID != id || stuck[0].Attempts != 3 || stuck[0].LastError != "provider unavailable" {
		t.Fatalf("after three failures Stuck = %+v, %v", stuck, err)
	}
	c, err := q.Count(ctx)
	if err != nil || c != (jobs.Counts{Pending: 1, Stuck: 1}) {
		t.Fatalf("Count = %+v, %v", c, err)
	}
	if n, err := w.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("fourth attempt: %d, %v", n, err)
	}
	if stuck, _ := q.Stuck(ctx, 10); len(stuck) != 0 {
		t.Fatalf("a job that succeeded is still stuck: %+v", stuck)
	}
}

func TestARetryWaitsForItsBackoff(t *testing.T) {
	q, _ := queued(t, "test.flaky", payload{})
	ctx := context.Background()
	w := &jobs.Worker{Queue: q, Backoff: func(int) time.Duration { return time.Hour },
		Handlers: only("test.flaky", func(context.Context, jobs.Job) error { return errors.New("down") })}
	if n, _ := w.RunOnce(ctx); n != 1 {
		t.Fatal("the first attempt did not run")
	}
	if n, _ := w.RunOnce(ctx); n != 0 {
		t.Fatal("the retry ran before its backoff")
	}
}

func TestARefusedJobFailsForGoodUntilAnOperatorRetriesIt(t *testing.T) {
	q, id := queued(t, "test.refused", payload{})
	ctx := context.Background()
	refuse := true
	w := refusingWorker(q, &refuse)
	if n, _ := w.RunOnce(ctx); n != 1 {
		t.Fatal("the job did not run")
	}
	if n, _ := w.RunOnce(ctx); n != 0 {
		t.Fatal("a refused job was retried by itself")
	}
	info, _ := q.Get(ctx, id)
	if info.Status != jobs.StatusFailed || info.LastError == "" {
		t.Fatalf("refused job: %+v", info)
	}
	if stuck, _ := q.Stuck(ctx, 10); len(stuck) != 1 {
		t.Fatalf("a refused job is not shown to operators: %+v", stuck)
	}
	refuse = false
	if err := q.Retry(ctx, id); err != nil {
		t.Fatal(err)
	}
	if n, _ := w.RunOnce(ctx); n != 1 {
		t.Fatal("the retried job did not run")
	}
	if info, _ := q.Get(ctx, id); info.Status != jobs.StatusDone {
		t.Fatalf("retried job: %+v", info)
	}
	if err := q.Retry(ctx, uuid.New()); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Retry of no job = %v", err)
	}
}

func TestAPanickingHandlerIsRetriedAndTheWorkerGoesOn(t *testing.T) {
	q, id := queued(t, "test.panics", payload{})
	w := &jobs.Worker{Queue: q, Backoff: noBackoff, Handlers: only("test.panics", func(context.Context, jobs.Job) error {
		panic("nil map")
	})}
	if n, err := w.RunOnce(context.Background()); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	info, _ := q.Get(context.Background(), id)
	if info.Status != jobs.StatusPending || info.LastError == "" {
		t.Fatalf("after a panic: %+v", info)
	}
}

func TestAWorkerLeavesKindsItDoesNotKnow(t *testing.T) {
	q, id := queued(t, "test.newer_release", payload{})
	w := &jobs.Worker{Queue: q, Handlers: only("test.effect", func(context.Context, jobs.Job) error { return nil })}
	if n, _ := w.RunOnce(context.Background()); n != 0 {
		t.Fatal("a worker claimed a kind it has no handler for")
	}
	if info, _ := q.Get(context.Background(), id); info.Status != jobs.StatusPending || info.Attempts != 0 {
		t.Fatalf("the unknown kind was touched: %+v", info)
	}
}

// The effect runs with no transaction of the worker's open: a slow provider must never hold an xid
// that the log's gap-safe readers would wait for.
func TestAJobRunsWithNoTransactionOpen(t *testing.T) {
	q, _ := queued(t, "test.effect", payload{})
	pool := q.Pool
	var open int
	w := &jobs.Worker{Queue: q, Handlers: only("test.effect", func(ctx context.Context, _ jobs.Job) error {
		return pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			 WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL`).Scan(&open)
	})}
	if n, err := w.RunOnce(context.Background()); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	if open != 0 {
		t.Fatalf("%d transactions with an xid were open while the job ran", open)
	}
}

// A worker that dies mid-job (its lease runs out) leaves the job to another, which performs it with the
// same id; the dead worker's late word changes nothing.
func TestALapsedLeaseIsTakenOverAndTheLateWorkerIsIgnored(t *testing.T) {
	q, id := queued(t, "test.effect", payload{})
	ctx := context.Background()

	release := make(chan struct{})
	started := make(chan struct{})
	var seen []uuid.UUID
	var mu sync.Mutex
	handler := func(block bool) jobs.Handler {
		return func(ctx context.Context, j jobs.Job) error {
			mu.Lock()
			seen = append(seen, j.ID)
			mu.Unlock()
			if block {
				close(started)
				<-release
				return errors.New("too late to matter")
			}
			return nil
		}
	}
	slow := &jobs.Worker{Queue: q, Lease: 400 * time.Millisecond, Backoff: noBackoff, Handlers: only("test.effect", handler(true))}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = slow.RunOnce(ctx)
	}()
	<-started
	time.Sleep(500 * time.Millisecond) // the lease lapses
	other := &jobs.Worker{Queue: q, Handlers: only("test.effect", handler(false))}
	if n, err := other.RunOnce(ctx); n != 1 || err != nil {
		t.Fatalf("the lapsed job was not taken over: %d, %v", n, err)
	}
	close(release)
	<-done
	info, _ := q.Get(ctx, id)
	if info.Status != jobs.StatusDone || info.Attempts != 2 {
		t.Fatalf("after the takeover: %+v", info)
	}
	if len(seen) != 2 || seen[0] != id || seen[1] != id {
		t.Fatalf("both tries must carry the same idempotency key: %v", seen)
	}
}

func TestManyWorkersPerformEachJobOnce(t *testing.T) {
	q := &jobs.Queue{Pool: pgtest.NewDatabase(t)}
	const n = 60
	for i := range n {
		enqueue(t, q, "test.effect", uuid.New(), payload{N: i})
	}
	var mu sync.Mutex
	count := map[uuid.UUID]int{}
	h := func(_ context.Context, j jobs.Job) error {
		mu.Lock()
		count[j.ID]++
		mu.Unlock()
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 3 {
		w := &jobs.Worker{Queue: q, Concurrency: 3, Poll: 20 * time.Millisecond, Handlers: only("test.effect", h)}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = w.Run(ctx)
		}()
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := q.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.Pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs left: %+v", c)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	wg.Wait()
	if len(count) != n {
		t.Fatalf("%d of %d jobs performed", len(count), n)
	}
	for id, c := range count {
		if c != 1 {
			t.Fatalf("job %s performed %d times", id, c)
		}
	}
}

// refusingWorker runs "test.refused" jobs, refusing them for good while *refuse holds.
func refusingWorker(q *jobs.Queue, refuse *bool) *jobs.Worker {
	return &jobs.Worker{Queue: q, Backoff: noBackoff, Handlers: only("test.refused", func(context.Context, jobs.Job) error {
		if *refuse {
			return refusal{errors.New("card refunds are closed for this payment")}
		}
		return nil
	})}
}
