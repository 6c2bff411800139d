package mail_test

import (
	"net"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"
)

// refusingSMTP is the one misbehaviour Mailpit cannot give (its Chaos triggers refuse senders,
// recipients and logins, never a message once its data is sent): an SMTP server that answers the
// final dot of a message with the refusals it is given, one per message, then accepts. It speaks
// plain text without authentication, all a sender needs to reach DATA; STARTTLS and authentication
// are tested against Mailpit.
type refusingSMTP struct {
	addr string

	mu       sync.Mutex
	refusals []string
	accepted int
}

func startRefusingSMTP(t *testing.T) *refusingSMTP {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &refusingSMTP{addr: ln.Addr().String()}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

// Refuse makes the next messages' data answered with these replies (e.g. "451 4.3.0 try later").
func (s *refusingSMTP) Refuse(replies ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusals = append(s.refusals, replies...)
}

// Accepted is the number of messages accepted.
func (s *refusingSMTP) Accepted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted
}

func (s *refusingSMTP) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Minute))
	tp := textproto.NewConn(c)
	reply := func(line string) { _ = tp.PrintfLine("%s", line) }
	reply("220 refusing ESMTP")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, _, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			reply("250-refusing\r\n250 8BITMIME")
		case "HELO", "MAIL", "RCPT", "RSET", "NOOP":
			reply("250 2.0.0 ok")
		case "DATA":
			reply("354 end data with <CR><LF>.<CR><LF>")
			if _, err := tp.ReadDotBytes(); err != nil {
				return
			}
			s.mu.Lock()
			answer := "250 2.0.0 queued"
			if len(s.refusals) > 0 {
				answer, s.refusals = s.refusals[0], s.refusals[1:]
			} else {
				s.accepted++
			}
			s.mu.Unlock()
			reply(answer)
		case "QUIT":
			reply("221 2.0.0 bye")
			return
		default:
			reply("502 5.5.2 command not recognised")
		}
	}
}
