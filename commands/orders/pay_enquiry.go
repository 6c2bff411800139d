package orders

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

var enquiryPayNamespace = uuid.MustParse("9a0f1c55-77d2-4b0c-b1d3-2c5a4c7e8f10")

// PayEnquiry turns a quoted enquiry into an order with the enquiry's trip number at the quoted price
// and opens its payment. Every click on the payment link walks the same steps (their ids derive from
// the trip number and the quote), so it resumes rather than books twice.
func (h *Handlers) PayEnquiry(ctx context.Context, tripNumber string) (Placed, error) {
	return h.payEnquiry(ctx, tripNumber, "")
}

// payEnquiry is PayEnquiry for a client at clientIP: a guest's unpaid orders are bounded per address.
func (h *Handlers) payEnquiry(ctx context.Context, tripNumber, clientIP string) (Placed, error) {
	q, err := h.LoadEnquiry(ctx, tripNumber)
	if err != nil {
		return Placed{}, err
	}
	if q.Status() == enquiry.StatusConverted {
		return h.PayOrder(ctx, q.OrderID(), commands.Meta{ClientIP: clientIP})
	}
	if q.Status() != enquiry.StatusQuoted {
		return Placed{}, enquiry.ErrNotQuoted
	}
	if !h.now().Before(q.Quote().ValidUntil) {
		return Placed{}, enquiry.ErrQuoteLapsed
	}
	sub0 := q.Submitted()
	// The account the enquiry belongs to now: the one it was sent from, or the one a visitor's
	// enquiry was attached to, whose orders the paid quote joins.
	owner := q.Owner()
	meta := systemMeta(uuid.NewSHA1(enquiryPayNamespace, []byte(tripNumber+"/"+q.Quote().ValidUntil.String())), tripNumber)
	meta.Actor = commands.Actor{UserID: owner, Role: "user"}
	meta.ClientIP = clientIP
	trip := q.Trip()
	trip.Quote.Total = q.Quote().Amount
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return Placed{}, err
	}
	placed, err := h.place(ctx, order.PlaceOrder{
		OrderID: tripNumber, UserID: owner, Lang: sub0.Lang, Source: order.SourceEnquiry,
		Contact: sub0.Contact, EmailConfirmation: sub0.Contact.Email, TermsAgreed: true,
		Trip: trip, Rates: sub0.Rates, DisplayCurrency: sub0.DisplayCurrency, Policy: h.settings.Policy(), ServiceHours: hours,
	}, meta, h.now(), sameTrip{})
	if err != nil {
		return placed, err
	}
	if _, err := execEnquiry(ctx, h, tripNumber, enquiry.ConvertEnquiry{OrderID: tripNumber}, sub(meta, "convert")); err != nil {
		h.log.Warn("orders: mark an enquiry converted", "trip", tripNumber, "err", err)
	}
	return placed, nil
}

// PayEnquiryLink is the payment link of a quoted enquiry, followed by its owner (signed in) or, for an
// enquiry recorded before link secrets (HasLink), by whoever knows its e-mail: an e-mail is no secret,
// so an enquiry with a link opens to its secret alone (PayEnquiryByLink). E-mail guesses are bounded
// per client address, and a wrong e-mail, or one offered for an enquiry with a link, is the same
// ErrTripNotFound as an unknown number.
func (h *Handlers) PayEnquiryLink(ctx context.Context, tripNumber, email string, meta commands.Meta) (Placed, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return Placed{}, ErrTripNotFound
	}
	q, err := h.LoadEnquiry(ctx, num)
	sub0 := q.Submitted()
	owner := err == nil && q.Owner() != "" && q.Owner() == meta.Actor.UserID
	if !owner {
		if err := take(ctx, h.limiter, EnquiryPaymentRule, meta.ClientIP); err != nil {
			return Placed{}, err
		}
		if err != nil || q.HasLink() || domain.NormalizeEmail(email) != domain.NormalizeEmail(sub0.Contact.Email) {
			return Placed{}, ErrTripNotFound
		}
	}
	return h.payEnquiry(ctx, num, meta.ClientIP)
}
