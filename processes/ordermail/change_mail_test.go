package ordermail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/processes/ordermail"
)

var (
	economy = order.RatePlan{ID: "economy", Name: "Economy", NameAR: "اقتصادية"}
	minivan = order.RatePlan{ID: "minivan", Name: "Family minivan", NameAR: "ميني فان عائلية"}
	// 10:00 in Cairo.
	tripStart = time.Date(2026, 12, 14, 8, 0, 0, 0, time.UTC)
)

func tripOf(start time.Time, plan order.RatePlan, total int64) order.Trip {
	return order.Trip{StartAt: start, Day: "2026-12-14", RatePlan: plan, Quote: order.Quote{Total: money.New(total, money.EGP)},
		Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"}}}
}

// paidOrder is an order for trip, in lang, paid in full under a 24-hour, 50% cancellation policy.
func paidOrder(lang string, trip order.Trip) []order.Event {
	price := trip.Quote.Total
	return []order.Event{
		order.OrderPlaced{OrderID: "MSH-AAAAAA", UserID: "u1", Lang: lang, Source: order.SourceCart,
			Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com"},
			Trip:    trip, DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: tripStart.Add(-47 * time.Hour), PlacedAt: tripStart.Add(-48 * time.Hour),
			Cancellation: order.Cancellation{FreeBefore: 24 * time.Hour, LateRefundBasisPoints: 5000}},
		order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, ExpiresAt: tripStart},
		order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, Confirms: true},
	}
}

// mailOf is the one e-mail e sends after history, its paragraphs as one text.
func mailOf(t *testing.T, history []order.Event, e order.Event) string {
	t.Helper()
	before := order.Decider.Fold(history)
	mails := ordermail.OrderMails(before, order.Evolve(before, e), e)
	if len(mails) != 1 {
		t.Fatalf("%T sends %d e-mails, want 1", e, len(mails))
	}
	return mails[0].Subject + "\n" + strings.Join(mails[0].Paragraphs, "\n")
}

// "Your trip has changed" says what changed: a change of car alone reads as one (the new car and the
// one it replaces, in the traveller's language), not as a trip that starts when it always did; and
// the difference says which way it went.
func TestTheChangeMailSaysWhatChangedAndWhichWayTheMoneyWent(t *testing.T) {
	t.Parallel()
	from := tripOf(tripStart, economy, 150000)
	for _, c := range []struct {
		name, lang string
		e          order.OrderExchanged
		want       []string
	}{
		{"a cheaper car at the same time", "en",
			order.OrderExchanged{From: from, To: tripOf(tripStart, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			[]string{"keeps its time and now goes in another car. New total: 679.60 EGP.", "Your car: Family minivan (instead of Economy).",
				"The new trip costs less: 820.40 EGP will be refunded to your card."}},
		{"a cheaper car at the same time, in Arabic", "ar",
			order.OrderExchanged{From: from, To: tripOf(tripStart, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			[]string{"في موعدها نفسه، وصارت بسيارة أخرى", "سيارتك: ميني فان عائلية (بدلًا من اقتصادية).", "سيتم استرداد ٨٢٠٫٤٠ ج.م"}},
		{"another time and a dearer car", "en",
			order.OrderExchanged{From: from, To: tripOf(tripStart.Add(24*time.Hour), minivan, 175460), Difference: money.New(25460, money.EGP)},
			[]string{"Your trip now starts on ", "Your car: Family minivan (instead of Economy).", "You paid 254.60 EGP for the change."}},
	} {
		got := mailOf(t, paidOrder(c.lang, from), c.e)
		for _, want := range c.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s: lacks %q:\n%s", c.name, want, got)
			}
		}
	}
}

// A late cancellation's e-mail says the policy keeps its share of the trip's price and refunds the
// rest of what was paid, and why: after a goodwill refund the refund is less than half the price.
func TestALateCancellationsMailSaysThePolicyKeepsAShareOfThePrice(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	late := order.OrderCancelled{Reason: "plans changed", ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000,
		RefundDue: money.New(75000, money.EGP), Kept: money.New(75000, money.EGP), Reservation: "r1"}
	for lang, want := range map[string]string{
		"en": "750.00 EGP will be refunded to your card. Our cancellation policy keeps 50% of the trip's price when it is cancelled less than 24 hours before it starts, and refunds the rest of what you paid.",
		"ar": "تحتفظ سياسة الإلغاء لدينا بـ٥٠٪ من سعر الرحلة عند إلغائها قبل موعدها بأقل من ٢٤ ساعة، وتردّ إليك باقي ما دفعته.",
	} {
		if got := mailOf(t, paidOrder(lang, trip), late); !strings.Contains(got, want) {
			t.Errorf("%s: lacks %q:\n%s", lang, want, got)
		}
	}
	goodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: money.New(20000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(20000, money.EGP)},
		order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: money.New(20000, money.EGP), Reason: "goodwill", ProviderRef: "rf"})
	afterGoodwill := late
	afterGoodwill.RefundDue = money.New(55000, money.EGP)
	if got, want := mailOf(t, goodwill, afterGoodwill), "550.00 EGP will be refunded to your card. Our cancellation policy keeps 50% of the trip's price"; !strings.Contains(got, want) {
		t.Errorf("after a goodwill refund: lacks %q:\n%s", want, got)
	}
	// A goodwill refund larger than the policy's share: nothing more goes back, and the mail says why.
	bigGoodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g2", PaymentID: "p1", Amount: money.New(100000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(100000, money.EGP)},
		order.RefundIssued{RefundID: "g2", PaymentID: "p1", Amount: money.New(100000, money.EGP), Reason: "goodwill", ProviderRef: "rf2"})
	nothing := late
	nothing.RefundDue, nothing.Kept = money.New(0, money.EGP), money.New(50000, money.EGP)
	if got, want := mailOf(t, bigGoodwill, nothing), "Nothing more comes back to you: what you still had paid, 500.00 EGP, is within what the policy keeps. Our cancellation policy keeps 50% of the trip's price"; !strings.Contains(got, want) {
		t.Errorf("late with nothing to refund: lacks %q:\n%s", want, got)
	}
	free := order.OrderCancelled{Reason: "plans changed", ByUserID: "u1", Free: true, RefundBasisPoints: 10000, RefundDue: money.New(150000, money.EGP), Reservation: "r1"}
	if got := mailOf(t, paidOrder("en", trip), free); strings.Contains(got, "cancellation policy") {
		t.Errorf("a free cancellation speaks of a share:\n%s", got)
	}
}

