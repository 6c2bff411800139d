package live_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
	"mishwar/internal/benchtest"
)

// TestBenchmarkTable connects and closes many real socket.io-clients (signed in, half over
// websocket, half over polling upgraded to websocket) several times in a row, and prints what the
// server process holds before, while they are open, and after each round: goroutines, heap in use
// and resident memory. Closed sockets must give everything back, so the "after" columns stay flat.
// Then it measures deliveries (see deliveries). It runs only with MISHWAR_BENCH=1 (make bench);
// MISHWAR_BENCH_SOCKETS sets the sockets per round (default 1000), MISHWAR_BENCH_ROUNDS the rounds
// (default 5) and MISHWAR_BENCH_SECONDS how long changes are sent (default 10).
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the live channel's benchmark (make bench)")
	}
	sockets, rounds := envInt(t, "MISHWAR_BENCH_SOCKETS", 1000), envInt(t, "MISHWAR_BENCH_ROUNDS", 5)
	_, url := newServer(t)
	base := livetest.ClientBase(t)
	mixed := [][]string{{"websocket"}, {"polling", "websocket"}}

	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; the server in the test process, %d socket.io-clients per round in node.\n\n", benchtest.Machine(), sockets)
	fmt.Fprintf(out, "| Round: %d sockets signed in, half websocket, half polling → websocket, opened then closed by the clients | goroutines open | goroutines after | heap after | RSS after | time |\n", sockets)
	fmt.Fprintf(out, "|---|---:|---:|---:|---:|---:|\n")
	g, heap, rss := held()
	fmt.Fprintf(out, "| before | — | %d | %.1f MiB | %.1f MiB | — |\n", g, mib(heap), mib(rss))
	for round := 1; round <= rounds; round++ {
		start := time.Now()
		var openG int
		o := swarmOpts{URL: url, Count: sockets, Parallel: 50, Transports: mixed, Auth: map[string]any{"token": "tok-u1"}}
		r, err := swarm(base, o, "close", func(swarmReport) { openG = runtime.NumGoroutine() })
		if err == nil && r.Connected != sockets {
			err = fmt.Errorf("%d of %d sockets connected (%v)", r.Connected, sockets, r.Errors)
		}
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		elapsed := time.Since(start)
		stable(10 * time.Second)
		g, heap, rss := held()
		fmt.Fprintf(out, "| %d | %d | %d | %.1f MiB | %.1f MiB | %.1f s |\n", round, openG, g, mib(heap), mib(rss), elapsed.Seconds())
	}
	deliveries(t, out, sockets, mixed)
	t.Log("\n" + out.String())
}

// deliveries connects sockets signed in as as many users and, for MISHWAR_BENCH_SECONDS (default
// 10), broadcasts 100 changes a second, each to one user's room picked in turn, as cart changes
// reach their owner: every change must arrive, and the table gives its delivery time (sent by the
// server → received by the client, one machine's clock).
func deliveries(t *testing.T, out *strings.Builder, sockets int, transports [][]string) {
	const rate = 100
	seconds := envInt(t, "MISHWAR_BENCH_SECONDS", 10)
	srv, url := newServer(t, func(c *live.Config) { c.Auth = &ending{} }) // every "tok-ending…" token is a user of its own
	var sent int
	r, err := swarm(livetest.ClientBase(t), swarmOpts{URL: url, Count: sockets, Parallel: 50, Transports: transports, TokenPrefix: "tok-ending-"}, "close", func(swarmReport) {
		tick := time.NewTicker(time.Second / rate)
		defer tick.Stop()
		for range rate * seconds {
			<-tick.C
			srv.Broadcast(live.UserRoom("u-tok-ending-"+strconv.Itoa(sent%sockets)), "probe", map[string]any{"t": time.Now().UnixMilli()})
			sent++
		}
		time.Sleep(2 * time.Second) // the last ones in flight
	})
	if err != nil {
		t.Fatalf("deliveries: %v", err)
	}
	if r.Connected != sockets {
		t.Fatalf("deliveries: %d of %d sockets connected (%v)", r.Connected, sockets, r.Errors)
	}
	fmt.Fprintf(out, "\n| %d sockets signed in as %d users, %d changes/s to one user each for %d s | sent | received | p50 | p99 | max |\n", sockets, sockets, rate, seconds)
	fmt.Fprintf(out, "|---|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(out, "| server broadcast → client event | %d | %d | %.0f ms | %.0f ms | %.0f ms |\n", sent, r.Received, r.P50, r.P99, r.Max)
	if r.Received != sent {
		t.Errorf("deliveries: %d of %d changes arrived", r.Received, sent)
	}
}

// held reports the goroutines, the heap in use and the resident memory of this process after a
// collection that also returns freed memory to the system.
func held() (goroutines int, heap, rss uint64) {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return runtime.NumGoroutine(), m.HeapInuse, residentBytes()
}

func residentBytes() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive whole number", name, v)
	}
	return n
}
