package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/internal/pgtest"
)

// Mishwar behind a load balancer is several `mishwar serve` processes on one PostgreSQL. This test runs
// three real processes of the real binary and sends each command to the next process in turn: every
// change is seen by every process, each projection is led by one process and taken over within seconds
// when its leader is killed with SIGKILL (nothing applied twice, nothing lost), and idempotency keys and
// rate limits hold across processes.
func TestThreeProcessesOnOneDatabaseActAsOneSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three processes")
	}
	dbURL := pgtest.NewDatabaseURL(t)
	bin := buildBinary(t)
	const adminEmail, adminPassword = "ops@example.com", "s3cret-pass"
	if out, err := command(bin, dbURL, t.TempDir(), nil, "users", "add", "--email", adminEmail, "--password", adminPassword, "--role", "admin").CombinedOutput(); err != nil {
		t.Fatalf("users add: %v\n%s", err, out)
	}

	// The first process seeds the demo catalogue; the others join an existing site.
	a := startServe(t, bin, dbURL, "1")
	b := startServe(t, bin, dbURL, "0")
	c := startServe(t, bin, dbURL, "0")
	procs := []*serveProcess{a, b, c}

	// The first process is ready while its projections are within MISHWAR_READY_MAX_LAG events of the
	// head, so the seeded catalogue reaches the read model a moment later.
	ids := waitForDestinations(t, b, 6)

	var reg struct {
		Token string `json:"token"`
	}
	decode(t, c.call(t, http.MethodPost, "/api/register", "", map[string]string{
		"first_name": "Mona", "last_name": "Zaki", "email": "mona@example.com", "password": "correct-horse",
		"phone_number": "01001234567", "country_key": "+20",
	}, nil), http.StatusOK, &reg)
	traveller := reg.Token

	// Commands round-robin: each process adds a stop, then one moves the last stop up two places.
	for i := range 4 {
		res := procs[i%3].call(t, http.MethodPost, "/api/auth/cart", traveller, map[string]string{"destination_id": ids[i]}, nil)
		if res.status != http.StatusCreated {
			t.Fatalf("add %d through process %d: %d %s", i, i%3, res.status, res.body)
		}
	}
	want := []string{ids[0], ids[3], ids[1], ids[2]}
	moveLastUp(t, b, traveller, 2)
	for _, p := range procs {
		waitForCart(t, p, traveller, want)
	}

	// Every projection runs, each in one process.
	admin := signIn(t, c, adminEmail, adminPassword)
	waitAllRunning(t, c, admin)

	// The first process started first and leads the projections: kill it without a word.
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = a.cmd.Wait()
	if res := b.call(t, http.MethodPost, "/api/auth/cart", traveller, map[string]string{"destination_id": ids[4]}, nil); res.status != http.StatusCreated {
		t.Fatalf("add after the kill: %d %s", res.status, res.body)
	}
	moveLastUp(t, c, traveller, 4)
	want = []string{ids[4], ids[0], ids[3], ids[1], ids[2]}
	for _, p := range []*serveProcess{b, c} {
		waitForCart(t, p, traveller, want)
	}
	waitAllRunning(t, b, admin)

	// One Idempotency-Key sent to two processes at once: one change, one answer.
	var wg sync.WaitGroup
	answers := make([]result, 2)
	for i, p := range []*serveProcess{b, c} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = p.call(t, http.MethodPost, "/api/auth/cart", traveller, map[string]string{"destination_id": ids[5]},
				map[string]string{"Idempotency-Key": "add-the-sixth"})
		}()
	}
	wg.Wait()
	if answers[0].status != http.StatusCreated || answers[1].status != http.StatusCreated || string(answers[0].body) != string(answers[1].body) {
		t.Fatalf("one key on two processes: %d %s / %d %s", answers[0].status, answers[0].body, answers[1].status, answers[1].body)
	}
	waitForCart(t, c, traveller, append(want, ids[5]))

	// The sign-in limit for one account from one address holds whichever process answers.
	limited := false
	for i := range 8 {
		res := []*serveProcess{b, c}[i%2].call(t, http.MethodPost, "/api/user/login", "", map[string]string{"email": adminEmail, "password": "wrong-password"}, nil)
		if res.status == http.StatusTooManyRequests {
			limited = i >= 5
			if !limited {
				t.Fatalf("limited after only %d attempts", i)
			}
			break
		}
	}
	if !limited {
		t.Fatal("eight wrong passwords spread over two processes were never limited")
	}
}

