package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
)

// queueAppends starts one append per stream while the store holds its batches, waits until all of
// them are queued, and releases them to leave together. It answers each append's result and error.
func queueAppends(t *testing.T, s *postgres.Store, appends map[string]eventstore.EventData) (map[string]eventstore.AppendResult, map[string]error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	release := postgres.HoldAppends(s)
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		results = map[string]eventstore.AppendResult{}
		errs    = map[string]error{}
	)
	for stream, e := range appends {
		wg.Go(func() {
			r, err := s.Append(ctx, stream, eventstore.NoStream, e)
			mu.Lock()
			defer mu.Unlock()
			results[stream], errs[stream] = r, err
		})
	}
	for postgres.QueuedAppends(s) < len(appends) {
		if ctx.Err() != nil {
			t.Fatalf("only %d of %d appends queued", postgres.QueuedAppends(s), len(appends))
		}
		time.Sleep(time.Millisecond)
	}
	release()
	wg.Wait()
	return results, errs
}

func TestAppendsThatArriveTogetherCommitInOneTransaction(t *testing.T) {
	s := postgres.New(pgtest.NewDatabase(t))
	defer s.Close()
	appends := map[string]eventstore.EventData{}
	for i := range 10 {
		appends[fmt.Sprintf("together-%s-%d", uuid.NewString(), i)] = event("Together")
	}

	results, errs := queueAppends(t, s, appends)

	var commit uint64
	prepares := map[uint64]bool{}
	for stream, r := range results {
		if errs[stream] != nil {
			t.Fatalf("%s: %v", stream, errs[stream])
		}
		if r.NextExpectedVersion != 0 || r.Duplicate {
			t.Fatalf("%s: version %d, duplicate %v; want version 0, a first append", stream, r.NextExpectedVersion, r.Duplicate)
		}
		if commit == 0 {
			commit = r.Position.Commit
		}
		if r.Position.Commit != commit {
			t.Fatalf("%s committed in transaction %d, another in %d: want one transaction", stream, r.Position.Commit, commit)
		}
		if prepares[r.Position.Prepare] {
			t.Fatalf("two appends answered position %d", r.Position.Prepare)
		}
		prepares[r.Position.Prepare] = true
		got, err := s.ReadStream(context.Background(), stream, 0)
		if err != nil || len(got) != 1 || got[0].ID != appends[stream].ID {
			t.Fatalf("%s holds %v (%v), want its one event", stream, got, err)
		}
	}
}

func TestAnAppendThatFailsInABatchFailsAloneAndItsNeighboursCommit(t *testing.T) {
	s := postgres.New(pgtest.NewDatabase(t))
	defer s.Close()
	appends := map[string]eventstore.EventData{}
	for i := range 5 {
		appends[fmt.Sprintf("neighbour-%s-%d", uuid.NewString(), i)] = event("Neighbour")
	}
	// Valid JSON that PostgreSQL's jsonb refuses: the one statement fails, and with it the batch's
	// transaction.
	bad := "refused-" + uuid.NewString()
	appends[bad] = eventstore.EventData{ID: uuid.New(), Type: "Refused", Data: []byte(`{"text":"a\u0000b"}`)}

	_, errs := queueAppends(t, s, appends)

	if errs[bad] == nil {
		t.Fatal("the append PostgreSQL refuses succeeded")
	}
	if _, err := s.ReadStream(context.Background(), bad, 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("the refused append's stream: %v, want not found", err)
	}
	for stream, e := range appends {
		if stream == bad {
			continue
		}
		if errs[stream] != nil {
			t.Fatalf("%s failed beside a bad append: %v", stream, errs[stream])
		}
		got, err := s.ReadStream(context.Background(), stream, 0)
		if err != nil || len(got) != 1 || got[0].ID != e.ID {
			t.Fatalf("%s holds %v (%v), want its one event once", stream, got, err)
		}
	}
}

