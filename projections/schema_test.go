package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/projections"
	"mishwar/projections/stats"
)

func schemaExists(t *testing.T, e env, schema string) bool {
	t.Helper()
	var ok bool
	if err := e.pool.QueryRow(context.Background(),
		`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`, schema).Scan(&ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

func TestSchemaName(t *testing.T) {
	if got := projections.SchemaName("stats"); got != "rm_stats" {
		t.Errorf("SchemaName(stats) = %q", got)
	}
}

func TestEnsureSchemaCreatesTheModelOnceEvenWhenProcessesRace(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() { errs <- projections.EnsureSchema(context.Background(), e.pool, e.store, stats.New()) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("ensure schema: %v", err)
		}
	}
	if !schemaExists(t, e, "rm_stats") {
		t.Fatal("schema rm_stats not created")
	}
	if rows := readStats(t, e.pool); len(rows) != 0 {
		t.Errorf("a new model holds rows: %+v", rows)
	}
	if s := statusOf(t, e, stats.Name); s.Position != eventstore.Start || s.EventsProcessed != 0 || s.Running || s.Rebuilding {
		t.Errorf("status of a new projection: %+v", s)
	}
}

func TestEnsureSchemaRebuildsAModelWhoseSchemaChanged(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	r, stop := startRunner(t, e, testConfig(), stats.New())
	pos := appendEvents(t, e.store, 300, 10, []string{"cart", "order"}, []string{"A", "B"})
	waitFor(t, r, stats.Name, pos)
	stop()

	v2 := &hooked{Projection: stats.New(), extraSchema: "\nCREATE TABLE added_in_v2 (id int);"}
	if err := projections.EnsureSchema(ctx, e.pool, e.store, v2); err != nil {
		t.Fatalf("ensure schema v2: %v", err)
	}
	if _, err := e.pool.Exec(ctx, `SELECT count(*) FROM rm_stats.added_in_v2`); err != nil {
		t.Fatalf("the v2 table is not in the live schema: %v", err)
	}
	if schemaExists(t, e, "rm_stats_rebuild") {
		t.Error("the rebuild schema was left behind")
	}
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
	if s := statusOf(t, e, stats.Name); s.EventsProcessed != 300 || s.LagEvents != 0 {
		t.Errorf("status after the schema rebuild: %+v", s)
	}
	// Unchanged now: a second call leaves the model alone.
	if _, err := e.pool.Exec(ctx, `INSERT INTO rm_stats.added_in_v2 VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	if err := projections.EnsureSchema(ctx, e.pool, e.store, v2); err != nil {
		t.Fatalf("ensure schema v2 again: %v", err)
	}
	var n int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM rm_stats.added_in_v2`).Scan(&n); err != nil || n != 1 {
		t.Errorf("an unchanged schema was rebuilt (rows %d, err %v)", n, err)
	}
}

func TestEnsureSchemaReplaysAModelWhoseSchemaWasDropped(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	r, stop := startRunner(t, e, testConfig(), stats.New())
	pos := appendEvents(t, e.store, 100, 10, []string{"cart"}, []string{"A"})
	waitFor(t, r, stats.Name, pos)
	stop()
	if _, err := e.pool.Exec(ctx, `DROP SCHEMA rm_stats CASCADE`); err != nil {
		t.Fatal(err)
	}
	if err := projections.EnsureSchema(ctx, e.pool, e.store, stats.New()); err != nil {
		t.Fatalf("ensure schema: %v", err)
	}
	if s := statusOf(t, e, stats.Name); s.Position != eventstore.Start || s.EventsProcessed != 0 {
		t.Errorf("a recreated, empty model kept its old checkpoint: %+v", s)
	}
	r2, _ := startRunner(t, e, testConfig(), stats.New())
	waitFor(t, r2, stats.Name, pos)
	assertStats(t, readStats(t, e.pool), expectedStats(t, e.store))
}

func TestStatusShowsLagAndWhetherAProjectionRuns(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	if err := projections.EnsureSchema(ctx, e.pool, e.store, stats.New()); err != nil {
		t.Fatal(err)
	}
	appendEvents(t, e.store, 10, 5, []string{"cart"}, []string{"A"})
	headOnceItHolds(t, e.store, 10)
	time.Sleep(20 * time.Millisecond)
	s := statusOf(t, e, stats.Name)
	if s.LagEvents != 10 || s.LagSeconds < 0.02 || s.Running || s.Rebuilding || s.EventsProcessed != 0 {
		t.Errorf("status of a stopped projection behind by 10 events: %+v", s)
	}

	r, _ := startRunner(t, e, testConfig(), stats.New())
	pos := appendEvents(t, e.store, 5, 5, []string{"order"}, []string{"B"})
	waitFor(t, r, stats.Name, pos)
	eventually(t, 5*time.Second, "status shows the projection running", func() bool { return statusOf(t, e, stats.Name).Running })
	s = statusOf(t, e, stats.Name)
	if s.LagEvents != 0 || s.LagSeconds != 0 || s.EventsProcessed != 15 || s.Position != pos || s.LastEventAt == nil {
		t.Errorf("status of a caught-up projection: %+v", s)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"name":"stats"`, `"lag_events":0`, `"events_processed":15`, `"running":true`, `"rebuilding":false`, `"position":{"commit":`} {
		if !strings.Contains(string(raw), field) {
			t.Errorf("status JSON %s lacks %s", raw, field)
		}
	}
}

func TestNotifyReachesListenersOnlyWhenItsTransactionCommits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type notice struct {
		topic   string
		payload string
	}
	got := make(chan notice, 10)
	listening := make(chan struct{}, 1)
	go func() {
		_ = projections.ListenLive(ctx, e.pool, func(topic string, payload json.RawMessage) {
			if topic == projections.TopicConnected {
				listening <- struct{}{}
				return
			}
			got <- notice{topic, string(payload)}
		})
	}()
	<-listening

	notifyIn := func(commit bool, topic string, payload any) error {
		tx, err := e.pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback(ctx) }()
		if err := projections.Notify(ctx, tx, topic, payload); err != nil {
			return err
		}
		if commit {
			return tx.Commit(ctx)
		}
		return nil
	}
	if err := notifyIn(false, "order.changed", map[string]int{"order": 1}); err != nil {
		t.Fatal(err)
	}
	if err := notifyIn(true, "order.changed", map[string]int{"order": 2}); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-got:
		if n.topic != "order.changed" || n.payload != `{"order":2}` {
			t.Errorf("got %+v, want the committed notice only", n)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no notice after commit")
	}
	select {
	case n := <-got:
		t.Errorf("unexpected notice %+v (from the rolled-back transaction?)", n)
	case <-time.After(100 * time.Millisecond):
	}

	err := notifyIn(true, "big", strings.Repeat("x", 8000))
	if !errors.Is(err, projections.ErrNotificationTooLarge) {
		t.Errorf("an 8000-byte notice: got %v, want ErrNotificationTooLarge", err)
	}
	if err := notifyIn(true, "", 1); err == nil {
		t.Error("a notice without a topic was accepted")
	}
}

func TestListenLiveReconnectsAndSaysSo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	connected := make(chan struct{}, 10)
	topics := make(chan string, 10)
	go func() {
		_ = projections.ListenLive(ctx, e.pool, func(topic string, _ json.RawMessage) {
			if topic == projections.TopicConnected {
				connected <- struct{}{}
				return
			}
			topics <- topic
		})
	}()
	<-connected
	// Kill the listener's backend, as a database restart or a network cut would.
	if _, err := e.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	select {
	case <-connected:
	case <-time.After(10 * time.Second):
		t.Fatal("the listener did not reconnect")
	}
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error { return projections.Notify(ctx, tx, "after.reconnect", nil) })
	if err != nil {
		t.Fatal(err)
	}
	select {
	case topic := <-topics:
		if topic != "after.reconnect" {
			t.Errorf("topic %q", topic)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no notice after the reconnect")
	}
}

// uncountedStore is a store that cannot count its log (EventStoreDB): Head says CountUnknown, and what
// follows a position is counted on demand.
type uncountedStore struct{ *postgres.Store }

func (s uncountedStore) Head(ctx context.Context) (eventstore.Position, int64, error) {
	pos, _, err := s.Store.Head(ctx)
	return pos, eventstore.CountUnknown, err
}

func TestStatusCountsTheLagOnAStoreThatCannotCountItsLog(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	if err := projections.EnsureSchema(ctx, e.pool, e.store, stats.New()); err != nil {
		t.Fatal(err)
	}
	appendEvents(t, e.store, 12, 4, []string{"cart"}, []string{"A"})
	headOnceItHolds(t, e.store, 12)
	all, err := projections.Status(ctx, e.pool, uncountedStore{e.store})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 1 || all[0].LagEvents != 12 {
		t.Fatalf("status on an uncounted store: %+v", all)
	}
	if err := projections.CheckCaughtUp(ctx, e.pool, uncountedStore{e.store}, 11); !errors.Is(err, projections.ErrBehind) {
		t.Fatalf("readiness 12 events behind with 11 allowed: %v", err)
	}
}

func TestARebuildOnAStoreThatCannotCountItsLogReportsProgressByPosition(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	if err := projections.EnsureSchema(ctx, e.pool, e.store, stats.New()); err != nil {
		t.Fatal(err)
	}
	appendEvents(t, e.store, 30, 5, []string{"cart"}, []string{"A"})
	headOnceItHolds(t, e.store, 30)
	var last projections.RebuildProgress
	err := projections.Rebuild(ctx, e.pool, uncountedStore{e.store}, stats.New(), func(p projections.RebuildProgress) {
		if p.Percent < 0 || p.Percent > 100 || p.Total < p.Events {
			t.Errorf("progress %+v", p)
		}
		last = p
	})
	if err != nil {
		t.Fatal(err)
	}
	if last.Phase != projections.PhaseDone || last.Percent != 100 || last.Events != 30 || last.Total != 30 {
		t.Fatalf("last progress %+v", last)
	}
}

// A server answers requests as soon as it starts, before its runner has prepared anything: its
// readers must find their tables, empty, rather than fail on a missing relation.
func TestARunnerNotYetRunningCreatesTheMissingReadModelsEmptyWhenAsked(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r, err := projections.NewRunner(e.pool, e.store, projections.Config{Logger: quietLogger()}, stats.New())
	if err != nil {
		t.Fatalf("new runner: %v", err)
	}
	if schemaExists(t, e, "rm_stats") {
		t.Fatal("a runner made its schema before it was asked")
	}
	for range 2 {
		if err := r.CreateMissingSchemas(context.Background()); err != nil {
			t.Fatalf("create missing schemas: %v", err)
		}
	}
	if rows := readStats(t, e.pool); len(rows) != 0 {
		t.Errorf("a new model holds rows: %+v", rows)
	}
	if s := statusOf(t, e, stats.Name); s.Position != eventstore.Start || s.Running {
		t.Errorf("status of a model made before the runner runs: %+v", s)
	}
}
