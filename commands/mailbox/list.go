package mailbox

import (
	"context"

	"mishwar/domain/mailbox"
)

// ListHandler lists recorded messages, newest first.
type ListHandler struct {
	outbox Outbox
}

// Page is one page of the list and how many messages match in all.
type Page struct {
	Messages []mailbox.Summary
	Total    int
}

// Handle lists the messages f selects. An unknown status selects every message, as the list
// always did.
func (h ListHandler) Handle(ctx context.Context, f mailbox.Filter) (Page, error) {
	switch f.Status {
	case "", mailbox.StatusPending, mailbox.StatusSent, mailbox.StatusFailed:
	default:
		f.Status = ""
	}
	f.Offset = max(f.Offset, 0)
	list, total, err := h.outbox.List(ctx, f)
	if err != nil {
		return Page{}, err
	}
	return Page{Messages: list, Total: total}, nil
}
