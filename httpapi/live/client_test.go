package live_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests drive the official socket.io-client (npm) with testdata/client.mjs under node.

var (
	clientBaseOnce sync.Once
	clientBase     string
	clientBaseErr  error
)

// socketIOClientBase returns a folder whose node_modules holds socket.io-client: the web app's own,
// or else a private install made once per machine. Not finding one fails the test: these tests are
// the proof that the real client can talk to our server.
func socketIOClientBase(t *testing.T) string {
	t.Helper()
	clientBaseOnce.Do(func() {
		if _, err := exec.LookPath("node"); err != nil {
			clientBaseErr = fmt.Errorf("node is not installed (needed to run socket.io-client): %w", err)
			return
		}
		_, file, _, _ := runtime.Caller(0)
		webapp := filepath.Join(filepath.Dir(file), "..", "..", "webapp")
		if hasClient(webapp) {
			clientBase = webapp
			return
		}
		dir := filepath.Join(os.TempDir(), "mishwar-live-test-socket.io-client-4")
		if hasClient(dir) {
			clientBase = dir
			return
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			clientBaseErr = err
			return
		}
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private":true}`), 0o644); err != nil {
			clientBaseErr = err
			return
		}
		cmd := exec.Command("npm", "install", "--no-save", "--no-audit", "--no-fund", "socket.io-client@4")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			clientBaseErr = fmt.Errorf("webapp/node_modules has no socket.io-client and `npm install socket.io-client@4` in %s failed: %w\n%s", dir, err, out)
			return
		}
		if !hasClient(dir) {
			clientBaseErr = fmt.Errorf("npm install in %s did not produce node_modules/socket.io-client", dir)
			return
		}
		clientBase = dir
	})
	if clientBaseErr != nil {
		t.Fatalf("cannot get the real socket.io-client: %v", clientBaseErr)
	}
	return clientBase
}

func hasClient(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "node_modules", "socket.io-client", "package.json"))
	return err == nil
}

type clientOpts struct {
	URL        string            `json:"url"`
	Transports []string          `json:"transports,omitempty"`
	Auth       map[string]any    `json:"auth,omitempty"`
	Headers    map[string]string `json:"headers,omitempty"`
}

// msg is one line the client prints.
type msg struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Transport string          `json:"transport"`
	Event     string          `json:"event"`
	Message   string          `json:"message"`
	Reason    string          `json:"reason"`
	Error     *string         `json:"error"`
	Data      json.RawMessage `json:"data"`
}

type client struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin interface {
		Write([]byte) (int, error)
		Close() error
	}
	msgs  chan msg
	mu    sync.Mutex
	seq   int
	stash []msg
}

func startClient(t *testing.T, o clientOpts) *client {
	t.Helper()
	base := socketIOClientBase(t)
	arg, _ := json.Marshal(o)
	cmd := exec.Command("node", filepath.Join("testdata", "client.mjs"), string(arg))
	cmd.Env = append(os.Environ(), "SOCKET_IO_CLIENT_BASE="+base)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start node: %v", err)
	}
	c := &client{t: t, cmd: cmd, stdin: stdin, msgs: make(chan msg, 4096)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m msg
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = msg{Type: "unparsable", Message: sc.Text()}
			}
			c.msgs <- m
		}
		close(c.msgs)
	}()
	t.Cleanup(func() {
		_ = stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("client stderr:\n%s", stderr.String())
		}
	})
	return c
}

// next returns the next message matching keep, failing the test after timeout. Messages skipped on
// the way are kept for later calls.
func (c *client) next(timeout time.Duration, what string, keep func(msg) bool) msg {
	c.t.Helper()
	for i, m := range c.stash {
		if keep(m) {
			c.stash = append(c.stash[:i:i], c.stash[i+1:]...)
			return m
		}
	}
	deadline := time.After(timeout)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("client exited while waiting for %s (seen: %v)", what, c.stash)
			}
			if keep(m) {
				return m
			}
			c.stash = append(c.stash, m)
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s (seen: %v)", what, c.stash)
		}
	}
}

// connected waits for the connection and the server's live.session event, after which the socket
// is in its private rooms; it returns whether the server authenticated the socket.
func (c *client) connected() (transport string, authenticated bool) {
	c.t.Helper()
	m := c.next(15*time.Second, "connected", func(m msg) bool { return m.Type == "connected" || m.Type == "connect_error" })
	if m.Type == "connect_error" {
		c.t.Fatalf("connect_error: %s %s", m.Message, m.Data)
	}
	s := c.event("live.session")
	var session struct {
		Authenticated bool `json:"authenticated"`
	}
	if err := json.Unmarshal(s.Data, &session); err != nil {
		c.t.Fatalf("live.session data %s: %v", s.Data, err)
	}
	return m.Transport, session.Authenticated
}

func (c *client) event(name string) msg {
	c.t.Helper()
	return c.next(15*time.Second, "event "+name, func(m msg) bool { return m.Type == "event" && m.Event == name })
}

// eventsUntil collects every event received before the event named stop.
func (c *client) eventsUntil(stop string) []msg {
	c.t.Helper()
	var got []msg
	c.next(15*time.Second, "event "+stop, func(m msg) bool {
		if m.Type == "event" && m.Event == stop {
			return true
		}
		if m.Type == "event" {
			got = append(got, m)
		}
		return false
	})
	// Events received before stop are not left in the stash for later calls.
	kept := c.stash[:0]
	for _, m := range c.stash {
		if m.Type != "event" {
			kept = append(kept, m)
		}
	}
	c.stash = kept
	return got
}

// emit sends event with payload and waits for the server's acknowledgement.
func (c *client) emit(event string, payload any) json.RawMessage {
	c.t.Helper()
	c.mu.Lock()
	c.seq++
	id := fmt.Sprint(c.seq)
	c.mu.Unlock()
	line, _ := json.Marshal(map[string]any{"cmd": "emit", "id": id, "event": event, "payload": payload})
	if _, err := c.stdin.Write(append(line, '\n')); err != nil {
		c.t.Fatalf("write to client: %v", err)
	}
	m := c.next(15*time.Second, "ack "+id, func(m msg) bool { return m.Type == "ack" && m.ID == id })
	if m.Error != nil {
		c.t.Fatalf("emit %s: %s", event, *m.Error)
	}
	return m.Data
}
