// Package stripemocktest runs stripe-mock (github.com/stripe/stripe-mock, Stripe's own mock of its
// API) for the tests: on a loopback port of its own, no network. stripe-mock checks every request
// against the OpenAPI description Stripe publishes (unknown parameters, wrong types, missing required
// ones are refused as Stripe refuses them) and answers with Stripe's fixtures. It keeps no state: a
// session created is not found again, and Idempotency-Key is not honoured; Server.Requests shows what
// was sent so the tests can check the keys themselves.
//
// stripe-mock is a program, so the first Start of a test process builds it with `go build` from the
// module cache: the version is the one go.mod requires for the tool (`go get -tool
// github.com/stripe/stripe-mock@VERSION`), so go.sum pins it and a fresh machine needs nothing but the
// Go module proxy. The binary is kept in the system's temporary folder under the version's name and
// reused by later test runs. It is test support only.
package stripemocktest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mishwar/internal/tooltest"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const module = "github.com/stripe/stripe-mock"

// Request is one request stripe-mock received, as the tests read it.
type Request struct {
	Method, Path string
	Header       http.Header
	Form         url.Values
	// Status and Answer are stripe-mock's answer.
	Status int
	Answer []byte
}

// Server is a running stripe-mock behind a recording proxy.
type Server struct {
	// URL is the base URL to give stripe-go (the recording proxy in front of stripe-mock).
	URL string

	mu       sync.Mutex
	requests []Request
	cmd      *exec.Cmd
	exited   chan struct{}
	logFile  string
}

// Start runs a stripe-mock until the test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	bin := tooltest.Binary(tb, module, "stripe-mock")
	dir := tb.TempDir()
	var lastErr error
	// A free port may be taken by someone else between the probe and stripe-mock's listen: try again.
	for attempt := range 3 {
		s := &Server{exited: make(chan struct{}), logFile: filepath.Join(dir, fmt.Sprintf("stripe-mock-%d.log", attempt))}
		addr := tooltest.FreeAddr(tb)
		log, err := os.Create(s.logFile)
		if err != nil {
			tb.Fatal(err)
		}
		// stripe-mock opens HTTPS on a fixed port unless told where: a port of the system's choosing
		// keeps parallel test processes apart.
		s.cmd = exec.Command(bin, "-http-addr", addr, "-https-addr", "127.0.0.1:0")
		s.cmd.Stdout, s.cmd.Stderr = log, log
		if err := s.cmd.Start(); err != nil {
			_ = log.Close()
			tb.Fatalf("stripemocktest: start %s: %v", bin, err)
		}
		go func() { _ = s.cmd.Wait(); _ = log.Close(); close(s.exited) }()
		if lastErr = s.waitReady(addr, 30*time.Second); lastErr == nil {
			proxy := httptest.NewServer(s.recorder(&url.URL{Scheme: "http", Host: addr}))
			s.URL = proxy.URL
			tb.Cleanup(func() {
				proxy.Close()
				s.stop()
				if tb.Failed() {
					if b, err := os.ReadFile(s.logFile); err == nil && len(b) > 0 {
						tb.Logf("stripe-mock log:\n%s", b)
					}
				}
			})
			return s
		}
		s.stop()
	}
	tb.Fatalf("stripemocktest: %v", lastErr)
	return nil
}

// recorder passes every request to stripe-mock and keeps it, with the answer's status.
func (s *Server) recorder(target *url.URL) http.Handler {
	proxy := httputil.NewSingleHostReverseProxy(target)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		form, _ := url.ParseQuery(string(body))
		rec := &recordingWriter{ResponseWriter: w, status: http.StatusOK}
		proxy.ServeHTTP(rec, r)
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Form: form,
			Status: rec.status, Answer: rec.body.Bytes()})
		s.mu.Unlock()
	})
}

type recordingWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *recordingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// SessionID is the id stripe-mock gave the Checkout Session created for clientReferenceID ("" when
// none was).
func (s *Server) SessionID(clientReferenceID string) string {
	for _, r := range s.Requests("/v1/checkout/sessions") {
		var cs struct {
			ID string `json:"id"`
		}
		if r.Method == http.MethodPost && r.Form.Get("client_reference_id") == clientReferenceID && json.Unmarshal(r.Answer, &cs) == nil && cs.ID != "" {
			return cs.ID
		}
	}
	return ""
}

// Requests returns what stripe-mock received so far whose path starts with prefix, oldest first.
func (s *Server) Requests(prefix string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if strings.HasPrefix(r.Path, prefix) {
			out = append(out, r)
		}
	}
	return out
}

// waitReady waits until stripe-mock answers.
func (s *Server) waitReady(addr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		select {
		case <-s.exited:
			b, _ := os.ReadFile(s.logFile)
			return fmt.Errorf("stripe-mock exited at start: %s", b)
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			_ = c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("stripe-mock not ready on %s after %v", addr, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends stripe-mock: politely, then for good.
func (s *Server) stop() { tooltest.Stop(s.cmd, s.exited) }