type serveProcess struct {
	url string
	cmd *exec.Cmd
	log *logBuffer
}

type result struct {
	status int
	body   []byte
}

func (p *serveProcess) call(t *testing.T, method, path, token string, body any, header map[string]string) result {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, p.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s%s: %v\nits log:\n%s", method, p.url, path, err, p.log)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return result{status: res.StatusCode, body: raw}
}

func decode(t *testing.T, r result, status int, v any) {
	t.Helper()
	if r.status != status {
		t.Fatalf("got %d %s, want %d", r.status, r.body, status)
	}
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
}

func signIn(t *testing.T, p *serveProcess, email, password string) string {
	t.Helper()
	var out struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	decode(t, p.call(t, http.MethodPost, "/api/user/login", "", map[string]string{"email": email, "password": password}, nil), http.StatusOK, &out)
	return out.Data.Token
}

type cartView struct {
	Data []struct {
		ID            string `json:"id"`
		DestinationID string `json:"destination_id"`
	} `json:"data"`
}

func cartOf(t *testing.T, p *serveProcess, token string) cartView {
	t.Helper()
	var v cartView
	decode(t, p.call(t, http.MethodGet, "/api/auth/cart", token, nil, nil), http.StatusOK, &v)
	return v
}

func moveLastUp(t *testing.T, p *serveProcess, token string, steps int) {
	t.Helper()
	v := cartOf(t, p, token)
	last := v.Data[len(v.Data)-1].ID
	if res := p.call(t, http.MethodPatch, "/api/auth/cart/items/"+last+"/move", token, map[string]any{"direction": "up", "steps": steps}, nil); res.status != http.StatusOK {
		t.Fatalf("move: %d %s", res.status, res.body)
	}
}

// waitForCart waits until p serves the cart with exactly these destinations in this order: a change
// applied twice or lost would never get there.
func waitForCart(t *testing.T, p *serveProcess, token string, want []string) {
	t.Helper()
	var got []string
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		got = got[:0]
		for _, it := range cartOf(t, p, token).Data {
			got = append(got, it.DestinationID)
		}
		if slices.Equal(got, want) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s serves the cart %v, want %v", p.url, got, want)
}

// waitForDestinations waits until p serves at least n destinations and returns the first n ids.
func waitForDestinations(t *testing.T, p *serveProcess, n int) []string {
	t.Helper()
	var dest struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		decode(t, p.call(t, http.MethodGet, "/api/destinations?limit=10", "", nil, nil), http.StatusOK, &dest)
		if len(dest.Data) >= n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the demo catalogue seeded through the first process is not served by %s: %d destinations", p.url, len(dest.Data))
		}
		time.Sleep(50 * time.Millisecond)
	}
	ids := make([]string, n)
	for i := range ids {
		ids[i] = dest.Data[i].ID
	}
	return ids
}

// waitAllRunning waits until every projection and process manager has a leader.
func waitAllRunning(t *testing.T, p *serveProcess, admin string) {
	t.Helper()
	var idle []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var st struct {
			Data []struct {
				Name    string `json:"name"`
				Running bool   `json:"running"`
			} `json:"data"`
		}
		decode(t, p.call(t, http.MethodGet, "/api/admin/projections", admin, nil, nil), http.StatusOK, &st)
		idle = idle[:0]
		for _, s := range st.Data {
			if !s.Running {
				idle = append(idle, s.Name)
			}
		}
		if len(st.Data) > 0 && len(idle) == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("projections without a leader for 30s: %v", idle)
}

// binaries holds the binaries built by this test run, one per set of build tags: building one takes
// a quarter of a minute, and -count=20 need not take it forty times.
var binaries struct {
	sync.Mutex
	dir   string
	built map[string]string
}

