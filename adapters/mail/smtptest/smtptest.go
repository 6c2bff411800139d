// Package smtptest runs a home-made SMTP server on loopback for tests: it speaks ESMTP over TCP with
// STARTTLS (a certificate from a throwaway CA), AUTH PLAIN and LOGIN, and keeps what it receives. It
// can refuse messages temporarily or permanently after their data, to exercise retries. The mail
// adapter's own tests send through Mailpit (mailpittest), a real SMTP server, and keep this one only
// for what Mailpit cannot do (refusing a message after its data). It is test support only: it
// stores every message in memory and must never be used to relay mail.
package smtptest

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/mail/certtest"
)

// Options configure the server.
type Options struct {
	// Username and Password, when set, are required (AUTH) before MAIL.
	Username, Password string
	// RequireTLS refuses AUTH and MAIL before STARTTLS.
	RequireTLS bool
	// Addr to listen on (default 127.0.0.1:0).
	Addr string
	// ImplicitTLS speaks TLS from the first byte (smtps, port 465 style) instead of offering STARTTLS.
	ImplicitTLS bool
}

// Message is one message as received.
type Message struct {
	From     string
	To       []string
	Data     []byte
	TLS      bool
	AuthUser string
}

// Server is a running test SMTP server.
type Server struct {
	Addr    string
	RootCAs *x509.CertPool

	opts   Options
	tlsCfg *tls.Config
	ln     net.Listener

	mu       sync.Mutex
	messages []Message
	refusals []string // replies for the next DATA commands ("451 ...", "550 ...")
	conns    map[net.Conn]struct{}
	wg       sync.WaitGroup
	arrived  chan struct{}
}

// Start listens and serves until the test ends.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := start(opts)
	if err != nil {
		tb.Fatalf("smtptest: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

func start(opts Options) (*Server, error) {
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	cert, err := certtest.SelfSigned("smtptest")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return nil, err
	}
	s := &Server{
		Addr: ln.Addr().String(), RootCAs: cert.Pool, opts: opts, ln: ln,
		tlsCfg:  &tls.Config{Certificates: []tls.Certificate{cert.TLS}, MinVersion: tls.VersionTLS12},
		conns:   map[net.Conn]struct{}{},
		arrived: make(chan struct{}, 1000),
	}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// URL is an smtp:// URL for this server (with credentials when the server requires them).
func (s *Server) URL() string {
	scheme := "smtp"
	if s.opts.ImplicitTLS {
		scheme = "smtps"
	}
	if s.opts.Username != "" {
		return fmt.Sprintf("%s://%s:%s@%s", scheme, s.opts.Username, s.opts.Password, s.Addr)
	}
	return scheme + "://" + s.Addr
}

// Close stops the server and drops open connections.
func (s *Server) Close() {
	_ = s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		_ = c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// Messages returns what was received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Refuse makes the next len(replies) DATA commands fail with these replies (e.g. "451 4.3.0 try
// later", "550 5.1.1 no such user").
func (s *Server) Refuse(replies ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusals = append(s.refusals, replies...)
}

// Wait blocks until n messages in all have arrived or timeout passes; it returns them.
func (s *Server) Wait(tb testing.TB, n int, timeout time.Duration) []Message {
	tb.Helper()
	deadline := time.After(timeout)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		select {
		case <-s.arrived:
		case <-deadline:
			tb.Fatalf("smtptest: %d messages after %s, want %d", len(s.Messages()), timeout, n)
		}
	}
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, c)
				s.mu.Unlock()
				_ = c.Close()
			}()
			s.serve(c)
		}()
	}
}

type session struct {
	conn     net.Conn
	tp       *textproto.Conn
	tls      bool
	authUser string
	from     string
	to       []string
	// mailStarted: a MAIL command opened a transaction (the sender may be empty, "<>").
	mailStarted bool
}

