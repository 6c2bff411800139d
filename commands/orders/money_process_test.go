package orders_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/processes"
	paymentsproc "mishwar/processes/payments"
)

// countingProvider is the sandbox behind a port that counts the calls Mishwar makes, and can make
// a refund call "die" after the sandbox said yes.
type countingProvider struct {
	*payments.Sandbox
	refundCalls  atomic.Int64
	sessionCalls atomic.Int64
	// afterRefund, when set, runs after the sandbox refunded and replaces the answer's error.
	afterRefund func(ctx context.Context) error
	// refuseSessions makes the provider refuse to open sessions.
	refuseSessions atomic.Bool
}

func (c *countingProvider) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	c.refundCalls.Add(1)
	res, err := c.Sandbox.Refund(ctx, req)
	if err == nil && c.afterRefund != nil {
		return res, c.afterRefund(ctx)
	}
	return res, err
}

func (c *countingProvider) CreateSession(ctx context.Context, req payment.SessionRequest) (payment.Session, error) {
	c.sessionCalls.Add(1)
	if c.refuseSessions.Load() {
		return payment.Session{}, payments.ErrRefused
	}
	return c.Sandbox.CreateSession(ctx, req)
}

func counting(opts orderstest.Options) (*countingProvider, orderstest.Options) {
	c := &countingProvider{}
	opts.Provider = func(sb *payments.Sandbox) orderscmd.PaymentProvider {
		c.Sandbox = sb
		return c
	}
	return c, opts
}

var admin = order.Actor{UserID: "admin", Staff: true}

// paidU1Order places u1's order and pays it.
func paidU1Order(t *testing.T, f *orderstest.Fixture, date string) (orderscmd.Placed, order.State) {
	t.Helper()
	f.FillCart(t, "u1")
	p := paidOrder(t, f, "u1", date)
	s := f.Order(t, p.OrderID)
	if s.Status() != order.StatusConfirmed {
		t.Fatalf("order %s", s.Status())
	}
	return p, s
}

