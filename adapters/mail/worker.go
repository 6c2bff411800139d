package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/mail"
	"net/url"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters"
)

// Worker delivers the outbox. Several workers (in one process or many) can run at once. A worker claims
// a message in a short transaction of its own by taking a lease on it (lease_until, claimed_by), sends
// it with no transaction open, and records the outcome in another short transaction. It never holds a
// transaction across the SMTP conversation: a transaction with an xid held open that long holds back
// pg_snapshot_xmin, and the gap-safe log reader would stall every projection behind a slow mail server.
//
// A worker that dies mid-send leaves its lease to run out; the message is then claimed again and sent
// again: delivery is at least once, and a duplicate can only come from a crash (or a send outliving
// its lease, which SendTimeout < Lease rules out) between the server's acceptance and the record.
// Every copy carries the same Message-ID. The local mailbox sender writes nowhere but this row, so
// with it delivery is exactly once.
type Worker struct {
	Pool   *pgxpool.Pool
	Sender Sender
	From   *mail.Address
	Logger *slog.Logger
	Now    func() time.Time
	// Concurrency is how many messages this worker sends at once (default 2).
	Concurrency int
	// Poll is how often due retries are looked for when no notification arrives (default 5s).
	Poll time.Duration
	// SendTimeout bounds one delivery (default 60s).
	SendTimeout time.Duration
	// Lease is how long a claim keeps other workers off a message (default SendTimeout + 1m; never
	// less than that). A message whose worker recorded nothing by then is claimed again.
	Lease time.Duration
	// Retention is how long a sent message keeps its bodies (0: forever). Run clears the bodies of
	// older ones every hour (SweepSent): a reset link must not sit in the database for years. The row
	// stays (recipient, subject, when, how), so the mailbox still shows what was sent and a feature's
	// dedupe key still stops a second copy.
	Retention time.Duration
	// Backoff says how long to wait before attempt n+1 after n failed ones (default: 30s doubling,
	// capped at one hour, with jitter). A message is retried until it is sent: an outage of any length
	// loses nothing. Only a permanent refusal stops the retries (status failed; the admin can retry).
	Backoff func(attempts int) time.Duration
}

// DefaultBackoff: 30s, 1m, 2m, ... capped at 1h, each plus up to 10% jitter so a recovered server is
// not hit by every message at once.
func DefaultBackoff(attempts int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempts && d < time.Hour; i++ {
		d *= 2
	}
	d = min(d, time.Hour)
	return d + time.Duration(rand.Int64N(int64(d/10)+1))
}

func (w *Worker) defaults() {
	if w.Logger == nil {
		w.Logger = slog.Default()
	}
	if w.Now == nil {
		w.Now = time.Now
	}
	if w.Concurrency <= 0 {
		w.Concurrency = 2
	}
	if w.Poll <= 0 {
		w.Poll = 5 * time.Second
	}
	if w.SendTimeout <= 0 {
		w.SendTimeout = 60 * time.Second
	}
	if w.Lease < w.SendTimeout+leaseMargin {
		w.Lease = w.SendTimeout + time.Minute
	}
	if w.Backoff == nil {
		w.Backoff = DefaultBackoff
	}
	if w.From == nil {
		w.From = &mail.Address{Name: "Mishwar", Address: "no-reply@mishwar.local"}
	}
}

// Run delivers until ctx ends. It wakes on every Enqueue that commits (LISTEN mail_outbox) and every
// Poll for retries that fall due.
func (w *Worker) Run(ctx context.Context) error {
	w.defaults()
	wake := adapters.Wake{Pool: w.Pool, Channel: notifyChannel, Poll: w.Poll, Logger: w.Logger, Name: "mail outbox"}
	var lastSweep time.Time
	wake.Run(ctx, func(ctx context.Context) {
		if err := adapters.DrainConcurrently(ctx, w.Concurrency, w.drain); err != nil && ctx.Err() == nil {
			w.Logger.Warn("mail outbox: delivery round failed", "err", err)
		}
		if w.Retention > 0 && time.Since(lastSweep) >= sweepEvery {
			lastSweep = time.Now()
			if n, err := w.SweepSent(ctx); err != nil && ctx.Err() == nil {
				w.Logger.Warn("mail outbox: clearing old sent mail failed", "err", err)
			} else if n > 0 {
				w.Logger.Info("mail outbox: cleared the bodies of old sent mail", "messages", n, "retention", w.Retention)
			}
		}
	})
	return nil
}