// The business cancelling (no driver, a fault of ours) tells the traveller we cancelled and everything
// they paid comes back, never the policy's share, however late.
func TestTheBusinessCancellingsMailSaysWeCancelledAndEverythingPaidGoesBack(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	ours := order.OrderCancelled{Reason: "No driver available, our fault", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000,
		RefundDue: money.New(150000, money.EGP), Kept: money.New(0, money.EGP), Reservation: "r1"}
	for lang, want := range map[string][]string{
		"en": {"We had to cancel your trip on ", "Everything you paid comes back to you: 1,500.00 EGP will be refunded to your card."},
		"ar": {"اضطررنا إلى إلغاء رحلتك يوم ", "يعود إليك كل ما دفعته: سيتم استرداد ١٬٥٠٠٫٠٠ ج.م إلى بطاقتك."},
	} {
		got := mailOf(t, paidOrder(lang, trip), ours)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", lang, w, got)
			}
		}
		if strings.Contains(got, "policy") || strings.Contains(got, "سياسة") || strings.Contains(got, "has been cancelled") {
			t.Errorf("%s: the business's cancellation reads as the traveller's:\n%s", lang, got)
		}
	}
	// After a goodwill refund, "everything you paid" names the refund made before beside the rest.
	goodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: money.New(10000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(10000, money.EGP)},
		order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: money.New(10000, money.EGP), Reason: "goodwill", ProviderRef: "rf"})
	rest := ours
	rest.RefundDue = money.New(140000, money.EGP)
	if got, want := mailOf(t, goodwill, rest), "Everything you paid comes back to you: 1,400.00 EGP will be refunded to your card, besides the 100.00 EGP refunded before."; !strings.Contains(got, want) {
		t.Errorf("after a goodwill refund: lacks %q:\n%s", want, got)
	}
}

// A traveller who asks for a refund is told the request arrived: how much, and the words they gave.
func TestARefundRequestIsAcknowledgedByMail(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	asked := order.RefundRequested{Reason: "Driver was late by an hour", Amount: money.New(30000, money.EGP), ByUserID: "u1"}
	for lang, want := range map[string][]string{
		"en": {"We received your refund request for MSH-AAAAAA", "a refund of 300.00 EGP", "What you told us: Driver was late by an hour"},
		"ar": {"استلمنا طلب الاسترداد للطلب MSH-AAAAAA", "استرداد ٣٠٠٫٠٠ ج.م", "ما ذكرته لنا: Driver was late by an hour"},
	} {
		got := mailOf(t, paidOrder(lang, trip), asked)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", lang, w, got)
			}
		}
	}
}