// refundJob waits for the refund job the process queued for refundID.
func refundJob(t *testing.T, f *orderstest.Fixture, orderID, refundID string) processes.Job {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var j processes.Job
		err := f.Pool.QueryRow(context.Background(), `SELECT id, kind, payload FROM jobs
			WHERE kind = $1 AND payload->>'order_id' = $2 AND payload->>'refund_id' = $3`,
			paymentsproc.KindRefund, orderID, refundID).Scan(&j.ID, &j.Kind, &j.Payload)
		if err == nil {
			return j
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no refund job for %s", refundID)
	return processes.Job{}
}

func refundsAtProvider(t *testing.T, c *countingProvider, paymentID string) []payments.SandboxRefund {
	t.Helper()
	list, err := c.Sandbox.Refunds(context.Background(), paymentID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// sessionsOnly runs a worker that opens payment sessions but leaves refunds to the test.
func sessionsOnly(t *testing.T, f *orderstest.Fixture) {
	all := orderstest.JobHandlers(f.Orders)
	f.RunWorker(t, &jobs.Worker{Queue: f.Jobs, Handlers: map[string]jobs.Handler{paymentsproc.KindOpenSession: all[paymentsproc.KindOpenSession]},
		Poll: 50 * time.Millisecond, Backoff: func(int) time.Duration { return 20 * time.Millisecond }})
}

// refundCase is u1's paid order, a provider that counts the calls, and a worker that opens payment
// sessions but leaves refunds to the test.
type refundCase struct {
	f *orderstest.Fixture
	c *countingProvider
	p orderscmd.Placed
	s order.State // as paid
}

func newRefundCase(t *testing.T, opts orderstest.Options) refundCase {
	t.Helper()
	opts.NoWorker, opts.OutcomeWait = true, 50*time.Millisecond
	c, opts := counting(opts)
	f := orderstest.NewWith(t, 1, opts)
	sessionsOnly(t, f)
	p, s := paidU1Order(t, f, "2026-11-18")
	return refundCase{f: f, c: c, p: p, s: s}
}

// cancel: u1 cancels the order, which orders a refund of the whole price.
func (rc refundCase) cancel(t *testing.T) {
	t.Helper()
	out, err := rc.f.Orders.CancelOrder(context.Background(), rc.p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil || out.RefundPending != rc.s.Price() {
		t.Fatalf("cancelled: %+v %v", out, err)
	}
}

// refundWorker performs refund jobs only (Lease 0: the worker's default).
func refundWorker(f *orderstest.Fixture, lease time.Duration) *jobs.Worker {
	refunds := map[string]jobs.Handler{paymentsproc.KindRefund: orderstest.JobHandlers(f.Orders)[paymentsproc.KindRefund]}
	return &jobs.Worker{Queue: f.Jobs, Handlers: refunds, Lease: lease, Poll: 50 * time.Millisecond,
		Backoff: func(int) time.Duration { return 20 * time.Millisecond }}
}

// lastRefundOrdered is the id of the order's latest RefundOrdered.
func lastRefundOrdered(t *testing.T, f *orderstest.Fixture, orderID string) string {
	t.Helper()
	var refundID string
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(orderID)) {
		if r, ok := e.(order.RefundOrdered); ok {
			refundID = r.RefundID
		}
	}
	return refundID
}

// assertCancelRefundInFlight: the cancellation's refund is ordered and not yet recorded.
func (rc refundCase) assertCancelRefundInFlight(t *testing.T) {
	t.Helper()
	if s := rc.f.Order(t, rc.p.OrderID); s.RefundsInFlight() != s.Price() || s.Refunded().Minor != 0 {
		t.Fatalf("before the restart: in flight %v, refunded %v", s.RefundsInFlight(), s.Refunded())
	}
}

// restartRefundsOnce starts a new refund worker, as after a crash, and checks that the cancellation's
// refund is recorded once, refunded once at the provider, and settles the order.
func (rc refundCase) restartRefundsOnce(t *testing.T) {
	t.Helper()
	rc.f.RunWorker(t, refundWorker(rc.f, 0))
	deadline := time.Now().Add(30 * time.Second)
	for rc.f.Order(t, rc.p.OrderID).RefundsInFlight().Minor != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the refund was never recorded after the restart")
		}
		time.Sleep(50 * time.Millisecond)
	}
	assertRefundedOnce(t, rc.f, rc.c, rc.p, lastRefundOrdered(t, rc.f, rc.p.OrderID), rc.s.Price())
	if s := rc.f.Order(t, rc.p.OrderID); s.Refunded() != s.Paid() || s.NeedsAttention() {
		t.Fatalf("after the restart: refunded %v of %v, attention %v", s.Refunded(), s.Paid(), s.NeedsAttention())
	}
}

func TestARefundIsRecordedBeforeTheProviderIsAskedAndAskedOnce(t *testing.T) {
	t.Parallel()
	rc := newRefundCase(t, orderstest.Options{})
	f, c, p, s := rc.f, rc.c, rc.p, rc.s
	ctx := context.Background()
	half := money.New(s.Price().Minor/2, money.EGP)

	// Nobody performs the job yet: the decision is recorded, the money is on its way, the provider
	// has not been asked.
	out, err := f.Orders.IssueRefund(ctx, p.OrderID, admin, "goodwill", half, orderstest.UserMeta("admin"))
	if err != nil || out.RefundPending != half || out.Refunded.Minor != 0 {
		t.Fatalf("refund ordered: %+v %v", out, err)
	}
	if c.refundCalls.Load() != 0 {
		t.Fatal("the provider was asked before the refund was recorded")
	}
	s = f.Order(t, p.OrderID)
	if s.RefundsInFlight() != half || s.Refundable().Minor != s.Price().Minor-half.Minor {
		t.Fatalf("in flight %v refundable %v", s.RefundsInFlight(), s.Refundable())
	}

	// The job handler, run twice one after the other: one call, one refund, recorded once.
	refundID := lastRefundOrdered(t, f, p.OrderID)
	job := refundJob(t, f, p.OrderID, refundID)
	for attempt := 1; attempt <= 2; attempt++ {
		if err := f.Orders.PerformRefund(ctx, orderscmd.Job{ID: job.ID, Attempts: attempt}, p.OrderID, refundID); err != nil {
			t.Fatalf("attempt %d: %v", attempt, err)
		}
	}
	if n := c.refundCalls.Load(); n != 1 {
		t.Fatalf("the provider was asked %d times", n)
	}
	assertRefundedOnce(t, f, c, p, refundID, half)

	// And run by two workers at once (a lease that ran out under a slow provider): the provider may
	// be asked twice, but refunds once, and the refund is recorded once.
	out, err = f.Orders.IssueRefund(ctx, p.OrderID, admin, "more goodwill", money.New(100, money.EGP), orderstest.UserMeta("admin"))
	if err != nil {
		t.Fatal(err)
	}
	second := lastRefundOrdered(t, f, p.OrderID)
	job = refundJob(t, f, p.OrderID, second)
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f.Orders.PerformRefund(ctx, orderscmd.Job{ID: job.ID, Attempts: i + 1}, p.OrderID, second); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := len(refundsAtProvider(t, c, p.PaymentID)); got != 2 {
		t.Fatalf("%d refunds at the provider, want 2 (one per decision)", got)
	}
	issued := 0
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)) {
		if r, ok := e.(order.RefundIssued); ok && r.RefundID == second {
			issued++
		}
	}
	if issued != 1 {
		t.Fatalf("the second refund was recorded %d times", issued)
	}
}

