package ordermail_test

import (
	"context"
	"strings"
	"testing"

	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
)

func TestAnEnquiryAboutAProgramIsAcknowledgedWithTheProgramsNameInTheTravellersLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	r, _ := start(t, f)
	ctx := context.Background()
	program := f.Program(t, "Giza day", true, f.Sights...)
	for _, c := range []struct{ lang, email, want, notWant string }{
		{"ar", "salma@example.com", "البرنامج: برنامج Giza day", "Program:"},
		{"en", "omar@example.com", "Program: Giza day", "البرنامج"},
	} {
		sub, err := f.Orders.SubmitEnquiry(ctx, orderscmd.EnquiryInput{
			Lang: c.lang, ProgramID: program.String(),
			Contact:           order.Contact{FirstName: "Salma", LastName: "Adel", Email: c.email, Phone: "+201001234567", Country: "EG"},
			EmailConfirmation: c.email, TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
			Start: &orderscmd.PointRequest{PickupPointID: f.Pickup.String()},
		}, orderstest.UserMeta(""))
		if err != nil {
			t.Fatal(err)
		}
		caughtUp(t, r, sub.Position)
		var body string
		if err := f.Pool.QueryRow(ctx, `SELECT text_body FROM mail_outbox WHERE to_address = $1`, c.email).Scan(&body); err != nil {
			t.Fatalf("the %s acknowledgement: %v", c.lang, err)
		}
		if !strings.Contains(body, c.want) || strings.Contains(body, c.notWant) {
			t.Fatalf("the %s acknowledgement does not name the program as %q:\n%s", c.lang, c.want, body)
		}
	}
}
