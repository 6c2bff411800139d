package live_test

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
)

// ending is a session store in which every token starting with "tok-ending" is valid until end
// is called for it: the server then closes its sockets at the next recheck.
type ending struct{ ended sync.Map }

func (e *ending) end(token string) { e.ended.Store(token, true) }

func (e *ending) Authenticate(ctx context.Context, token string) (httpx.Identity, error) {
	if strings.HasPrefix(token, "tok-ending") {
		if _, ended := e.ended.Load(token); ended {
			return httpx.Identity{}, httpx.ErrNoSession
		}
		return httpx.Identity{UserID: "u-" + token, Role: httpx.RoleUser, SessionID: "s-" + token}, nil
	}
	return sessions.Authenticate(ctx, token)
}

// swarmOpts configures one node process of many socket.io-clients (testdata/swarm.mjs).
type swarmOpts struct {
	URL        string            `json:"url"`
	Count      int               `json:"count"`
	Parallel   int               `json:"parallel"`
	Transports any               `json:"transports"` // []string, or [][]string used in turn
	Auth       map[string]any    `json:"auth,omitempty"`
	Headers    map[string]string `json:"headers,omitempty"`
	// TokenPrefix, when set, signs socket i in with the token TokenPrefix+i.
	TokenPrefix string `json:"tokenPrefix,omitempty"`
}

type swarmReport struct {
	Type           string         `json:"type"`
	Connected      int            `json:"connected"`
	Refused        int            `json:"refused"`
	Failed         int            `json:"failed"`
	Errors         map[string]int `json:"errors"`
	StillConnected int            `json:"stillConnected"`
	// Received, P50, P99 and Max (milliseconds) are the "probe" events' delivery times (done line).
	Received int     `json:"received"`
	P50      float64 `json:"p50"`
	P99      float64 `json:"p99"`
	Max      float64 `json:"max"`
}

// swarm opens o.Count sockets in one node process, calls whileOpen once they are all connected or
// refused, ends them with how ("close", "await" or "vanish", see swarm.mjs) and waits for the
// process to exit. It returns what the process saw when its sockets were open, with the delivery
// times of the "probe" events they received. It may run on any goroutine: it reports failures as
// errors.
func swarm(base string, o swarmOpts, how string, whileOpen func(swarmReport)) (swarmReport, error) {
	if o.Parallel == 0 {
		o.Parallel = 25
	}
	arg, _ := json.Marshal(o)
	_, file, _, _ := runtime.Caller(0)
	cmd := exec.Command("node", filepath.Join(filepath.Dir(file), "testdata", "swarm.mjs"), string(arg))
	cmd.Env = append(os.Environ(), "SOCKET_IO_CLIENT_BASE="+base)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return swarmReport{}, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return swarmReport{}, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return swarmReport{}, fmt.Errorf("start node: %w", err)
	}
	exited := make(chan error, 1)
	lines := make(chan swarmReport, 2)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var r swarmReport
			if json.Unmarshal(sc.Bytes(), &r) == nil {
				lines <- r
			}
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	fail := func(format string, args ...any) (swarmReport, error) {
		_ = cmd.Process.Kill()
		<-exited
		return swarmReport{}, fmt.Errorf("swarm: "+format+"; stderr: %s", append(args, stderr.String())...)
	}
	wait := func(what string) (swarmReport, bool) {
		select {
		case r, ok := <-lines:
			return r, ok
		case <-time.After(2 * time.Minute):
			return swarmReport{}, false
		}
	}
	ready, ok := wait("ready")
	if !ok {
		return fail("no ready line")
	}
	if whileOpen != nil {
		whileOpen(ready)
	}
	if _, err := io.WriteString(stdin, how+"\n"); err != nil {
		return fail("write %q: %v", how, err)
	}
	if how != "vanish" {
		done, ok := wait("done")
		if !ok {
			return fail("no done line after %q", how)
		}
		if done.StillConnected != 0 {
			return fail("%d sockets still connected after %q", done.StillConnected, how)
		}
		ready.Received, ready.P50, ready.P99, ready.Max = done.Received, done.P50, done.P99, done.Max
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		return fail("did not exit")
	}
	return ready, nil
}

// vanishingEngineClient opens an Engine.IO session over HTTP long-polling as a client would, sends
// Socket.IO's CONNECT if connect is set, and then goes silent, as a laptop closed mid-session: no
// close packet, no further poll. Only the server's heartbeat can end that session.
func vanishingEngineClient(t *testing.T, url string, connect bool) {
	t.Helper()
	hc := &http.Client{Timeout: 10 * time.Second}
	res, err := hc.Get(url + "/socket.io/?EIO=4&transport=polling")
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	var open struct {
		SID string `json:"sid"`
	}
	if len(body) < 2 || body[0] != '0' || json.Unmarshal(body[1:], &open) != nil || open.SID == "" {
		t.Fatalf("handshake answered %d %q", res.StatusCode, body)
	}
	if !connect {
		return
	}
	res, err = hc.Post(url+"/socket.io/?EIO=4&transport=polling&sid="+open.SID, "text/plain;charset=UTF-8", strings.NewReader("40"))
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("connect answered %d", res.StatusCode)
	}
}

