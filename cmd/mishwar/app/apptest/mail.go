package apptest

import (
	"context"
	"testing"
)

// SentMail returns the bodies of outbox message id as they were (or will be) sent: what the
// recipient reads, with the reset links the admin mailbox masks. It reads the outbox table, since no
// staff view shows them.
func (a *App) SentMail(t testing.TB, id string) (text, html string) {
	t.Helper()
	err := a.Pool.QueryRow(context.Background(), `SELECT text_body, html_body FROM mail_outbox WHERE id = $1`, id).Scan(&text, &html)
	if err != nil {
		t.Fatalf("apptest: sent mail %s: %v", id, err)
	}
	return text, html
}