func TestTwoAppendsToOneStreamInOneBatchOneWins(t *testing.T) {
	s := postgres.New(pgtest.NewDatabase(t))
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stream := "contended-" + uuid.NewString()
	release := postgres.HoldAppends(s)
	first, second := event("First"), event("Second")
	var firstErr, secondErr error
	var wg sync.WaitGroup
	wg.Go(func() { _, firstErr = s.Append(ctx, stream, eventstore.NoStream, first) })
	for postgres.QueuedAppends(s) < 1 {
		time.Sleep(time.Millisecond)
	}
	wg.Go(func() { _, secondErr = s.Append(ctx, stream, eventstore.NoStream, second) })
	for postgres.QueuedAppends(s) < 2 {
		time.Sleep(time.Millisecond)
	}
	release()
	wg.Wait()

	if firstErr != nil {
		t.Fatalf("the first append queued failed: %v", firstErr)
	}
	var wrong *eventstore.WrongVersionError
	if !errors.As(secondErr, &wrong) || wrong.Actual != 0 {
		t.Fatalf("the second append on the same stream: %v, want a wrong version (stream at 0)", secondErr)
	}
	got, err := s.ReadStream(ctx, stream, 0)
	if err != nil || len(got) != 1 || got[0].ID != first.ID {
		t.Fatalf("stream holds %v (%v), want only the first append's event", got, err)
	}
}

func TestAnAppendWhoseCallerGaveUpWhileQueuedIsNotWritten(t *testing.T) {
	s := postgres.New(pgtest.NewDatabase(t))
	defer s.Close()
	stream := "abandoned-" + uuid.NewString()
	release := postgres.HoldAppends(s)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := s.Append(ctx, stream, eventstore.NoStream, event("Abandoned"))
		errc <- err
	}()
	for postgres.QueuedAppends(s) < 1 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("append whose context ended: %v, want context.Canceled", err)
	}
	release()
	// The next append runs after the abandoned one was taken from the queue and dropped.
	if _, err := s.Append(context.Background(), "after-"+uuid.NewString(), eventstore.NoStream, event("After")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadStream(context.Background(), stream, 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("the abandoned append's stream: %v, want not found", err)
	}
}

// TestABatchWaitingForAStreamKeepsThatStreamInOrderInTheGlobalLog: a batch that appends to streams a
// and b finds b's lock held by another process's append. The other append commits first, so it is
// b's version 0 and the batch's is version 1, and the global log (ordered by transaction id) must
// show them in that order: the batch may take its transaction id only after it holds every lock.
func TestABatchWaitingForAStreamKeepsThatStreamInOrderInTheGlobalLog(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pool := pgtest.NewDatabase(t)
	s := postgres.New(pool)
	defer s.Close()
	a, b := "order-a-"+uuid.NewString(), "order-b-"+uuid.NewString()

	other, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Rollback(ctx) }()
	if _, err := other.Exec(ctx, `SELECT pg_advisory_xact_lock(1702260340, hashtext($1))`, b); err != nil {
		t.Fatal(err)
	}

	release := postgres.HoldAppends(s)
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for _, stream := range []string{a, b} {
		wg.Go(func() {
			_, err := s.Append(ctx, stream, eventstore.Any, event("Batched"))
			errs <- err
		})
	}
	for postgres.QueuedAppends(s) < 2 {
		time.Sleep(time.Millisecond)
	}
	release()
	for waiting := 0; waiting == 0; {
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if ctx.Err() != nil {
			t.Fatal("the batch never waited for b's lock")
		}
		time.Sleep(time.Millisecond)
	}
	if _, err := other.Exec(ctx, `SELECT eventstore_append($1, -2, ARRAY[$2::uuid], ARRAY['Other'], ARRAY[1], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb])`, b, uuid.New()); err != nil {
		t.Fatal(err)
	}
	if err := other.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}

	rows, err := pool.Query(ctx, `SELECT stream_version, event_type FROM events WHERE stream_id = $1 ORDER BY tx_id, position`, b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var version int64
		var typ string
		if err := rows.Scan(&version, &typ); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %s", version, typ))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[0 Other 1 Batched]" {
		t.Fatalf("stream b in the global log's order: %v, want [0 Other 1 Batched]", got)
	}
}
