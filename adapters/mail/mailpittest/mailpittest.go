// Package mailpittest runs Mailpit (github.com/axllent/mailpit, a real SMTP server made for testing)
// for the tests: on loopback ports of its own, with STARTTLS or TLS from the first byte on a
// throwaway certificate, SMTP authentication, and its Chaos triggers to make it refuse senders or
// recipients. What it received is read through Mailpit's HTTP API.
//
// Mailpit is a program, not a library (its packages are internal), so the first Start of a test
// process builds it with `go build` from the module cache: the version is the one go.mod requires for
// the tool (`go get -tool github.com/axllent/mailpit@VERSION`), so go.sum pins it and a fresh machine
// needs nothing but the Go module proxy. The binary is kept in the system's temporary folder under
// the version's name and reused by later test runs. It is test support only.
package mailpittest

import (
	"bytes"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/mail/certtest"
	"mishwar/internal/tooltest"
)

const module = "github.com/axllent/mailpit"

// Options configure one Mailpit.
type Options struct {
	// Username and Password, when set, are required (SMTP AUTH, which Mailpit allows only over TLS
	// unless PlainText). Mailpit's password files cannot hold white space.
	Username, Password string
	// ImplicitTLS speaks TLS from the first byte (smtps); otherwise STARTTLS is offered and required.
	ImplicitTLS bool
	// SMTPAddr to listen on (default: a free loopback port).
	SMTPAddr string
	// Chaos enables Mailpit's Chaos triggers (see Server.Refuse).
	Chaos bool
	// PlainText offers no TLS at all, for a sender set with tls=none: the whole app in the HTTP
	// tests, whose sender trusts only the system's certificate authorities. With credentials, Mailpit
	// then offers AUTH PLAIN and LOGIN in the clear (--smtp-auth-allow-insecure), as a local relay
	// may.
	PlainText bool
}

// Server is a running Mailpit.
type Server struct {
	// SMTPAddr is host:port of its SMTP server.
	SMTPAddr string
	// APIURL is the base URL of its HTTP API (http://127.0.0.1:port).
	APIURL string
	// RootCAs trusts its certificate.
	RootCAs *x509.CertPool

	opts    Options
	cmd     *exec.Cmd
	exited  chan struct{}
	logFile string
}

// Start runs a Mailpit until the test ends.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	if strings.ContainsAny(opts.Username+opts.Password, " \t\r\n") {
		tb.Fatal("mailpittest: Mailpit's password files cannot hold white space")
	}
	if opts.PlainText && opts.ImplicitTLS {
		tb.Fatal("mailpittest: PlainText goes without TLS")
	}
	bin := tooltest.Binary(tb, module, "mailpit")
	dir := tb.TempDir()
	cert, err := certtest.SelfSigned("mailpittest")
	if err != nil {
		tb.Fatalf("mailpittest: certificate: %v", err)
	}
	certFile, keyFile, err := cert.WritePEM(dir)
	if err != nil {
		tb.Fatalf("mailpittest: certificate: %v", err)
	}
	var lastErr error
	// A free port may be taken by someone else between the probe and Mailpit's listen: try again.
	for attempt := range 3 {
		s := &Server{RootCAs: cert.Pool, opts: opts, exited: make(chan struct{}), logFile: filepath.Join(dir, fmt.Sprintf("mailpit-%d.log", attempt))}
		// The caller's SMTP address may be free now (a test of an outage): the API must not draw it.
		if s.SMTPAddr = opts.SMTPAddr; s.SMTPAddr == "" {
			addrs := tooltest.FreeAddrs(tb, 2)
			s.SMTPAddr, s.APIURL = addrs[0], "http://"+addrs[1]
		} else {
			s.APIURL = "http://" + tooltest.FreeAddrs(tb, 1, s.SMTPAddr)[0]
		}
		args := []string{
			"--smtp", s.SMTPAddr,
			"--listen", strings.TrimPrefix(s.APIURL, "http://"),
			"--database", filepath.Join(dir, fmt.Sprintf("mailpit-%d.db", attempt)),
			"--log-file", s.logFile,
			"--disable-version-check",
			"--smtp-disable-rdns",
		}
		switch {
		case opts.PlainText:
		case opts.ImplicitTLS:
			args = append(args, "--smtp-tls-cert", certFile, "--smtp-tls-key", keyFile, "--smtp-require-tls")
		default:
			args = append(args, "--smtp-tls-cert", certFile, "--smtp-tls-key", keyFile, "--smtp-require-starttls")
		}
		if opts.Username != "" {
			// One "user:password" line; Mailpit reads plain passwords as well as hashed ones.
			authFile := filepath.Join(dir, "smtp-auth")
			if err := os.WriteFile(authFile, []byte(opts.Username+":"+opts.Password+"\n"), 0o600); err != nil {
				tb.Fatal(err)
			}
			args = append(args, "--smtp-auth-file", authFile)
			if opts.PlainText {
				args = append(args, "--smtp-auth-allow-insecure")
			}
		}
		if opts.Chaos {
			args = append(args, "--enable-chaos")
		}
		s.cmd = exec.Command(bin, args...)
		s.cmd.Stdout, s.cmd.Stderr = io.Discard, io.Discard
		if err := s.cmd.Start(); err != nil {
			tb.Fatalf("mailpittest: start %s: %v", bin, err)
		}
		go func() { _ = s.cmd.Wait(); close(s.exited) }()
		if lastErr = s.waitReady(30 * time.Second); lastErr == nil {
			tb.Cleanup(func() {
				s.stop()
				if tb.Failed() {
					if b, err := os.ReadFile(s.logFile); err == nil && len(b) > 0 {
						tb.Logf("mailpit log:\n%s", b)
					}
				}
			})
			return s
		}
		s.stop()
		if opts.SMTPAddr != "" {
			break // the caller's address: trying again would not help
		}
	}
	tb.Fatalf("mailpittest: %v", lastErr)
	return nil
}

