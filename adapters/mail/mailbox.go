package mail

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/mailbox"
)

// Outbox reads and manages recorded messages for the admin mailbox (the port commands/mailbox
// declares). Everything it returns is a staff view: one-time secrets in links are masked
// (MaskSecrets), while the Worker, which reads the outbox itself, sends them intact.
type Outbox struct {
	pool        *pgxpool.Pool
	showSecrets bool
}

// NewOutbox returns the outbox on pool, masking one-time secrets.
func NewOutbox(pool *pgxpool.Pool) *Outbox { return &Outbox{pool: pool} }

// ShowingSecrets is the outbox with one-time secrets left whole. Only for the demo with no SMTP
// server, where the mailbox is the one place mail arrives and a reset link must be followable there.
func (o *Outbox) ShowingSecrets() *Outbox { return &Outbox{pool: o.pool, showSecrets: true} }

func (o *Outbox) mask(s string) string {
	if o.showSecrets {
		return s
	}
	return MaskSecrets(s)
}

// Summary is a message as the mailbox list shows it.
type Summary = mailbox.Summary

// Stored is a whole message.
type Stored = mailbox.Message

// ErrNotFound: no message with this id.
var ErrNotFound = mailbox.ErrNotFound

// ErrNotFailed: only a failed message can be retried (pending ones are retried anyway).
var ErrNotFailed = mailbox.ErrNotFailed

// Filter narrows the list.
type Filter = mailbox.Filter

const summaryColumns = `id, to_address, to_name, lang, subject, status, attempts, coalesce(last_error, ''), coalesce(sent_via, ''), created_at, sent_at,
	CASE WHEN status = 'pending' THEN next_attempt_at END`

func (o *Outbox) scanSummary(row pgx.Row, extra ...any) (Summary, error) {
	var s Summary
	err := row.Scan(append([]any{&s.ID, &s.To, &s.ToName, &s.Lang, &s.Subject, &s.Status, &s.Attempts, &s.LastError, &s.SentVia, &s.CreatedAt, &s.SentAt, &s.NextAttemptAt}, extra...)...)
	s.Subject, s.LastError = o.mask(s.Subject), o.mask(s.LastError)
	return s, err
}

// List returns messages newest first and how many match in all.
func (o *Outbox) List(ctx context.Context, f Filter) ([]Summary, int, error) {
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	var total int
	if err := o.pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox WHERE ($1 = '' OR status = $1) AND ($2 = '' OR to_address = $2)`,
		f.Status, f.To).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("mail: count: %w", err)
	}
	rows, err := o.pool.Query(ctx, `
		SELECT `+summaryColumns+` FROM mail_outbox
		 WHERE ($1 = '' OR status = $1) AND ($2 = '' OR to_address = $2)
		 ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, f.Status, f.To, f.Limit, f.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("mail: list: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Summary, error) { return o.scanSummary(r) })
	if err != nil {
		return nil, 0, fmt.Errorf("mail: list: %w", err)
	}
	return out, total, nil
}

// ForStreams returns the messages recorded for events of the given streams (the order processes'
// keys, "orders:<stream>:<version>:<kind>"), oldest first, at most limit: an order's e-mails, as
// support reads them beside the order. Account mail (sign-up, password reset) has other keys and is
// never among them.
func (o *Outbox) ForStreams(ctx context.Context, streams []string, limit int) ([]Summary, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	rows, err := o.pool.Query(ctx, `
		SELECT `+summaryColumns+` FROM mail_outbox
		 WHERE starts_with(dedupe_key, 'orders:') AND split_part(dedupe_key, ':', 2) = ANY($1)
		 ORDER BY created_at, id LIMIT $2`, streams, limit)
	if err != nil {
		return nil, fmt.Errorf("mail: list for streams: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Summary, error) { return o.scanSummary(r) })
	if err != nil {
		return nil, fmt.Errorf("mail: list for streams: %w", err)
	}
	return out, nil
}

// Get returns one message with its bodies.
func (o *Outbox) Get(ctx context.Context, id uuid.UUID) (Stored, error) {
	var s Stored
	sum, err := o.scanSummary(o.pool.QueryRow(ctx, `SELECT `+summaryColumns+`, message_id, text_body, html_body FROM mail_outbox WHERE id = $1`, id),
		&s.MessageID, &s.Text, &s.HTML)
	if errors.Is(err, pgx.ErrNoRows) {
		return Stored{}, ErrNotFound
	}
	if err != nil {
		return Stored{}, fmt.Errorf("mail: get: %w", err)
	}
	s.Summary = sum
	s.Text, s.HTML = o.mask(s.Text), o.mask(s.HTML)
	return s, nil
}

// Retry puts a failed message back in the queue, due now.
func (o *Outbox) Retry(ctx context.Context, id uuid.UUID) error {
	tag, err := o.pool.Exec(ctx, `UPDATE mail_outbox SET status = 'pending', next_attempt_at = now(), lease_until = NULL, claimed_by = NULL WHERE id = $1 AND status = 'failed'`, id)
	if err != nil {
		return fmt.Errorf("mail: retry: %w", err)
	}
	if tag.RowsAffected() == 0 {
		if _, err := o.Get(ctx, id); err != nil {
			return err
		}
		return ErrNotFailed
	}
	if _, err := o.pool.Exec(ctx, `SELECT pg_notify($1, '')`, notifyChannel); err != nil {
		return fmt.Errorf("mail: retry: notify: %w", err)
	}
	return nil
}
