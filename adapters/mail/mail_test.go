package mail_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	mailpkg "mishwar/adapters/mail"
	"mishwar/adapters/mail/mailpittest"
	"mishwar/internal/i18n"
	"mishwar/internal/pgtest"
	"mishwar/internal/tooltest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// smtpServer is a real SMTP server, Mailpit, requiring STARTTLS and authentication, with its Chaos
// triggers on (mailpittest). Two misbehaving servers stand beside it for what Mailpit cannot do:
// refusingSMTP refuses a message after its data (the answer to the final dot), silentSMTP hangs.
func smtpServer(t *testing.T) *mailpittest.Server {
	return mailpittest.Start(t, mailpittest.Options{Username: "mishwar", Password: smtpPassword, Chaos: true})
}

// smtpPassword needs percent-encoding in the URL (Mailpit's password files cannot hold a space).
const smtpPassword = "p@ss/w%rd:1"

func smtpSender(t *testing.T, srv *mailpittest.Server) *mailpkg.SMTPSender {
	t.Helper()
	s, err := mailpkg.NewSMTPSender("smtp://mishwar:p%40ss%2Fw%25rd%3A1@"+srv.SMTPAddr, mailpkg.SMTPOptions{RootCAs: srv.RootCAs, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func worker(pool *pgxpool.Pool, s mailpkg.Sender) *mailpkg.Worker {
	return &mailpkg.Worker{Pool: pool, Sender: s, Logger: quiet, From: &mail.Address{Name: "Mishwar", Address: "trips@mishwar.example"}}
}

func enqueue(t *testing.T, pool *pgxpool.Pool, m mailpkg.Message) uuid.UUID {
	t.Helper()
	id, err := mailpkg.Enqueue(context.Background(), pool, m)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func plain(to, subject string) mailpkg.Message {
	return mailpkg.Message{To: to, Subject: subject, Text: "Hello " + to}
}

type row struct {
	status, lastError, sentVia, messageID string
	attempts                              int
	next                                  time.Time
}

func outboxRow(t *testing.T, pool *pgxpool.Pool, id uuid.UUID) row {
	t.Helper()
	var r row
	err := pool.QueryRow(context.Background(), `SELECT status, coalesce(last_error, ''), coalesce(sent_via, ''), message_id, attempts, next_attempt_at FROM mail_outbox WHERE id = $1`, id).
		Scan(&r.status, &r.lastError, &r.sentVia, &r.messageID, &r.attempts, &r.next)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEnqueueValidatesTheMessage(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	for name, m := range map[string]mailpkg.Message{
		"no recipient":        {Subject: "s", Text: "t"},
		"bad recipient":       {To: "not an address", Subject: "s", Text: "t"},
		"named recipient":     {To: "Mona <m@example.com>", Subject: "s", Text: "t"},
		"no subject":          {To: "m@example.com", Text: "t"},
		"header injection":    {To: "m@example.com", Subject: "s\r\nBcc: x@evil.example", Text: "t"},
		"no text":             {To: "m@example.com", Subject: "s"},
		"only whitespace txt": {To: "m@example.com", Subject: "s", Text: " \n"},
	} {
		if _, err := mailpkg.Enqueue(context.Background(), pool, m); !errors.Is(err, mailpkg.ErrInvalidMessage) {
			t.Errorf("%s: error = %v, want ErrInvalidMessage", name, err)
		}
	}
}

func TestEnqueueWithAKeyRecordsOneMessage(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	m := plain("k@example.com", "Your order")
	m.Key = "order-confirmation:42"
	a := enqueue(t, pool, m)
	b := enqueue(t, pool, m)
	if a != b {
		t.Fatalf("two ids for one key: %s, %s", a, b)
	}
	if total := countAll(t, pool); total != 1 {
		t.Fatalf("%d messages recorded, want 1", total)
	}
}

func countAll(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	_, total, err := mailpkg.NewOutbox(pool).List(context.Background(), mailpkg.Filter{Limit: 200})
	if err != nil {
		t.Fatal(err)
	}
	return total
}

func TestEnqueueInARolledBackTransactionSendsNothing(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mailpkg.Enqueue(ctx, tx, plain("r@example.com", "never")); err != nil {
		t.Fatal(err)
	}
	_ = tx.Rollback(ctx)
	if total := countAll(t, pool); total != 0 {
		t.Fatalf("%d messages survive a rollback", total)
	}
}

func TestSMTPDeliversMultipartMailInTheRecipientsLanguageOverSTARTTLS(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	msg := mailpkg.Compose(i18n.Ar, "mona@example.com", "منى زكي", mailpkg.Content{
		Subject:    "إعادة تعيين كلمة المرور",
		Heading:    "إعادة تعيين كلمة المرور",
		Paragraphs: []string{"اضغط على الزر لاختيار كلمة مرور جديدة."},
		Action:     &mailpkg.Action{Label: "اختيار كلمة مرور جديدة", URL: "https://mishwar.example/reset-password?token=abc&x=<1>"},
	})
	id := enqueue(t, pool, msg)

	n, err := worker(pool, smtpSender(t, srv)).RunOnce(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v; want 1 message", n, err)
	}
	// Mailpit requires STARTTLS before AUTH and MAIL, and AUTH before MAIL (the sender requires
	// STARTTLS too): the message arrived encrypted and authenticated. (Mailpit records the user only
	// for AUTH LOGIN, and the sender uses PLAIN, so the wrong password below is the proof that the
	// credentials are checked.) What arrived is read back through Mailpit's API.
	got := srv.Messages(t)
	if len(got) != 1 {
		t.Fatalf("server received %d messages, want 1", len(got))
	}
	m := got[0]
	if m.From == nil || m.From.Address != "trips@mishwar.example" || m.From.Name != "Mishwar" ||
		len(m.To) != 1 || m.To[0].Address != "mona@example.com" || m.To[0].Name != "منى زكي" {
		t.Fatalf("from %+v to %+v", m.From, m.To)
	}
	if ct := m.Header("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
		t.Fatalf("Content-Type = %s, want multipart/alternative", ct)
	}
	if m.Subject != "إعادة تعيين كلمة المرور" || m.Header("Content-Language") != "ar" {
		t.Fatalf("subject %q, language %q", m.Subject, m.Header("Content-Language"))
	}
	if !strings.Contains(m.Text, "اضغط على الزر") || !strings.Contains(m.Text, "https://mishwar.example/reset-password?token=abc&x=<1>") {
		t.Fatalf("text part:\n%s", m.Text)
	}
	if !strings.Contains(m.HTML, `dir="rtl"`) || !strings.Contains(m.HTML, `lang="ar"`) || !strings.Contains(m.HTML, "اختيار كلمة مرور جديدة") ||
		!strings.Contains(m.HTML, `href="https://mishwar.example/reset-password?token=abc&amp;x=%3c1%3e"`) {
		t.Fatalf("html part is not right-to-left Arabic with an escaped link:\n%s", m.HTML)
	}
	r := outboxRow(t, pool, id)
	if r.status != "sent" || r.sentVia != "smtp" || r.attempts != 1 {
		t.Fatalf("outbox row = %+v", r)
	}
	if want := "<" + id.String() + "@mishwar.example>"; r.messageID != want || "<"+m.MessageID+">" != want || m.Header("Message-Id") != want {
		t.Fatalf("Message-ID: row %q, Mailpit %q, header %q; want %q", r.messageID, m.MessageID, m.Header("Message-Id"), want)
	}
	if n, _ := worker(pool, smtpSender(t, srv)).RunOnce(context.Background()); n != 0 || srv.Count(t) != 1 {
		t.Fatal("a sent message was sent again")
	}

	wrong, err := mailpkg.NewSMTPSender("smtp://mishwar:wrong@"+srv.SMTPAddr, mailpkg.SMTPOptions{RootCAs: srv.RootCAs, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	refused := enqueue(t, pool, plain("wrong@example.com", "wrong password"))
	if n, err := worker(pool, wrong).RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("RunOnce with a wrong password = %d, %v", n, err)
	}
	if r := outboxRow(t, pool, refused); r.status != "pending" || !strings.Contains(r.lastError, "535") || srv.Count(t) != 1 {
		t.Fatalf("with a wrong password: row %+v, %d messages at the server; want it refused (535) and kept", r, srv.Count(t))
	}
}

func TestSMTPSDeliversOverImplicitTLSWithPlainAuth(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := mailpittest.Start(t, mailpittest.Options{Username: "mishwar", Password: "secret", ImplicitTLS: true})
	s, err := mailpkg.NewSMTPSender(srv.URL(), mailpkg.SMTPOptions{RootCAs: srv.RootCAs, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	id := enqueue(t, pool, plain("tls@example.com", "Over TLS"))
	if n, err := worker(pool, s).RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	// Mailpit speaks only TLS on this port and requires AUTH (PLAIN, which it offers only over TLS).
	got := srv.Messages(t)
	if len(got) != 1 || got[0].Subject != "Over TLS" || len(got[0].To) != 1 || got[0].To[0].Address != "tls@example.com" {
		t.Fatalf("server received %+v; want the one message", got)
	}
	if r := outboxRow(t, pool, id); r.status != "sent" {
		t.Fatalf("row = %+v (%s)", r, r.lastError)
	}
}

// tls=none is the operator's choice of a relay without TLS: with credentials the sender logs in with
// the mechanism the relay offers, PLAIN or LOGIN in the clear (go-mail's own choice refuses both
// without TLS, and every mail stayed pending), and says so for the start-up warning.
func TestSMTPWithTLSNoneLogsInToARelayOfferingOnlyPlainAndLogin(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := mailpittest.Start(t, mailpittest.Options{Username: "relay", Password: "s3cret", PlainText: true})
	s, err := mailpkg.NewSMTPSender(srv.URL(), mailpkg.SMTPOptions{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(srv.URL(), "tls=none") || !s.SendsCredentialsInTheClear() {
		t.Fatalf("%s: SendsCredentialsInTheClear = false", srv.URL())
	}
	id := enqueue(t, pool, plain("clear@example.com", "Through the relay"))
	if n, err := worker(pool, s).RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	if r := outboxRow(t, pool, id); r.status != "sent" {
		t.Fatalf("row = %+v (%s), want sent", r, r.lastError)
	}
	if got := srv.Messages(t); len(got) != 1 || got[0].Subject != "Through the relay" {
		t.Fatalf("server received %+v; want the one message", got)
	}

	// The relay checks the password: a wrong one is refused (535) and the mail waits.
	wrong, err := mailpkg.NewSMTPSender(strings.Replace(srv.URL(), "s3cret", "wrong", 1), mailpkg.SMTPOptions{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	refused := enqueue(t, pool, plain("wrong@example.com", "wrong password"))
	if n, err := worker(pool, wrong).RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("RunOnce with a wrong password = %d, %v", n, err)
	}
	if r := outboxRow(t, pool, refused); r.status != "pending" || !strings.Contains(r.lastError, "535") || srv.Count(t) != 1 {
		t.Fatalf("with a wrong password: row %+v, %d messages at the server; want it refused (535) and kept", r, srv.Count(t))
	}

	for url, clear := range map[string]bool{
		"smtp://relay.internal:25?tls=none":             false, // no credentials to expose
		"smtp://u:p@mail.example.com:587":               false,
		"smtp://u:p@mail.example.com?tls=opportunistic": false,
		"smtps://u:p@mail.example.com":                  false,
		"smtp://u:p@relay.internal:25?tls=none":         true,
	} {
		s, err := mailpkg.NewSMTPSender(url, mailpkg.SMTPOptions{})
		if err != nil || s.SendsCredentialsInTheClear() != clear {
			t.Errorf("%s: SendsCredentialsInTheClear = %v, %v; want %v", url, s != nil && s.SendsCredentialsInTheClear(), err, clear)
		}
	}
}

func TestEnglishMailIsLeftToRight(t *testing.T) {
	t.Parallel()
	m := mailpkg.Compose(i18n.En, "a@example.com", "", mailpkg.Content{Subject: "Hi", Paragraphs: []string{"<b>not bold</b>"}})
	if !strings.Contains(m.HTML, `dir="ltr"`) || strings.Contains(m.HTML, "<b>not bold</b>") || !strings.Contains(m.HTML, "&lt;b&gt;not bold&lt;/b&gt;") {
		t.Fatalf("HTML is not left-to-right with escaped text:\n%s", m.HTML)
	}
	if m.Lang != "en" || !strings.Contains(m.Text, "<b>not bold</b>") || !strings.Contains(m.Text, "The Mishwar team") {
		t.Fatalf("text = %q", m.Text)
	}
}

// A paragraph written on several lines (a traveller's own comments) keeps its lines in HTML, each
// escaped: a line break is the only markup the text gets.
func TestAParagraphsLineBreaksAreKeptAndItsTextEscaped(t *testing.T) {
	t.Parallel()
	m := mailpkg.Compose(i18n.En, "a@example.com", "", mailpkg.Content{Subject: "Hi", Paragraphs: []string{"Your comments:\nTwo children\n<script>x</script> & a pram"}})
	if !strings.Contains(m.HTML, "Your comments:<br>Two children<br>&lt;script&gt;x&lt;/script&gt; &amp; a pram") || strings.Contains(m.HTML, "<script>") {
		t.Fatalf("the lines are not kept, escaped:\n%s", m.HTML)
	}
	if !strings.Contains(m.Text, "Your comments:\nTwo children\n<script>x</script> & a pram\n") {
		t.Fatalf("text = %q", m.Text)
	}
}

// The card is fluid: as wide as the screen on a 360 px phone, at most 560 px elsewhere, in both
// languages. Outlook on Windows, which ignores max-width, gets a fixed 560 px table of its own.
func TestMailFitsAPhoneScreen(t *testing.T) {
	t.Parallel()
	for _, lang := range []i18n.Lang{i18n.En, i18n.Ar} {
		m := mailpkg.Compose(lang, "a@example.com", "", mailpkg.Content{Subject: "Hi", Paragraphs: []string{"Hello"},
			Action: &mailpkg.Action{Label: "Open", URL: "https://mishwar.example/x"}})
		card := regexp.MustCompile(`<table[^>]*background:#ffffff[^>]*>`).FindString(m.HTML)
		if card == "" || !strings.Contains(card, `width="100%"`) || !strings.Contains(card, "width:100%") || !strings.Contains(card, "max-width:560px") {
			t.Errorf("%s: the card is not fluid up to 560 px: %s", lang, card)
		}
		outside := regexp.MustCompile(`(?s)<!--\[if mso\]>.*?<!\[endif\]-->`).ReplaceAllString(m.HTML, "")
		if strings.Contains(outside, `width="560"`) {
			t.Errorf("%s: a fixed 560 px width outside Outlook's conditional comments:\n%s", lang, m.HTML)
		}
		if !strings.Contains(m.HTML, `<!--[if mso]>`) || !strings.Contains(m.HTML, `width="560"`) {
			t.Errorf("%s: no fixed-width table for Outlook:\n%s", lang, m.HTML)
		}
	}
}

func TestAMessageWaitsOutAnSMTPOutageAndIsSentOnce(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	addr := tooltest.FreeAddr(t)
	c := &clock{t: time.Now().Add(time.Minute)} // ahead of the database clock that stamps new messages
	sender, err := mailpkg.NewSMTPSender("smtp://"+addr+"?tls=opportunistic", mailpkg.SMTPOptions{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	w := worker(pool, sender)
	w.Now = c.Now
	id := enqueue(t, pool, plain("outage@example.com", "Trip confirmed"))

	for attempt := 1; attempt <= 3; attempt++ {
		if n, err := w.RunOnce(context.Background()); err != nil || n != 1 {
			t.Fatalf("attempt %d: RunOnce = %d, %v", attempt, n, err)
		}
		r := outboxRow(t, pool, id)
		if r.status != "pending" || r.attempts != attempt || r.lastError == "" || !r.next.After(c.Now()) {
			t.Fatalf("after failed attempt %d: %+v", attempt, r)
		}
		if n, _ := w.RunOnce(context.Background()); n != 0 {
			t.Fatal("a message was retried before its backoff passed")
		}
		c.Advance(2 * time.Hour)
	}

	srv := mailpittest.Start(t, mailpittest.Options{SMTPAddr: addr})
	// Same address; the sender now also trusts the server's throwaway certificate.
	w.Sender, err = mailpkg.NewSMTPSender("smtp://"+addr, mailpkg.SMTPOptions{RootCAs: srv.RootCAs, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := w.RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("after the server is back: RunOnce = %d, %v", n, err)
	}
	if got := srv.Count(t); got != 1 {
		t.Fatalf("server received %d messages, want 1", got)
	}
	if r := outboxRow(t, pool, id); r.status != "sent" || r.attempts != 4 {
		t.Fatalf("row = %+v, want sent after 4 attempts", r)
	}
}

func TestATemporaryRefusalIsRetriedAndAPermanentOneFailsUntilTheAdminRetries(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	c := &clock{t: time.Now().Add(time.Minute)} // ahead of the database clock that stamps new messages
	w := worker(pool, smtpSender(t, srv))
	w.Now = c.Now
	temp := enqueue(t, pool, plain("temp@example.com", "one"))

	// Mailpit refuses the recipient: 451, then (for the next message) 550.
	srv.Refuse(t, mailpittest.AtRecipient, 451)
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, temp); r.status != "pending" || r.attempts != 1 || !strings.Contains(r.lastError, "451") {
		t.Fatalf("after 451: %+v", r)
	}
	srv.Accept(t)
	c.Advance(time.Hour)
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, temp); r.status != "sent" || r.attempts != 2 {
		t.Fatalf("after retry: %+v", r)
	}

	perm := enqueue(t, pool, plain("nobody@example.com", "two"))
	srv.Refuse(t, mailpittest.AtRecipient, 550)
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, perm); r.status != "failed" || !strings.Contains(r.lastError, "550") {
		t.Fatalf("after 550: %+v", r)
	}
	srv.Accept(t)
	c.Advance(24 * time.Hour)
	if n, _ := w.RunOnce(context.Background()); n != 0 {
		t.Fatal("a failed message was retried without the admin")
	}
	box := mailpkg.NewOutbox(pool)
	if err := box.Retry(context.Background(), temp); !errors.Is(err, mailpkg.ErrNotFailed) {
		t.Fatalf("retrying a sent message: %v, want ErrNotFailed", err)
	}
	if err := box.Retry(context.Background(), uuid.New()); !errors.Is(err, mailpkg.ErrNotFound) {
		t.Fatalf("retrying an unknown message: %v, want ErrNotFound", err)
	}
	if err := box.Retry(context.Background(), perm); err != nil {
		t.Fatal(err)
	}
	w.Now = time.Now // Retry makes it due by the database clock
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, perm); r.status != "sent" {
		t.Fatalf("after the admin's retry: %+v", r)
	}
	if got := srv.Count(t); got != 2 {
		t.Fatalf("server kept %d messages, want 2", got)
	}
}

// Mailpit cannot refuse a message once its data is sent (the answer to the final dot), so this one
// runs against a server that does nothing else (refusingSMTP).
func TestAMessageRefusedAfterItsDataFailsAndATemporaryRefusalThereIsRetried(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := startRefusingSMTP(t)
	sender, err := mailpkg.NewSMTPSender("smtp://"+srv.addr+"?tls=none", mailpkg.SMTPOptions{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Now().Add(time.Minute)} // ahead of the database clock that stamps new messages
	w := worker(pool, sender)
	w.Now = c.Now
	temp := enqueue(t, pool, plain("temp@example.com", "one"))
	srv.Refuse("451 4.3.0 try again later")
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, temp); r.status != "pending" || r.attempts != 1 || !strings.Contains(r.lastError, "451") {
		t.Fatalf("after 451: %+v", r)
	}
	c.Advance(time.Hour)
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, temp); r.status != "sent" || r.attempts != 2 {
		t.Fatalf("after retry: %+v", r)
	}
	perm := enqueue(t, pool, plain("nobody@example.com", "two"))
	srv.Refuse("554 5.7.1 message rejected")
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, perm); r.status != "failed" || !strings.Contains(r.lastError, "554") {
		t.Fatalf("after 554: %+v", r)
	}
	if n := srv.Accepted(); n != 1 {
		t.Fatalf("the server accepted %d messages, want the one retried", n)
	}
}

// A refusal of the sender address or of the credentials is a configuration for the operator to fix,
// not a verdict on the message: it stays pending, and fixing the configuration delivers it.
func TestARefusedSenderOrLoginIsRetriedNotFailed(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	c := &clock{t: time.Now().Add(time.Minute)} // ahead of the database clock that stamps new messages
	w := worker(pool, smtpSender(t, srv))
	w.Now = c.Now
	id := enqueue(t, pool, plain("operator@example.com", "held by the configuration"))
	for i, refusal := range []struct {
		stage mailpittest.Stage
		code  int
	}{{mailpittest.AtSender, 553}, {mailpittest.AtAuthentication, 535}} {
		srv.Refuse(t, refusal.stage, refusal.code)
		_, _ = w.RunOnce(context.Background())
		r := outboxRow(t, pool, id)
		if r.status != "pending" || r.attempts != i+1 || !strings.Contains(r.lastError, strconv.Itoa(refusal.code)) {
			t.Fatalf("after %s refused with %d: %+v", refusal.stage, refusal.code, r)
		}
		c.Advance(2 * time.Hour)
	}
	srv.Accept(t)
	_, _ = w.RunOnce(context.Background())
	if r := outboxRow(t, pool, id); r.status != "sent" || r.attempts != 3 {
		t.Fatalf("after the configuration is fixed: %+v", r)
	}
	if got := srv.Count(t); got != 1 {
		t.Fatalf("server kept %d messages, want 1", got)
	}
}

func TestConcurrentWorkersSendEveryMessageExactlyOnce(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	const n = 30
	for i := range n {
		enqueue(t, pool, plain("c@example.com", "message "+string(rune('A'+i))))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := worker(pool, smtpSender(t, srv)).RunOnce(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got := srv.Messages(t)
	seen := map[string]bool{}
	for _, m := range got {
		id := m.MessageID
		if seen[id] {
			t.Fatalf("message %s delivered twice", id)
		}
		seen[id] = true
	}
	if len(got) != n {
		t.Fatalf("delivered %d messages, want %d", len(got), n)
	}
}

// stuckSender is a worker's sender caught mid-conversation: Send says it started and waits until the
// test lets it finish (with result) or its context ends.
type stuckSender struct {
	started chan uuid.UUID
	result  chan error
}

func newStuckSender() *stuckSender {
	return &stuckSender{started: make(chan uuid.UUID, 10), result: make(chan error, 10)}
}

func (s *stuckSender) Name() string { return "stuck" }
func (s *stuckSender) Send(ctx context.Context, e mailpkg.Envelope) error {
	s.started <- e.ID
	select {
	case err := <-s.result:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func TestAMessageLeasedByAnotherWorkerIsSkippedUntilTheLeaseRunsOut(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	ctx := context.Background()
	c := &clock{t: time.Now().Add(time.Minute)} // ahead of the database clock that stamps new messages
	held := enqueue(t, pool, plain("held@example.com", "held"))

	// Another worker claims "held" and hangs mid-send, with no transaction open.
	stuck := newStuckSender()
	dying := worker(pool, stuck)
	dying.Now, dying.SendTimeout, dying.Lease = c.Now, time.Hour, 2*time.Hour
	dyingDone := make(chan error, 1)
	go func() { _, err := dying.RunOnce(ctx); dyingDone <- err }()
	if got := <-stuck.started; got != held {
		t.Fatalf("the stuck worker claimed %s, want %s", got, held)
	}
	var open int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()`).Scan(&open); err != nil || open != 0 {
		t.Fatalf("%d transactions with an xid open while a worker sends (%v), want none", open, err)
	}

	free := enqueue(t, pool, plain("free@example.com", "free"))
	w := worker(pool, smtpSender(t, srv))
	w.Now = c.Now
	if n, err := w.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("RunOnce while one message is leased = %d, %v; want 1", n, err)
	}
	if outboxRow(t, pool, free).status != "sent" || outboxRow(t, pool, held).status != "pending" {
		t.Fatal("the free message was not sent, or the leased one was")
	}

	// That worker is as good as dead: once its lease runs out the message is claimed again and sent,
	// with the same Message-ID.
	c.Advance(2*time.Hour + time.Minute)
	if n, err := w.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("RunOnce after the lease ran out = %d, %v; want the message taken over", n, err)
	}
	r := outboxRow(t, pool, held)
	if r.status != "sent" || r.attempts != 2 || r.messageID != "<"+held.String()+"@mishwar.example>" {
		t.Fatalf("taken-over message = %+v", r)
	}
	// The old worker wakes up with a failure: it no longer holds the message and records nothing.
	stuck.result <- errors.New("connection reset")
	if err := <-dyingDone; err != nil {
		t.Fatal(err)
	}
	if r := outboxRow(t, pool, held); r.status != "sent" || r.lastError != "" {
		t.Fatalf("a worker whose lease ran out overwrote the outcome: %+v", r)
	}
	if got := srv.Count(t); got != 2 {
		t.Fatalf("server received %d, want 2", got)
	}
}

func TestAWorkerThatStopsMidSendGivesTheMessageBack(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	id := enqueue(t, pool, plain("back@example.com", "back"))
	stuck := newStuckSender()
	stopping := worker(pool, stuck)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := stopping.RunOnce(ctx); done <- err }()
	<-stuck.started
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("RunOnce = %v, want context.Canceled", err)
	}
	if n, err := worker(pool, smtpSender(t, srv)).RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("another worker right after = %d, %v; want the message", n, err)
	}
	if r := outboxRow(t, pool, id); r.status != "sent" {
		t.Fatalf("row = %+v", r)
	}
}

func TestASendToAServerThatNeverAnswersEndsAtItsTimeout(t *testing.T) {
	t.Parallel()
	hung := startSilentSMTP(t)
	sender, err := mailpkg.NewSMTPSender("smtp://"+hung.ln.Addr().String()+"?tls=none", mailpkg.SMTPOptions{Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = sender.Send(ctx, mailpkg.Envelope{ID: uuid.New(), MessageID: "<x@y>", From: &mail.Address{Address: "a@example.com"},
		To: &mail.Address{Address: "b@example.com"}, Subject: "s", Text: "t", Date: time.Now()})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("Send = %v after %v; want an error when its context ends (300ms)", err, time.Since(start))
	}
	sender, _ = mailpkg.NewSMTPSender("smtp://"+hung.ln.Addr().String()+"?tls=none", mailpkg.SMTPOptions{Timeout: 300 * time.Millisecond})
	start = time.Now()
	err = sender.Send(context.Background(), mailpkg.Envelope{ID: uuid.New(), MessageID: "<x@y>", From: &mail.Address{Address: "a@example.com"},
		To: &mail.Address{Address: "b@example.com"}, Subject: "s", Text: "t", Date: time.Now()})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("Send = %v after %v; want an error at the greeting's timeout (300ms)", err, time.Since(start))
	}
}

func TestRunWakesOnEnqueue(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	srv := smtpServer(t)
	w := worker(pool, smtpSender(t, srv))
	w.Poll = time.Hour // only the notification can wake it
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	time.Sleep(200 * time.Millisecond) // let it go idle
	enqueue(t, pool, plain("wake@example.com", "wake up"))
	srv.Wait(t, 1, 10*time.Second)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestTheLocalMailboxKeepsMailForTheAdmin(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	msg := mailpkg.Compose(i18n.En, "box@example.com", "Box", mailpkg.Content{Subject: "Reset your password", Paragraphs: []string{"Click"}, Action: &mailpkg.Action{Label: "Reset", URL: "http://x/reset?token=t"}})
	id := enqueue(t, pool, msg)
	enqueue(t, pool, plain("other@example.com", "Other"))
	if n, err := worker(pool, &mailpkg.MailboxSender{Logger: quiet}).RunOnce(ctx); err != nil || n != 2 {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	box := mailpkg.NewOutbox(pool)
	list, total, err := box.List(ctx, mailpkg.Filter{To: "box@example.com"})
	if err != nil || total != 1 || len(list) != 1 || list[0].ID != id || list[0].Status != "sent" || list[0].SentVia != "mailbox" {
		t.Fatalf("List = %+v, %d, %v", list, total, err)
	}
	got, err := box.Get(ctx, id)
	if err != nil || got.Subject != "Reset your password" || !strings.Contains(got.Text, "http://x/reset?token=[hidden]") || !strings.Contains(got.HTML, "<a href") {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	if _, err := box.Get(ctx, uuid.New()); !errors.Is(err, mailpkg.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
}

func TestSMTPURL(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"smtp://u:p@mail.example.com:587", "smtp://mail.example.com", "smtps://u:p@mail.example.com", "smtp://h:25?tls=opportunistic", "smtp://h:25?tls=none"} {
		if _, err := mailpkg.NewSMTPSender(ok, mailpkg.SMTPOptions{}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://mail.example.com", "smtp://", "smtp://h:99999", "smtp://h?tls=maybe", "smtps://h?tls=none", "::"} {
		if _, err := mailpkg.NewSMTPSender(bad, mailpkg.SMTPOptions{}); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := mailpkg.ConfigFromEnv(env(nil), "https://trips.example.com")
	if err != nil || c.SMTPURL != "" || c.From.Address != "no-reply@trips.example.com" {
		t.Fatalf("defaults = %+v, %v", c, err)
	}
	c, err = mailpkg.ConfigFromEnv(env(map[string]string{"MISHWAR_MAIL_FROM": "Mishwar Trips <hello@mishwar.example>", "MISHWAR_SMTP_URL": "smtp://h"}), "http://localhost:8080")
	if err != nil || c.From.Name != "Mishwar Trips" || c.From.Address != "hello@mishwar.example" || c.SMTPURL != "smtp://h" {
		t.Fatalf("set = %+v, %v", c, err)
	}
	if _, err := mailpkg.ConfigFromEnv(env(map[string]string{"MISHWAR_MAIL_FROM": "nonsense"}), ""); err == nil {
		t.Fatal("a bad From was accepted")
	}
	s, _ := mailpkg.NewSender(mailpkg.Config{}, quiet, "")
	if s.Name() != "mailbox" {
		t.Fatalf("no SMTP URL gives sender %s, want mailbox", s.Name())
	}
}
