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

	"mishwar/internal/benchtest"
)

// TestBenchmarkTable connects and closes many real socket.io-clients (signed in, half over
// websocket, half over polling upgraded to websocket) several times in a row, and prints what the
// server process holds before, while they are open, and after each round: goroutines, heap in use
// and resident memory. Closed sockets must give everything back, so the "after" columns stay flat.
// It runs only with MISHWAR_BENCH=1 (make bench); MISHWAR_BENCH_SOCKETS sets the sockets per round
// (default 1000) and MISHWAR_BENCH_ROUNDS the rounds (default 5).
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the live channel's benchmark (make bench)")
	}
	sockets, rounds := envInt(t, "MISHWAR_BENCH_SOCKETS", 1000), envInt(t, "MISHWAR_BENCH_ROUNDS", 5)
	_, url := newServer(t)
	base := socketIOClientBase(t)
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
	t.Log("\n" + out.String())
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
