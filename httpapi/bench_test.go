package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app"
	"mishwar/internal/benchtest"
)

// TestBenchmarkTable measures the public catalogue reads through the real HTTP server (the demo
// catalogue, the real projections and PostgreSQL) beside a static server handing out the same bytes,
// pre-compressed, from memory: the ceiling a file server such as nginx sets on this machine. It runs
// only with MISHWAR_BENCH=1 (make bench); MISHWAR_BENCH_SECONDS sets each run's length.
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the HTTP benchmarks (make bench)")
	}
	likeServe(t)
	run := benchtest.RunLength(t, 4*time.Second)
	a := demoApp(t)
	const conns = 64
	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; the app's own test cluster (fsync on).\n\n", benchtest.Machine())
	fmt.Fprintf(out, "| GET, %d connections, Accept-Encoding: gzip (%s per run, alternating) | Mishwar req/s | p50 | p99 | static same bytes req/s | p99 | ratio |\n", conns, run)
	fmt.Fprintf(out, "|---|---:|---:|---:|---:|---:|---:|\n")
	for _, path := range []string{"/api/home", "/api/destinations", "/api/programs"} {
		body := fetch(t, a.URL+path)
		static := staticServer(t, body)
		var app, base load
		for range 3 {
			base.add(hammer(static.URL+path, conns, run/3))
			app.add(hammer(a.URL+path, conns, run/3))
		}
		if app.errs > 0 || base.errs > 0 {
			t.Fatalf("%s: %d failed requests (static: %d)", path, app.errs, base.errs)
		}
		fmt.Fprintf(out, "| `%s` (%d kB) | %.0f | %s | %s | %.0f | %s | %.2f |\n", path, len(body)/1024,
			app.rate(), benchtest.Ms(app.percentile(0.5)), benchtest.Ms(app.percentile(0.99)),
			base.rate(), benchtest.Ms(base.percentile(0.99)), app.rate()/base.rate())
	}
	t.Log("\n" + out.String())
}

func fetch(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return b
}

// staticServer answers every path with body, gzipped once up front, as nginx's gzip_static would.
func staticServer(t *testing.T, body []byte) *httptest.Server {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(gz.Bytes())
	}))
	t.Cleanup(srv.Close)
	return srv
}

type load struct {
	n       int
	errs    int
	elapsed time.Duration
	lat     []time.Duration
}

func (l *load) add(o load) {
	l.n += o.n
	l.errs += o.errs
	l.elapsed += o.elapsed
	l.lat = append(l.lat, o.lat...)
}

func (l *load) rate() float64 { return float64(l.n) / l.elapsed.Seconds() }

func (l *load) percentile(p float64) time.Duration {
	slices.Sort(l.lat)
	return benchtest.Percentile(l.lat, p)
}

// hammer sends GETs to url from conns keep-alive connections for d.
func hammer(url string, conns int, d time.Duration) load {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	return parallel(conns, d, func(int) func(context.Context) error {
		return func(ctx context.Context) error {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			res, err := client.Do(req)
			if err != nil {
				return err
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("GET %s: %d", url, res.StatusCode)
			}
			return nil
		}
	})
}

// likeServe gives the test process the runtime settings `mishwar serve` runs with (the garbage
// collector's target), since the benchmarks measure the server in this process, until t ends.
func likeServe(t *testing.T) {
	prev := debug.SetGCPercent(100) // answers the setting it replaces: read it, put it back
	debug.SetGCPercent(prev)
	app.TuneGarbageCollector()
	t.Cleanup(func() { debug.SetGCPercent(prev) })
}

// parallel runs each worker's operation in a loop for d and gathers the latencies. A failure once
// the time is up (a request cut short) is not counted.
func parallel(workers int, d time.Duration, worker func(i int) func(context.Context) error) load {
	return settledParallel(workers, 0, d, worker)
}

// settledParallel is parallel with the first `settle` of the run untimed: the load runs, but only
// operations that start after it are timed (and the rate is over the time after it; a failure counts
// whenever it happens), so a window times the steady state of its load, not the aftermath of the load
// before it.
func settledParallel(workers int, settle, d time.Duration, worker func(i int) func(context.Context) error) load {
	ctx, cancel := context.WithTimeout(context.Background(), settle+d)
	defer cancel()
	var mu sync.Mutex
	var total load
	var wg sync.WaitGroup
	timedFrom := time.Now().Add(settle)
	for i := range workers {
		op := worker(i)
		wg.Go(func() {
			var mine load
			for ctx.Err() == nil {
				t0 := time.Now()
				if err := op(ctx); err != nil {
					if ctx.Err() == nil {
						mine.errs++
					}
					continue
				}
				if t0.Before(timedFrom) {
					continue
				}
				mine.n++
				mine.lat = append(mine.lat, time.Since(t0))
			}
			mu.Lock()
			total.add(mine)
			mu.Unlock()
		})
	}
	wg.Wait()
	total.elapsed = time.Since(timedFrom)
	return total
}
