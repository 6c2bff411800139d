package orders_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/processes"
	paymentsproc "mishwar/processes/payments"
)

// closingProvider is the sandbox behind a port that counts the sessions Mishwar asks it to close.
type closingProvider struct {
	*payments.Sandbox
	closeCalls atomic.Int64
}

func (c *closingProvider) ExpireSession(ctx context.Context, req payment.CloseRequest) error {
	c.closeCalls.Add(1)
	return c.Sandbox.ExpireSession(ctx, req)
}

// closeJobs are the close jobs queued for orderID, waiting until at least one is.
func closeJobs(t *testing.T, f *orderstest.Fixture, orderID string) []processes.Job {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rows, err := f.Pool.Query(context.Background(), `SELECT id, kind, payload FROM jobs
			WHERE kind = $1 AND payload->>'order_id' = $2`, paymentsproc.KindCloseSessions, orderID)
		if err != nil {
			t.Fatal(err)
		}
		var list []processes.Job
		for rows.Next() {
			var j processes.Job
			if err := rows.Scan(&j.ID, &j.Kind, &j.Payload); err != nil {
				t.Fatal(err)
			}
			list = append(list, j)
		}
		rows.Close()
		if len(list) > 0 || time.Now().After(deadline) {
			return list
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestCancellingAnOrderClosesItsOpenPaymentSessionOnceAndRecordsIt(t *testing.T) {
	t.Parallel()
	c := &closingProvider{}
	f := orderstest.NewWith(t, 1, orderstest.Options{NoWorker: true, OutcomeWait: 50 * time.Millisecond, LedgerInDB: true,
		Provider: func(sb *payments.Sandbox) orderscmd.PaymentProvider { c.Sandbox = sb; return c }})
	sessionsOnly(t, f)
	ctx := context.Background()
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	if p.PaymentURL == "" {
		t.Fatal("no payment page")
	}
	if _, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	if c.closeCalls.Load() != 0 {
		t.Fatal("the provider was asked inside the cancellation")
	}

	// The cancellation queues one close job, keyed by the event.
	list := closeJobs(t, f, p.OrderID)
	if len(list) != 1 {
		t.Fatalf("%d close jobs", len(list))
	}
	var job paymentsproc.CloseJob
	if err := list[0].Decode(&job); err != nil {
		t.Fatal(err)
	}
	if _, ok := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))[job.Version].(order.OrderCancelled); !ok {
		t.Fatalf("the job is not keyed by the cancellation: version %d", job.Version)
	}

	// Delivered twice (a retry after a crash): the session is closed once and recorded once.
	for attempt := 1; attempt <= 2; attempt++ {
		if err := f.Orders.ClosePaymentSessions(ctx, orderscmd.Job{ID: list[0].ID, Attempts: attempt}, job.OrderID, job.Version); err != nil {
			t.Fatalf("attempt %d: %v", attempt, err)
		}
	}
	if n := c.closeCalls.Load(); n != 1 {
		t.Fatalf("the provider was asked to close %d times", n)
	}
	var why string
	if err := f.Pool.QueryRow(ctx, `SELECT reason FROM payment_sandbox_closed_sessions WHERE payment_id = $1`, p.PaymentID).Scan(&why); err != nil || why != payment.CloseOrderCancelled {
		t.Fatalf("the sandbox session: %q %v", why, err)
	}
	var closed []payment.PaymentSessionClosed
	for _, e := range orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)) {
		if c, ok := e.(payment.PaymentSessionClosed); ok {
			closed = append(closed, c)
		}
	}
	if len(closed) != 1 || closed[0].Outcome != payment.SessionClosed || closed[0].Why != payment.CloseOrderCancelled {
		t.Fatalf("recorded: %+v", closed)
	}
}

func TestAProviderThatCannotCloseASessionIsRecordedAsSuch(t *testing.T) {
	t.Parallel()
	f := orderstest.NewWith(t, 1, orderstest.Options{NoWorker: true, OutcomeWait: 50 * time.Millisecond,
		Provider: func(sb *payments.Sandbox) orderscmd.PaymentProvider { return noCloser{sb} }})
	sessionsOnly(t, f)
	ctx := context.Background()
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	if _, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	list := closeJobs(t, f, p.OrderID)
	if len(list) != 1 {
		t.Fatalf("%d close jobs", len(list))
	}
	var job paymentsproc.CloseJob
	if err := list[0].Decode(&job); err != nil {
		t.Fatal(err)
	}
	if err := f.Orders.ClosePaymentSessions(ctx, orderscmd.Job{ID: list[0].ID, Attempts: 1}, job.OrderID, job.Version); err != nil {
		t.Fatal(err)
	}
	st := payment.Decider.Fold(orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)))
	if st.Closed() != payment.SessionCannotClose {
		t.Fatalf("recorded %q", st.Closed())
	}
}

