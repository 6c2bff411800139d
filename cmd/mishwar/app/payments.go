package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	orderscmd "mishwar/commands/orders"
	"mishwar/processes"
	"mishwar/processes/ordereffects"
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
	a.handleJobs(paymentsproc.KindCloseSessions, closePaymentSessions(h))
	a.handleJobs(ordereffects.JobSettleOrderEvent, settleOrderEvent(h))
	a.handleJobs(ordereffects.JobSettlePayment, settlePayment(h))
}

// settleOrderEvent makes the follow-ups of one order event (job ordereffects.JobSettleOrderEvent).
func settleOrderEvent(h *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var p ordereffects.OrderEvent
		if err := job.Decode(&p); err != nil {
			return processes.Permanent(fmt.Errorf("app: %s %s: %w", job.Kind, job.ID, err))
		}
		return h.SettleOrderEvent(ctx, jobRun(job), p.OrderID, p.Version)
	}
}

// settlePayment brings an order in line with its payment's outcome (job ordereffects.JobSettlePayment).
func settlePayment(h *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var p ordereffects.PaymentOutcome
		if err := job.Decode(&p); err != nil {
			return processes.Permanent(fmt.Errorf("app: %s %s: %w", job.Kind, job.ID, err))
		}
		commandID, err := uuid.Parse(p.CommandID)
		if err != nil {
			commandID = job.ID // an outcome recorded without a command id
		}
		return h.SettlePayment(ctx, jobRun(job), p.PaymentID, commandID)
	}
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

// closePaymentSessions closes the payment sessions an order's cancellation or a change given up left
// open (job paymentsproc.KindCloseSessions).
func closePaymentSessions(h *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var p paymentsproc.CloseJob
		if err := job.Decode(&p); err != nil {
			return processes.Permanent(fmt.Errorf("app: %s %s: %w", job.Kind, job.ID, err))
		}
		return h.ClosePaymentSessions(ctx, jobRun(job), p.OrderID, p.Version)
	}
}
