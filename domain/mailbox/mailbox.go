// Package mailbox is the plain data of the admin mailbox: the e-mails Mishwar recorded, with their
// delivery state, as the mailbox application (commands/mailbox) and the outbox that keeps them
// (adapters/mail) hand them to each other. Like all of domain, it does no I/O.
package mailbox

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Delivery states of a recorded message.
const (
	StatusPending = "pending"
	StatusSent    = "sent"
	StatusFailed  = "failed"
)

// Answers of the outbox the application acts on (errors.Is).
var (
	// ErrNotFound: no message with this id.
	ErrNotFound = errors.New("mail: no such message")
	// ErrNotFailed: only a failed message can be retried (pending ones are retried anyway).
	ErrNotFailed = errors.New("mail: message has not failed")
)

// Summary is a message as the mailbox list shows it.
type Summary struct {
	ID            uuid.UUID
	To            string
	ToName        string
	Lang          string
	Subject       string
	Status        string
	Attempts      int
	LastError     string
	SentVia       string
	CreatedAt     time.Time
	SentAt        *time.Time
	NextAttemptAt *time.Time
}

// Message is a whole recorded message.
type Message struct {
	Summary
	MessageID string
	Text      string
	HTML      string
}

// Filter narrows the list.
type Filter struct {
	// Status is pending, sent or failed ("": all).
	Status string
	// To matches the recipient address exactly ("": all).
	To     string
	Limit  int
	Offset int
}