func assertRefundedOnce(t *testing.T, f *orderstest.Fixture, c *countingProvider, p orderscmd.Placed, refundID string, amount money.Money) {
	t.Helper()
	at := refundsAtProvider(t, c, p.PaymentID)
	if len(at) != 1 || at[0].RefundID != refundID || at[0].Amount != amount {
		t.Fatalf("refunds at the provider: %+v", at)
	}
	issued, onPayment := 0, 0
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)) {
		if r, ok := e.(order.RefundIssued); ok && r.RefundID == refundID {
			issued++
		}
	}
	for _, e := range orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)) {
		if r, ok := e.(payment.PaymentRefunded); ok && r.RefundID == refundID {
			onPayment++
		}
	}
	if issued != 1 || onPayment != 1 {
		t.Fatalf("refund recorded %d times on the order, %d on the payment", issued, onPayment)
	}
	s := f.Order(t, p.OrderID)
	if s.RefundsInFlight().Minor != 0 || !s.RefundIssuedFor(refundID) {
		t.Fatalf("in flight %v", s.RefundsInFlight())
	}
}

// kill -9 between intent and outcome: the worker dies after the provider said yes and before it
// recorded anything (no clean-up: its lease simply runs out). Another worker takes the job over; the
// outcome is recorded once and the provider refunded once.
func TestAWorkerKilledAfterTheProviderSaidYesLosesNothingAndPaysOnce(t *testing.T) {
	t.Parallel()
	rc := newRefundCase(t, orderstest.Options{})
	c, p := rc.c, rc.p
	rc.cancel(t)
	died := make(chan struct{})
	firstCtx, kill := context.WithCancel(context.Background())
	var once sync.Once
	c.afterRefund = func(context.Context) error {
		var err error = errors.New("connection reset")
		once.Do(func() {
			kill() // the process dies right here: the provider has refunded, nothing is recorded
			close(died)
			err = context.Canceled
		})
		return err
	}
	first := refundWorker(rc.f, 2*time.Second)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		_ = first.Run(firstCtx)
	}()
	select {
	case <-died:
	case <-time.After(20 * time.Second):
		t.Fatal("the refund job never ran")
	}
	<-stopped
	if c.refundCalls.Load() != 1 || len(refundsAtProvider(t, c, p.PaymentID)) != 1 {
		t.Fatal("the provider did not refund before the worker died")
	}
	rc.assertCancelRefundInFlight(t)

	// The restart: a new worker claims the job once the dead one's lease has run out.
	c.afterRefund = nil
	rc.restartRefundsOnce(t)
	if n := c.refundCalls.Load(); n != 2 {
		t.Fatalf("the provider was asked %d times, want 2 (the same key twice)", n)
	}
}

