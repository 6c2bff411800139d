package app

import (
	"context"
	"fmt"

	orderscmd "mishwar/commands/orders"
	"mishwar/processes"
	paymentsproc "mishwar/processes/payments"
)

// The provider calls the orders decided (processes/payments queues them as jobs): the payload is
// decoded here, the work done by the orders application. A job the application refuses for good
// (orderscmd.ErrJobRefused carries the Permanent mark), or whose payload cannot be read, ends failed
// for an operator to see.

// orderJobs registers the orders' job handlers.
func (a *App) orderJobs(h *orderscmd.Handlers) {
	a.handleJobs(paymentsproc.KindRefund, performRefund(h))
	a.handleJobs(paymentsproc.KindOpenSession, openPaymentSession(h))
}

func jobRun(job processes.Job) orderscmd.Job {
	return orderscmd.Job{ID: job.ID, Attempts: job.Attempts}
}

// performRefund sends an ordered refund through the provider (job paymentsproc.KindRefund).
func performRefund(h *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var p paymentsproc.RefundJob
		if err := job.Decode(&p); err != nil {
			return processes.Permanent(fmt.Errorf("app: %s %s: %w", job.Kind, job.ID, err))
		}
		return h.PerformRefund(ctx, jobRun(job), p.OrderID, p.RefundID)
	}
}

// openPaymentSession opens an ordered payment session with the provider (job paymentsproc.KindOpenSession).
func openPaymentSession(h *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var p paymentsproc.SessionJob
		if err := job.Decode(&p); err != nil {
			return processes.Permanent(fmt.Errorf("app: %s %s: %w", job.Kind, job.ID, err))
		}
		return h.OpenPaymentSession(ctx, jobRun(job), p.OrderID, p.PaymentID)
	}
}
