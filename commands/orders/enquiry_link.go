package orders

import (
	"context"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

// An enquiry's link (in its e-mails) carries its trip number and the secret recorded when it was
// submitted (enquiry.EnquirySubmitted.LinkToken): whoever holds it sees the enquiry and pays its
// quote without an account. A wrong secret is the same ErrLinkNotFound as an unknown number, and
// every attempt with the wrong one is bounded per client address (EnquiryPaymentRule), so the
// secret (256 bits) cannot be guessed and trip numbers cannot be found through it.

// ErrLinkNotFound: no enquiry has this number and secret; an unknown number answers the same.
var ErrLinkNotFound = domain.NotFound("enquiries.link_not_found")

// openLink loads the enquiry tripNumber names when token opens its link.
func (h *Handlers) openLink(ctx context.Context, tripNumber, token, clientIP string) (string, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return "", ErrLinkNotFound
	}
	q, err := h.LoadEnquiry(ctx, num)
	if err == nil && q.LinkOpens(token) {
		return num, nil
	}
	if err := take(ctx, h.limiter, EnquiryPaymentRule, clientIP); err != nil {
		return "", err
	}
	return "", ErrLinkNotFound
}

// EnquiryLinkHandler answers what an enquiry's link shows: the secret is checked on the enquiry's
// own stream, the enquiry read from the read model.
type EnquiryLinkHandler struct {
	commands  *Handlers
	enquiries EnquiryRecords
}

// EnquiryLinkQuery is a link's trip number and secret, from a client address.
type EnquiryLinkQuery struct {
	TripNumber, Token, ClientIP string
}

// Handle is the enquiry its link opens, as its traveller sees it: of its contact, only what is about
// the trip (order.Contact.TripDetails: the names, the group size, the comments), never how to reach
// the traveller.
func (h EnquiryLinkHandler) Handle(ctx context.Context, in EnquiryLinkQuery) (Enquiry, error) {
	num, err := h.commands.openLink(ctx, in.TripNumber, in.Token, in.ClientIP)
	if err != nil {
		return Enquiry{}, err
	}
	q, err := h.enquiries.Enquiry(ctx, num)
	if err != nil {
		return Enquiry{}, err
	}
	q.Contact = q.Contact.TripDetails()
	list := []Enquiry{q}
	if err := markNewDates(ctx, h.commands.catalogue, list); err != nil {
		return Enquiry{}, err
	}
	return list[0], nil
}

// AttachEnquiry adds the visitor's enquiry whose link token opens to the signed-in traveller userID,
// whose account's e-mail is email, when that is the enquiry's e-mail (enquiry.AttachToAccount): the
// link came by that address's mail, so holding it proves what an account's unverified e-mail does
// not. The enquiry then shows in the traveller's orders and enquiries. Opening it again attaches
// nothing more; an enquiry of another e-mail or account is refused with enquiry.ErrNotYourEnquiry.
func (h *Handlers) AttachEnquiry(ctx context.Context, tripNumber, token, userID, email string, meta commands.Meta) (commands.Result[enquiry.Event], error) {
	num, err := h.openLink(ctx, tripNumber, token, meta.ClientIP)
	if err != nil {
		return commands.Result[enquiry.Event]{}, err
	}
	return execEnquiry(ctx, h, num, enquiry.AttachToAccount{UserID: userID, Email: email, Token: token}, sub(meta, "attach-"+userID))
}

// PayEnquiryByLink turns the quote its link opens into an order and opens its payment, for a
// traveller with or without an account; following the link again resumes the same payment.
func (h *Handlers) PayEnquiryByLink(ctx context.Context, tripNumber, token string, meta commands.Meta) (Placed, error) {
	num, err := h.openLink(ctx, tripNumber, token, meta.ClientIP)
	if err != nil {
		return Placed{}, err
	}
	return h.payEnquiry(ctx, num, meta.ClientIP)
}