// sweepEvery is how often Run clears old sent mail.
const sweepEvery = time.Hour

// SweepSent clears the bodies of messages sent more than Retention ago and reports how many it
// cleared (none when Retention is 0).
func (w *Worker) SweepSent(ctx context.Context) (int64, error) {
	w.defaults()
	if w.Retention <= 0 {
		return 0, nil
	}
	tag, err := w.Pool.Exec(ctx, `
		UPDATE mail_outbox SET text_body = '', html_body = ''
		 WHERE status = 'sent' AND sent_at < $1 AND (text_body <> '' OR html_body <> '')`,
		w.Now().UTC().Add(-w.Retention))
	if err != nil {
		return 0, fmt.Errorf("mail: sweep sent mail: %w", err)
	}
	return tag.RowsAffected(), nil
}

// RunOnce delivers every message that is due now, one at a time, and returns how many it handled
// (sent or failed). For tests and the `mishwar mail flush` style of use.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	w.defaults()
	return w.drain(ctx)
}

func (w *Worker) drain(ctx context.Context) (int, error) {
	return adapters.Drain(ctx, w.deliverOne)
}

// leaseMargin is the least a lease outlasts SendTimeout: room for recording the outcome after a send
// that used all its time, so a message is not claimed again while its sender is still writing it down.
const leaseMargin = 5 * time.Second

// claimant names this process in claimed_by (for operators reading the table).
var claimant = func() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d", host, os.Getpid())
}()

// deliverOne claims the oldest due message, sends it and records the outcome. It reports false when
// nothing was due.
func (w *Worker) deliverOne(ctx context.Context) (bool, error) {
	now := w.Now().UTC()
	token := claimant + "/" + uuid.NewString()
	var e Envelope
	var toName string
	var to string
	var attempts int
	// One statement, so one short transaction: it holds an xid only for as long as the UPDATE runs.
	// The lease condition is repeated outside the subquery because READ COMMITTED re-checks only the
	// outer WHERE when the row changed under us.
	err := w.Pool.QueryRow(ctx, `
		UPDATE mail_outbox o SET lease_until = $2, claimed_by = $3, attempts = o.attempts + 1
		 WHERE o.id = (SELECT id FROM mail_outbox
		                WHERE status = 'pending' AND next_attempt_at <= $1
		                  AND (lease_until IS NULL OR lease_until <= $1)
		                ORDER BY next_attempt_at, created_at
		                LIMIT 1
		                  FOR UPDATE SKIP LOCKED)
		   AND o.status = 'pending' AND (o.lease_until IS NULL OR o.lease_until <= $1)
		RETURNING o.id, o.to_address, o.to_name, o.lang, o.subject, o.text_body, o.html_body, o.attempts`,
		now, now.Add(w.Lease), token).Scan(&e.ID, &to, &toName, &e.Lang, &e.Subject, &e.Text, &e.HTML, &attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mail: claim: %w", err)
	}
	e.From = w.From
	e.To = &mail.Address{Name: toName, Address: to}
	e.MessageID = messageID(e.ID, w.From)
	e.Date = now

	sendCtx, cancel := context.WithTimeout(ctx, w.SendTimeout)
	sendErr := w.Sender.Send(sendCtx, e)
	cancel()

	// The outcome is recorded with a fresh context: a send that went through must be marked even if
	// the caller is cancelling right now.
	rec, cancelRec := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancelRec()
	if sendErr != nil && ctx.Err() != nil {
		// Shutting down mid-send: give the message back at once rather than when the lease runs out.
		if _, err := w.Pool.Exec(rec, `UPDATE mail_outbox SET lease_until = NULL, claimed_by = NULL
			WHERE id = $1 AND claimed_by = $2 AND status = 'pending'`, e.ID, token); err != nil {
			w.Logger.Warn("mail outbox: releasing a claim at shutdown failed; it runs out by itself", "mail_id", e.ID, "err", err)
		}
		return false, ctx.Err()
	}

	var perm *PermanentError
	var tag pgconn.CommandTag
	switch {
	case sendErr == nil:
		// Recorded whoever holds the lease now and whatever it made of the message: it went out, and a
		// worker that took it over after this one's lease ran out must not send it again.
		tag, err = w.Pool.Exec(rec, `
			UPDATE mail_outbox SET status = 'sent', sent_at = $2, sent_via = $3, message_id = $4, last_error = NULL,
			       lease_until = NULL, claimed_by = NULL
			 WHERE id = $1 AND status <> 'sent'`, e.ID, w.Now().UTC(), w.Sender.Name(), e.MessageID)
	case errors.As(sendErr, &perm):
		tag, err = w.Pool.Exec(rec, `
			UPDATE mail_outbox SET status = 'failed', last_error = $3, lease_until = NULL, claimed_by = NULL
			 WHERE id = $1 AND claimed_by = $2`, e.ID, token, truncate(sendErr.Error(), 1000))
	default:
		tag, err = w.Pool.Exec(rec, `
			UPDATE mail_outbox SET last_error = $3, next_attempt_at = $4, lease_until = NULL, claimed_by = NULL
			 WHERE id = $1 AND claimed_by = $2`, e.ID, token, truncate(sendErr.Error(), 1000), w.Now().UTC().Add(w.Backoff(attempts)))
	}
	if err != nil {
		return false, fmt.Errorf("mail: record outcome: %w", err)
	}
	log := w.Logger.With("mail_id", e.ID, "to", e.To.Address, "subject", e.Subject, "attempt", attempts, "via", w.Sender.Name())
	switch {
	case tag.RowsAffected() == 0:
		log.Warn("mail outcome not recorded: another worker took the message over after this one's lease ran out", "send_err", sendErr)
	case sendErr == nil:
		log.Info("mail sent")
	case perm != nil:
		log.Error("mail refused permanently; the admin can retry it from the mailbox", "err", sendErr)
	default:
		log.Warn("mail not sent; will retry", "err", sendErr)
	}
	return true, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// MailboxSender is the default sender when no SMTP server is configured: a message is "delivered" by
// being marked sent in the outbox, where the admin reads it at /admin/mailbox, and a log line says so
// (without the body: it may hold a reset link).
type MailboxSender struct {
	Logger *slog.Logger
	// PublicURL prefixes the link to the message in the admin mailbox.
	PublicURL string
}

// Name is "mailbox".
func (m *MailboxSender) Name() string { return "mailbox" }

// Send logs where to read e.
func (m *MailboxSender) Send(ctx context.Context, e Envelope) error {
	log := m.Logger
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "mail kept in the local mailbox (no MISHWAR_SMTP_URL set)",
		"to", e.To.Address, "subject", e.Subject, "read_at", m.PublicURL+"/admin/mailbox/"+e.ID.String())
	return nil
}

