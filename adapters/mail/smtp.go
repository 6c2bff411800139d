package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// SMTPOptions are what an SMTP URL cannot say.
type SMTPOptions struct {
	// RootCAs verifies the server's certificate (nil: the system pool). Tests pass their own CA.
	RootCAs *x509.CertPool
	// Timeout bounds connecting and each SMTP exchange (default 30s).
	Timeout time.Duration
	// HELO is the name announced to the server (default: the system host name).
	HELO string
}

// SMTPSender delivers over SMTP through github.com/wneessen/go-mail.
type SMTPSender struct {
	host     string
	port     int
	implicit bool // smtps: TLS from the first byte
	policy   gomail.TLSPolicy
	user     string
	pass     string
	opts     SMTPOptions
}

// NewSMTPSender parses an SMTP URL:
//
//	smtp://user:pass@host:587                STARTTLS required (the default; port 587 by default)
//	smtp://host:25?tls=opportunistic         STARTTLS when offered
//	smtp://host:25?tls=none                  plain text (only for a relay on the same machine or a
//	                                         private network: credentials, if any, go unencrypted)
//	smtps://user:pass@host:465               TLS from the start
//
// Credentials are percent-decoded. Authentication uses the strongest mechanism the server offers;
// with tls=none that may be PLAIN or LOGIN, which send the password as it is (see clearAuth).
func NewSMTPSender(rawURL string, opts SMTPOptions) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("mail: MISHWAR_SMTP_URL: %w", err)
	}
	s := &SMTPSender{host: u.Hostname(), opts: opts, policy: gomail.TLSMandatory}
	if s.opts.Timeout == 0 {
		s.opts.Timeout = 30 * time.Second
	}
	switch u.Scheme {
	case "smtp":
		s.port = 587
	case "smtps":
		s.port, s.implicit = 465, true
	default:
		return nil, fmt.Errorf("mail: MISHWAR_SMTP_URL: scheme %q is not smtp or smtps", u.Scheme)
	}
	if s.host == "" {
		return nil, errors.New("mail: MISHWAR_SMTP_URL: no host")
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port <= 0 || s.port > 65535 {
			return nil, fmt.Errorf("mail: MISHWAR_SMTP_URL: bad port %q", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	switch mode := u.Query().Get("tls"); mode {
	case "", "required":
	case "opportunistic":
		s.policy = gomail.TLSOpportunistic
	case "none":
		if s.implicit {
			return nil, errors.New("mail: MISHWAR_SMTP_URL: smtps with tls=none")
		}
		s.policy = gomail.NoTLS
	default:
		return nil, fmt.Errorf("mail: MISHWAR_SMTP_URL: tls=%q is not required, opportunistic or none", mode)
	}
	return s, nil
}

// SendsCredentialsInTheClear reports whether the URL has credentials and tls=none: the password then
// crosses the network as it is (the start-up warning).
func (s *SMTPSender) SendsCredentialsInTheClear() bool {
	return s.user != "" && !s.implicit && s.policy == gomail.NoTLS
}

// Name is "smtp".
func (s *SMTPSender) Name() string { return "smtp" }

// String describes the server without its password (for logs).
func (s *SMTPSender) String() string {
	return "smtp " + net.JoinHostPort(s.host, strconv.Itoa(s.port))
}

// Send delivers e. Only a 5xx refusal of the recipient or of the message itself is a *PermanentError;
// anything else (server down, bad credentials, a refused sender address) is the operator's to fix and
// is retried, so fixing the configuration delivers what waited.
func (s *SMTPSender) Send(ctx context.Context, e Envelope) error {
	msg, err := buildMsg(e)
	if err != nil {
		return &PermanentError{Err: err}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tlsConfig := &tls.Config{ServerName: s.host, RootCAs: s.opts.RootCAs, MinVersion: tls.VersionTLS12}
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(s.opts.Timeout),
		gomail.WithTLSConfig(tlsConfig),
		gomail.WithDialContextFunc(s.dialer(ctx, tlsConfig)),
	}
	if s.implicit {
		// The dialer does the TLS handshake. go-mail's own SSL mode would then believe the
		// connection unencrypted and refuse PLAIN and LOGIN; as "opportunistic" it reads the state
		// of the *tls.Conn and sees the handshake done (a server does not offer STARTTLS inside TLS).
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.opts.HELO != "" {
		opts = append(opts, gomail.WithHELO(s.opts.HELO))
	}
	switch {
	case s.SendsCredentialsInTheClear():
		opts = append(opts, gomail.WithSMTPAuthCustom(&clearAuth{user: s.user, pass: s.pass, host: s.host}))
	case s.user != "":
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("mail: smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500 &&
			(se.Reason == gomail.ErrSMTPRcptTo || se.Reason == gomail.ErrSMTPDataClose) {
			return &PermanentError{Err: err}
		}
		return fmt.Errorf("mail: smtp send: %w", err)
	}
	return nil
}

// dialer connects as go-mail would and ties the connection to the send's context. go-mail bounds
// the dial but reads the server's greeting with no deadline and never looks at the context again, so a
// server that accepts and then says nothing held a send (and the worker's claim on the message)
// forever. The greeting gets the per-exchange Timeout, and the connection is closed the moment ctx
// ends (Send cancels it on return, so nothing outlives the send).
func (s *SMTPSender) dialer(ctx context.Context, tlsConfig *tls.Config) gomail.DialContextFunc {
	return func(dialCtx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		conn, err := d.DialContext(dialCtx, network, addr)
		if err != nil {
			return nil, err
		}
		_ = conn.SetDeadline(time.Now().Add(s.opts.Timeout))
		context.AfterFunc(ctx, func() { _ = conn.Close() })
		if !s.implicit {
			return conn, nil
		}
		tc := tls.Client(conn, tlsConfig)
		if err := tc.HandshakeContext(dialCtx); err != nil {
			_ = conn.Close()
			return nil, err
		}
		return tc, nil
	}
}

// clearAuth logs in over a connection the operator chose to leave unencrypted (tls=none). go-mail's
// discovery never sends PLAIN or LOGIN without TLS, so a relay offering only those refused every mail.
// This takes the strongest mechanism the server offers: one that never sends the password (SCRAM,
// CRAM-MD5) first, then PLAIN and LOGIN allowed over an unencrypted connection (what go-mail's
// SMTPAuthPlainNoEnc and SMTPAuthLoginNoEnc use, which cannot be chosen by what the server offers).
type clearAuth struct {
	user, pass, host string
	smtp.Auth        // the chosen mechanism, set by Start
}

func (a *clearAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	offered := func(mech gomail.SMTPAuthType) bool { return slices.Contains(server.Auth, string(mech)) }
	switch {
	case offered(gomail.SMTPAuthSCRAMSHA256):
		a.Auth = smtp.ScramSHA256Auth(a.user, a.pass)
	case offered(gomail.SMTPAuthSCRAMSHA1):
		a.Auth = smtp.ScramSHA1Auth(a.user, a.pass)
	case offered(gomail.SMTPAuthCramMD5):
		a.Auth = smtp.CRAMMD5Auth(a.user, a.pass)
	case offered(gomail.SMTPAuthPlain): // gomail.SMTPAuthPlainNoEnc
		a.Auth = smtp.PlainAuth("", a.user, a.pass, a.host, true)
	case offered(gomail.SMTPAuthLogin): // gomail.SMTPAuthLoginNoEnc
		a.Auth = smtp.LoginAuth(a.user, a.pass, a.host, true)
	default:
		return "", nil, fmt.Errorf("the server offers no login mechanism Mishwar speaks (offered: %q)", strings.Join(server.Auth, " "))
	}
	return a.Auth.Start(server)
}

func buildMsg(e Envelope) (*gomail.Msg, error) {
	m := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	if err := m.FromFormat(e.From.Name, e.From.Address); err != nil {
		return nil, fmt.Errorf("mail: from: %w", err)
	}
	if err := m.AddToFormat(e.To.Name, e.To.Address); err != nil {
		return nil, fmt.Errorf("mail: to: %w", err)
	}
	m.Subject(e.Subject)
	m.SetMessageIDWithValue(trimAngles(e.MessageID))
	m.SetDateWithValue(e.Date)
	m.SetGenHeader(gomail.Header("Content-Language"), e.Lang)
	m.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	m.SetBodyString(gomail.TypeTextPlain, e.Text)
	if e.HTML != "" {
		m.AddAlternativeString(gomail.TypeTextHTML, e.HTML)
	}
	return m, nil
}

func trimAngles(id string) string {
	if len(id) >= 2 && id[0] == '<' && id[len(id)-1] == '>' {
		return id[1 : len(id)-1]
	}
	return id
}
