package support

import (
	"context"
	"errors"
	"fmt"

	"mishwar/domain/mailbox"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// MailLog is the mail outbox as support reads it (adapters/mail.Outbox): the messages recorded for
// the events of some streams, oldest first, with one-time secrets masked.
type MailLog interface {
	ForStreams(ctx context.Context, streams []string, limit int) ([]mailbox.Summary, error)
}

// orderMailLimit bounds the e-mails of one order support reads: an order's story sends a few dozen
// at most (placed, paid, driver, changes, refunds, completed).
const orderMailLimit = 100

// OrderMailHandler answers the e-mails Mishwar recorded about one order — its own, its enquiry's and
// its trip's (the driver's) — with their delivery state, so support can say "we sent it on …, it was
// delivered" or "it failed: …". Subjects only: bodies stay in the admin mailbox.
type OrderMailHandler struct {
	events EventLog
	mail   MailLog
}

// Handle lists the order id's e-mails (a trip number in any spelling NormalizeTripNumber accepts).
func (h OrderMailHandler) Handle(ctx context.Context, id string) ([]mailbox.Summary, error) {
	num, ok := order.NormalizeTripNumber(id)
	if !ok {
		return nil, order.ErrOrderNotFound
	}
	if _, err := readStream(ctx, h.events, eventstore.StreamID("order", num)); err != nil {
		if errors.Is(err, ErrStreamNotFound) {
			return nil, order.ErrOrderNotFound
		}
		return nil, err
	}
	if h.mail == nil {
		return []mailbox.Summary{}, nil
	}
	streams := []string{eventstore.StreamID("order", num), eventstore.StreamID("enquiry", num), eventstore.StreamID("dispatch", num)}
	list, err := h.mail.ForStreams(ctx, streams, orderMailLimit)
	if err != nil {
		return nil, fmt.Errorf("support: order mail: %w", err)
	}
	return list, nil
}
