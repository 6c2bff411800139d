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

// Summary is a message as staff read it: the admin mailbox's list and support's view of an order's
// e-mails answer it in this one shape.
type Summary struct {
	ID            uuid.UUID  `json:"id"`
	To            string     `json:"to"`
	ToName        string     `json:"to_name"`
	Lang          string     `json:"lang"`
	Subject       string     `json:"subject"`
	Status        string     `json:"status"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"last_error,omitempty"`
	SentVia       string     `json:"sent_via,omitempty"`
	CreatedAt     time.Time  `json:"created_at"`
	SentAt        *time.Time `json:"sent_at"`
	NextAttemptAt *time.Time `json:"next_attempt_at"`
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
