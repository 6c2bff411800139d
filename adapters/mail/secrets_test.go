package mail_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	mailpkg "mishwar/adapters/mail"
	"mishwar/domain/account"
	"mishwar/internal/pgtest"
)

// capture is a sender that keeps what it was asked to send.
type capture struct {
	mu   sync.Mutex
	sent []mailpkg.Envelope
}

func (c *capture) Name() string { return "capture" }
func (c *capture) Send(_ context.Context, e mailpkg.Envelope) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, e)
	return nil
}

func TestMaskSecrets(t *testing.T) {
	cases := map[string]string{
		"https://m.example/reset-password?token=abc_DEF-123":                         "https://m.example/reset-password?token=[hidden]",
		"https://m.example/admin/password-reset?token=a%2Bb%3D&lang=ar":              "https://m.example/admin/password-reset?token=[hidden]&lang=ar",
		`<a href="https://m.example/x?lang=ar&amp;token=s3cret">Reset</a>`:           `<a href="https://m.example/x?lang=ar&amp;token=[hidden]">Reset</a>`,
		"verify: https://m.example/v?code=991122 and https://m.example/s?sig=zz#top": "verify: https://m.example/v?code=[hidden] and https://m.example/s?sig=[hidden]#top",
		"Your trip MSH-1234 is confirmed: https://m.example/trips/MSH-1234":          "Your trip MSH-1234 is confirmed: https://m.example/trips/MSH-1234",
		"a token= in prose stays": "a token= in prose stays",
	}
	for in, want := range cases {
		if got := mailpkg.MaskSecrets(in); got != want {
			t.Errorf("MaskSecrets(%q) = %q, want %q", in, got, want)
		}
	}
}

// The admin mailbox shows other people's mail: a live reset link there would let any staff member
// take over the account. The mail that goes out keeps the link; every staff view hides its token.
func TestStaffViewsHideResetTokensButTheSentMailKeepsThem(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	const token = "Zk3-live_reset_token_4f9a"
	link := "https://mishwar.example/reset-password?token=" + token
	err := mailpkg.QueueAccountMail(ctx, pool, account.Mail{
		To: "victim@example.com", ToName: "Victim", Lang: "ar", Subject: "Reset your password",
		Heading: "Reset", Greeting: "Hello", Paragraphs: []string{"The link works for 30 minutes."},
		Action: &account.MailAction{Label: "Choose a new password", URL: link},
	})
	if err != nil {
		t.Fatal(err)
	}
	sender := &capture{}
	if n, err := worker(pool, sender).RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	if len(sender.sent) != 1 || !strings.Contains(sender.sent[0].Text, link) || !strings.Contains(sender.sent[0].HTML, token) {
		t.Fatalf("the sent mail lost its link: %+v", sender.sent)
	}

	box := mailpkg.NewOutbox(pool)
	list, _, err := box.List(ctx, mailpkg.Filter{To: "victim@example.com"})
	if err != nil || len(list) != 1 {
		t.Fatalf("List = %+v, %v", list, err)
	}
	got, err := box.Get(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"text": got.Text, "html": got.HTML, "subject": got.Subject} {
		if strings.Contains(body, token) {
			t.Fatalf("the staff view's %s shows the token:\n%s", name, body)
		}
	}
	if !strings.Contains(got.Text, "https://mishwar.example/reset-password?token="+mailpkg.Masked) || !strings.Contains(got.HTML, "token="+mailpkg.Masked) {
		t.Fatalf("the staff view should still show where the link went:\n%s\n%s", got.Text, got.HTML)
	}
}

func TestSentMailLosesItsBodiesAfterTheRetentionPeriod(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	c := &clock{t: time.Now().Add(time.Minute)}
	w := worker(pool, &capture{})
	w.Now = c.Now
	w.Retention = 30 * 24 * time.Hour

	old := enqueue(t, pool, mailpkg.Message{To: "old@example.com", Subject: "Reset", Text: "https://m/r?token=old", HTML: "<a href=\"https://m/r?token=old\">x</a>"})
	if n, err := w.RunOnce(ctx); err != nil || n != 1 {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	c.Advance(20 * 24 * time.Hour)
	recent := enqueue(t, pool, plain("recent@example.com", "Trip confirmed"))
	pending := enqueue(t, pool, plain("pending@example.com", "Not sent yet"))
	if _, err := pool.Exec(ctx, `UPDATE mail_outbox SET created_at = $2, sent_at = $2, status = 'sent' WHERE id = $1`, recent, c.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE mail_outbox SET created_at = $2, next_attempt_at = $3 WHERE id = $1`, pending, c.Now().Add(-40*24*time.Hour), c.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	c.Advance(11 * 24 * time.Hour) // old: sent 31 days ago; recent: 11 days ago

	if n, err := w.SweepSent(ctx); err != nil || n != 1 {
		t.Fatalf("SweepSent = %d, %v; want the one old message", n, err)
	}
	body := func(id any) (text, html, status string) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT text_body, html_body, status FROM mail_outbox WHERE id = $1`, id).Scan(&text, &html, &status); err != nil {
			t.Fatal(err)
		}
		return
	}
	if text, html, status := body(old); text != "" || html != "" || status != "sent" {
		t.Fatalf("old mail: %q %q %s, want its bodies cleared and the record kept", text, html, status)
	}
	if text, _, _ := body(recent); text == "" {
		t.Fatal("a mail within the retention period lost its body")
	}
	if text, _, _ := body(pending); text == "" {
		t.Fatal("a mail not sent yet lost its body")
	}
	if n, err := w.SweepSent(ctx); err != nil || n != 0 {
		t.Fatalf("second sweep = %d, %v; want nothing left to clear", n, err)
	}
	w.Retention = 0
	c.Advance(365 * 24 * time.Hour)
	if n, err := w.SweepSent(ctx); err != nil || n != 0 {
		t.Fatalf("retention 0 cleared %d messages (%v); it keeps mail forever", n, err)
	}
}
