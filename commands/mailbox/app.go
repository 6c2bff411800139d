// Package mailbox is the admin mailbox's application: every e-mail Mishwar recorded, with its
// delivery state and bodies, and sending a failed one again. With no SMTP server configured this is
// where mail "arrives". The messages are read through the Outbox port (adapters/mail implements it);
// this package never sends mail itself and never logs a body (bodies carry reset links).
package mailbox

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/mailbox"
)

// Application is everything the mailbox API (httpapi/mailbox) may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands change the outbox.
type Commands struct {
	Retry RetryHandler
}

// Queries read the outbox, one file each.
type Queries struct {
	List    ListHandler
	Message MessageHandler
}

// Outbox is the mail outbox as the mailbox needs it (adapters/mail.Outbox).
type Outbox interface {
	List(ctx context.Context, f mailbox.Filter) ([]mailbox.Summary, int, error)
	Get(ctx context.Context, id uuid.UUID) (mailbox.Message, error)
	Retry(ctx context.Context, id uuid.UUID) error
}

// New wires the mailbox to the outbox.
func New(outbox Outbox) Application {
	return Application{
		Commands: Commands{Retry: RetryHandler{outbox: outbox}},
		Queries:  Queries{List: ListHandler{outbox: outbox}, Message: MessageHandler{outbox: outbox}},
	}
}

// Refusals of the mailbox (message keys in internal/i18n/catalog_accounts.go).
var (
	ErrMessageNotFound = domain.NotFound("mailbox.not_found")
	ErrNotFailed       = domain.Conflict("mailbox.not_failed")
)

func refusal(err error) error {
	switch {
	case errors.Is(err, mailbox.ErrNotFound):
		return ErrMessageNotFound
	case errors.Is(err, mailbox.ErrNotFailed):
		return ErrNotFailed
	}
	return err
}
