package app

import (
	"context"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/mail"
	"mishwar/eventstore"
	"mishwar/processes"
	"mishwar/processes/ordermail"
	"mishwar/projections"
)

// runProcess runs a process manager in the projections runner: checkpointed, leader-elected and
// retried like a projection, never rebuilt (see projections.Process).
func runProcess(registry *eventstore.Registry, p processes.Process, handover string) projections.Projection {
	var hs []projections.Handler
	for _, h := range p.Handlers() {
		hs = append(hs, projections.OnType(h.Type, func(ctx context.Context, tx pgx.Tx, env projections.Envelope, v any) error {
			return h.Handle(ctx, tx, env, v)
		}))
	}
	h := &projections.Handlers{Registry: registry, Streams: p.Streams(), Events: hs}
	if pr, ok := p.(processes.Preparer); ok {
		h.Prepare = pr.Prepare // before the batch's transaction
	}
	return projections.Process(p.Name(), h, handover)
}

// orderMailOutbox is ordermail's outbox port over adapters/mail: the house layout, then the outbox
// table, in the process's transaction.
type orderMailOutbox struct{}

func (orderMailOutbox) Enqueue(ctx context.Context, tx pgx.Tx, m ordermail.Mail) error {
	c := mail.Content{Subject: m.Subject, Heading: m.Heading, Greeting: m.Greeting, Paragraphs: m.Paragraphs}
	if m.Action != nil {
		c.Action = &mail.Action{Label: m.Action.Label, URL: m.Action.URL}
	}
	msg := mail.Compose(m.Lang, m.To, m.ToName, c)
	msg.Key = m.Key
	_, err := mail.Enqueue(ctx, tx, msg)
	return err
}
