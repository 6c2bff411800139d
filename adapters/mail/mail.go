// Package mail is Mishwar's e-mail outbox. A feature records a message with Enqueue in the same
// transaction as the change that causes it; a Worker delivers recorded messages through a Sender
// (SMTP, or the local mailbox the admin reads at /admin/mailbox) and retries until it succeeds.
//
// A message is never lost: it is in PostgreSQL before anyone is told it will be sent, and it stays
// pending through any number of SMTP outages. Two live workers never send it at once: a worker takes a
// lease on it in a short transaction before sending, and sends with no transaction open (a transaction
// held across network I/O would stall every projection; see Worker). This package must never log a
// message's body: bodies carry password reset links.
package mail

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DBTX is a pool or a transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Message is an e-mail to one recipient, already written in the recipient's language.
type Message struct {
	To     string
	ToName string
	// Lang is the recipient's language ("en" or "ar"); it sets Content-Language and text direction.
	Lang    string
	Subject string
	Text    string
	// HTML is the rich alternative of Text (may be empty: the mail is then plain text only).
	HTML string
	// Key, when set, makes Enqueue idempotent: a second message with the same key is not recorded.
	// Use a key naming the cause, e.g. "order-confirmation:<order id>".
	Key string
}

// ErrInvalidMessage: the message lacks a valid recipient, a subject or a text body.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Notify channel: Enqueue signals it so idle workers wake at once (delivered on commit only).
const notifyChannel = "mail_outbox"

// Enqueue records m for delivery in db, which should be the transaction of the change that causes the
// mail: if it rolls back, nothing is sent. It returns the message id (the earlier message's id when
// m.Key was used before).
func Enqueue(ctx context.Context, db DBTX, m Message) (uuid.UUID, error) {
	if err := m.validate(); err != nil {
		return uuid.Nil, err
	}
	if m.Lang == "" {
		m.Lang = "en"
	}
	id := uuid.New()
	var key *string
	if m.Key != "" {
		key = &m.Key
	}
	var got uuid.UUID
	err := db.QueryRow(ctx, `
		WITH ins AS (
			INSERT INTO mail_outbox (id, dedupe_key, to_address, to_name, lang, subject, text_body, html_body, message_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '')
			ON CONFLICT (dedupe_key) DO NOTHING
			RETURNING id
		)
		SELECT id FROM ins
		UNION ALL
		SELECT id FROM mail_outbox WHERE dedupe_key = $2 AND NOT EXISTS (SELECT 1 FROM ins)`,
		id, key, m.To, m.ToName, m.Lang, m.Subject, m.Text, m.HTML).Scan(&got)
	if err != nil {
		return uuid.Nil, fmt.Errorf("mail: enqueue: %w", err)
	}
	if _, err := db.Exec(ctx, `SELECT pg_notify($1, '')`, notifyChannel); err != nil {
		return uuid.Nil, fmt.Errorf("mail: enqueue: notify: %w", err)
	}
	return got, nil
}

func (m Message) validate() error {
	a, err := mail.ParseAddress(m.To)
	switch {
	case err != nil || a.Address != strings.TrimSpace(m.To):
		return fmt.Errorf("%w: recipient %q", ErrInvalidMessage, m.To)
	case strings.TrimSpace(m.Subject) == "":
		return fmt.Errorf("%w: no subject", ErrInvalidMessage)
	case strings.ContainsAny(m.Subject, "\r\n"):
		return fmt.Errorf("%w: line break in subject", ErrInvalidMessage)
	case strings.TrimSpace(m.Text) == "":
		return fmt.Errorf("%w: no text body", ErrInvalidMessage)
	}
	return nil
}

// messageID is the Message-ID header of message id: derived, not random, so every retry of one
// message carries the same id and a receiving system can recognise a copy it already has.
func messageID(id uuid.UUID, from *mail.Address) string {
	host := "mishwar.local"
	if i := strings.LastIndexByte(from.Address, '@'); i >= 0 && i < len(from.Address)-1 {
		host = from.Address[i+1:]
	}
	return fmt.Sprintf("<%s@%s>", id, host)
}

// Envelope is a message as a Sender gets it.
type Envelope struct {
	ID        uuid.UUID
	MessageID string
	From      *mail.Address
	To        *mail.Address
	Lang      string
	Subject   string
	Text      string
	HTML      string
	Date      time.Time
}

// Sender delivers one message. It returns a *PermanentError when retrying cannot help (the server
// refused the recipient); any other error is retried later.
type Sender interface {
	Name() string
	Send(ctx context.Context, e Envelope) error
}

// PermanentError is a delivery failure that retrying will not fix.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }
