package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// EnquiryInput is an enquiry form: a program (ProgramID) or the user's cart, with the same contact
// details, date, time and rate as an order.
type EnquiryInput struct {
	UserID            string
	Lang              string
	ProgramID         string
	Contact           order.Contact
	EmailConfirmation string
	TermsAgreed       bool
	Date, Time        string
	RatePlanID        string
	DisplayCurrency   money.Currency
	Start, End        *cart.Point
}

// Submitted is an enquiry recorded under its trip number.
type Submitted struct {
	TripNumber string
	Position   eventstore.Position
}

// SubmitEnquiry records an enquiry and gives it a trip number. Its id derives from meta, so an
// Idempotency-Key makes a retry answer the first trip number.
func (h *Handlers) SubmitEnquiry(ctx context.Context, in EnquiryInput, meta commands.Meta) (Submitted, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	// The date and time may be left to the operator; the estimate then assumes the usual departure.
	var startAt time.Time
	departure := defaultDeparture(h.now())
	if strings.TrimSpace(in.Date) != "" || strings.TrimSpace(in.Time) != "" {
		var err error
		if startAt, err = ParseStart(in.Date, in.Time); err != nil {
			return Submitted{}, err
		}
		departure = startAt
	}
	var priced Priced
	var err error
	if in.ProgramID != "" {
		priced, err = h.pricer.PriceProgram(ctx, ProgramPricing{ProgramID: in.ProgramID, UserID: in.UserID, StartAt: departure, RatePlanID: in.RatePlanID, Start: in.Start, End: in.End})
	} else {
		priced, err = h.pricer.PriceCart(ctx, CartPricing{UserID: in.UserID, StartAt: departure, RatePlanID: in.RatePlanID, Start: in.Start, End: in.End})
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
	cmd := enquiry.SubmitEnquiry{
		UserID: in.UserID, Lang: in.Lang, Contact: in.Contact, EmailConfirmation: in.EmailConfirmation, TermsAgreed: in.TermsAgreed,
		Trip: priced.Trip, Rates: priced.Rates, DisplayCurrency: in.DisplayCurrency, Policy: h.settings.Policy(), ServiceHours: hours,
	}
	for attempt := 0; attempt < maxTripNumberAttempts; attempt++ {
		cmd.TripNumber = order.TripNumberFrom(seed(meta.CommandID, attempt))
		res, err := execEnquiry(ctx, h, cmd.TripNumber, cmd, sub(meta, fmt.Sprintf("enquiry/%d", attempt)))
		if err == nil {
			return Submitted{TripNumber: cmd.TripNumber, Position: res.Position}, nil
		}
		if !errors.Is(err, enquiry.ErrEnquiryExists) {
			return Submitted{}, err
		}
	}
	return Submitted{}, ErrBusy
}

// LoadEnquiry folds an enquiry's stream.
func (h *Handlers) LoadEnquiry(ctx context.Context, tripNumber string) (enquiry.State, error) {
	hist, err := commands.Load[enquiry.Event](ctx, h.runner, EnquiryStream(tripNumber))
	if err != nil {
		return enquiry.State{}, err
	}
	s := enquiry.Decider.Fold(hist.Events)
	if s.Status() == enquiry.StatusNone {
		return s, enquiry.ErrEnquiryNotFound
	}
	return s, nil
}

// QuoteEnquiry records an operator's price, valid for validFor; date and time ("" to keep the
// enquiry's) set the start.
func (h *Handlers) QuoteEnquiry(ctx context.Context, tripNumber string, amount money.Money, note string, validFor time.Duration, date, clock string, meta commands.Meta) (Outcome, error) {
	cmd := enquiry.QuoteEnquiry{Amount: amount, Note: note, ValidUntil: h.now().Add(validFor), ByUserID: meta.Actor.UserID}
	if strings.TrimSpace(date) != "" || strings.TrimSpace(clock) != "" {
		start, err := ParseStart(date, clock)
		if err != nil {
			return Outcome{OrderID: tripNumber}, err
		}
		cmd.StartAt = start
	}
	res, err := execEnquiry(ctx, h, tripNumber, cmd, meta)
	if err != nil {
		return Outcome{OrderID: tripNumber}, wrap("quote", err)
	}
	return Outcome{OrderID: tripNumber, Position: res.Position}, nil
}

// DeclineEnquiry records an operator's refusal.
func (h *Handlers) DeclineEnquiry(ctx context.Context, tripNumber, reason string, meta commands.Meta) (Outcome, error) {
	res, err := execEnquiry(ctx, h, tripNumber, enquiry.DeclineEnquiry{Reason: reason, ByUserID: meta.Actor.UserID}, meta)
	if err != nil {
		return Outcome{OrderID: tripNumber}, wrap("decline", err)
	}
	return Outcome{OrderID: tripNumber, Position: res.Position}, nil
}

var enquiryPayNamespace = uuid.MustParse("9a0f1c55-77d2-4b0c-b1d3-2c5a4c7e8f10")

// PayEnquiry turns a quoted enquiry into an order with the enquiry's trip number at the quoted price
// and opens its payment. Every click on the payment link walks the same steps (their ids derive from
// the trip number and the quote), so it resumes rather than books twice.
func (h *Handlers) PayEnquiry(ctx context.Context, tripNumber string) (Placed, error) {
	q, err := h.LoadEnquiry(ctx, tripNumber)
	if err != nil {
		return Placed{}, err
	}
	if q.Status() == enquiry.StatusConverted {
		return h.PayOrder(ctx, q.OrderID(), commands.Meta{})
	}
	if q.Status() != enquiry.StatusQuoted {
		return Placed{}, enquiry.ErrNotQuoted
	}
	if !h.now().Before(q.Quote().ValidUntil) {
		return Placed{}, enquiry.ErrQuoteLapsed
	}
	sub0 := q.Submitted()
	meta := systemMeta(uuid.NewSHA1(enquiryPayNamespace, []byte(tripNumber+"/"+q.Quote().ValidUntil.String())), tripNumber)
	meta.Actor = commands.Actor{UserID: sub0.UserID, Role: "user"}
	trip := q.Trip()
	trip.Quote.Total = q.Quote().Amount
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return Placed{}, err
	}
	placed, err := h.place(ctx, order.PlaceOrder{
		OrderID: tripNumber, UserID: sub0.UserID, Lang: sub0.Lang, Source: order.SourceEnquiry,
		Contact: sub0.Contact, EmailConfirmation: sub0.Contact.Email, TermsAgreed: true,
		Trip: trip, Rates: sub0.Rates, DisplayCurrency: sub0.DisplayCurrency, Policy: h.settings.Policy(), ServiceHours: hours,
	}, meta, h.now())
	if err != nil {
		return placed, err
	}
	if _, err := execEnquiry(ctx, h, tripNumber, enquiry.ConvertEnquiry{OrderID: tripNumber}, sub(meta, "convert")); err != nil {
		h.log.Warn("orders: mark an enquiry converted", "trip", tripNumber, "err", err)
	}
	return placed, nil
}

// defaultDeparture is 09:00 tomorrow in Cairo, the usual start of a day trip (for estimates).
func defaultDeparture(now time.Time) time.Time {
	n := now.In(cat.Cairo)
	return time.Date(n.Year(), n.Month(), n.Day()+1, 9, 0, 0, 0, cat.Cairo)
}