// Config selects the sender.
type Config struct {
	// SMTPURL is MISHWAR_SMTP_URL; empty means the local mailbox.
	SMTPURL string
	// From is MISHWAR_MAIL_FROM (an RFC 5322 address, e.g. "Mishwar <trips@example.com>").
	From *mail.Address
}

// ConfigFromEnv reads MISHWAR_SMTP_URL and MISHWAR_MAIL_FROM (default "Mishwar <no-reply@HOST>" with
// HOST taken from publicURL).
func ConfigFromEnv(getenv func(string) string, publicURL string) (Config, error) {
	c := Config{SMTPURL: getenv("MISHWAR_SMTP_URL")}
	if v := getenv("MISHWAR_MAIL_FROM"); v != "" {
		a, err := mail.ParseAddress(v)
		if err != nil {
			return Config{}, fmt.Errorf("MISHWAR_MAIL_FROM: %w", err)
		}
		c.From = a
	} else {
		c.From = &mail.Address{Name: "Mishwar", Address: "no-reply@" + hostOf(publicURL)}
	}
	return c, nil
}

func hostOf(publicURL string) string {
	u, err := url.Parse(publicURL)
	if err != nil || u.Hostname() == "" || u.Hostname() == "localhost" || net.ParseIP(u.Hostname()) != nil {
		return "mishwar.local"
	}
	return u.Hostname()
}

// NewSender returns the SMTP sender for c.SMTPURL, or the local mailbox when it is empty.
func NewSender(c Config, log *slog.Logger, publicURL string) (Sender, error) {
	if c.SMTPURL == "" {
		return &MailboxSender{Logger: log, PublicURL: publicURL}, nil
	}
	return NewSMTPSender(c.SMTPURL, SMTPOptions{})
}

// Stats counts messages by status (for readiness and the admin).
func Stats(ctx context.Context, db DBTX) (pending, sent, failed int, err error) {
	err = db.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'sent'),
		       count(*) FILTER (WHERE status = 'failed') FROM mail_outbox`).Scan(&pending, &sent, &failed)
	return
}