// changeMail is the one e-mail e sends after history.
func changeMail(t *testing.T, history []order.Event, e order.Event) ordermail.Mail {
	t.Helper()
	before := order.Decider.Fold(history)
	mails := ordermail.OrderMails(before, order.Evolve(before, e), e)
	if len(mails) != 1 {
		t.Fatalf("%T sends %d e-mails, want 1", e, len(mails))
	}
	return mails[0]
}

// A dearer change waiting for its payment is mailed to the traveller at once, in their language: what
// it changes (only what differs from the booked trip, in the order page's words: the new date and
// time, the new rate plan, the new itinerary), the amount to pay and the new total, the time to pay
// by (Cairo time, labelled), and a button to pay on the order page.
func TestAChangeWaitingForPaymentIsMailedWithWhatItChangesAndWhatToPay(t *testing.T) {
	t.Parallel()
	from := tripOf(tripStart, economy, 150000)
	giza := tripOf(tripStart, economy, 175460)
	giza.Itinerary.Stops = []order.Stop{{DestinationID: "d1", NameEN: "Pyramids", NameAR: "الأهرامات"}}
	giza.Itinerary.Start.NameAR, giza.Itinerary.End.NameAR = "التحرير", "التحرير"
	// Saturday 12 December, 18:00 in Cairo.
	payBy := time.Date(2026, 12, 12, 16, 0, 0, 0, time.UTC)
	requested := func(to order.Trip) order.ExchangeRequested {
		return order.ExchangeRequested{ExchangeID: "x1", To: to, NewReservation: "r2", Difference: money.New(25460, money.EGP), HoldUntil: payBy}
	}
	for _, c := range []struct {
		name, lang    string
		to            order.Trip
		want, notWant []string
	}{
		{"another day", "en", tripOf(tripStart.Add(24*time.Hour), economy, 175460),
			[]string{"Your change to trip MSH-AAAAAA is waiting for payment", "New date and time: Tuesday 15 December 2026 at 10:00 (Cairo time).",
				"To pay: 254.60 EGP (new total: 1,754.60 EGP). Pay before Saturday 12 December 2026 at 18:00 (Cairo time)",
				"until then your trip stays as booked"},
			[]string{"New rate plan", "New itinerary"}},
		{"another car, in Arabic", "ar", tripOf(tripStart, minivan, 175460),
			[]string{"تعديل رحلتك MSH-AAAAAA بانتظار الدفع", "خطة الأسعار الجديدة: ميني فان عائلية (بدلًا من اقتصادية).",
				"المطلوب دفعه: ٢٥٤٫٦٠ ج.م (الإجمالي الجديد: ١٬٧٥٤٫٦٠ ج.م). ادفع قبل السبت ١٢ ديسمبر ٢٠٢٦ الساعة ٦:٠٠ م (بتوقيت القاهرة)"},
			[]string{"الموعد الجديد", "خط السير الجديد"}},
		{"another itinerary", "en", giza,
			[]string{"New itinerary: Tahrir → Pyramids → Tahrir."}, []string{"New date and time", "New rate plan"}},
		{"another itinerary, in Arabic", "ar", giza,
			[]string{"خط السير الجديد: التحرير ← الأهرامات ← التحرير."}, []string{"Pyramids"}},
	} {
		m := changeMail(t, paidOrder(c.lang, from), requested(c.to))
		got := m.Subject + "\n" + m.Heading + "\n" + strings.Join(m.Paragraphs, "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", c.name, w, got)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(got, w) {
				t.Errorf("%s: says %q of what does not change:\n%s", c.name, w, got)
			}
		}
		if m.Key != "orders:order-MSH-AAAAAA:1:exchange_requested" || m.To != "mona@example.com" || string(m.Lang) != c.lang {
			t.Errorf("%s: key %q to %q in %q", c.name, m.Key, m.To, m.Lang)
		}
		if m.Action == nil || m.Action.URL != "/account/order/MSH-AAAAAA" || (c.lang == "en" && m.Action.Label != "Pay now") {
			t.Errorf("%s: action %+v, want Pay now on the order page", c.name, m.Action)
		}
	}
}

