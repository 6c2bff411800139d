// Package livetest drives the official socket.io-client (npm) under node from tests, through
// httpapi/live's testdata/client.mjs: a test opens a real browser-side socket on a running server,
// emits with acknowledgements and reads the events it hears. httpapi/live's own tests and those of
// other packages share it. Test support only.
package livetest

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

// Options configure one socket.
type Options struct {
	URL        string            `json:"url"`
	Transports []string          `json:"transports,omitempty"`
	Auth       map[string]any    `json:"auth,omitempty"`
	Headers    map[string]string `json:"headers,omitempty"`
}

// Msg is one line the client prints: open, connected, connect_error, upgrade, disconnect, event or
// ack.
type Msg struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Transport string          `json:"transport"`
	Event     string          `json:"event"`
	Message   string          `json:"message"`
	Reason    string          `json:"reason"`
	Error     *string         `json:"error"`
	Data      json.RawMessage `json:"data"`
	// At is when the test read the line.
	At time.Time `json:"-"`
}

// Client is one socket.io-client process.
type Client struct {
	t     testing.TB
	stdin interface {
		Write([]byte) (int, error)
	}
	msgs  chan Msg
	mu    sync.Mutex
	seq   int
	stash []Msg
}

func dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..")
}

var (
	clientBaseOnce sync.Once
	clientBase     string
	clientBaseErr  error
)

// ClientBase returns a folder whose node_modules holds socket.io-client: the web app's own, or else a
// private install made once per machine. Not finding one fails the test: these tests are the proof
// that the real client can talk to our server.
func ClientBase(t testing.TB) string {
	t.Helper()
	clientBaseOnce.Do(func() { clientBase, clientBaseErr = findClientBase() })
	if clientBaseErr != nil {
		t.Fatalf("livetest: cannot get the real socket.io-client: %v", clientBaseErr)
	}
	return clientBase
}

func findClientBase() (string, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return "", fmt.Errorf("node is not installed (needed to run socket.io-client): %w", err)
	}
	webapp := filepath.Join(dir(), "..", "..", "webapp")
	if hasClient(webapp) {
		return webapp, nil
	}
	private := filepath.Join(os.TempDir(), "mishwar-live-test-socket.io-client-4")
	if hasClient(private) {
		return private, nil
	}
	if err := os.MkdirAll(private, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(private, "package.json"), []byte(`{"private":true}`), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "install", "--no-save", "--no-audit", "--no-fund", "socket.io-client@4")
	cmd.Dir = private
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("webapp/node_modules has no socket.io-client and `npm install socket.io-client@4` in %s failed: %w\n%s", private, err, out)
	}
	if !hasClient(private) {
		return "", fmt.Errorf("npm install in %s did not produce node_modules/socket.io-client", private)
	}
	return private, nil
}

func hasClient(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "node_modules", "socket.io-client", "package.json"))
	return err == nil
}

// Start opens a socket and waits until it is connected and has heard live.session; it reports
// whether the server signed it in.
func Start(t testing.TB, o Options) (*Client, bool) {
	t.Helper()
	c := Open(t, o)
	_, authenticated := c.Connected()
	return c, authenticated
}

// Open starts a client opening a socket and returns at once, before it is connected: a test that
// expects a connect_error, or reads the transport opened, waits with Next; others call Connected.
func Open(t testing.TB, o Options) *Client {
	t.Helper()
	base := ClientBase(t)
	arg, _ := json.Marshal(o)
	cmd := exec.Command("node", filepath.Join(dir(), "testdata", "client.mjs"), string(arg))
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
		t.Fatalf("livetest: start node: %v", err)
	}
	c := &Client{t: t, stdin: stdin, msgs: make(chan Msg, 4096)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m Msg
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = Msg{Type: "unparsable", Message: sc.Text()}
			}
			m.At = time.Now()
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

// Connected waits for the connection and the server's live.session event, after which the socket is
// in its private rooms; it returns the transport connected over and whether the server signed the
// socket in.
func (c *Client) Connected() (transport string, authenticated bool) {
	c.t.Helper()
	m := c.Next(15*time.Second, "connected", func(m Msg) bool { return m.Type == "connected" || m.Type == "connect_error" })
	if m.Type == "connect_error" {
		c.t.Fatalf("livetest: connect_error: %s %s", m.Message, m.Data)
	}
	s := c.Event("live.session", 15*time.Second)
	var session struct {
		Authenticated bool `json:"authenticated"`
	}
	if err := json.Unmarshal(s.Data, &session); err != nil {
		c.t.Fatalf("livetest: live.session data %s: %v", s.Data, err)
	}
	return m.Transport, session.Authenticated
}

// Next returns the next message matching keep, failing the test after timeout. Messages skipped on
// the way are kept for later calls.
func (c *Client) Next(timeout time.Duration, what string, keep func(Msg) bool) Msg {
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
				c.t.Fatalf("livetest: client exited while waiting for %s (seen: %v)", what, c.stash)
			}
			if keep(m) {
				return m
			}
			c.stash = append(c.stash, m)
		case <-deadline:
			c.t.Fatalf("livetest: timed out waiting for %s (seen: %v)", what, c.stash)
		}
	}
}

