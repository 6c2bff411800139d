package mail

import (
	"context"

	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// QueueAccountMail lays out an account e-mail (a password reset link) in the house style and records
// it in db, the transaction of the change that causes it. It is the accounts application's mail port
// (adapters/accountsdb.MailQueue; the composition root passes it in).
func QueueAccountMail(ctx context.Context, db DBTX, m account.Mail) error {
	c := Content{Subject: m.Subject, Heading: m.Heading, Greeting: m.Greeting, Paragraphs: m.Paragraphs, After: m.After}
	if m.Action != nil {
		c.Action = &Action{Label: m.Action.Label, URL: m.Action.URL}
	}
	_, err := Enqueue(ctx, db, Compose(i18n.Lang(m.Lang), m.To, m.ToName, c))
	return err
}