// A change that waited for its payment and was given up tells the traveller it was not made and that
// their trip stays as booked: unpaid in time, or its payment declined. Given up because the order was
// cancelled, the cancellation's own e-mail says all there is.
func TestAChangeGivenUpBeforeItsPaymentIsMailedAsNotMadeUnlessTheOrderWasCancelled(t *testing.T) {
	t.Parallel()
	from := tripOf(tripStart, economy, 150000)
	waiting := func(lang string) []order.Event {
		return append(paidOrder(lang, from), order.ExchangeRequested{ExchangeID: "x1", To: tripOf(tripStart.Add(24*time.Hour), economy, 175460),
			NewReservation: "r2", Difference: money.New(25460, money.EGP), HoldUntil: tripStart.Add(-40 * time.Hour)})
	}
	abandoned := func(reason string) order.ExchangeAbandoned {
		return order.ExchangeAbandoned{ExchangeID: "x1", NewReservation: "r2", Day: "2026-12-15", Reason: reason}
	}
	for _, c := range []struct {
		name, lang, reason string
		want               []string
	}{
		{"unpaid in time", "en", "expired", []string{"Your change to trip MSH-AAAAAA was not made", "was not paid in time",
			"Your trip stays as booked: on Monday 14 December 2026 at 10:00 (Cairo time)."}},
		{"its payment declined", "en", "payment_failed", []string{"The payment for the change you asked for did not go through",
			"Your trip stays as booked: on Monday 14 December 2026 at 10:00 (Cairo time)."}},
		{"unpaid in time, in Arabic", "ar", "expired", []string{"لم يتم تعديل رحلتك MSH-AAAAAA", "تبقى رحلتك كما حجزتها: يوم الاثنين ١٤ ديسمبر ٢٠٢٦ الساعة ١٠:٠٠ ص (بتوقيت القاهرة)."}},
	} {
		m := changeMail(t, waiting(c.lang), abandoned(c.reason))
		got := m.Subject + "\n" + strings.Join(m.Paragraphs, "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", c.name, w, got)
			}
		}
		if m.Key != "orders:order-MSH-AAAAAA:1:exchange_abandoned" || m.Action == nil || m.Action.URL != "/account/order/MSH-AAAAAA" {
			t.Errorf("%s: key %q action %+v", c.name, m.Key, m.Action)
		}
	}
	before := order.Decider.Fold(waiting("en"))
	if mails := ordermail.OrderMails(before, order.Evolve(before, abandoned("cancelled")), abandoned("cancelled")); len(mails) != 0 {
		t.Errorf("a change given up with its order's cancellation sends %d e-mails of its own, want none", len(mails))
	}
}

// A dearer change is mailed twice in all, once each: when it starts waiting for its payment, and when
// it is paid and made ("Your trip has changed"); paying it sends no second "waiting" e-mail and no
// "confirmed" one, and a replay of the log queues nothing again.
func TestADearerChangeIsMailedOnceWaitingAndOnceMade(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, stop := start(t, f)
	ctx := context.Background()
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	paid := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	van := f.RatePlan(t, "Van", 2400, 10000, 2)
	out, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: order.Actor{UserID: "u1"}, Date: "2026-11-20", Time: "10:00", RatePlanID: van.String()},
		orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL == "" {
		t.Fatalf("dearer exchange: %+v %v", out, err)
	}
	x, pending := f.Order(t, p.OrderID).PendingExchange()
	if !pending {
		t.Fatal("no change waiting for payment")
	}
	caughtUp(t, r, paid.Position, out.Position)
	waiting := "Your change to trip " + p.OrderID + " is waiting for payment"
	if got := mails(t, f, "mona@example.com"); len(got) != 3 || got[2] != waiting {
		t.Fatalf("mails %q, want received, confirmed, then %q", got, waiting)
	}
	var body string
	if err := f.Pool.QueryRow(ctx, `SELECT text_body FROM mail_outbox WHERE subject = $1`, waiting).Scan(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"New date and time: Friday 20 November 2026 at 10:00 (Cairo time).", "New rate plan: Van (instead of Sedan).",
		"To pay: " + ordermail.FormatMoney("en", x.Difference), "(Cairo time)", "Pay now:\nhttp://mishwar.test/account/order/" + p.OrderID} {
		if !strings.Contains(body, want) {
			t.Errorf("the waiting change's mail lacks %q:\n%s", want, body)
		}
	}

	res, err := f.Orders.RecordNotice(ctx, "sandbox", payments.Notice{PaymentID: x.PaymentID, NoticeID: "n2", Outcome: payments.OutcomeSucceeded, Amount: x.Difference, ProviderRef: "t2"})
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, r, res.Position)
	changed := "Your trip " + p.OrderID + " has changed"
	got := mails(t, f, "mona@example.com")
	if len(got) != 4 || got[2] != waiting || got[3] != changed {
		t.Fatalf("after paying the change: mails %q, want one %q and one %q", got, waiting, changed)
	}

	stop()
	if _, err := f.Pool.Exec(ctx, `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0 WHERE name = $1`, ordermail.Name); err != nil {
		t.Fatal(err)
	}
	r, _ = start(t, f)
	caughtUp(t, r, res.Position)
	if again := mails(t, f, "mona@example.com"); len(again) != 4 {
		t.Fatalf("a replay queued mails again: %q", again)
	}
}
