package ordermail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/adapters/payments"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/dispatch"
	"mishwar/eventstore"
	"mishwar/processes/ordermail"
)

// assignDriver writes the trip's DriverAssigned on its dispatch stream, as commands/dispatch does.
func assignDriver(t *testing.T, f *orderstest.Fixture, orderID string, expected eventstore.ExpectedVersion) eventstore.Position {
	t.Helper()
	ev := dispatch.DriverAssigned{OrderID: orderID, Day: "2026-11-18", StartAt: time.Date(2026, 11, 18, 8, 0, 0, 0, time.UTC), OwnerID: "u1",
		Driver:   dispatch.Driver{ID: "d1", UserID: "du1", Name: "Karim Adel", NameAR: "كريم عادل", Phone: "+201001112223", Vehicle: "Toyota Corolla", VehicleAR: "تويوتا كورولا", Plate: "ABC 123"},
		ByUserID: "admin", AssignedAt: time.Now().UTC()}
	data, err := f.Registry.Encode(uuid.New(), ev, eventstore.Metadata{ActorID: "admin", ActorRole: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := f.Store.Append(context.Background(), eventstore.StreamID("dispatch", orderID), expected, data)
	if err != nil {
		t.Fatal(err)
	}
	return res.Position
}

type driverMail struct{ subject, body, lang string }

func driverMails(t *testing.T, f *orderstest.Fixture) []driverMail {
	t.Helper()
	rows, err := f.Pool.Query(context.Background(), `SELECT subject, text_body, lang FROM mail_outbox WHERE dedupe_key LIKE '%:driver' ORDER BY created_at`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (driverMail, error) {
		var m driverMail
		return m, r.Scan(&m.subject, &m.body, &m.lang)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A driver assigned to a paid trip is e-mailed to the traveller once, in their language, with the
// driver's name and car (in Arabic to an Arabic reader), plate, phone and the class booked; a replay of the log sends nothing new, and a
// driver assigned again (after being taken off) is a new e-mail.
func TestADriverAssignedIsMailedOnceInTheTravellersLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, stop := start(t, f)
	ctx := context.Background()
	f.FillCart(t, "u1")
	in := f.Input("u1", "2026-11-18")
	in.Lang = "ar"
	p, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	assigned := assignDriver(t, f, p.OrderID, eventstore.NoStream)
	caughtUp(t, r, paid.Position, assigned)
	got := driverMails(t, f)
	if len(got) != 1 || got[0].lang != "ar" || got[0].subject != "سائقك في الرحلة "+p.OrderID {
		t.Fatalf("driver mails %+v, want one in Arabic", got)
	}
	// The plate in the Arabic mail writes its digits as the rest of the mail does, isolated; the phone
	// is isolated left to right, or the Arabic sentence would show it "201001112223+".
	for _, want := range []string{"كريم عادل", "تويوتا كورولا", "اللوحة \u2068ABC ١٢٣\u2069", "هاتف السائق: \u2066+201001112223\u2069", "بتوقيت القاهرة", "/account/order/" + p.OrderID} {
		if !strings.Contains(got[0].body, want) {
			t.Errorf("the mail lacks %q:\n%s", want, got[0].body)
		}
	}

	stop()
	if _, err := f.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, ordermail.Name); err != nil {
		t.Fatal(err)
	}
	r, _ = start(t, f)
	again := assignDriver(t, f, p.OrderID, eventstore.Exactly(0))
	caughtUp(t, r, again)
	if got := driverMails(t, f); len(got) != 2 {
		t.Fatalf("after a replay and a second assignment: %d driver mails, want 2 (the replay sends none)", len(got))
	}
}

func TestADriverAssignedIsMailedInEnglishWithTheCarClass(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, _ := start(t, f)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	assigned := assignDriver(t, f, p.OrderID, eventstore.NoStream)
	caughtUp(t, r, paid.Position, assigned)
	got := driverMails(t, f)
	class := f.Order(t, p.OrderID).Trip().RatePlan.Name
	if len(got) != 1 || got[0].subject != "Your driver for trip "+p.OrderID || !strings.Contains(got[0].body, "Karim Adel will drive you on Wednesday 18 November 2026") ||
		!strings.Contains(got[0].body, "plate \u2068ABC 123\u2069 ("+class+")") {
		t.Fatalf("driver mails %+v (class %q)", got, class)
	}
}

// newFixture is the orders fixture with the dispatch events registered too (the process reads the
// trip's DriverAssigned), as the composition root registers every feature's events.
func newFixture(t *testing.T, drivers int) *orderstest.Fixture {
	t.Helper()
	f := orderstest.New(t, drivers)
	dispatchcmd.RegisterEvents(f.Registry)
	return f
}

// A trip handed over on the road mails its traveller the new driver, car, plate and phone, in their
// language: the one waiting at the pickup must find the new car. Once, however often the log is read.
func TestATripHandedOverMailsTheTravellerTheNewCar(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, _ := start(t, f)
	f.FillCart(t, "u1")
	in := f.Input("u1", "2026-11-18")
	in.Lang = "ar"
	p, err := f.Orders.PlaceOrder(context.Background(), in, orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	assignDriver(t, f, p.OrderID, eventstore.NoStream)
	handed := dispatch.TripHandedOver{OrderID: p.OrderID, Day: "2026-11-18", FromDriverID: "d1",
		Driver: dispatch.Driver{ID: "d2", UserID: "du2", Name: "Samir Fathy", NameAR: "سمير فتحي", Phone: "+201002223334", Vehicle: "Kia Carnival", VehicleAR: "كيا كرنفال", Plate: "XYZ 789"},
		Reason: "flat tyre", ByUserID: "admin", HandedOverAt: time.Now().UTC()}
	data, err := f.Registry.Encode(uuid.New(), handed, eventstore.Metadata{ActorID: "admin", ActorRole: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := f.Store.Append(context.Background(), eventstore.StreamID("dispatch", p.OrderID), eventstore.Exactly(0), data)
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, r, paid.Position, res.Position)
	rows, err := f.Pool.Query(context.Background(), `SELECT subject, text_body, lang FROM mail_outbox WHERE dedupe_key LIKE '%:driver_changed'`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (driverMail, error) {
		var m driverMail
		return m, r.Scan(&m.subject, &m.body, &m.lang)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].lang != "ar" || got[0].subject != "سائق آخر للرحلة "+p.OrderID || !strings.Contains(got[0].body, "سمير فتحي") ||
		!strings.Contains(got[0].body, "كيا كرنفال") || !strings.Contains(got[0].body, "XYZ ٧٨٩") || strings.Contains(got[0].body, "flat tyre") {
		t.Fatalf("hand-over mails %+v", got)
	}
}
