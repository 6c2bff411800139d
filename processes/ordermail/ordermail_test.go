package ordermail_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/mail"
	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/processes"
	"mishwar/processes/ordermail"
	"mishwar/projections"
	ordersrm "mishwar/projections/orders"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// outbox is the composition root's adapter (cmd/mishwar/app): the house layout, then the outbox.
type outbox struct{}

func (outbox) Enqueue(ctx context.Context, tx pgx.Tx, m ordermail.Mail) error {
	c := mail.Content{Subject: m.Subject, Heading: m.Heading, Greeting: m.Greeting, Paragraphs: m.Paragraphs}
	if m.Action != nil {
		c.Action = &mail.Action{Label: m.Action.Label, URL: m.Action.URL}
	}
	msg := mail.Compose(m.Lang, m.To, m.ToName, c)
	msg.Key = m.Key
	_, err := mail.Enqueue(ctx, tx, msg)
	return err
}

// consumer runs the process as the composition root does: in the projections runner.
func consumer(f *orderstest.Fixture) projections.Projection { return consumerFrom(f, "") }

// consumerFrom is the process starting, on its first run, where handover stopped ("" the start).
func consumerFrom(f *orderstest.Fixture, handover string) projections.Projection {
	p := ordermail.New(f.Registry, f.Store, outbox{}, func() string { return "http://mishwar.test" })
	var hs []projections.Handler
	for _, h := range p.Handlers() {
		hs = append(hs, projections.OnType(h.Type, func(ctx context.Context, tx pgx.Tx, env projections.Envelope, v any) error {
			return h.Handle(ctx, tx, processes.Envelope(env), v)
		}))
	}
	// Before each batch's transaction, as cmd/mishwar/app.runProcess has it.
	h := &projections.Handlers{Registry: f.Registry, Streams: p.Streams(), Events: hs, Prepare: p.Prepare}
	// From the start of the log on its first run, not from the orders read model's checkpoint (its
	// handover, ordermail.Handover, for a deployment that queued mails before the process): the
	// fixture's read model runs from the fixture's start, and a test that writes its events before it
	// starts the process would find them behind that checkpoint on some runs and not on others.
	return projections.Process(p.Name(), h, handover)
}

// start runs the process until stop is called or the test ends.
func start(t *testing.T, f *orderstest.Fixture) (*projections.Runner, func()) {
	t.Helper()
	return f.RunProcesses(t, consumer(f))
}

func caughtUp(t *testing.T, r *projections.Runner, positions ...eventstore.Position) {
	t.Helper()
	var last eventstore.Position
	for _, p := range positions {
		if last.Less(p) {
			last = p
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.WaitFor(ctx, ordermail.Name, last); err != nil {
		t.Fatalf("ordermail at %s: %v", last, err)
	}
}

func mails(t *testing.T, f *orderstest.Fixture, to string) []string {
	t.Helper()
	rows, err := f.Pool.Query(context.Background(), `SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, subject`, to)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAnOrdersMailsAreQueuedOnceEachAndNeverReplayed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, stop := start(t, f)
	f.FillCart(t, "u1")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-18")
	price := f.Order(t, p.OrderID).Price()
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price))
	late := f.Notify(t, orderstest.Notice(p, "n2", payments.OutcomeFailed, price)) // ignored: no mail
	caughtUp(t, r, p.Position, paid.Position, late.Position)
	got := mails(t, f, "mona@example.com")
	if len(got) != 2 || got[0] != "We received your order "+p.OrderID || got[1] != "Your trip "+p.OrderID+" is confirmed" {
		t.Fatalf("mails %q", got)
	}

	out, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, r, out.Position)
	got = mails(t, f, "mona@example.com")
	if len(got) != 4 {
		t.Fatalf("after the cancellation: mails %q, want received, confirmed, cancelled, refunded", got)
	}

	// A restart that lost its checkpoint replays the log and queues nothing new: each mail is
	// keyed by its event.
	stop()
	if _, err := f.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, ordermail.Name); err != nil {
		t.Fatal(err)
	}
	r, _ = start(t, f)
	caughtUp(t, r, out.Position)
	if again := mails(t, f, "mona@example.com"); len(again) != 4 {
		t.Fatalf("a replay queued mails again: %q", again)
	}

	// Rebuilding the orders read model touches no mail, and the process itself is never rebuilt.
	if err := projections.Rebuild(ctx, f.Pool, f.Store, ordersrm.New(f.Registry), nil); err != nil {
		t.Fatal(err)
	}
	if again := mails(t, f, "mona@example.com"); len(again) != 4 {
		t.Fatalf("a rebuild of the orders read model queued mails: %q", again)
	}
	if err := projections.Rebuild(ctx, f.Pool, f.Store, consumer(f), nil); !errors.Is(err, projections.ErrNotRebuildable) {
		t.Fatalf("rebuild of the process: %v, want ErrNotRebuildable", err)
	}
}