// Event waits for the next event named name.
func (c *Client) Event(name string, timeout time.Duration) Msg {
	c.t.Helper()
	return c.Next(timeout, "event "+name, func(m Msg) bool { return m.Type == "event" && m.Event == name })
}

// EventsUntil collects every event received before the event named stop, which it consumes too.
func (c *Client) EventsUntil(stop string, timeout time.Duration) []Msg {
	c.t.Helper()
	var got []Msg
	c.Next(timeout, "event "+stop, func(m Msg) bool {
		if m.Type == "event" && m.Event == stop {
			return true
		}
		if m.Type == "event" {
			got = append(got, m)
		}
		return false
	})
	// Events received before stop are not left for later calls.
	kept := c.stash[:0]
	for _, m := range c.stash {
		if m.Type != "event" {
			kept = append(kept, m)
		}
	}
	c.stash = kept
	return got
}

// SendUntilHeard calls send, then waits a moment for an event named name, again and again until it
// arrives, failing the test after timeout: a room whose subscription has no "ready" signal of its own
// is ready once a probe sent to it is heard. What arrived stays in Seen.
func (c *Client) SendUntilHeard(name string, timeout time.Duration, send func()) {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for !c.holds(name) {
		send()
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("livetest: client exited while waiting for %s (seen: %v)", name, c.stash)
			}
			c.stash = append(c.stash, m)
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("livetest: %s never arrived (seen: %v)", name, c.stash)
		}
	}
}

func (c *Client) holds(event string) bool {
	for _, m := range c.stash {
		if m.Type == "event" && m.Event == event {
			return true
		}
	}
	return false
}

// Seen returns what the client has printed and no call consumed yet, including what has arrived but
// was not read, in order.
func (c *Client) Seen() []Msg {
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return c.stash
			}
			c.stash = append(c.stash, m)
			continue
		default:
		}
		return c.stash
	}
}

// Forget drops what the client printed and no call consumed yet: later calls see what is still to be
// read.
func (c *Client) Forget() { c.stash = nil }

// Heard reports whether an event named name arrived within wait (consuming it).
func (c *Client) Heard(name string, wait time.Duration) bool {
	for i, m := range c.stash {
		if m.Type == "event" && m.Event == name {
			c.stash = append(c.stash[:i:i], c.stash[i+1:]...)
			return true
		}
	}
	deadline := time.After(wait)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return false
			}
			if m.Type == "event" && m.Event == name {
				return true
			}
			c.stash = append(c.stash, m)
		case <-deadline:
			return false
		}
	}
}

// Send emits event with payload and returns when the line was handed to the client, without
// waiting for the acknowledgement; Ack waits for it.
func (c *Client) Send(event string, payload any) (id string, sent time.Time) {
	c.t.Helper()
	c.mu.Lock()
	c.seq++
	id = fmt.Sprint(c.seq)
	c.mu.Unlock()
	line, _ := json.Marshal(map[string]any{"cmd": "emit", "id": id, "event": event, "payload": payload})
	sent = time.Now()
	if _, err := c.stdin.Write(append(line, '\n')); err != nil {
		c.t.Fatalf("livetest: write to client: %v", err)
	}
	return id, sent
}

// Ack waits for the acknowledgement of the emit id.
func (c *Client) Ack(id string) json.RawMessage {
	c.t.Helper()
	m := c.Next(15*time.Second, "ack "+id, func(m Msg) bool { return m.Type == "ack" && m.ID == id })
	if m.Error != nil {
		c.t.Fatalf("livetest: emit %s: %s", id, *m.Error)
	}
	return m.Data
}

// Emit sends event with payload and waits for the server's acknowledgement.
func (c *Client) Emit(event string, payload any) json.RawMessage {
	c.t.Helper()
	id, _ := c.Send(event, payload)
	return c.Ack(id)
}

// Reconnect drops the connection and connects the same client again (a phone that slept, a network
// that came back); it waits until it is connected and has heard live.session anew. Rooms joined by
// request are not kept: join again, as the web app does.
func (c *Client) Reconnect() {
	c.t.Helper()
	if _, err := c.stdin.Write([]byte(`{"cmd":"reconnect"}` + "\n")); err != nil {
		c.t.Fatalf("livetest: write to client: %v", err)
	}
	c.Next(15*time.Second, "disconnect", func(m Msg) bool { return m.Type == "disconnect" })
	if m := c.Next(15*time.Second, "connected", func(m Msg) bool { return m.Type == "connected" || m.Type == "connect_error" }); m.Type == "connect_error" {
		c.t.Fatalf("livetest: reconnect: connect_error: %s %s", m.Message, m.Data)
	}
	c.Event("live.session", 15*time.Second)
}

// Drain forgets every message that arrived so far.
func (c *Client) Drain() {
	c.stash = nil
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return
			}
			_ = m
		default:
			return
		}
	}
}