// noCloser is the sandbox without its SessionCloser, as Paymob is.
type noCloser struct{ sb *payments.Sandbox }

func (n noCloser) Name() string { return n.sb.Name() }
func (n noCloser) CreateSession(ctx context.Context, req payment.SessionRequest) (payment.Session, error) {
	return n.sb.CreateSession(ctx, req)
}
func (n noCloser) VerifyCallback(r *http.Request, body []byte) (payment.Notice, error) {
	return n.sb.VerifyCallback(r, body)
}
func (n noCloser) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	return n.sb.Refund(ctx, req)
}

// closeJobAt runs the close job queued for the order's event at version, as the worker would.
func closeJobAt(t *testing.T, f *orderstest.Fixture, orderID string, version int64) {
	t.Helper()
	for _, j := range closeJobs(t, f, orderID) {
		var p paymentsproc.CloseJob
		if err := j.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Version == version {
			if err := f.Orders.ClosePaymentSessions(context.Background(), orderscmd.Job{ID: j.ID, Attempts: 1}, p.OrderID, p.Version); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no close job for %s@%d", orderID, version)
}

func TestAChangeGivenUpClosesItsPaymentSessionAndTheCancellationClosesNothingTwice(t *testing.T) {
	t.Parallel()
	c := &closingProvider{}
	f := orderstest.NewWith(t, 2, orderstest.Options{NoWorker: true, OutcomeWait: 50 * time.Millisecond, LedgerInDB: true,
		Provider: func(sb *payments.Sandbox) orderscmd.PaymentProvider { c.Sandbox = sb; return c }})
	sessionsOnly(t, f)
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-19")
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	van := f.RatePlan(t, "Van", 2400, 10000, 2)
	if _, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-19", Time: "11:00", RatePlanID: van.String()}, orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	x, _ := f.Order(t, p.OrderID).PendingExchange()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if sess, _ := f.Order(t, p.OrderID).Session(x.PaymentID); !sess.Opening {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the change's payment session never opened")
		}
	}
	if _, err := f.Orders.CancelOrder(ctx, p.OrderID, me, "plans changed", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	events := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))
	var abandoned, cancelled int64 = -1, -1
	for v, e := range events {
		switch e.(type) {
		case order.ExchangeAbandoned:
			abandoned = int64(v)
		case order.OrderCancelled:
			cancelled = int64(v)
		}
	}
	if abandoned < 0 || cancelled < 0 {
		t.Fatalf("abandoned at %d, cancelled at %d", abandoned, cancelled)
	}
	closeJobAt(t, f, p.OrderID, abandoned)
	closeJobAt(t, f, p.OrderID, cancelled)

	if n := c.closeCalls.Load(); n != 1 {
		t.Fatalf("the provider was asked to close %d times", n)
	}
	var why string
	if err := f.Pool.QueryRow(ctx, `SELECT reason FROM payment_sandbox_closed_sessions WHERE payment_id = $1`, x.PaymentID).Scan(&why); err != nil || why != payment.CloseExchangeAbandoned {
		t.Fatalf("the change's sandbox session: %q %v", why, err)
	}
	var closed []payment.PaymentSessionClosed
	for _, e := range orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(x.PaymentID)) {
		if c, ok := e.(payment.PaymentSessionClosed); ok {
			closed = append(closed, c)
		}
	}
	if len(closed) != 1 || closed[0].Outcome != payment.SessionClosed || closed[0].Why != payment.CloseExchangeAbandoned {
		t.Fatalf("recorded on the change's payment: %+v", closed)
	}
	// The order's own payment was paid: there was no page to close.
	for _, e := range orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)) {
		if _, ok := e.(payment.PaymentSessionClosed); ok {
			t.Fatal("a paid payment's session was closed")
		}
	}
}
