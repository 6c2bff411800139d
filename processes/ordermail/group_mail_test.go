package ordermail_test

import (
	"context"
	"strings"
	"testing"

	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/processes/ordermail"
)

// The order's e-mails (received, confirmed) repeat what the traveller told us of their group: its
// size, in every Arabic plural form, and their comments as they wrote them, line breaks kept. An
// order without them says nothing of either.
func TestAnOrdersMailsSayTheGroupSizeAndTheTravellersComments(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	placedWith := func(lang string, travellers int, comments string) []order.Event {
		events := paidOrder(lang, trip)
		placed := events[0].(order.OrderPlaced)
		placed.Contact.Travellers, placed.Contact.Comments = travellers, comments
		events[0] = placed
		return events
	}
	for _, c := range []struct {
		name, lang, comments string
		travellers           int
		want                 []string
	}{
		{"a group of four", "en", "Two children\r\nA pram, please", 4, []string{"Group: 4 travellers.", "Your comments:\nTwo children\nA pram, please"}},
		{"one traveller", "en", "", 1, []string{"Group: 1 traveller."}},
		{"one, in Arabic", "ar", "", 1, []string{"المجموعة: مسافر واحد."}},
		{"two, in Arabic", "ar", "", 2, []string{"المجموعة: مسافران."}},
		{"four, in Arabic", "ar", "طفلان\nوعربة أطفال", 4, []string{"المجموعة: ٤ مسافرين.", "ملاحظاتك:\nطفلان\nوعربة أطفال"}},
		{"eleven, in Arabic", "ar", "", 11, []string{"المجموعة: ١١ مسافرًا."}},
	} {
		events := placedWith(c.lang, c.travellers, c.comments)
		for _, i := range []int{0, 2} { // received, then confirmed
			got := mailOf(t, events[:i], events[i])
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s, %T: lacks %q:\n%s", c.name, events[i], w, got)
				}
			}
			if c.comments == "" && (strings.Contains(got, "comments") || strings.Contains(got, "ملاحظاتك")) {
				t.Errorf("%s, %T: speaks of comments never written:\n%s", c.name, events[i], got)
			}
		}
	}
	bare := placedWith("en", 0, "  ")
	if got := mailOf(t, nil, bare[0]); strings.Contains(got, "Group") || strings.Contains(got, "comments") {
		t.Errorf("an order without a group size or comments speaks of them:\n%s", got)
	}
	if got := mailOf(t, nil, bare[0]); !strings.Contains(got, "Total: "+ordermail.FormatMoney("en", money.New(150000, money.EGP))) {
		t.Errorf("the received mail lost its total:\n%s", got)
	}
}

// The enquiry's acknowledgement repeats the group size and the traveller's comments: as plain text,
// their lines kept, in the HTML escaped (a comment is never markup).
func TestAnEnquirysAcknowledgementSaysTheGroupSizeAndTheCommentsAsPlainText(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, _ := start(t, f)
	ctx := context.Background()
	program := f.Program(t, "Giza day", true, f.Sights...)
	for _, c := range []struct {
		lang, email string
		want        []string
	}{
		{"en", "salma@example.com", []string{"Group: 3 travellers.", "Your comments:\nA wheelchair <b>please</b>\nand a child seat"}},
		{"ar", "omar@example.com", []string{"المجموعة: ٣ مسافرين.", "ملاحظاتك:\nA wheelchair <b>please</b>\nand a child seat"}},
	} {
		sub, err := f.Orders.SubmitEnquiry(ctx, orderscmd.EnquiryInput{
			Lang: c.lang, ProgramID: program.String(),
			Contact: order.Contact{FirstName: "Salma", LastName: "Adel", Email: c.email, Phone: "+201001234567", Country: "EG",
				Travellers: 3, Comments: "A wheelchair <b>please</b>\r\nand a child seat"},
			EmailConfirmation: c.email, TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
			Start: &orderscmd.PointRequest{PickupPointID: f.Pickup.String()},
		}, orderstest.UserMeta(""))
		if err != nil {
			t.Fatal(err)
		}
		caughtUp(t, r, sub.Position)
		var text, html string
		if err := f.Pool.QueryRow(ctx, `SELECT text_body, html_body FROM mail_outbox WHERE to_address = $1`, c.email).Scan(&text, &html); err != nil {
			t.Fatalf("the %s acknowledgement: %v", c.lang, err)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("the %s acknowledgement lacks %q:\n%s", c.lang, w, text)
			}
		}
		if !strings.Contains(html, "A wheelchair &lt;b&gt;please&lt;/b&gt;<br>and a child seat") || strings.Contains(html, "<b>please") {
			t.Errorf("the %s acknowledgement's HTML does not show the comments as plain text on their lines:\n%s", c.lang, html)
		}
	}
}