// Two operators (or one double click with two keys) refunding at once: each decision is judged
// against what is left including the other's refund in flight, so together they never pay out more
// than was paid.
func TestConcurrentRefundsNeverPayOutMoreThanWasPaid(t *testing.T) {
	t.Parallel()
	c, opts := counting(orderstest.Options{})
	f := orderstest.NewWith(t, 1, opts)
	p, s := paidU1Order(t, f, "2026-11-18")
	ctx := context.Background()
	sixty := money.New(s.Price().Minor*6/10, money.EGP)
	const clicks = 6
	var wg sync.WaitGroup
	outs := make([]orderscmd.Outcome, clicks)
	errs := make([]error, clicks)
	for i := 0; i < clicks; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = f.Orders.IssueRefund(ctx, p.OrderID, admin, "goodwill", sixty, orderstest.UserMeta("admin"))
		}()
	}
	wg.Wait()
	done := 0
	for i, err := range errs {
		switch {
		case err == nil:
			done++
			if outs[i].Refunded != sixty {
				t.Errorf("click %d refunded %v", i, outs[i].Refunded)
			}
		case errors.Is(err, order.ErrRefundTooLarge):
		default:
			t.Errorf("click %d: %v", i, err)
		}
	}
	if done != 1 {
		t.Fatalf("%d refunds of 60%% went through", done)
	}
	var total int64
	for _, r := range refundsAtProvider(t, c, p.PaymentID) {
		total += r.Amount.Minor
	}
	if total != sixty.Minor || f.Order(t, p.OrderID).Refunded() != sixty {
		t.Fatalf("paid out %d, want %d", total, sixty.Minor)
	}
}

// Twenty "pay now" at once on one unpaid order open one session with the provider.
func TestConcurrentPayNowsOpenOneSession(t *testing.T) {
	t.Parallel()
	c, opts := counting(orderstest.Options{})
	f := orderstest.NewWith(t, 1, opts)
	f.FillCart(t, "u1")
	ctx := context.Background()
	// Checkout's own session is refused by the provider: the order waits for payment with no session.
	c.refuseSessions.Store(true)
	p, err := f.Orders.PlaceOrder(ctx, f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	if !errors.Is(err, orderscmd.ErrPaymentUnavailable) || p.OrderID == "" {
		t.Fatalf("checkout with the provider refusing: %+v %v", p, err)
	}
	c.refuseSessions.Store(false)
	before := c.sessionCalls.Load()
	const clicks = 20
	var wg sync.WaitGroup
	got := make([]orderscmd.Placed, clicks)
	errs := make([]error, clicks)
	for i := 0; i < clicks; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1"))
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || got[i].PaymentURL == "" || got[i].PaymentID != got[0].PaymentID || got[i].PaymentURL != got[0].PaymentURL {
			t.Fatalf("click %d: %+v %v (first %+v)", i, got[i], errs[i], got[0])
		}
	}
	if n := c.sessionCalls.Load() - before; n != 1 {
		t.Fatalf("%d provider sessions opened", n)
	}
	sessions := 0
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)) {
		if _, ok := e.(order.PaymentSessionOrdered); ok {
			sessions++
		}
	}
	if sessions != 2 {
		t.Fatalf("%d sessions ordered, want 2 (checkout's and one for the clicks)", sessions)
	}
}