// buildBinary builds mishwar with these build tags (none: the released binary), once per test run.
func buildBinary(t *testing.T, tags ...string) string {
	t.Helper()
	binaries.Lock()
	defer binaries.Unlock()
	key := strings.Join(tags, ",")
	if bin, ok := binaries.built[key]; ok {
		return bin
	}
	if binaries.dir == "" {
		dir, err := os.MkdirTemp("", "mishwar-bin-")
		if err != nil {
			t.Fatal(err)
		}
		binaries.dir, binaries.built = dir, map[string]string{}
	}
	bin := filepath.Join(binaries.dir, "mishwar-"+strings.ReplaceAll(cmp.Or(key, "release"), ",", "-"))
	build := exec.Command("go", "build", "-tags", key, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags %q: %v\n%s", key, err, out)
	}
	binaries.built[key] = bin
	return bin
}

// removeBinaries removes what buildBinary built, after every test.
func removeBinaries() {
	if binaries.dir != "" {
		_ = os.RemoveAll(binaries.dir)
	}
}

func command(bin, dbURL, dataDir string, extra []string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "MISHWAR_DATA_DIR="+dataDir, "MISHWAR_LOG_LEVEL=warn",
		"MISHWAR_PAYMENTS=sandbox")
	cmd.Env = append(cmd.Env, extra...)
	return cmd
}

// startServe starts `mishwar serve` of bin with MISHWAR_DEMO=demo and these extra variables, and waits
// until it is ready.
func startServe(t *testing.T, bin, dbURL, demo string, extra ...string) *serveProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	p := &serveProcess{url: "http://" + addr, log: &logBuffer{}}
	p.cmd = command(bin, dbURL, t.TempDir(), append([]string{"MISHWAR_ADDR=" + addr, "MISHWAR_DEMO=" + demo, "MISHWAR_PUBLIC_URL=" + p.url}, extra...), "serve")
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { _ = p.cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				_ = p.cmd.Process.Kill()
				<-done
			}
		}
		if t.Failed() {
			t.Logf("log of %s:\n%s", p.url, p.log)
		}
	})
	deadline := time.Now().Add(90 * time.Second)
	for {
		res, err := http.Get(p.url + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready in 90s (last: %v)\n%s", p.url, err, p.log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// logBuffer keeps a process's output; the process writes while the test may read.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A browser on Socket.IO's long-polling transport keeps a request open; a SIGTERM closes the live
// channel as the drain starts, so the process stops at once rather than when the shutdown timeout
// gives up on that request.
func TestALongPollingClientDoesNotHoldTheShutdownOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it")
	}
	dbURL := pgtest.NewDatabaseURL(t)
	p := startServe(t, buildBinary(t), dbURL, "0", "MISHWAR_SHUTDOWN_TIMEOUT=2m")
	res, err := http.Get(p.url + "/socket.io/?EIO=4&transport=polling")
	if err != nil {
		t.Fatal(err)
	}
	open, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var hs struct {
		SID string `json:"sid"`
	}
	if i := strings.IndexByte(string(open), '{'); i < 0 || json.Unmarshal(open[i:], &hs) != nil || hs.SID == "" {
		t.Fatalf("handshake: %d %s", res.StatusCode, open)
	}
	// The poll that waits for the server's next packet.
	polling := make(chan error, 1)
	go func() {
		r, err := http.Get(p.url + "/socket.io/?EIO=4&transport=polling&sid=" + hs.SID)
		if err == nil {
			_, _ = io.Copy(io.Discard, r.Body)
			r.Body.Close()
		}
		polling <- err
	}()
	time.Sleep(500 * time.Millisecond)
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	// Socket.IO answers a waiting poll within its ping interval (25 s) at the latest: a stop well
	// before that is the live channel closing, not the poll ending on its own.
	select {
	case <-exited:
	case <-time.After(15 * time.Second):
		t.Fatalf("serve still draining 15 s after SIGINT with a polling client:\n%s", p.log.String())
	}
	if strings.Contains(p.log.String(), "requests still running at shutdown timeout") {
		t.Fatalf("the drain waited for the polling request:\n%s", p.log.String())
	}
}
