package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/klauspost/compress/gzip"

	"mishwar/cmd/mishwar/app/apptest"
	cartapp "mishwar/commands/cart"
	"mishwar/domain/cart"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	"mishwar/internal/benchtest"
)

// TestBenchmarkTableWritePath measures the write path the way a traveller drives it: cart "move"
// commands over HTTP, each signed-in traveller on their own cart, at 1, 8 and 32 connections, beside
// the raw rate of single-row INSERTs of a similar JSON document into the same cluster at the same
// concurrency (the ceiling PostgreSQL sets on this machine). It also counts what one command costs
// the database: commits and WAL records and bytes, over every session of the database (the command's
// own transactions, the projections that apply it, the idempotency record and the session's touch).
// It runs only with MISHWAR_BENCH=1 (make bench).
func TestBenchmarkTableWritePath(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the HTTP benchmarks (make bench)")
	}
	likeServe(t)
	run := benchtest.RunLength(t, 3*time.Second)
	url, db := benchtest.URL(t, context.Background(), benchtest.Options{})
	a := seeded(t, apptest.NewOn(t, url))
	ids := destinationIDs(t, a, 3)
	const most = 32
	carts := make([]*benchCart, most)
	for i := range carts {
		carts[i] = newBenchCart(t, a, ids)
	}
	if _, err := a.Pool.Exec(context.Background(), `CREATE TABLE bench_rows (id bigserial PRIMARY KEY, body jsonb NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = a.Pool.Exec(context.Background(), `DROP TABLE IF EXISTS bench_rows`) })

	insertOverHTTP := httpInsertServer(t, a, carts[0])
	// The same travellers' requests, counted apart: a move's direction alternates with its own count.
	insertCarts := make([]*benchCart, len(carts))
	for i, c := range carts {
		apart := *c
		apart.moves, apart.unzip = new(int), nil
		insertCarts[i] = &apart
	}

	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; %s.\n\n", benchtest.Machine(), db)
	fmt.Fprintf(out, "| connections | cart moves/s | p50 | p99 | single-row INSERTs/s | p99 | ratio |\n|---:|---:|---:|---:|---:|---:|---:|\n")
	waits := make(map[int]poolWaits)
	overHTTP, moveRates := make(map[int]load), make(map[int]float64)
	for _, conns := range []int{1, 8, most} {
		var app, base, viaHTTP load
		var pool poolWaits
		for range 3 {
			base.add(insertLoad(a.Pool, conns, run/3))
			viaHTTP.add(moveLoadAt(insertOverHTTP, insertCarts[:conns], run/3))
			before := a.Pool.Stat()
			moves := moveLoad(a, carts[:conns], run/3)
			pool.add(before, a.Pool.Stat(), moves.n)
			app.add(moves)
		}
		waits[conns], overHTTP[conns], moveRates[conns] = pool, viaHTTP, app.rate()
		if app.errs > 0 || base.errs > 0 || viaHTTP.errs > 0 {
			t.Fatalf("%d connections: %d failed moves, %d failed inserts, %d failed inserts over HTTP", conns, app.errs, base.errs, viaHTTP.errs)
		}
		fmt.Fprintf(out, "| %d | %.0f | %s | %s | %.0f | %s | %.3f |\n", conns, app.rate(),
			benchtest.Ms(app.percentile(0.5)), benchtest.Ms(app.percentile(0.99)),
			base.rate(), benchtest.Ms(base.percentile(0.99)), app.rate()/base.rate())
	}

	// What HTTP itself costs on this machine: the same requests from the same clients to a server that
	// only decodes the body, runs one INSERT and answers the cart's bytes (compressed as Mishwar
	// compresses). Measured in the same rounds as the table above.
	fmt.Fprintf(out, "\n| connections | HTTP request + one INSERT + the cart's answer, per s | p50 | p99 | cart moves ÷ these |\n|---:|---:|---:|---:|---:|\n")
	for _, conns := range []int{1, 8, most} {
		l := overHTTP[conns]
		fmt.Fprintf(out, "| %d | %.0f | %s | %s | %.3f |\n", conns, l.rate(), benchtest.Ms(l.percentile(0.5)), benchtest.Ms(l.percentile(0.99)), moveRates[conns]/l.rate())
	}

	// Whether a move waits for one of the pool's connections: with more requests than connections the
	// wait is in Go, before PostgreSQL sees the statement.
	fmt.Fprintf(out, "\n| connections | pool size | connections taken per move | share that waited for one | mean wait of those |\n|---:|---:|---:|---:|---:|\n")
	for _, conns := range []int{1, 8, most} {
		w := waits[conns]
		fmt.Fprintf(out, "| %d | %d | %.2f | %.1f%% | %s |\n", conns, a.Pool.Config().MaxConns, w.perMove(), w.waitedShare(), benchtest.Ms(w.meanWait()))
	}

	// Read-your-writes: a move, then the cart as the next page load reads it, which must show the move.
	fmt.Fprintf(out, "\n| read-your-writes: a move, then GET the cart (must show the move) | connections | pairs/s | p50 | p99 | stale reads |\n|---|---:|---:|---:|---:|---:|\n")
	for _, conns := range []int{8} {
		var ryw load
		for range 3 {
			ryw.add(moveThenReadLoad(a, carts[:conns], run/3))
		}
		fmt.Fprintf(out, "| move + GET | %d | %.0f | %s | %s | %d |\n", conns, ryw.rate(),
			benchtest.Ms(ryw.percentile(0.5)), benchtest.Ms(ryw.percentile(0.99)), ryw.errs)
	}

	// What one command costs, on one connection. Each window ends with the wait for the statistics
	// (dbCounters), and a Mishwar at rest commits too (leases, workers polling): an idle window of
	// the same shape is taken off both.
	const n = 200
	idle := window(t, a.Pool, func() {})
	cmd := window(t, a.Pool, func() {
		if l := moveCount(a, carts[0], n); l.errs > 0 {
			t.Fatalf("%d failed moves", l.errs)
		}
	}).minus(idle)
	ins := window(t, a.Pool, func() {
		for range n {
			if _, err := a.Pool.Exec(context.Background(), `INSERT INTO bench_rows (body) VALUES ($1)`, benchRow); err != nil {
				t.Fatal(err)
			}
		}
	}).minus(idle)
	fmt.Fprintf(out, "\n| per command (1 connection, %d commands; at rest: %d commits in a window) | commits | WAL records | WAL bytes |\n|---|---:|---:|---:|\n", n, idle.commits)
	fmt.Fprintf(out, "| cart move over HTTP, with its projections | %.1f | %.1f | %.0f |\n",
		float64(cmd.commits)/n, float64(cmd.walRecords)/n, float64(cmd.walBytes)/n)
	fmt.Fprintf(out, "| single-row INSERT | %.1f | %.1f | %.0f |\n",
		float64(ins.commits)/n, float64(ins.walRecords)/n, float64(ins.walBytes)/n)
	t.Log("\n" + out.String())
}

// poolWaits adds up, over the move windows of one concurrency, what the pool's statistics say about
// taking a connection (pgxpool counts every acquire, those that found no idle connection, and the
// time spent acquiring).
type poolWaits struct {
	moves, acquires, empty int64
	waited                 time.Duration
}

func (w *poolWaits) add(before, after *pgxpool.Stat, moves int) {
	w.moves += int64(moves)
	w.acquires += after.AcquireCount() - before.AcquireCount()
	w.empty += after.EmptyAcquireCount() - before.EmptyAcquireCount()
	w.waited += after.AcquireDuration() - before.AcquireDuration()
}

func (w poolWaits) perMove() float64 {
	if w.moves == 0 {
		return 0
	}
	return float64(w.acquires) / float64(w.moves)
}

func (w poolWaits) waitedShare() float64 {
	if w.acquires == 0 {
		return 0
	}
	return 100 * float64(w.empty) / float64(w.acquires)
}

// meanWait is the acquire time of the acquires that found no idle connection (those that did cost
// next to nothing).
func (w poolWaits) meanWait() time.Duration {
	if w.empty == 0 {
		return 0
	}
	return w.waited / time.Duration(w.empty)
}

// settle is how long each window's load runs before it is timed. The loads alternate (moves, then
// INSERTs, then moves): without it, a window's first moments timed the aftermath of the other load
// (PostgreSQL writing out the WAL of 15,000 INSERTs a second), all 32 travellers' first moves at once
// among them: bursts of 40-120 ms moves at a window's start, and nowhere else, made the p99.
const settle = 250 * time.Millisecond

// benchRow is about the size of a cart event's payload.
var benchRow = `{"item_id":"7f1c0e52-5d7e-4a53-9d1f-3f8b6f1a2c11","destination_id":"c2a1b7e4-0d3b-4c55-8f1e-2b9a6d7c8e90","direction":"up","steps":1}`

type benchCart struct {
	user  string
	token string
	item  string
	// moves counts the moves sent, so the next one knows which way the item can go.
	moves *int
	// client is the traveller's own connection, kept from one timed window to the next as a browser
	// keeps its connection: a window that opened 32 new ones at the same instant timed their setup and
	// the herd of first requests with them.
	client *http.Client
	// unzip decompresses the traveller's answers, one reader kept for all of them. The load generator
	// shares the server's two cores: the standard library's gzip reader, which the HTTP client uses
	// when it asks for gzip itself, cost it as much CPU as the server's compression of the answers.
	unzip *gzip.Reader
}

// body reads res's body, decompressed when the server compressed it.
func (c *benchCart) body(res *http.Response) ([]byte, error) {
	if res.Header.Get("Content-Encoding") != "gzip" {
		return io.ReadAll(res.Body)
	}
	var err error
	if c.unzip == nil {
		c.unzip, err = gzip.NewReader(res.Body)
	} else {
		err = c.unzip.Reset(res.Body)
	}
	if err != nil {
		return nil, err
	}
	return io.ReadAll(c.unzip)
}

func destinationIDs(t *testing.T, a *apptest.App, n int) []string {
	t.Helper()
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	a.Get(fmt.Sprintf("/api/destinations?limit=%d", n), "").JSON(t, &list)
	if len(list.Data) < n {
		t.Fatalf("the demo catalogue has %d destinations, want %d", len(list.Data), n)
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = list.Data[i].ID
	}
	return ids
}

// newBenchCart signs a traveller up and fills their cart; item is the stop the benchmark moves.
func newBenchCart(t *testing.T, a *apptest.App, ids []string) *benchCart {
	t.Helper()
	s := a.SignUp(t, "")
	for _, id := range ids {
		if r := a.Post("/api/auth/cart", s.Token, map[string]string{"destination_id": id}); r.Status != http.StatusCreated {
			t.Fatalf("add to cart: %d %s", r.Status, r.Body)
		}
	}
	var cart struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	a.Get("/api/auth/cart", s.Token).JSON(t, &cart)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}}
	return &benchCart{user: s.UserID, token: s.Token, item: cart.Data[len(cart.Data)-1].ID, moves: new(int), client: client}
}

// move sends one move of c's item, the last stop, up then down in turn, so each is a real change.
func (c *benchCart) move(client *http.Client, url string) error {
	_, err := c.moveVersion(client, url)
	return err
}

// moveVersion is move, answering the cart's version the move's answer shows.
func (c *benchCart) moveVersion(client *http.Client, url string) (int64, error) {
	dir := "up"
	if *c.moves%2 == 1 {
		dir = "down"
	}
	*c.moves++
	move, _ := json.Marshal(map[string]any{"direction": dir, "steps": 1})
	req, _ := http.NewRequest(http.MethodPatch, url+"/api/auth/cart/items/"+c.item+"/move", bytes.NewReader(move))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, res.Body)
		return 0, fmt.Errorf("move: %d", res.StatusCode)
	}
	body, err := c.body(res)
	if err != nil {
		return 0, err
	}
	return answerVersion(body)
}

// answerVersion is the cart answer's "version". The load generator shares the server's two cores, so
// it looks the key up instead of decoding the whole answer, which cost it as much CPU as the
// server's own JSON encoding. It is exact: the answer has one key of that name, and a string value
// holding the same characters would have its quotes escaped.
func answerVersion(body []byte) (int64, error) {
	key := []byte(`"version":`)
	i := bytes.Index(body, key)
	if i < 0 {
		return 0, fmt.Errorf("no version in the answer %.200q", body)
	}
	rest := body[i+len(key):]
	end := bytes.IndexAny(rest, ",}")
	if end < 0 {
		return 0, fmt.Errorf("no version in the answer %.200q", body)
	}
	return strconv.ParseInt(string(bytes.TrimSpace(rest[:end])), 10, 64)
}

// moveLoad moves items in carts, one connection per cart, for d.
func moveLoad(a *apptest.App, carts []*benchCart, d time.Duration) load {
	return moveLoadAt(a.URL, carts, d)
}

// moveLoadAt sends the moves of moveLoad to the server at url.
func moveLoadAt(url string, carts []*benchCart, d time.Duration) load {
	return settledParallel(len(carts), settle, d, func(i int) func(context.Context) error {
		return func(context.Context) error { return carts[i].move(carts[i].client, url) }
	})
}

// httpInsertServer serves the floor an HTTP command that writes one row sets on this machine: each
// request's JSON body decoded and inserted as one row, answered with the bytes of c's cart as
// Mishwar answers a move (with its "version", which the load generator reads), compressed by the
// same middleware. It answers at the URL it returns until the test ends.
func httpInsertServer(t *testing.T, a *apptest.App, c *benchCart) string {
	t.Helper()
	answer := a.Get("/api/auth/cart", c.token).Body
	if _, err := answerVersion(answer); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(httpx.Compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if _, err := a.Pool.Exec(r.Context(), `INSERT INTO bench_rows (body) VALUES ($1)`, body); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	})))
	t.Cleanup(srv.Close)
	return srv.URL
}

// moveThenReadLoad moves an item of each cart and reads the cart back, one connection per cart, for
// d; a read that does not show the move's version counts as an error (a stale read).
func moveThenReadLoad(a *apptest.App, carts []*benchCart, d time.Duration) load {
	return settledParallel(len(carts), settle, d, func(i int) func(context.Context) error {
		c := carts[i]
		return func(context.Context) error {
			moved, err := c.moveVersion(c.client, a.URL)
			if err != nil {
				return err
			}
			req, _ := http.NewRequest(http.MethodGet, a.URL+"/api/auth/cart", nil)
			req.Header.Set("Authorization", "Bearer "+c.token)
			res, err := c.client.Do(req)
			if err != nil {
				return err
			}
			defer res.Body.Close()
			var body struct {
				Version int64 `json:"version"`
			}
			if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
				return err
			}
			if body.Version < moved {
				return fmt.Errorf("read version %d after a move to %d", body.Version, moved)
			}
			return nil
		}
	})
}

// moveCount sends n moves of one cart, one after another, timing each.
func moveCount(a *apptest.App, c *benchCart, n int) load {
	var l load
	start := time.Now()
	for range n {
		t0 := time.Now()
		if err := c.move(http.DefaultClient, a.URL); err != nil {
			l.errs++
			continue
		}
		l.n++
		l.lat = append(l.lat, time.Since(t0))
	}
	l.elapsed = time.Since(start)
	return l
}

// insertLoad inserts single rows from conns connections for d, each INSERT its own transaction.
func insertLoad(pool *pgxpool.Pool, conns int, d time.Duration) load {
	return settledParallel(conns, settle, d, func(int) func(context.Context) error {
		return func(ctx context.Context) error {
			_, err := pool.Exec(ctx, `INSERT INTO bench_rows (body) VALUES ($1)`, benchRow)
			return err
		}
	})
}

// window counts what the database did while work ran (and the statistics were gathered after it).
func window(t *testing.T, pool *pgxpool.Pool, work func()) counters {
	t.Helper()
	before := dbCounters(t, pool)
	work()
	return dbCounters(t, pool).minus(before)
}

type counters struct{ commits, walRecords, walBytes int64 }

func (c counters) minus(o counters) counters {
	return counters{c.commits - o.commits, c.walRecords - o.walRecords, c.walBytes - o.walBytes}
}

// dbCounters reads the database's commit count and the cluster's WAL totals. The statistics are
// counted by each backend and flushed to the shared statistics every so often, so it waits for that.
func dbCounters(t *testing.T, pool *pgxpool.Pool) counters {
	t.Helper()
	ctx := context.Background()
	var c counters
	if _, err := pool.Exec(ctx, `SELECT pg_stat_force_next_flush()`); err != nil {
		t.Fatal(err)
	}
	// An idle backend flushes its counts within PGSTAT_IDLE_INTERVAL (10 s).
	time.Sleep(10500 * time.Millisecond)
	if err := pool.QueryRow(ctx, `SELECT xact_commit, (SELECT wal_records FROM pg_stat_wal), (SELECT wal_bytes FROM pg_stat_wal)::bigint
		FROM pg_stat_database WHERE datname = current_database()`).Scan(&c.commits, &c.walRecords, &c.walBytes); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestBenchmarkTableCommandOnALongStream measures whether a cart's history slows a command on it: a
// move over HTTP on carts whose streams hold 10, 1,000 and 5,000 events. The history is appended
// straight to the store, as another process would have written it, so the first move of each cart is
// the runner's cold load of the whole stream; the next 200 run on the stream it keeps. It runs only
// with MISHWAR_BENCH=1 (make bench).
func TestBenchmarkTableCommandOnALongStream(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the HTTP benchmarks (make bench)")
	}
	likeServe(t)
	url, db := benchtest.URL(t, context.Background(), benchtest.Options{})
	a := seeded(t, apptest.NewOn(t, url))
	ids := destinationIDs(t, a, 3)
	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; %s.\n\n", benchtest.Machine(), db)
	fmt.Fprintf(out, "| events in the cart's stream | first move (loads the stream), p50 of 3 carts | next 200 moves: p50 | p99 |\n|---:|---:|---:|---:|\n")
	for _, n := range []int{10, 1_000, 5_000} {
		var cold, warm load
		for range 3 {
			c := newBenchCart(t, a, ids)
			growCart(t, a, c, n)
			cold.add(moveCount(a, c, 1))
			warm.add(moveCount(a, c, 200))
		}
		if cold.errs+warm.errs > 0 {
			t.Fatalf("%d events: %d failed moves", n, cold.errs+warm.errs)
		}
		fmt.Fprintf(out, "| %d | %s | %s | %s |\n", n, benchtest.Ms(cold.percentile(0.5)),
			benchtest.Ms(warm.percentile(0.5)), benchtest.Ms(warm.percentile(0.99)))
	}
	t.Log("\n" + out.String())
}

// growCart appends moves of c's last stop (up, then down) to its stream until it holds n events.
func growCart(t *testing.T, a *apptest.App, c *benchCart, n int) {
	t.Helper()
	ctx := context.Background()
	stream := cartapp.Stream(c.user)
	recs, err := a.Store.ReadStream(ctx, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	last := len(recs) // the stop's position: the last one added
	for have := len(recs); have < n; {
		batch := make([]eventstore.EventData, 0, min(500, n-have))
		for len(batch) < cap(batch) {
			to := last - 1
			if (have+len(batch))%2 == 0 {
				to = last
			}
			from := last + last - 1 - to
			md := eventstore.Metadata{ActorID: c.user, ActorRole: "user", CommandID: uuid.NewString()}
			ed, err := a.Registry.Encode(uuid.New(), cart.CartItemMoved{ItemID: c.item, From: from, To: to}, md)
			if err != nil {
				t.Fatal(err)
			}
			batch = append(batch, ed)
		}
		if _, err := a.Store.Append(ctx, stream, eventstore.Any, batch...); err != nil {
			t.Fatal(err)
		}
		have += len(batch)
	}
}
