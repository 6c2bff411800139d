package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/eventstore/storetest"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestConformance(t *testing.T) {
	t.Run("autocommit appends", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) eventstore.Store { return postgres.New(pgtest.NewDatabase(t)) })
	})
	// The same suite with every append's transaction held open by the suite for a random while before
	// it commits: the gap test then sees transactions commit out of position order.
	t.Run("appends held open before commit", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) eventstore.Store {
			return postgres.New(pgtest.NewDatabase(t), postgres.WithAppendHook(storetest.AppendHook))
		})
	})
}

func event(typ string) eventstore.EventData {
	return eventstore.EventData{ID: uuid.New(), Type: typ, Data: []byte(`{}`)}
}

// gate holds an append's transaction open: newGatedStore's appends whose context carries one signal
// entered once their events are written, then wait for open before committing.
type gate struct {
	entered chan struct{}
	open    chan struct{}
}

type gateKey struct{}

func newGatedStore(pool *pgxpool.Pool) *postgres.Store {
	return postgres.New(pool, postgres.WithAppendHook(func(ctx context.Context) {
		if g, ok := ctx.Value(gateKey{}).(*gate); ok {
			close(g.entered)
			<-g.open
		}
	}))
}

// naiveRead is what a reader that trusts the sequence would do.
func naiveRead(t *testing.T, pool *pgxpool.Pool, after int64) (ids []uuid.UUID, last int64) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT position, event_id FROM events WHERE position > $1 ORDER BY position`, after)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	last = after
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&last, &id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids, last
}

// TestReaderOrderedByPositionSkipsAnEventThatCommitsLate shows the gap problem step by step, and that
// ReadAll does not have it.
func TestReaderOrderedByPositionSkipsAnEventThatCommitsLate(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewDatabase(t)
	store := newGatedStore(pool)

	late, early := event("CommitsLate"), event("CommitsEarly")
	g := &gate{entered: make(chan struct{}), open: make(chan struct{})}
	lateDone := make(chan error, 1)
	go func() {
		_, err := store.Append(context.WithValue(ctx, gateKey{}, g), "gap-late", eventstore.NoStream, late)
		lateDone <- err
	}()
	<-g.entered // late holds the smaller position and has not committed
	if _, err := store.Append(ctx, "gap-early", eventstore.NoStream, early); err != nil {
		t.Fatal(err)
	}

	seen, cursor := naiveRead(t, pool, 0)
	if len(seen) != 1 || seen[0] != early.ID {
		t.Fatalf("naive reader saw %v, want only the committed %s", seen, early.ID)
	}
	if got, err := store.ReadAll(ctx, eventstore.Start, 10); err != nil || len(got) != 0 {
		t.Fatalf("ReadAll returned %d events (%v) while an older transaction was open; want none", len(got), err)
	}

	close(g.open)
	if err := <-lateDone; err != nil {
		t.Fatal(err)
	}
	if seen, _ := naiveRead(t, pool, cursor); len(seen) != 0 {
		t.Fatalf("naive reader saw %v after its cursor", seen)
	}
	// The naive reader has moved past the late event for good; ReadAll delivers both, late first.
	got, err := store.ReadAll(ctx, eventstore.Start, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != late.ID || got[1].ID != early.ID {
		t.Fatalf("ReadAll gave %d events, want the late one then the early one", len(got))
	}
	if got[0].Position.Prepare < got[1].Position.Prepare {
		// The sequence says late came first too, which is why a reader trusting it missed it.
		t.Logf("late event at %s, early event at %s", got[0].Position, got[1].Position)
	}
}

// TestReaderOrderedByPositionSkipsUnderTheSoakWorkload runs the conformance suite's kind of workload
// (8 writers, transactions held open at random) against a reader that orders by position alone, to
// show the workload is one that catches skips: the naive reader must miss events, while Subscribe,
// running at the same time, misses none.
func TestReaderOrderedByPositionSkipsUnderTheSoakWorkload(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool, postgres.WithAppendHook(func(ctx context.Context) {
		if d, ok := ctx.Value(gateKey{}).(time.Duration); ok {
			time.Sleep(d)
		}
	}))

	var (
		mu       sync.Mutex
		appended = map[uuid.UUID]bool{}
		wg       sync.WaitGroup
		stopAt   = time.Now().Add(2 * time.Second)
	)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			for time.Now().Before(stopAt) {
				e := event("Soaked")
				hold := time.Duration(rng.IntN(3000)) * time.Microsecond
				if _, err := store.Append(context.WithValue(ctx, gateKey{}, hold), fmt.Sprintf("soak-%d", rng.IntN(4)), eventstore.Any, e); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				appended[e.ID] = true
				mu.Unlock()
			}
		}()
	}

	var subscribed sync.Map
	subDone := make(chan error, 1)
	go func() {
		subDone <- store.Subscribe(ctx, eventstore.Start, 100, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			for _, e := range batch {
				subscribed.Store(e.ID, true)
			}
			return nil
		})
	}()

	naive := map[uuid.UUID]bool{}
	var cursor int64
	for time.Now().Before(stopAt.Add(500 * time.Millisecond)) {
		var seen []uuid.UUID
		seen, cursor = naiveRead(t, pool, cursor)
		for _, id := range seen {
			naive[id] = true
		}
	}
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	deadline := time.Now().Add(10 * time.Second)
	missing := 0
	for {
		missing = 0
		for id := range appended {
			if _, ok := subscribed.Load(id); !ok {
				missing++
			}
		}
		if missing == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-subDone; !errors.Is(err, context.Canceled) {
		t.Fatalf("subscription ended with %v", err)
	}
	if missing > 0 {
		t.Fatalf("Subscribe missed %d of %d events", missing, len(appended))
	}
	skipped := 0
	for id := range appended {
		if !naive[id] {
			skipped++
		}
	}
	t.Logf("%d events appended; the reader ordered by position skipped %d, Subscribe none", len(appended), skipped)
	if skipped == 0 {
		t.Fatalf("the workload did not make a reader ordered by position skip anything: it would not catch a gap bug")
	}
}

// TestLiveEventsArriveByNotificationNotPolling checks that a caught-up subscriber is woken by the
// append's notification: with polling set to a minute, each event must still arrive quickly.
func TestLiveEventsArriveByNotificationNotPolling(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := postgres.New(pgtest.NewDatabase(t), postgres.WithPollInterval(time.Minute))

	got := make(chan time.Time, 100)
	done := make(chan error, 1)
	go func() {
		done <- store.Subscribe(ctx, eventstore.Start, 10, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			for range batch {
				got <- time.Now()
			}
			return nil
		})
	}()
	time.Sleep(200 * time.Millisecond) // let the listener connect

	var worst time.Duration
	for i := range 20 {
		start := time.Now()
		if _, err := store.Append(ctx, "live-1", eventstore.Exactly(int64(i)-1), event("Live")); err != nil {
			t.Fatal(err)
		}
		select {
		case at := <-got:
			worst = max(worst, at.Sub(start))
		case <-time.After(5 * time.Second):
			t.Fatalf("event %d not delivered within 5s: the notification did not wake the subscriber", i)
		}
	}
	if worst > time.Second {
		t.Fatalf("slowest delivery took %s: subscribers are not woken by notifications", worst)
	}
	t.Logf("slowest append-to-delivery of 20: %s", worst)
	cancel()
	<-done
}

// subscribeFromStart subscribes to store's log from the start until ctx ends, handing each event to
// got (room for buffered events); done gets Subscribe's error.
func subscribeFromStart(ctx context.Context, store *postgres.Store, buffered int) (got <-chan eventstore.RecordedEvent, done <-chan error) {
	events := make(chan eventstore.RecordedEvent, buffered)
	ended := make(chan error, 1)
	go func() {
		ended <- store.Subscribe(ctx, eventstore.Start, 10, func(_ context.Context, batch []eventstore.RecordedEvent) error {
			for _, e := range batch {
				events <- e
			}
			return nil
		})
	}()
	return events, ended
}

// TestEventHeldBackByANonAppendingTransactionArrivesWithoutNotification covers the case only polling
// can: an event becomes readable when an older transaction that appended nothing (and so sends no
// notification) ends.
func TestEventHeldBackByANonAppendingTransactionArrivesWithoutNotification(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool, postgres.WithPollInterval(time.Minute))

	got, done := subscribeFromStart(ctx, store, 1)
	time.Sleep(200 * time.Millisecond)

	other, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Rollback(ctx)
	if _, err := other.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil { // takes a transaction id
		t.Fatal(err)
	}
	e := event("HeldBack")
	if _, err := store.Append(ctx, "held-1", eventstore.NoStream, e); err != nil {
		t.Fatal(err)
	}
	select {
	case <-got:
		t.Fatal("an event was delivered while an older transaction was still running")
	case <-time.After(300 * time.Millisecond):
	}
	released := time.Now()
	if err := other.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-got:
		if d.ID != e.ID {
			t.Fatalf("delivered %s, want %s", d.ID, e.ID)
		}
		t.Logf("delivered %s after the older transaction ended", time.Since(released))
	case <-time.After(5 * time.Second):
		t.Fatal("the held-back event was not delivered within 5s of the older transaction ending")
	}
	cancel()
	<-done
}

// TestATransactionInAnotherDatabaseDoesNotHoldBackTheLog: subscriptions are not held back by the
// transactions of the cluster's other databases (a CREATE DATABASE, a neighbour's long transaction),
// which cannot write this log; one in this database still holds them back.
func TestATransactionInAnotherDatabaseDoesNotHoldBackTheLog(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool, neighbour := pgtest.NewDatabase(t), pgtest.NewDatabase(t)
	store := postgres.New(pool, postgres.WithPollInterval(time.Minute))
	defer store.Close()

	got, done := subscribeFromStart(ctx, store, 2)
	holdXID := func(p *pgxpool.Pool) pgx.Tx {
		tx, err := p.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil { // takes a transaction id
			t.Fatal(err)
		}
		return tx
	}
	delivered := func(within time.Duration) (eventstore.RecordedEvent, bool) {
		select {
		case e := <-got:
			return e, true
		case <-time.After(within):
			return eventstore.RecordedEvent{}, false
		}
	}

	next := holdXID(neighbour)
	defer next.Rollback(ctx)
	e := event("BesideANeighbour")
	if _, err := store.Append(ctx, "neighbour-1", eventstore.NoStream, e); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if d, ok := delivered(5 * time.Second); !ok || d.ID != e.ID {
		t.Fatalf("with an older transaction open in another database, the subscription got %v (%v); want the event appended", d.ID, ok)
	}
	t.Logf("delivered %s after the append, beside the neighbour's open transaction", time.Since(start))
	if _, n, err := store.Head(ctx); err != nil || n != 1 {
		t.Fatalf("head counts %d events (%v), want 1", n, err)
	}

	own := holdXID(pool)
	defer own.Rollback(ctx)
	later := event("BehindOurOwn")
	if _, err := store.Append(ctx, "neighbour-2", eventstore.NoStream, later); err != nil {
		t.Fatal(err)
	}
	if d, ok := delivered(500 * time.Millisecond); ok {
		t.Fatalf("delivered %s while an older transaction of this database was open", d.ID)
	}
	if err := own.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if d, ok := delivered(5 * time.Second); !ok || d.ID != later.ID {
		t.Fatalf("once this database's transaction ended, the subscription got %v (%v); want the later event", d.ID, ok)
	}
	cancel()
	<-done
}

func TestAppendingSomeIDsAlreadyInTheStreamIsAnInvalidEvent(t *testing.T) {
	ctx := context.Background()
	store := postgres.New(pgtest.NewDatabase(t))
	a, b := event("A"), event("B")
	if _, err := store.Append(ctx, "partial-1", eventstore.NoStream, a); err != nil {
		t.Fatal(err)
	}
	_, err := store.Append(ctx, "partial-1", eventstore.Exactly(0), a, b)
	if !errors.Is(err, eventstore.ErrInvalidEvent) {
		t.Fatalf("got %v, want ErrInvalidEvent", err)
	}
}
