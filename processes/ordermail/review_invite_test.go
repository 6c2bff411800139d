package ordermail_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	reviewscmd "mishwar/commands/reviews"
	"mishwar/domain/money"
	"mishwar/domain/review"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
	"mishwar/processes/ordermail"
)

type outboxMail struct{ key, subject, text, html string }

// outboxed is every mail queued for to, oldest first.
func outboxed(t *testing.T, f *orderstest.Fixture, to string) []outboxMail {
	t.Helper()
	rows, err := f.Pool.Query(context.Background(), `SELECT dedupe_key, subject, text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, dedupe_key`, to)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (outboxMail, error) {
		var m outboxMail
		return m, r.Scan(&m.key, &m.subject, &m.text, &m.html)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func completionMails(ms []outboxMail) []outboxMail {
	var out []outboxMail
	for _, m := range ms {
		if strings.HasSuffix(m.key, ":completed") {
			out = append(out, m)
		}
	}
	return out
}

// completedTrip places user's order in lang (mailed to email), pays it and records its trip completed
// an hour ago, twice (the recording job run again after a crash: the same command).
func completedTrip(t *testing.T, f *orderstest.Fixture, user, lang, email string) (orderscmd.Placed, eventstore.Position) {
	t.Helper()
	ctx := context.Background()
	f.FillCart(t, user)
	in := f.Input(user, "2026-11-18")
	in.Lang, in.Contact.Email, in.EmailConfirmation = lang, email, email
	p, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta(user))
	if err != nil {
		t.Fatal(err)
	}
	f.Notify(t, orderstest.Notice(p, "n-"+user, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	ended := time.Now().Add(-time.Hour)
	job := orderstest.UserMeta("system")
	var pos eventstore.Position
	for range 2 {
		if pos, err = f.Orders.RecordTripCompleted(ctx, p.OrderID, "d1", ended.Add(-4*time.Hour), ended, job); err != nil {
			t.Fatal(err)
		}
	}
	return p, pos
}

// A completed trip's one e-mail thanks the traveller and invites them to rate the trip, in their
// language, with a button to the order page where the review form is. A replay sends nothing new.
func TestACompletedTripsOneMailInvitesTheTravellerToRateIt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 2)
	r, _ := start(t, f)
	for _, c := range []struct{ user, lang, email, subject, button, invite string }{
		{"u-en", "en", "en@example.com", "Your trip %s is complete", "Rate your trip:", "Rate your trip and, if you like, write a few words"},
		{"u-ar", "ar", "ar@example.com", "اكتملت رحلتك %s", "قيّم رحلتك:", "كيف كانت رحلتك؟ قيّمها"},
	} {
		p, pos := completedTrip(t, f, c.user, c.lang, c.email)
		caughtUp(t, r, pos)
		got := completionMails(outboxed(t, f, c.email))
		if len(got) != 1 {
			t.Fatalf("%s: %d completion mails, want one", c.lang, len(got))
		}
		m := got[0]
		link := "http://mishwar.test/account/order/" + p.OrderID + "#rate"
		if m.subject != strings.Replace(c.subject, "%s", p.OrderID, 1) || !strings.Contains(m.text, c.invite) || !strings.Contains(m.text, c.button+"\n"+link+"\n") ||
			!strings.Contains(m.html, `href="`+link+`"`) {
			t.Fatalf("%s completion mail %q:\n%s", c.lang, m.subject, m.text)
		}
	}
}

// A traveller who rated the trip before the process got to its completion (the process was behind)
// gets the thanks without being asked to rate it again.
func TestATripAlreadyReviewedIsNotInvitedToBeRatedAgain(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	reviewscmd.RegisterEvents(f.Registry)
	p, pos := completedTrip(t, f, "u1", "en", "done@example.com")
	o := f.Order(t, p.OrderID)
	data, err := f.Registry.Encode(uuid.New(), review.TripReviewed{OrderID: p.OrderID, UserID: "u1", AuthorName: "Mona H.", Rating: 5, Lang: "en",
		CompletedAt: o.CompletedAt(), ReviewedAt: time.Now().UTC()}, eventstore.Metadata{ActorID: "u1", ActorRole: "user"})
	if err != nil {
		t.Fatal(err)
	}
	reviewed, err := f.Store.Append(context.Background(), reviewscmd.Stream(p.OrderID), eventstore.NoStream, data)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := start(t, f)
	caughtUp(t, r, pos, reviewed.Position)
	all := outboxed(t, f, "done@example.com")
	got := completionMails(all)
	if len(got) != 1 {
		var keys []string
		for _, m := range all {
			keys = append(keys, m.key)
		}
		t.Fatalf("%d completion mails, want the thanks once (outbox: %v)", len(got), keys)
	}
	if strings.Contains(got[0].text, "Rate your trip") || !strings.Contains(got[0].text, "Thank you for travelling with Mishwar") ||
		!strings.Contains(got[0].text, "View your order:\nhttp://mishwar.test/account/order/"+p.OrderID) {
		t.Fatalf("the thanks of a reviewed trip:\n%s", got[0].text)
	}
}

var westernDigit = regexp.MustCompile(`[0-9]`)

// An Arabic e-mail writes its amounts, dates and times in Arabic-Indic digits, as the web app's Arabic
// pages do; only identifiers keep theirs (the trip number, the link). An English one keeps Western
// digits.
func TestArabicMailsWriteAmountsDatesAndTimesInArabicIndicDigits(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 2)
	r, _ := start(t, f)
	ctx := context.Background()
	for _, lang := range []string{"ar", "en"} {
		user, email := "u-"+lang, lang+"-digits@example.com"
		f.FillCart(t, user)
		in := f.Input(user, "2026-11-18")
		in.Lang, in.Contact.Email, in.EmailConfirmation = lang, email, email
		p, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta(user))
		if err != nil {
			t.Fatal(err)
		}
		price := f.Order(t, p.OrderID).Price()
		paid := f.Notify(t, orderstest.Notice(p, "n-"+user, payments.OutcomeSucceeded, price))
		caughtUp(t, r, p.Position, paid.Position)
		got := outboxed(t, f, email)
		if len(got) != 2 {
			t.Fatalf("%s: %d mails, want received and confirmed", lang, len(got))
		}
		amount := ordermail.FormatMoney(i18n.Lang(lang), price)
		for _, m := range got {
			if !strings.Contains(m.text, amount) {
				t.Errorf("%s mail %q lacks the amount %q:\n%s", lang, m.subject, amount, m.text)
			}
			if lang == "en" {
				if !strings.Contains(m.text, "Wednesday 18 November 2026") || !strings.Contains(m.text, " EGP") {
					t.Errorf("English mail %q:\n%s", m.subject, m.text)
				}
				continue
			}
			text := strings.ReplaceAll(m.text, p.OrderID, "")
			text = regexp.MustCompile(`https?://\S+`).ReplaceAllString(text, "")
			if westernDigit.MatchString(text) || !strings.Contains(text, "الأربعاء ١٨ نوفمبر ٢٠٢٦") || !strings.Contains(text, "١٠:٠٠") {
				t.Errorf("Arabic mail %q mixes numeral systems:\n%s", m.subject, m.text)
			}
		}
	}
}

func TestFormatMoneyWritesTheAmountInTheLanguagesDigits(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		m    money.Money
		want string
	}{
		{i18n.En, money.New(150000, money.EGP), "1,500.00 EGP"},
		{i18n.Ar, money.New(150000, money.EGP), "١٬٥٠٠٫٠٠ ج.م"},
		{i18n.En, money.New(-123456789, money.USD), "-1,234,567.89 USD"},
		{i18n.Ar, money.New(5, money.SAR), "٠٫٠٥ ر.س"},
	} {
		if got := ordermail.FormatMoney(c.lang, c.m); got != c.want {
			t.Errorf("FormatMoney(%s, %v) = %q, want %q", c.lang, c.m, got, c.want)
		}
	}
}
