// Package payments is the process manager of the money that moves through the payment provider: it
// turns each decision an order records to call the provider into one job. A refund ordered
// (order.RefundOrdered) becomes a refund job; a payment session ordered (order.PaymentSessionOrdered)
// becomes a job that opens it. An order cancelled (order.OrderCancelled) or a change given up
// (order.ExchangeAbandoned) becomes a job that closes the payment sessions still open for it, so
// their pages take no card any more. The jobs are queued in the transaction that moves this process's
// checkpoint, with ids derived from the event, so a batch delivered twice or a restart queues nothing
// new.
//
// The jobs are performed by the orders application (commands/orders: PerformRefund,
// OpenPaymentSession, ClosePaymentSessions) on a job worker, outside any transaction, with the refund id or the payment id
// as the provider's idempotency key; they record the provider's answer on the order
// (RefundIssued / RefundFailed, PaymentRequested / PaymentSessionFailed, PaymentSessionClosed). This package never calls
// the provider and never reads a read model; it is never replayed.
package payments

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/order"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "payments"

// Job kinds.
const (
	// KindRefund sends an ordered refund through the provider (payload RefundJob).
	KindRefund = "orders.refund"
	// KindOpenSession opens an ordered payment session with the provider (payload SessionJob).
	KindOpenSession = "orders.open_payment_session"
	// KindCloseSessions closes the payment sessions still open when an order is cancelled or its
	// change given up (payload CloseJob).
	KindCloseSessions = "orders.close_payment_sessions"
)

// RefundJob is the payload of a refund job.
type RefundJob struct {
	OrderID  string `json:"order_id"`
	RefundID string `json:"refund_id"`
}

// SessionJob is the payload of a job that opens a payment session.
type SessionJob struct {
	OrderID   string `json:"order_id"`
	PaymentID string `json:"payment_id"`
}

// CloseJob is the payload of a job that closes the payment sessions left open by the order event at
// Version (an OrderCancelled or an ExchangeAbandoned).
type CloseJob struct {
	OrderID string `json:"order_id"`
	Version int64  `json:"version"`
}

// Process queues the provider calls the orders decided.
type Process struct {
	jobs processes.Jobs
}

// New returns the process over the job queue.
func New(jobs processes.Jobs) *Process { return &Process{jobs: jobs} }

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.RefundOrdered]) error {
			return p.enqueue(ctx, tx, e.Envelope, KindRefund, RefundJob{OrderID: e.EntityID, RefundID: e.Data.RefundID})
		}),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.PaymentSessionOrdered]) error {
			return p.enqueue(ctx, tx, e.Envelope, KindOpenSession, SessionJob{OrderID: e.EntityID, PaymentID: e.Data.PaymentID})
		}),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.OrderCancelled]) error {
			return p.enqueue(ctx, tx, e.Envelope, KindCloseSessions, CloseJob{OrderID: e.EntityID, Version: e.Version})
		}),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.ExchangeAbandoned]) error {
			return p.enqueue(ctx, tx, e.Envelope, KindCloseSessions, CloseJob{OrderID: e.EntityID, Version: e.Version})
		}),
	}
}

func (p *Process) enqueue(ctx context.Context, tx pgx.Tx, env processes.Envelope, kind string, payload any) error {
	if err := p.jobs.Enqueue(ctx, tx, kind, processes.JobID(env.EventID, kind), payload); err != nil {
		return fmt.Errorf("payments: queue %s for %s@%d: %w", kind, env.StreamID, env.Version, err)
	}
	return nil
}