// waitReady waits until Mailpit answers on both its ports.
func (s *Server) waitReady(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		select {
		case <-s.exited:
			b, _ := os.ReadFile(s.logFile)
			return fmt.Errorf("mailpit exited at start: %s", b)
		default:
		}
		res, err := http.Get(s.APIURL + "/readyz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				if c, err := net.DialTimeout("tcp", s.SMTPAddr, time.Second); err == nil {
					_ = c.Close()
					return nil
				}
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("mailpit not ready on %s and %s after %v", s.SMTPAddr, s.APIURL, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends Mailpit: politely, then for good.
func (s *Server) stop() { tooltest.Stop(s.cmd, s.exited) }

// URL is an smtp:// (or smtps://) URL for this server, with its credentials.
func (s *Server) URL() string {
	u := url.URL{Scheme: "smtp", Host: s.SMTPAddr}
	if s.opts.ImplicitTLS {
		u.Scheme = "smtps"
	}
	if s.opts.PlainText {
		u.RawQuery = "tls=none"
	}
	if s.opts.Username != "" {
		u.User = url.UserPassword(s.opts.Username, s.opts.Password)
	}
	return u.String()
}

// Address is a sender or recipient as Mailpit reports it.
type Address struct {
	Name    string
	Address string
}

// Message is one received message as Mailpit's API gives it: headers decoded, text and HTML parts.
type Message struct {
	ID        string // Mailpit's own id
	MessageID string // the Message-ID header, without angle brackets
	From      *Address
	To        []Address
	Subject   string
	Text      string
	HTML      string
	// Username is the SMTP AUTH user the message was sent as; Mailpit v1.27 records it only for
	// AUTH LOGIN, not PLAIN.
	Username string
	// Headers are the raw message's headers (GET /api/v1/message/{id}/headers).
	Headers map[string][]string
}

// Header returns the first value of the named header.
func (m Message) Header(name string) string {
	for k, v := range m.Headers {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// Messages returns every message received so far, oldest first.
func (s *Server) Messages(tb testing.TB) []Message {
	tb.Helper()
	var list struct {
		Total    int
		Messages []struct{ ID string }
	}
	s.get(tb, "/api/v1/messages?limit=1000", &list)
	out := make([]Message, 0, len(list.Messages))
	for i := len(list.Messages) - 1; i >= 0; i-- { // the API lists the newest first
		out = append(out, s.Message(tb, list.Messages[i].ID))
	}
	return out
}

// Count is the number of messages received so far.
func (s *Server) Count(tb testing.TB) int {
	tb.Helper()
	var list struct{ Total int }
	s.get(tb, "/api/v1/messages?limit=1", &list)
	return list.Total
}

// Message returns one received message by Mailpit's id.
func (s *Server) Message(tb testing.TB, id string) Message {
	tb.Helper()
	var m Message
	s.get(tb, "/api/v1/message/"+url.PathEscape(id), &m)
	s.get(tb, "/api/v1/message/"+url.PathEscape(id)+"/headers", &m.Headers)
	return m
}

// Wait blocks until n messages in all have arrived or timeout passes; it returns them.
func (s *Server) Wait(tb testing.TB, n int, timeout time.Duration) []Message {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	for s.Count(tb) < n {
		if time.Now().After(deadline) {
			tb.Fatalf("mailpittest: %d messages after %v, want %d", s.Count(tb), timeout, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return s.Messages(tb)
}

// Stage is where in the SMTP conversation Mailpit's Chaos refuses.
type Stage string

const (
	// AtSender refuses MAIL FROM.
	AtSender Stage = "Sender"
	// AtRecipient refuses RCPT TO.
	AtRecipient Stage = "Recipient"
	// AtAuthentication refuses AUTH.
	AtAuthentication Stage = "Authentication"
)

// Refuse makes Mailpit answer every command of stage with code (400–599) until Accept, through its
// Chaos API. The server must have been started with Options.Chaos.
func (s *Server) Refuse(tb testing.TB, stage Stage, code int) {
	tb.Helper()
	triggers := map[Stage]map[string]int{}
	for _, st := range []Stage{AtSender, AtRecipient, AtAuthentication} {
		triggers[st] = map[string]int{"ErrorCode": 451, "Probability": 0}
	}
	if code != 0 {
		triggers[stage] = map[string]int{"ErrorCode": code, "Probability": 100}
	}
	body, _ := json.Marshal(triggers)
	req, _ := http.NewRequest(http.MethodPut, s.APIURL+"/api/v1/chaos", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("mailpittest: set chaos: %v", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		tb.Fatalf("mailpittest: set chaos: %d %s", res.StatusCode, b)
	}
}

// Accept ends every refusal set with Refuse.
func (s *Server) Accept(tb testing.TB) {
	tb.Helper()
	s.Refuse(tb, "", 0)
}

func (s *Server) get(tb testing.TB, path string, v any) {
	tb.Helper()
	res, err := http.Get(s.APIURL + path)
	if err != nil {
		tb.Fatalf("mailpittest: GET %s: %v", path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		tb.Fatalf("mailpittest: GET %s: %d %s %v", path, res.StatusCode, b, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("mailpittest: GET %s: %v in %s", path, err, b)
	}
}