func TestOnItsFirstRunTheProcessTakesOverWhereTheOrdersReadModelStopped(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.FillCart(t, "u1")
	// Before the process exists, the orders read model has seen an order (and, in the release
	// before this one, mailed it).
	p := f.Place(t, "u1", "2026-11-18")
	f.WaitForOrders(t, p.Position)
	r, _ := f.RunProcesses(t, consumerFrom(f, ordermail.Handover))
	// The process takes the read model's checkpoint when it starts, in the background; the fixture's
	// read model runs on by itself, so let the process have it before anything else happens.
	caughtUp(t, r, p.Position)
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	caughtUp(t, r, paid.Position)
	got := mails(t, f, "mona@example.com")
	if len(got) != 1 || got[0] != "Your trip "+p.OrderID+" is confirmed" {
		t.Fatalf("mails %q, want only the confirmation (the order received mail was the read model's)", got)
	}
}

// A completed trip thanks the traveller once, in their language; a completion the order ↔ trip
// process records long after the trip (catching up with trips driven before it existed) sends
// nothing.
func TestACompletedTripSendsOneThankYouInTheTravellersLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 2)
	r, _ := start(t, f)
	ctx := context.Background()
	complete := func(lang, user string, ended time.Time) (orderscmd.Placed, eventstore.Position) {
		t.Helper()
		f.FillCart(t, user)
		in := f.Input(user, "2026-11-18")
		in.Lang = lang
		p, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta(user))
		if err != nil {
			t.Fatal(err)
		}
		f.Notify(t, orderstest.Notice(p, "n-"+user, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
		job := orderstest.UserMeta("system")
		pos, err := f.Orders.RecordTripCompleted(ctx, p.OrderID, "d1", ended.Add(-4*time.Hour), ended, job)
		if err != nil {
			t.Fatal(err)
		}
		// The job again (a crash after it recorded the completion): the same command id, no second mail.
		if _, err := f.Orders.RecordTripCompleted(ctx, p.OrderID, "d1", ended.Add(-4*time.Hour), ended, job); err != nil {
			t.Fatal(err)
		}
		return p, pos
	}
	ar, arPos := complete("ar", "u-ar", time.Now())
	caughtUp(t, r, arPos)
	var subjects []string
	rows, err := f.Pool.Query(ctx, `SELECT subject FROM mail_outbox WHERE dedupe_key LIKE '%:completed' ORDER BY created_at`)
	if err != nil {
		t.Fatal(err)
	}
	if subjects, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		t.Fatal(err)
	}
	if len(subjects) != 1 || subjects[0] != "اكتملت رحلتك "+ar.OrderID {
		t.Fatalf("completion mails %q, want one in Arabic", subjects)
	}

	_, latePos := complete("en", "u-late", time.Now().Add(-72*time.Hour))
	caughtUp(t, r, latePos)
	rows, err = f.Pool.Query(ctx, `SELECT subject FROM mail_outbox WHERE dedupe_key LIKE '%:completed' ORDER BY created_at`)
	if err != nil {
		t.Fatal(err)
	}
	if subjects, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || len(subjects) != 1 {
		t.Fatalf("a completion recorded days late sent mail: %q %v", subjects, err)
	}
}

func TestAPaymentStaffAcceptedSendsTheConfirmationOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, _ := start(t, f)
	f.FillCart(t, "u1")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-18")
	short := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, money.New(100, money.EGP)))
	caughtUp(t, r, p.Position, short.Position)
	if got := mails(t, f, "mona@example.com"); len(got) != 1 {
		t.Fatalf("after 1.00 EGP for the whole trip: mails %q, want only the order received", got)
	}

	staff := order.Actor{UserID: "admin", Staff: true}
	accepted, err := f.Orders.AcceptPaymentAsStaff(ctx, p.OrderID, "", staff, "the rest paid in cash", orderstest.UserMeta("admin"))
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, r, accepted.Position)
	got := mails(t, f, "mona@example.com")
	if len(got) != 2 || got[1] != "Your trip "+p.OrderID+" is confirmed" {
		t.Fatalf("after staff accepted the payment: mails %q, want received and confirmed", got)
	}
}

// A refund request is acknowledged by one e-mail, queued by the process keyed by the request's event:
// a replay of the log queues it again never.
func TestARefundRequestSendsOneAcknowledgementEver(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, stop := start(t, f)
	f.FillCart(t, "u1")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-18")
	price := f.Order(t, p.OrderID).Price()
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price))
	asked, err := f.Orders.RequestRefund(ctx, p.OrderID, order.Actor{UserID: "u1"}, "Driver was late by an hour", money.New(30000, money.EGP), orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, r, p.Position, paid.Position, asked.Position)
	acknowledged := func() int {
		n := 0
		for _, s := range mails(t, f, "mona@example.com") {
			if s == "We received your refund request for "+p.OrderID {
				n++
			}
		}
		return n
	}
	if n := acknowledged(); n != 1 {
		t.Fatalf("%d acknowledgements, want 1: %q", n, mails(t, f, "mona@example.com"))
	}
	stop()
	if _, err := f.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, ordermail.Name); err != nil {
		t.Fatal(err)
	}
	r, _ = start(t, f)
	caughtUp(t, r, asked.Position)
	if n := acknowledged(); n != 1 {
		t.Fatalf("after a replay: %d acknowledgements, want 1", n)
	}
}
