package orders_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	paymentsproc "mishwar/processes/payments"
	ordersrm "mishwar/projections/orders"
)

// refusingRefunds is the sandbox with refunds the provider refuses.
type refusingRefunds struct{ *payments.Sandbox }

func (refusingRefunds) Refund(context.Context, payment.RefundRequest) (payment.RefundResult, error) {
	return payment.RefundResult{}, fmt.Errorf("%w: %w: card closed", payments.ErrProvider, payments.ErrRefused)
}

// The order as staff see it says, from its events, which refunds are on their way and which the
// provider refused; money on its way back needs nobody, a refused refund does.
func TestTheOrderShowsRefundsInProgressAndFailed(t *testing.T) {
	t.Parallel()
	f := orderstest.NewWith(t, 1, orderstest.Options{NoWorker: true, OutcomeWait: 10 * time.Millisecond,
		Provider: func(sb *payments.Sandbox) orderscmd.PaymentProvider { return refusingRefunds{sb} }})
	all := orderstest.JobHandlers(f.Orders)
	f.RunWorker(t, &jobs.Worker{Queue: f.Jobs, Handlers: map[string]jobs.Handler{paymentsproc.KindOpenSession: all[paymentsproc.KindOpenSession]},
		Poll: 50 * time.Millisecond})
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	r := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	ctx := context.Background()
	cancelled, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil || cancelled.RefundPending.Minor == 0 {
		t.Fatalf("cancel: %+v %v", cancelled, err)
	}
	caughtUp(t, f, r.Position, cancelled.Position)
	o, err := f.Read.Order(ctx, p.OrderID)
	if err != nil || len(o.Refunds) != 1 || o.Refunds[0].State() != ordersrm.RefundInProgress || o.RefundPending() != cancelled.RefundPending || o.NeedsAttention() {
		t.Fatalf("refund in progress: %+v %v", o, err)
	}

	// The provider refuses: the refund job records it, the order shows it and needs an operator.
	f.RunWorker(t, &jobs.Worker{Queue: f.Jobs, Handlers: map[string]jobs.Handler{paymentsproc.KindRefund: all[paymentsproc.KindRefund]},
		Poll: 50 * time.Millisecond})
	deadline := time.Now().Add(20 * time.Second)
	for f.Order(t, p.OrderID).RefundsInFlight().Minor != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the refused refund was never recorded")
		}
		time.Sleep(50 * time.Millisecond)
	}
	hist, err := commands.Load[order.Event](ctx, f.Runner, orderscmd.OrderStream(p.OrderID))
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForOrders(t, hist.Recorded[len(hist.Recorded)-1].Position)
	o, _ = f.Read.Order(ctx, p.OrderID)
	if len(o.Refunds) != 1 || o.Refunds[0].State() != ordersrm.RefundFailed || o.Refunds[0].Failure == "" || o.RefundPending().Minor != 0 || !o.NeedsAttention() ||
		o.Attention[len(o.Attention)-1].Reason != order.AttentionRefundFailed {
		t.Fatalf("refund failed: %+v", o)
	}
}
