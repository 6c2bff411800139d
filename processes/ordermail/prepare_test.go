package ordermail_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	reviewscmd "mishwar/commands/reviews"
	"mishwar/domain/order"
	"mishwar/domain/review"
	"mishwar/eventstore"
	"mishwar/processes"
	"mishwar/processes/ordermail"
	"mishwar/projections"
)

// unprepared is the process run without its Prepare: the runner sees no processes.Preparer.
type unprepared struct{ processes.Process }

// A batch's transaction holds its connection, the checkpoint row and an xid until it commits, and
// every gap-safe reader of the log waits for that xid: every stream the e-mails are made from (an
// order's or enquiry's events before the one mailed, the order a driver was assigned to, whether a
// completed trip has its review) is read before the transaction begins. Run without its Prepare, the
// process queues nothing and says what it was not given; with it, on a pool of one connection (where
// a read inside the transaction would wait for the connection the transaction holds), the whole log
// applies and every e-mail is the one the process has always sent.
func TestEveryStreamTheMailsAreMadeFromIsReadBeforeTheBatchsTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 3)
	reviewscmd.RegisterEvents(f.Registry)
	ctx := context.Background()

	// a@ rates their trip when it is done; b@ had rated theirs before the process got to it.
	_, _ = completedTrip(t, f, "u-a", "en", "a@example.com")
	b, _ := completedTrip(t, f, "u-b", "en", "b@example.com")
	data, err := f.Registry.Encode(uuid.New(), review.TripReviewed{OrderID: b.OrderID, UserID: "u-b", AuthorName: "Bassem", Rating: 4, Lang: "en",
		CompletedAt: f.Order(t, b.OrderID).CompletedAt(), ReviewedAt: time.Now().UTC()}, eventstore.Metadata{ActorID: "u-b", ActorRole: "user"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Store.Append(ctx, reviewscmd.Stream(b.OrderID), eventstore.NoStream, data); err != nil {
		t.Fatal(err)
	}
	// c@'s paid trip is given a driver.
	f.FillCart(t, "u-c")
	in := f.Input("u-c", "2026-11-18")
	in.Contact.Email, in.EmailConfirmation = "c@example.com", "c@example.com"
	c, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta("u-c"))
	if err != nil {
		t.Fatal(err)
	}
	f.Notify(t, orderstest.Notice(c, "n-u-c", payments.OutcomeSucceeded, f.Order(t, c.OrderID).Price()))
	assignDriver(t, f, c.OrderID, eventstore.NoStream)
	// e@'s enquiry is declined.
	sub, err := f.Orders.SubmitEnquiry(ctx, orderscmd.EnquiryInput{
		Lang: "en", DestinationIDs: []string{f.Sights[0].String(), f.Sights[1].String()},
		Contact:           order.Contact{FirstName: "Salma", LastName: "Adel", Email: "e@example.com", Phone: "+201001234567", Country: "EG"},
		EmailConfirmation: "e@example.com", TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
		Start: &orderscmd.PointRequest{PickupPointID: f.Pickup.String()},
	}, orderstest.UserMeta(""))
	if err != nil {
		t.Fatal(err)
	}
	declined, err := f.Orders.DeclineEnquiry(ctx, sub.TripNumber, "no cars that day", orderstest.UserMeta("admin"))
	if err != nil {
		t.Fatal(err)
	}
	events := orderstest.LogUntil(t, f.Store, orderstest.At(declined.Position))

	pool, store := f.OneConnection(t)
	proc := ordermail.New(f.Registry, store, outbox{}, func() string { return "http://mishwar.test" })
	bounded, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()

	bare := orderstest.Process(f.Registry, unprepared{proc})
	if err := projections.EnsureSchema(bounded, pool, store, bare); err != nil {
		t.Fatal(err)
	}
	if _, err := projections.ApplyBatch(bounded, pool, bare, events); !errors.Is(err, processes.ErrNotPrepared) {
		t.Fatalf("the log without Prepare: %v, want ErrNotPrepared", err)
	}
	var queued int
	if err := f.Pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox`).Scan(&queued); err != nil || queued != 0 {
		t.Fatalf("%d mails queued by a batch that failed (%v)", queued, err)
	}

	// The same checkpoint, with Prepare: the log in two batches, so that some streams' events are
	// split between them.
	withPrepare := orderstest.Process(f.Registry, proc)
	half := len(events) / 2
	for i, batch := range [][]eventstore.RecordedEvent{events[:half], events[half:]} {
		if res, err := projections.ApplyBatch(bounded, pool, withPrepare, batch); err != nil || res.Applied != len(batch) {
			t.Fatalf("batch %d on a pool of one connection: %+v %v, want all %d applied", i+1, res, err, len(batch))
		}
	}

	kinds := func(to string) []string {
		var out []string
		for _, m := range outboxed(t, f, to) {
			out = append(out, m.key[strings.LastIndexByte(m.key, ':')+1:])
		}
		slices.Sort(out)
		return out
	}
	for to, want := range map[string][]string{
		"a@example.com": {"completed", "confirmed", "received"},
		"b@example.com": {"completed", "confirmed", "received"},
		"c@example.com": {"confirmed", "driver", "received"},
		"e@example.com": {"declined", "enquiry"},
	} {
		if got := kinds(to); !slices.Equal(got, want) {
			t.Errorf("mails to %s: %q, want %q", to, got, want)
		}
	}
	invited := func(to string) bool {
		for _, m := range completionMails(outboxed(t, f, to)) {
			return strings.Contains(m.text, "Rate your trip")
		}
		return false
	}
	if !invited("a@example.com") || invited("b@example.com") {
		t.Errorf("invited to rate: a@ %v, b@ %v; want only a@ (b@ had rated the trip)", invited("a@example.com"), invited("b@example.com"))
	}
	driver := outboxed(t, f, "c@example.com")
	if i := slices.IndexFunc(driver, func(m outboxMail) bool { return strings.HasSuffix(m.key, ":driver") }); i < 0 ||
		!strings.Contains(driver[i].text, "Karim Adel will drive you") {
		t.Errorf("the driver mail to c@: %+v", driver)
	}
}
