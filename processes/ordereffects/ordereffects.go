// Package ordereffects is the process manager of what an order's decisions do to other streams. An
// order is decided on its own stream; what follows on others is made in the request that decided it,
// and again by a job this process queues for the event, so that a process dying between the two, or
// a database dropping out meanwhile, loses nothing:
//
//   - an order cancelled, expired, failed, exchanged or confirmed (OrderCancelled, OrderExpired,
//     PaymentFailed, ExchangeAbandoned, OrderExchanged, PaymentReceived and PaymentAccepted that
//     confirm) → job JobSettleOrderEvent: the day's car released or confirmed, the customer's unpaid
//     hold ended, a promo code's use given back or counted again, a cheaper exchange's refund ordered
//     (commands/orders SettleOrderEvent);
//   - a payment settled at the provider (payment PaymentSucceeded, PaymentDeclined) → job
//     JobSettlePayment: the order records the payment's outcome (commands/orders SettlePayment), as
//     the provider's notice did in its request unless that died first. Without it a charge recorded
//     on the payment could stay off its order: the order's hold would lapse unpaid and a second
//     payment charge the traveller again.
//
// Each job's id derives from its event (processes.JobID), so it is queued once; the job carries the
// command id that wrote the event, from which every follow-up's command id derives, the same in the
// request and in the job: a follow-up made twice is written once. Like every process it is never
// rebuilt; on its first run it starts at the beginning of the log, so follow-ups a crash lost before
// it existed are made too (each is decided against its stream as it stands, so the rest change
// nothing).
package ordereffects

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "ordereffects"

// Job kinds.
const (
	// JobSettleOrderEvent makes the follow-ups of one order event (payload OrderEvent).
	JobSettleOrderEvent = "orders.settle_event"
	// JobSettlePayment brings an order in line with its payment's outcome (payload PaymentOutcome).
	JobSettlePayment = "orders.settle_payment"
)

// OrderEvent is the payload of JobSettleOrderEvent: the event at Version of the order's stream.
type OrderEvent struct {
	OrderID string `json:"order_id"`
	Version int64  `json:"version"`
}

// PaymentOutcome is the payload of JobSettlePayment: the payment and the command that recorded its
// outcome (the provider's notice).
type PaymentOutcome struct {
	PaymentID string `json:"payment_id"`
	CommandID string `json:"command_id"`
}

// Process queues the follow-up jobs of orders and payments.
type Process struct{ jobs processes.Jobs }

// New returns the process over the job queue.
func New(jobs processes.Jobs) *Process { return &Process{jobs: jobs} }

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order", "payment"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{
		processes.On(orderEvent[order.OrderCancelled](p)),
		processes.On(orderEvent[order.OrderExpired](p)),
		processes.On(orderEvent[order.PaymentFailed](p)),
		processes.On(orderEvent[order.ExchangeAbandoned](p)),
		processes.On(orderEvent[order.OrderExchanged](p)),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.PaymentReceived]) error {
			if !e.Data.Confirms {
				return nil
			}
			return p.settleEvent(ctx, tx, e.Envelope)
		}),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.PaymentAccepted]) error {
			if !e.Data.Confirms {
				return nil
			}
			return p.settleEvent(ctx, tx, e.Envelope)
		}),
		processes.On(paymentOutcome[payment.PaymentSucceeded](p)),
		processes.On(paymentOutcome[payment.PaymentDeclined](p)),
	}
}

func orderEvent[E order.Event](p *Process) func(context.Context, pgx.Tx, processes.Event[E]) error {
	return func(ctx context.Context, tx pgx.Tx, e processes.Event[E]) error {
		return p.settleEvent(ctx, tx, e.Envelope)
	}
}

func paymentOutcome[E payment.Event](p *Process) func(context.Context, pgx.Tx, processes.Event[E]) error {
	return func(ctx context.Context, tx pgx.Tx, e processes.Event[E]) error {
		return p.enqueue(ctx, tx, e.Envelope, JobSettlePayment, PaymentOutcome{PaymentID: e.EntityID, CommandID: e.Metadata.CommandID})
	}
}

func (p *Process) settleEvent(ctx context.Context, tx pgx.Tx, env processes.Envelope) error {
	return p.enqueue(ctx, tx, env, JobSettleOrderEvent, OrderEvent{OrderID: env.EntityID, Version: env.Version})
}

func (p *Process) enqueue(ctx context.Context, tx pgx.Tx, env processes.Envelope, kind string, payload any) error {
	if err := p.jobs.Enqueue(ctx, tx, kind, processes.JobID(env.EventID, kind), payload); err != nil {
		return fmt.Errorf("ordereffects: queue %s for %s@%d: %w", kind, env.StreamID, env.Version, err)
	}
	return nil
}
