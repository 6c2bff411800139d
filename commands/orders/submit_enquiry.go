package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	"mishwar/eventstore"
)

// EnquiryInput is an enquiry form: a program (ProgramID), or an itinerary (the destinations a
// visitor lists in DestinationIDs, else the signed-in user's cart), with the same contact details,
// date, time and rate as an order.
type EnquiryInput struct {
	UserID            string
	Lang              string
	ProgramID         string
	DestinationIDs    []string
	Contact           order.Contact
	EmailConfirmation string
	TermsAgreed       bool
	Date, Time        string
	RatePlanID        string
	DisplayCurrency   money.Currency
	// Start and End: a pickup point or a place in the service area (a program's enquiry may leave
	// them to the user's cart).
	Start, End *PointRequest
}

// Submitted is an enquiry recorded under its trip number.
type Submitted struct {
	TripNumber string
	About      enquiry.About
	Position   eventstore.Position
}

// SubmitEnquiry records an enquiry and gives it a trip number. Its id derives from meta, so an
// Idempotency-Key makes a retry answer the first trip number. A visitor without an account names a
// program or lists an itinerary's destinations, and is bounded per address and per e-mail.
func (h *Handlers) SubmitEnquiry(ctx context.Context, in EnquiryInput, meta commands.Meta) (Submitted, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	in.ProgramID = strings.TrimSpace(in.ProgramID)
	if err := h.takeGuestAddress(ctx, in, meta.ClientIP); err != nil {
		return Submitted{}, err
	}
	var listed order.Itinerary
	if in.ProgramID == "" && len(in.DestinationIDs) > 0 {
		var err error
		if listed, err = visitorItinerary(in.DestinationIDs); err != nil {
			return Submitted{}, err
		}
	}
	if in.ProgramID == "" && len(listed.Stops) == 0 && in.UserID == "" {
		v := &domain.ValidationError{}
		v.Add("destinations", KeyEnquiryWhat)
		return Submitted{}, order.WithFormFaults(v, in.Contact, in.EmailConfirmation, in.TermsAgreed, in.DisplayCurrency)
	}
	start, end, err := h.resolvePoints(ctx, in.Start, in.End)
	if err != nil {
		return Submitted{}, err
	}
	// The date and time may be left to the operator; the estimate then assumes the usual departure.
	var startAt time.Time
	departure := defaultDeparture(h.now())
	if strings.TrimSpace(in.Date) != "" || strings.TrimSpace(in.Time) != "" {
		if startAt, err = trip.ParseStart(in.Date, in.Time); err != nil {
			return Submitted{}, order.WithFormFaults(err, in.Contact, in.EmailConfirmation, in.TermsAgreed, in.DisplayCurrency)
		}
		departure = startAt
	}
	var priced Priced
	about := enquiry.AboutItinerary
	switch {
	case in.ProgramID != "":
		about = enquiry.AboutProgram
		priced, err = h.pricer.PriceProgram(ctx, ProgramPricing{ProgramID: in.ProgramID, UserID: in.UserID, StartAt: departure, RatePlanID: in.RatePlanID, Start: start, End: end})
	case len(listed.Stops) > 0:
		priced, err = h.priceListed(ctx, listed, departure, in.RatePlanID, start, end)
	default:
		priced, err = h.pricer.PriceCart(ctx, CartPricing{UserID: in.UserID, StartAt: departure, RatePlanID: in.RatePlanID, Start: start, End: end})
	}
	if err != nil {
		return Submitted{}, err
	}
	if startAt.IsZero() {
		priced.Trip.StartAt, priced.Trip.Day = time.Time{}, ""
	}
	if in.RatePlanID != "" && priced.Trip.RatePlan.ID == "" {
		priced.Trip.RatePlan.ID = in.RatePlanID
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return Submitted{}, err
	}
	token, err := newLinkToken()
	if err != nil {
		return Submitted{}, err
	}
	cmd := enquiry.SubmitEnquiry{
		About: about, LinkToken: token, UserID: in.UserID, Lang: in.Lang, Contact: in.Contact, EmailConfirmation: in.EmailConfirmation, TermsAgreed: in.TermsAgreed,
		Trip: priced.Trip, Rates: priced.Rates, DisplayCurrency: in.DisplayCurrency, Policy: h.settings.Policy(), ServiceHours: hours,
	}
	// The decision is pure: tried on a fresh enquiry first, a form that breaks a rule is answered
	// without spending the visitor's e-mail budget.
	cmd.TripNumber = order.TripNumberFrom(seed(meta.CommandID, 0))
	if _, err := enquiry.Decide(enquiry.State{}, cmd, h.now()); err != nil {
		return Submitted{}, err
	}
	// A paid enquiry books one day with one car (PayEnquiry): a trip that cannot fit one day at the
	// chosen start is refused as checkout refuses it, after what the form got wrong (a past or too
	// early start says so, not how to fit the day), and its suggestion is a start the pickup times
	// offered for it (EnquiryTimes) include. Without a date the operator plans the trip with the
	// traveller before quoting, so nothing is judged yet.
	if !startAt.IsZero() {
		if err := h.oneDay(priced, startAt, hours, h.enquiryQuote(ctx, in.UserID, in.ProgramID, listed, start, end)); err != nil {
			return Submitted{}, err
		}
	}
	if err := h.takeGuestEmail(ctx, in); err != nil {
		return Submitted{}, err
	}
	for attempt := 0; attempt < maxTripNumberAttempts; attempt++ {
		cmd.TripNumber = order.TripNumberFrom(seed(meta.CommandID, attempt))
		res, err := execEnquiry(ctx, h, cmd.TripNumber, cmd, sub(meta, fmt.Sprintf("enquiry/%d", attempt)))
		if err == nil {
			return Submitted{TripNumber: cmd.TripNumber, About: about, Position: res.Position}, nil
		}
		if !errors.Is(err, enquiry.ErrEnquiryExists) {
			return Submitted{}, err
		}
	}
	return Submitted{}, ErrBusy
}

// defaultDeparture is 09:00 tomorrow in Cairo, the usual start of a day trip (for estimates).
func defaultDeparture(now time.Time) time.Time {
	n := now.In(cat.Cairo)
	return time.Date(n.Year(), n.Month(), n.Day()+1, 9, 0, 0, 0, cat.Cairo)
}