func (s *Server) serve(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(time.Minute))
	ss := &session{conn: c, tp: textproto.NewConn(c)}
	if s.opts.ImplicitTLS {
		tc := tls.Server(c, s.tlsCfg)
		if err := tc.Handshake(); err != nil {
			return
		}
		ss.conn, ss.tp, ss.tls = tc, textproto.NewConn(tc), true
	}
	reply := func(format string, args ...any) bool { return ss.tp.PrintfLine(format, args...) == nil }
	if !reply("220 smtptest ESMTP ready") {
		return
	}
	for {
		line, err := ss.tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			lines := []string{"smtptest greets " + arg, "8BITMIME", "PIPELINING", "SIZE 10485760"}
			if !ss.tls {
				lines = append(lines, "STARTTLS")
			}
			if s.opts.Username != "" && (ss.tls || !s.opts.RequireTLS) {
				lines = append(lines, "AUTH PLAIN LOGIN")
			}
			for i, l := range lines {
				sep := "-"
				if i == len(lines)-1 {
					sep = " "
				}
				if !reply("250%s%s", sep, l) {
					return
				}
			}
		case "HELO":
			reply("250 smtptest")
		case "STARTTLS":
			if ss.tls {
				reply("503 5.5.1 already in TLS")
				continue
			}
			if !reply("220 2.0.0 ready to start TLS") {
				return
			}
			tc := tls.Server(c, s.tlsCfg)
			if err := tc.Handshake(); err != nil {
				return
			}
			ss.conn, ss.tp, ss.tls = tc, textproto.NewConn(tc), true
			ss.authUser, ss.from, ss.to, ss.mailStarted = "", "", nil, false
		case "AUTH":
			if s.opts.RequireTLS && !ss.tls {
				reply("538 5.7.11 encryption required for authentication")
				continue
			}
			user, pass, ok := s.auth(ss, arg)
			if !ok {
				return
			}
			if user == s.opts.Username && pass == s.opts.Password && user != "" {
				ss.authUser = user
				reply("235 2.7.0 authenticated")
			} else {
				reply("535 5.7.8 bad credentials")
			}
		case "MAIL":
			switch {
			case s.opts.RequireTLS && !ss.tls:
				reply("530 5.7.0 must issue STARTTLS first")
			case s.opts.Username != "" && ss.authUser == "":
				reply("530 5.7.0 authentication required")
			default:
				ss.from, ss.to, ss.mailStarted = addrArg(arg, "FROM:"), nil, true
				reply("250 2.1.0 ok")
			}
		case "RCPT":
			if !ss.mailStarted {
				reply("503 5.5.1 MAIL first")
				continue
			}
			ss.to = append(ss.to, addrArg(arg, "TO:"))
			reply("250 2.1.5 ok")
		case "DATA":
			if len(ss.to) == 0 {
				reply("503 5.5.1 RCPT first")
				continue
			}
			if !reply("354 end data with <CR><LF>.<CR><LF>") {
				return
			}
			data, err := ss.tp.ReadDotBytes()
			if err != nil {
				return
			}
			s.mu.Lock()
			var refusal string
			if len(s.refusals) > 0 {
				refusal, s.refusals = s.refusals[0], s.refusals[1:]
			} else {
				s.messages = append(s.messages, Message{From: ss.from, To: ss.to, Data: data, TLS: ss.tls, AuthUser: ss.authUser})
			}
			s.mu.Unlock()
			if refusal != "" {
				reply("%s", refusal)
			} else {
				select {
				case s.arrived <- struct{}{}:
				default:
				}
				reply("250 2.0.0 queued")
			}
			ss.from, ss.to, ss.mailStarted = "", nil, false
		case "RSET":
			ss.from, ss.to, ss.mailStarted = "", nil, false
			reply("250 2.0.0 ok")
		case "NOOP":
			reply("250 2.0.0 ok")
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not recognised")
		}
	}
}

func (s *Server) auth(ss *session, arg string) (user, pass string, ok bool) {
	mech, initial, _ := strings.Cut(arg, " ")
	read := func(prompt string) (string, bool) {
		if err := ss.tp.PrintfLine("334 %s", prompt); err != nil {
			return "", false
		}
		l, err := ss.tp.ReadLine()
		if err != nil {
			return "", false
		}
		b, err := base64.StdEncoding.DecodeString(l)
		return string(b), err == nil
	}
	switch strings.ToUpper(mech) {
	case "PLAIN":
		var raw string
		if initial != "" {
			b, err := base64.StdEncoding.DecodeString(initial)
			if err != nil {
				return "", "", true
			}
			raw = string(b)
		} else if raw, ok = read(""); !ok {
			return "", "", false
		}
		parts := strings.Split(raw, "\x00")
		if len(parts) != 3 {
			return "", "", true
		}
		return parts[1], parts[2], true
	case "LOGIN":
		if user, ok = read(base64.StdEncoding.EncodeToString([]byte("Username:"))); !ok {
			return "", "", false
		}
		if pass, ok = read(base64.StdEncoding.EncodeToString([]byte("Password:"))); !ok {
			return "", "", false
		}
		return user, pass, true
	}
	return "", "", true
}

func addrArg(arg, prefix string) string {
	arg = strings.TrimSpace(arg)
	if len(arg) >= len(prefix) && strings.EqualFold(arg[:len(prefix)], prefix) {
		arg = arg[len(prefix):]
	}
	if i := strings.IndexByte(arg, ' '); i >= 0 {
		arg = arg[:i] // drop ESMTP parameters (BODY=8BITMIME, SIZE=...)
	}
	return strings.Trim(arg, "<>")
}

// Parsed is a received message taken apart: headers decoded, text and HTML parts decoded.
type Parsed struct {
	Header mail.Header
	// Subject is the decoded Subject header.
	Subject string
	Text    string
	HTML    string
	// ContentType is the top-level media type (multipart/alternative for text + HTML).
	ContentType string
}

// Parse decodes m.Data.
func (m Message) Parse() (Parsed, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		return Parsed{}, err
	}
	dec := new(mime.WordDecoder)
	subj, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return Parsed{}, err
	}
	p := Parsed{Header: msg.Header, Subject: subj}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return Parsed{}, err
	}
	p.ContentType = mt
	if !strings.HasPrefix(mt, "multipart/") {
		body, err := decodePart(msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		if err != nil {
			return Parsed{}, err
		}
		if mt == "text/html" {
			p.HTML = body
		} else {
			p.Text = body
		}
		return p, nil
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Parsed{}, err
		}
		body, err := decodePart(part.Header.Get("Content-Transfer-Encoding"), part)
		if err != nil {
			return Parsed{}, err
		}
		pt, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		switch pt {
		case "text/plain":
			p.Text = body
		case "text/html":
			p.HTML = body
		}
	}
	return p, nil
}

func decodePart(cte string, r io.Reader) (string, error) {
	switch strings.ToLower(cte) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	}
	b, err := io.ReadAll(bufio.NewReader(r))
	return strings.ReplaceAll(string(b), "\r\n", "\n"), err
}
