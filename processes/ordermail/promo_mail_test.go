package ordermail_test

import (
	"context"
	"strings"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/commands/orders/orderstest"
	"mishwar/internal/i18n"
	"mishwar/processes/ordermail"
)

// An order placed with a promo code says so in its e-mails, in the traveller's language: the code,
// what it took off and the price before it, beside the price paid.
func TestAnOrdersMailsShowItsPromoDiscountInTheTravellersLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 2)
	r, _ := start(t, f)
	f.Offer(t, "WINTER10", "2026-11-01", "2026-12-31", 0, 0)
	ctx := context.Background()
	for _, c := range []struct {
		user, lang, want string
	}{
		{"u1", "en", "Promo code WINTER10: "},
		{"u2", "ar", "رمز الخصم WINTER10: خصم "},
	} {
		f.FillCart(t, c.user)
		in := f.Input(c.user, "2026-11-18")
		in.PromoCode, in.Lang = "winter10", c.lang
		in.Contact.Email = c.user + "@example.com"
		in.EmailConfirmation = in.Contact.Email
		p, err := f.Orders.PlaceOrder(ctx, in, orderstest.UserMeta(c.user))
		if err != nil {
			t.Fatal(err)
		}
		o := f.Order(t, p.OrderID)
		d := o.Promo()
		if d == nil {
			t.Fatal("no discount recorded")
		}
		paid := f.Notify(t, orderstest.Notice(p, "n-"+c.user, payments.OutcomeSucceeded, o.Price()))
		caughtUp(t, r, p.Position, paid.Position)
		rows, err := f.Pool.Query(ctx, `SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at`, in.Contact.Email)
		if err != nil {
			t.Fatal(err)
		}
		var bodies []string
		for rows.Next() {
			var b string
			if err := rows.Scan(&b); err != nil {
				t.Fatal(err)
			}
			bodies = append(bodies, b)
		}
		rows.Close()
		if len(bodies) != 2 {
			t.Fatalf("%s: %d mails, want received and confirmed", c.lang, len(bodies))
		}
		line := c.want + ordermail.FormatMoney(i18n.Lang(c.lang), d.AmountOff)
		for i, b := range bodies {
			if !strings.Contains(b, line) || !strings.Contains(b, ordermail.FormatMoney(i18n.Lang(c.lang), d.PriceBefore)) {
				t.Fatalf("%s mail %d lacks the discount line %q:\n%s", c.lang, i, line, b)
			}
		}
	}
}
