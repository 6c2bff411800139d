// Package benchtest is what the `make bench` tables (TestBenchmarkTable in the event store and the
// projections) share: the database they measure on, the line that says which machine they ran on,
// and how latencies are summarised. It is test support: production code must never import it.
package benchtest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/pgcluster"
	"mishwar/internal/migrate"
)

// Options shape the database a benchmark runs on.
type Options struct {
	// MaxConns caps the pool; 0 keeps pgxpool's default.
	MaxConns int32
	// Ephemeral runs the private cluster without fsync, to see the CPU cost alone.
	Ephemeral bool
}

// Pool opens a migrated database (see URL) and says what it opened, e.g. "PostgreSQL 15.4, private
// cluster, fsync and synchronous_commit on", for the table's heading.
func Pool(tb testing.TB, ctx context.Context, opts Options) (*pgxpool.Pool, string) {
	tb.Helper()
	url, kind := URL(tb, ctx, opts)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		tb.Fatal(err)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(pool.Close)
	return pool, kind
}

// URL is a migrated database for a benchmark: MISHWAR_BENCH_DATABASE_URL if set (a database the
// benchmark may fill and leave behind), otherwise one in a private cluster of its own that is
// durable unless opts.Ephemeral (stopped when the test ends). It also says what it is, for the
// table's heading. opts.MaxConns does not apply: the caller opens its own pool.
func URL(tb testing.TB, ctx context.Context, opts Options) (url, kind string) {
	tb.Helper()
	url, kind = os.Getenv("MISHWAR_BENCH_DATABASE_URL"), "MISHWAR_BENCH_DATABASE_URL"
	if url == "" {
		dir, err := os.MkdirTemp("", "mishwar-bench-")
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = os.RemoveAll(dir) })
		if err := os.Chmod(dir, 0o755); err != nil { // the server may run as another user
			tb.Fatal(err)
		}
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		cluster, err := pgcluster.Start(ctx, dir+"/pg", pgcluster.Options{Database: "bench", Logger: quiet, Ephemeral: opts.Ephemeral})
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = cluster.Stop() })
		url, kind = cluster.URL("bench"), "private cluster, fsync and synchronous_commit on"
		if opts.Ephemeral {
			kind = "private cluster, fsync and synchronous_commit OFF (CPU cost only)"
		}
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		tb.Fatal(err)
	}
	defer pool.Close()
	if err := migrate.Up(ctx, pool); err != nil {
		tb.Fatal(err)
	}
	var version string
	if err := pool.QueryRow(ctx, `SHOW server_version`).Scan(&version); err != nil {
		tb.Fatal(err)
	}
	return url, "PostgreSQL " + version + ", " + kind
}

// Machine describes where the benchmark runs: OS, architecture, CPUs and their model, and the load
// average now, since a busy machine skews every number after it.
func Machine() string {
	return fmt.Sprintf("%s/%s, %d CPUs, %s, load average %s at the start",
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), loadAverage())
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// Percentile is the p-th (0 to 1) of sorted latencies; 1 is the largest, and none gives 0.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// Millis is d in milliseconds, to the microsecond.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Ms formats d for a table cell, e.g. "1.25 ms".
func Ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", Millis(d)) }

// RunLength is how long each timed run lasts: MISHWAR_BENCH_SECONDS if set, else def.
func RunLength(tb testing.TB, def time.Duration) time.Duration {
	tb.Helper()
	v := os.Getenv("MISHWAR_BENCH_SECONDS")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v + "s")
	if err != nil {
		tb.Fatalf("MISHWAR_BENCH_SECONDS=%q: %v", v, err)
	}
	return d
}
