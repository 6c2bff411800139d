package mailbox_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	appmailbox "mishwar/commands/mailbox"
	"mishwar/domain"
	"mishwar/domain/mailbox"
)

// outbox is an outbox with one failed and one sent message.
type outbox struct {
	failed, sent uuid.UUID
	asked        mailbox.Filter
}

func (o *outbox) List(_ context.Context, f mailbox.Filter) ([]mailbox.Summary, int, error) {
	o.asked = f
	return []mailbox.Summary{{ID: o.failed, Status: mailbox.StatusFailed}}, 1, nil
}

func (o *outbox) Get(_ context.Context, id uuid.UUID) (mailbox.Message, error) {
	if id != o.failed && id != o.sent {
		return mailbox.Message{}, mailbox.ErrNotFound
	}
	return mailbox.Message{Summary: mailbox.Summary{ID: id}}, nil
}

func (o *outbox) Retry(ctx context.Context, id uuid.UUID) error {
	if _, err := o.Get(ctx, id); err != nil {
		return err
	}
	if id != o.failed {
		return mailbox.ErrNotFailed
	}
	return nil
}

func TestTheMailboxAnswersRefusalsTheAPIKnows(t *testing.T) {
	ctx := context.Background()
	box := &outbox{failed: uuid.New(), sent: uuid.New()}
	app := appmailbox.New(box)

	if err := app.Commands.Retry.Handle(ctx, box.failed); err != nil {
		t.Fatalf("retry a failed message: %v", err)
	}
	if err := app.Commands.Retry.Handle(ctx, box.sent); !errors.Is(err, appmailbox.ErrNotFailed) || domain.KindOf(err) != domain.KindConflict {
		t.Fatalf("retry a sent message: %v, want a conflict", err)
	}
	if _, err := app.Queries.Message.Handle(ctx, uuid.New()); !errors.Is(err, appmailbox.ErrMessageNotFound) || domain.KindOf(err) != domain.KindNotFound {
		t.Fatalf("an unknown message: %v, want not found", err)
	}
}

func TestAnUnknownStatusListsEveryMessage(t *testing.T) {
	box := &outbox{failed: uuid.New()}
	page, err := appmailbox.New(box).Queries.List.Handle(context.Background(), mailbox.Filter{Status: "bounced", Offset: -3})
	if err != nil || page.Total != 1 || len(page.Messages) != 1 {
		t.Fatalf("list = %+v, %v", page, err)
	}
	if box.asked.Status != "" || box.asked.Offset != 0 {
		t.Fatalf("the outbox was asked for %+v, want every status from the start", box.asked)
	}
}
