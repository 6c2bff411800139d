package app

import (
	"context"
	"errors"
	"fmt"

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

// orderJobs registers the orders' job handlers (the provider calls processes/payments queues): the
// payload decoded here, the work done by the application. A job the application refuses for good
// (orderscmd.ErrJobRefused), or whose payload cannot be read, ends failed, for an operator to see.
func (a *App) orderJobs(h *orderscmd.Handlers) {
	for kind, fn := range OrderJobHandlers(h) {
		a.jobHandlers[kind] = fn
	}
}

// OrderJobHandlers are the orders' job handlers by kind (tests run them on workers of their own).
func OrderJobHandlers(h *orderscmd.Handlers) map[string]jobs.Handler {
	run := func(job processes.Job) orderscmd.Job { return orderscmd.Job{ID: job.ID, Attempts: job.Attempts} }
	final := func(err error) error {
		if errors.Is(err, orderscmd.ErrJobRefused) {
			return jobs.Permanent(err)
		}
		return err
	}
	return map[string]jobs.Handler{
		paymentsproc.KindRefund: func(ctx context.Context, job processes.Job) error {
			var p paymentsproc.RefundJob
			if err := job.Decode(&p); err != nil {
				return jobs.Permanent(fmt.Errorf("app: refund job %s: %w", job.ID, err))
			}
			return final(h.PerformRefund(ctx, run(job), p.OrderID, p.RefundID))
		},
		paymentsproc.KindOpenSession: func(ctx context.Context, job processes.Job) error {
			var p paymentsproc.SessionJob
			if err := job.Decode(&p); err != nil {
				return jobs.Permanent(fmt.Errorf("app: payment session job %s: %w", job.ID, err))
			}
			return final(h.OpenPaymentSession(ctx, run(job), p.OrderID, p.PaymentID))
		},
	}
}