// settled waits until the goroutine count is at most limit, for up to wait; it returns the last
// count.
func settled(limit int, wait time.Duration) int {
	deadline := time.Now().Add(wait)
	for {
		runtime.GC()
		n := runtime.NumGoroutine()
		if n <= limit || time.Now().After(deadline) {
			return n
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stable waits until the goroutine count has not changed for half a second, for up to wait, and
// returns it.
func stable(wait time.Duration) int {
	deadline := time.Now().Add(wait)
	last, since := runtime.NumGoroutine(), time.Now()
	for time.Now().Before(deadline) && time.Since(since) < 500*time.Millisecond {
		time.Sleep(50 * time.Millisecond)
		if n := runtime.NumGoroutine(); n != last {
			last, since = n, time.Now()
		}
	}
	return last
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// goroutineDump summarises the goroutines alive now by where they wait, the largest groups first.
func goroutineDump() string {
	var b strings.Builder
	_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
	// debug=1 groups identical stacks under "N @ addresses", followed by "#" frame lines.
	type group struct {
		n      int
		frames []string
	}
	var gs []*group
	for _, line := range strings.Split(b.String(), "\n") {
		var n int
		if _, err := fmt.Sscanf(line, "%d @", &n); err == nil {
			gs = append(gs, &group{n: n})
		} else if len(gs) > 0 && strings.HasPrefix(line, "#") && len(gs[len(gs)-1].frames) < 4 {
			f := strings.Fields(line)
			if len(f) >= 3 {
				gs[len(gs)-1].frames = append(gs[len(gs)-1].frames, f[2])
			}
		}
	}
	sort.Slice(gs, func(i, j int) bool { return gs[i].n > gs[j].n })
	var out []string
	for i, g := range gs {
		if i == 5 {
			break
		}
		out = append(out, fmt.Sprintf("%5d  %s", g.n, strings.Join(g.frames, " ← ")))
	}
	return strings.Join(out, "\n")
}

// leakScenario is one way sockets come and go.
type leakScenario struct {
	name       string
	transports []string
	auth       map[string]any
	headers    map[string]string
	how        string // close, await (the server closes them) or vanish
	refused    bool   // the server refuses every socket (its session store fails)
}

func leakScenarios() []leakScenario {
	var s []leakScenario
	for _, tr := range []struct {
		name string
		list []string
	}{
		{"websocket", []string{"websocket"}},
		{"polling then upgrade", []string{"polling", "websocket"}},
		{"polling only", []string{"polling"}},
	} {
		// A pending long-poll that ends with its connection makes the library read
		// HttpContext.Cleanup (on the request's cancellation) while the poll handler may still write
		// it: a data race inside the library, in v3.0.0 as in v3.0.5 (the newest release whose every
		// module can be had here), which our code cannot reach. Clients end pending polls that way
		// when they vanish, after the server closed their socket (the library's close leaves the
		// pending poll unanswered), and now and then when they close it themselves. Every path frees
		// everything, as the polling scenarios show without the race detector; under it they are
		// left out, and polling sessions end only silently (vanishingEngineClient).
		if raceDetector && slices.Contains(tr.list, "polling") {
			continue
		}
		s = append(s,
			leakScenario{name: tr.name + ", anonymous, client closes", transports: tr.list, how: "close"},
			leakScenario{name: tr.name + ", signed in, client closes", transports: tr.list, auth: map[string]any{"token": "tok-u1"}, how: "close"},
			leakScenario{name: tr.name + ", refused by the session store", transports: tr.list, auth: map[string]any{"token": "broken"}, how: "close", refused: true},
			leakScenario{name: tr.name + ", signed in by cookie, client vanishes", transports: tr.list, headers: map[string]string{"Cookie": "authToken=tok-admin"}, how: "vanish"},
			leakScenario{name: tr.name + ", session ends, server closes", transports: tr.list, auth: map[string]any{"token": "tok-ending " + tr.name}, how: "await"},
		)
	}
	return s
}

// lingers is 1 for scenarios whose server-side transports outlive them (see pollingCloseTimeout).
func lingers(sc leakScenario) int {
	if sc.how == "vanish" {
		return 1
	}
	return 0
}

// connectCloseCycle runs the scenarios one after the other with per sockets each, plus a few
// Engine.IO sessions that go silent, and returns how many sockets came and went. The scenarios
// whose server-side transports linger longest (vanished polling clients) go first.
func connectCloseCycle(t *testing.T, srv *live.Server, store *ending, url string, per int, scenarios []leakScenario) int {
	t.Helper()
	base := livetest.ClientBase(t)
	store.ended.Clear() // the sessions ended by the previous cycle start afresh
	slices.SortStableFunc(scenarios, func(a, b leakScenario) int {
		return cmp.Compare(lingers(b), lingers(a))
	})
	total := 0
	for _, sc := range scenarios {
		r, err := swarm(base, swarmOpts{URL: url, Count: per, Transports: sc.transports, Auth: sc.auth, Headers: sc.headers}, sc.how, func(swarmReport) {
			if sc.how == "await" {
				store.end(sc.auth["token"].(string))
				srv.RecheckAll()
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		wantConnected, wantRefused := per, 0
		if sc.refused {
			wantConnected, wantRefused = 0, per
		}
		if r.Connected != wantConnected || r.Refused != wantRefused || r.Failed != 0 {
			t.Fatalf("%s: %d connected, %d refused, %d failed (%v); want %d connected, %d refused",
				sc.name, r.Connected, r.Refused, r.Failed, r.Errors, wantConnected, wantRefused)
		}
		total += per
	}
	// Sessions that go silent, with and without a socket: only the heartbeat ends them.
	for range 5 {
		vanishingEngineClient(t, url, true)
		vanishingEngineClient(t, url, false)
		total += 2
	}
	return total
}

// leakServer is a live server with a fast heartbeat, so that silent sessions end within the test.
func leakServer(t *testing.T) (*live.Server, *ending, string) {
	store := &ending{}
	srv, url := newServer(t, func(c *live.Config) {
		c.Auth = store
		c.PingInterval = time.Second
		c.PingTimeout = 3 * time.Second
		c.SessionSweep = -1
	})
	return srv, store, url
}

// A polling transport whose client vanished mid-poll waits this long for a last poll before it is
// let go (the library's orderly close, as in the reference engine.io server).
const pollingCloseTimeout = 30 * time.Second

// What closed sockets may leave for a while, and how long the test waits for it to go.
const (
	goroutineSlack = 10 // scheduling slack: the test's own HTTP client, timers about to fire
	heapSlack      = 4 << 20
	settleWithin   = pollingCloseTimeout + 15*time.Second
)

// Every socket that closes, however it closes, must give back its goroutines and its memory:
// after hundreds of real clients connected and left over every transport, signed in or not,
// refused, closed by the client, by the server, or gone silent, the server holds what it held
// before they came (Socket.IO library v3.0.0 kept a goroutine and about 25 KB for each socket its
// client closed). Under the race detector the polling scenarios are left out (see leakScenarios).
func TestClosedSocketsLeaveNoGoroutinesOrMemoryBehind(t *testing.T) {
	srv, store, url := leakServer(t)
	// A first cycle warms up what is allocated once (pools, the router, HTTP keep-alives); its
	// sockets all close at once, so the count is stable soon after.
	var warmUp []leakScenario
	for _, sc := range leakScenarios() {
		if sc.how != "vanish" {
			warmUp = append(warmUp, sc)
		}
	}
	connectCloseCycle(t, srv, store, url, 2, warmUp)
	baseG := stable(5 * time.Second)
	baseHeap := heapInUse()

	per := 20
	if testing.Short() {
		per = 5
	}
	sockets := 0
	for range 2 {
		sockets += connectCloseCycle(t, srv, store, url, per, leakScenarios())
	}

	// Silent sessions hold no goroutine of their own: wait for the heartbeat to end them too.
	var heldSessions uint64
	var heldSockets, heldRooms int
	for deadline := time.Now().Add(settleWithin); ; time.Sleep(100 * time.Millisecond) {
		heldSessions, heldSockets, heldRooms = live.Held(srv)
		if heldSessions+uint64(heldSockets+heldRooms) == 0 || time.Now().After(deadline) {
			break
		}
	}
	g := settled(baseG+goroutineSlack, settleWithin)
	heap := heapInUse()
	t.Logf("%d sockets came and went: goroutines %d → %d, heap %.1f → %.1f MiB", sockets, baseG, g, mib(baseHeap), mib(heap))
	if g > baseG+goroutineSlack {
		t.Errorf("%d goroutines alive %v after %d sockets came and went, %d before; the largest groups:\n%s",
			g, settleWithin, sockets, baseG, goroutineDump())
	}
	if grown := int64(heap) - int64(baseHeap); grown > heapSlack {
		t.Errorf("heap grew by %.1f MiB after %d sockets came and went", float64(grown)/(1<<20), sockets)
	}
	if heldSessions != 0 || heldSockets != 0 || heldRooms != 0 {
		t.Errorf("the server still holds %d Engine.IO sessions, %d sockets and %d rooms", heldSessions, heldSockets, heldRooms)
	}
}

func mib(b uint64) float64 { return float64(b) / (1 << 20) }