func TestANoticeForAnotherAmountConfirmsNothingUntilStaffAccept(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	ctx := context.Background()
	one := money.New(100, money.EGP)
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, one))
	s := f.Order(t, p.OrderID)
	if s.Status() != order.StatusAwaitingPayment || s.Paid() != one || !s.NeedsAttention() || !s.UnderReview() {
		t.Fatalf("order %s paid %v attention %v", s.Status(), s.Paid(), s.NeedsAttention())
	}
	if f.Day(t, "2026-11-18").StatusOf(s.Reservation()) == availability.Confirmed {
		t.Fatal("the car was confirmed for 1.00 EGP")
	}
	out, err := f.Orders.AcceptPaymentAsStaff(ctx, p.OrderID, "", admin, "the rest paid in cash", orderstest.UserMeta("admin"))
	if err != nil {
		t.Fatalf("accept: %+v %v", out, err)
	}
	s = f.Order(t, p.OrderID)
	if s.Status() != order.StatusConfirmed || s.UnderReview() {
		t.Fatalf("after accepting: %s", s.Status())
	}
	// Accepting less settles the order: nobody owes anything, nothing is left for staff, on the
	// stream and in what staff read.
	if s.NeedsAttention() || s.Underpaid().Minor != 0 {
		t.Fatalf("after accepting: attention %v underpaid %v, want settled", s.NeedsAttention(), s.Underpaid())
	}
	f.WaitForOrders(t, out.Position)
	view, err := f.Read.Order(ctx, p.OrderID)
	if err != nil || view.NeedsAttention() || view.Underpaid().Minor != 0 || view.Conceded().Minor != s.Price().Minor-one.Minor {
		t.Fatalf("the staff view after accepting: attention %v underpaid %v conceded %v (%v)", view.NeedsAttention(), view.Underpaid(), view.Conceded(), err)
	}
	if _, err := f.Orders.AcceptPaymentAsStaff(ctx, p.OrderID, "", admin, "again", orderstest.UserMeta("admin")); !errors.Is(err, order.ErrNotUnderReview) {
		t.Fatalf("accepting again: %v", err)
	}
}

func TestOneCustomerCannotHoldEveryCarWithUnpaidOrders(t *testing.T) {
	t.Parallel()
	settings := orderscmd.DefaultSettings()
	settings.UnpaidHoldsPerCustomer = 2
	f := orderstest.NewWith(t, 3, orderstest.Options{Settings: &settings})
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	ctx := context.Background()
	first := f.Place(t, "u1", "2026-11-18")
	f.PlaceAt(t, "u1", "2026-11-18", "11:00")
	third := f.Input("u1", "2026-11-18")
	third.Time = "12:00"
	if _, err := f.Orders.PlaceOrder(ctx, third, orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTooManyUnpaidOrders) {
		t.Fatalf("a third unpaid order: %v", err)
	}
	if f.Day(t, "2026-11-18").Taken() != 2 {
		t.Fatal("the refused order held a car")
	}
	// Someone else still finds a car.
	f.Place(t, "u2", "2026-11-18")
	// Paying one frees a place for another.
	f.Notify(t, orderstest.Notice(first, "n1", payments.OutcomeSucceeded, f.Order(t, first.OrderID).Price()))
	f.AddDriver(t, 9, 1)
	f.PlaceAt(t, "u1", "2026-11-18", "12:00")
}

