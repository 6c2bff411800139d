package orders_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

func TestAnEnquiryIsQuotedAndPaid(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	ctx := context.Background()
	program := f.Program(t, "Giza day", true, f.Sights...)
	in := orderscmd.EnquiryInput{
		Lang: "ar", ProgramID: program.String(),
		Contact:           order.Contact{FirstName: "Omar", LastName: "Fathy", Email: "omar@example.com", Phone: "+201001234567", Country: "EG"},
		EmailConfirmation: "omar@example.com", TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
		Start: &orderscmd.PointRequest{PickupPointID: f.Pickup.String()},
	}
	meta := orderstest.UserMeta("")
	sub, err := f.Orders.SubmitEnquiry(ctx, in, meta)
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.Orders.SubmitEnquiry(ctx, in, meta)
	if err != nil || again.TripNumber != sub.TripNumber {
		t.Fatalf("a retried enquiry: %+v %v", again, err)
	}
	q, err := f.Orders.LoadEnquiry(ctx, sub.TripNumber)
	if err != nil || q.Status() != enquiry.StatusSubmitted || q.Submitted().Trip.Quote.Total != money.New(150000, money.EGP) || len(q.Submitted().Trip.Itinerary.Stops) != 2 {
		t.Fatalf("submitted %+v %v", q.Submitted(), err)
	}
	if itin := q.Submitted().Trip.Itinerary; itin.ProgramName != "Giza day" || itin.ProgramNameAR != "برنامج Giza day" {
		t.Fatalf("the enquiry records the program's names %q %q, want both languages", itin.ProgramName, itin.ProgramNameAR)
	}
	if _, err := f.Orders.PayEnquiry(ctx, sub.TripNumber); !errors.Is(err, enquiry.ErrNotQuoted) {
		t.Fatalf("paying before a quote: %v", err)
	}
	admin := orderstest.UserMeta("admin")
	if _, err := f.Orders.QuoteEnquiry(ctx, sub.TripNumber, money.New(160000, money.EGP), "tickets included", nil, "", "", admin); err != nil {
		t.Fatal(err)
	}
	p, err := f.Orders.PayEnquiry(ctx, sub.TripNumber)
	if err != nil || p.OrderID != sub.TripNumber || p.PaymentURL == "" {
		t.Fatalf("paying the quote: %+v %v", p, err)
	}
	p2, err := f.Orders.PayEnquiry(ctx, sub.TripNumber)
	if err != nil || p2.PaymentURL != p.PaymentURL {
		t.Fatalf("clicking the link again: %+v %v", p2, err)
	}
	s := f.Order(t, sub.TripNumber)
	if s.Price() != money.New(160000, money.EGP) || s.Placed().Source != order.SourceEnquiry {
		t.Fatalf("order price %v source %s", s.Price(), s.Placed().Source)
	}
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
	if s := f.Order(t, sub.TripNumber); s.Status() != order.StatusConfirmed {
		t.Fatalf("status %s", s.Status())
	}
	if q, _ := f.Orders.LoadEnquiry(ctx, sub.TripNumber); q.Status() != enquiry.StatusConverted {
		t.Fatalf("enquiry %s", q.Status())
	}
}

// A start the form names badly is refused on its field for what is wrong with it: an unknown pickup
// point, no place at all, or a place outside Greater Cairo (which used to read "choose a pickup point").
func TestAnEnquirysStartIsRefusedForWhatIsWrongWithIt(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	ctx := context.Background()
	program := f.Program(t, "Giza day", true, f.Sights...)
	for _, c := range []struct {
		start *orderscmd.PointRequest
		want  string
	}{
		{&orderscmd.PointRequest{PickupPointID: "6f1d2a36-5c57-4b8e-9a43-2f6f0d0f4c11"}, cart.KeyPickupPointUnavailable},
		{&orderscmd.PointRequest{Name: "  "}, order.KeyPickupRequired},
		{&orderscmd.PointRequest{Name: "Alexandria", Lat: 31.2, Lng: 29.9}, cart.KeyOutsideServiceArea},
	} {
		in := orderscmd.EnquiryInput{
			Lang: "en", ProgramID: program.String(),
			Contact:           order.Contact{FirstName: "Omar", LastName: "Fathy", Email: "omar@example.com", Phone: "+201001234567", Country: "EG"},
			EmailConfirmation: "omar@example.com", TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
			Start: c.start,
		}
		var ve *domain.ValidationError
		if _, err := f.Orders.SubmitEnquiry(ctx, in, orderstest.UserMeta("")); !errors.As(err, &ve) || !slices.Contains(ve.Fields["pickup"], c.want) {
			t.Errorf("start %+v: %v, want pickup=%s", c.start, err, c.want)
		}
	}
}
