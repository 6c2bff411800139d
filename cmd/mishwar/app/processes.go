package app

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/jobs"
	"mishwar/adapters/mail"
	orderscmd "mishwar/commands/orders"
	"mishwar/eventstore"
	"mishwar/processes"
	"mishwar/processes/ordermail"
	paymentsproc "mishwar/processes/payments"
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
	return projections.Process(p.Name(), &projections.Handlers{Registry: registry, Streams: p.Streams(), Events: hs}, handover)
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

// wireJobWorker runs one job worker for every kind a feature registered: the effects the process
// managers queued, each performed outside any transaction with its job id as idempotency key.
func (a *App) wireJobWorker() {
	if len(a.jobHandlers) == 0 {
		return
	}
	w := &jobs.Worker{Queue: a.jobQueue, Handlers: a.jobHandlers, Logger: a.Log}
	a.jobs = append(a.jobs, job{name: "job worker", run: w.Run})
}

// orderJobs registers the orders' job handlers (the provider calls processes/payments queues). A job
// the application refuses for good (orderscmd.ErrJobRefused) ends failed, for an operator to see.
func (a *App) orderJobs(h *orderscmd.Handlers) {
	final := func(fn jobs.Handler) jobs.Handler {
		return func(ctx context.Context, job processes.Job) error {
			err := fn(ctx, job)
			if errors.Is(err, orderscmd.ErrJobRefused) {
				return jobs.Permanent(err)
			}
			return err
		}
	}
	a.jobHandlers[paymentsproc.KindRefund] = final(h.PerformRefund)
	a.jobHandlers[paymentsproc.KindOpenSession] = final(h.OpenPaymentSession)
}