// Accounts cost nothing: travellers made for the purpose, booking from one address, cannot keep every
// car of a day held. The address's bound counts every unpaid order placed from it, and a traveller
// refused there keeps their own bound untouched.
func TestTravellersFromOneAddressCannotHoldEveryCarWithUnpaidOrders(t *testing.T) {
	t.Parallel()
	settings := orderscmd.DefaultSettings()
	settings.UnpaidHoldsPerCustomer = 1
	settings.UnpaidHoldsPerAddress = 2
	f := orderstest.NewWith(t, 6, orderstest.Options{Settings: &settings})
	ctx := context.Background()
	from := func(user, address string) commands.Meta {
		m := orderstest.UserMeta(user)
		m.ClientIP = address
		return m
	}
	for _, u := range []string{"u1", "u2", "u3"} {
		f.FillCart(t, u)
	}
	first, err := f.Orders.PlaceOrder(ctx, f.Input("u1", "2026-11-18"), from("u1", "198.51.100.7"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Orders.PlaceOrder(ctx, f.Input("u2", "2026-11-18"), from("u2", "198.51.100.7")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Orders.PlaceOrder(ctx, f.Input("u3", "2026-11-18"), from("u3", "198.51.100.7")); !errors.Is(err, order.ErrTooManyUnpaidFromAddress) {
		t.Fatalf("a third account's unpaid order from the same address: %v", err)
	}
	if f.Day(t, "2026-11-18").Taken() != 2 {
		t.Fatal("the refused order held a car")
	}
	// Its own bound (one unpaid order) was given back: from another address it books.
	if _, err := f.Orders.PlaceOrder(ctx, f.Input("u3", "2026-11-18"), from("u3", "203.0.113.50")); err != nil {
		t.Fatalf("the refused traveller from another address: %v", err)
	}
	// A paid order frees its place on the address.
	f.Notify(t, orderstest.Notice(first, "n1", payments.OutcomeSucceeded, f.Order(t, first.OrderID).Price()))
	in := f.Input("u1", "2026-11-18")
	in.Time = "12:00"
	if _, err := f.Orders.PlaceOrder(ctx, in, from("u1", "198.51.100.7")); err != nil {
		t.Fatalf("after paying, from the same address: %v", err)
	}
}

// One address may hold at most half a day's cars unpaid, rounded up, whatever its bound across days:
// two accounts made for the purpose, booking from one network, used to leave a day fully booked.
func TestOneAddressCannotHoldEveryCarOfADayWithUnpaidOrders(t *testing.T) {
	t.Parallel()
	settings := orderscmd.DefaultSettings()
	settings.UnpaidHoldsPerCustomer = 3
	settings.UnpaidHoldsPerAddress = 5
	f := orderstest.NewWith(t, 5, orderstest.Options{Settings: &settings})
	ctx := context.Background()
	from := func(user string) commands.Meta {
		m := orderstest.UserMeta(user)
		m.ClientIP = "198.51.100.7"
		return m
	}
	at := func(user, day, hhmm string) (orderscmd.Placed, error) {
		in := f.Input(user, day)
		in.Time = hhmm
		return f.Orders.PlaceOrder(ctx, in, from(user))
	}
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	for _, hhmm := range []string{"10:00", "10:15"} {
		if _, err := at("u1", "2026-11-18", hhmm); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := at("u2", "2026-11-18", "11:00"); err != nil {
		t.Fatalf("the third of the day's five cars from the address: %v", err)
	}
	if _, err := at("u2", "2026-11-18", "11:15"); !errors.Is(err, order.ErrTooManyUnpaidForDay) {
		t.Fatalf("a fourth unpaid order of the day from the same address: %v", err)
	}
	if taken := f.Day(t, "2026-11-18").Taken(); taken != 3 {
		t.Fatalf("the day has %d cars taken, want the three placed", taken)
	}
	if _, err := at("u2", "2026-11-19", "11:15"); err != nil {
		t.Fatalf("another day from the same address: %v", err)
	}
}

// Ten checkouts at once by one traveller allowed two unpaid orders: two are placed, whatever the
// interleaving, because the count is decided on the traveller's own stream, not read from a model.
func TestConcurrentCheckoutsOfOneTravellerStayWithinTheUnpaidBound(t *testing.T) {
	t.Parallel()
	settings := orderscmd.DefaultSettings()
	settings.UnpaidHoldsPerCustomer = 2
	f := orderstest.NewWith(t, 10, orderstest.Options{Settings: &settings})
	f.FillCart(t, "u1")
	ctx := context.Background()
	const n = 10
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Ten different trips (an order of the same trip is resumed, see same_trip_test.go).
			in := f.Input("u1", "2026-11-18")
			in.Time = fmt.Sprintf("%02d:%02d", 10+i/4, i%4*15)
			_, errs[i] = f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta("u1"))
		}()
	}
	wg.Wait()
	placed := 0
	for i, err := range errs {
		switch {
		case err == nil:
			placed++
		case errors.Is(err, order.ErrTooManyUnpaidOrders):
		default:
			t.Errorf("checkout %d: %v", i, err)
		}
	}
	if placed != 2 || f.Day(t, "2026-11-18").Taken() != 2 {
		t.Fatalf("%d orders placed, %d cars taken; want 2 and 2", placed, f.Day(t, "2026-11-18").Taken())
	}
}
