package orders

import (
	"context"
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	ordersrm "mishwar/projections/orders"
)

// EnquiryTimesRule bounds a visitor's pickup-time lookups for an enquiry per client address: each
// quotes the trip at every pickup time of a day. Enough to try every day of a month or two, too few
// to use the site as a free trip planner.
var EnquiryTimesRule = LimitRule{Name: "enquiry-times-ip", Limit: 60, Period: 10 * time.Minute}

// EnquiryTimesQuery asks which pickup times of Date ("YYYY-MM-DD", Cairo) fit what an enquiry is
// about, as the enquiry form would send it: a program (ProgramID), a visitor's listed destinations
// (DestinationIDs), else the signed-in traveller's cart; from Start and End when chosen.
type EnquiryTimesQuery struct {
	UserID         string
	ClientIP       string
	Date           string
	ProgramID      string
	DestinationIDs []string
	Start, End     *PointRequest
}

// EnquiryTimesHandler offers the pickup times of a day for an enquiry: its trip, built exactly as
// SubmitEnquiry builds and judges it (enquiryQuote), at each start of the day the calendar offers,
// by the one-day rule. It shows; SubmitEnquiry decides again.
type EnquiryTimesHandler struct {
	commands *Handlers
	calendar CalendarHandler
}

// Handle answers the pickup times of q.Date. A visitor's lookup spends EnquiryTimesRule.
func (h EnquiryTimesHandler) Handle(ctx context.Context, q EnquiryTimesQuery) (PickupTimes, error) {
	if _, err := availability.ParseDay(q.Date); err != nil {
		return PickupTimes{}, &domain.ValidationError{Fields: map[string][]string{"date": {trip.KeyInvalidDate}}}
	}
	quote, ofProgram, err := h.commands.enquiryTrip(ctx, q.about())
	if err != nil {
		return PickupTimes{}, err
	}
	times, err := fittingTimes(ctx, h.calendar, CalendarQuery{From: q.Date, Days: "1"}, quote)
	if ofProgram {
		times.Verdict = times.Verdict.OfProgram()
	}
	return times, err
}

// EnquiryAbout is what an enquiry form asks about: a program (ProgramID), a visitor's listed
// destinations (DestinationIDs), else the signed-in traveller's cart; from Start and End when chosen.
// ClientIP is whom a visitor's look-up is counted against (EnquiryTimesRule).
type EnquiryAbout struct {
	UserID         string
	ClientIP       string
	ProgramID      string
	DestinationIDs []string
	Start, End     *PointRequest
}

func (q EnquiryTimesQuery) about() EnquiryAbout {
	return EnquiryAbout{UserID: q.UserID, ClientIP: q.ClientIP, ProgramID: q.ProgramID, DestinationIDs: q.DestinationIDs, Start: q.Start, End: q.End}
}

// enquiryTrip is the trip an enquiry form asks about, quoted as SubmitEnquiry quotes it
// (enquiryQuote), and whether it is a program's. A visitor's look-up spends EnquiryTimesRule; an
// enquiry about nothing is refused, an unknown program is a 404.
func (h *Handlers) enquiryTrip(ctx context.Context, q EnquiryAbout) (tripQuote, bool, error) {
	programID := strings.TrimSpace(q.ProgramID)
	var listed order.Itinerary
	if programID == "" && len(q.DestinationIDs) > 0 {
		var err error
		if listed, err = visitorItinerary(q.DestinationIDs); err != nil {
			return nil, false, err
		}
	}
	if programID == "" && len(listed.Stops) == 0 && q.UserID == "" {
		v := &domain.ValidationError{}
		v.Add("destinations", KeyEnquiryWhat)
		return nil, false, v
	}
	if q.UserID == "" {
		if err := take(ctx, h.limiter, EnquiryTimesRule, q.ClientIP); err != nil {
			return nil, false, err
		}
	}
	start, end, err := h.resolvePoints(ctx, q.Start, q.End)
	if err != nil {
		return nil, false, err
	}
	if programID != "" {
		// An unknown program is a 404 whatever the day.
		if _, err := h.pricer.ProgramItinerary(ctx, ProgramPricing{ProgramID: programID, UserID: q.UserID, Start: start, End: end}); err != nil {
			return nil, false, err
		}
	}
	return h.enquiryQuote(ctx, q.UserID, programID, listed, start, end), programID != "", nil
}

// EnquiryCalendarQuery asks for the calendar of what an enquiry form is about: Days days (at most
// MaxCartCalendarDays) from From, as CalendarQuery.
type EnquiryCalendarQuery struct {
	EnquiryAbout
	From, Days string
}

// EnquiryCalendarHandler says for each day whether what an enquiry is about can be started on it: the
// calendar's day, and of an available day whether the enquiry's trip (built as SubmitEnquiry builds
// it) fits one day at one of its starts at least (order.OfferDay, the rule EnquiryTimesHandler offers
// the day's times by). It shows; SubmitEnquiry decides again.
type EnquiryCalendarHandler struct {
	commands *Handlers
	calendar CalendarHandler
}

// Handle returns the calendar of the enquiry's trip, each available day judged a few starts at a time
// until one fits (as the cart's calendar). A visitor's look-up spends EnquiryTimesRule once.
func (h EnquiryCalendarHandler) Handle(ctx context.Context, q EnquiryCalendarQuery) ([]CalendarDay, error) {
	if err := tripCalendarDays(q.Days); err != nil {
		return nil, err
	}
	if q.From != "" {
		if _, err := availability.ParseDay(q.From); err != nil {
			return nil, &domain.ValidationError{Fields: map[string][]string{"from": {trip.KeyInvalidDate}}}
		}
	}
	quote, _, err := h.commands.enquiryTrip(ctx, q.EnquiryAbout)
	if err != nil {
		return nil, err
	}
	days, err := h.calendar.Handle(ctx, CalendarQuery{From: q.From, Days: q.Days})
	if err != nil {
		return nil, err
	}
	return offerDays(days, quote)
}

// tripQuote quotes one trip once for each start.
type tripQuote func(starts []time.Time) ([]trip.Quote, error)

// enquiryQuote quotes what an enquiry is about as SubmitEnquiry prices it: a program from the chosen
// start (else the traveller's cart's, else the city centre: PriceProgram), a visitor's listed
// stops from the chosen start (else the city centre: priceListed), or the signed-in traveller's cart
// (PriceCart), with the chosen points over the cart's.
func (h *Handlers) enquiryQuote(ctx context.Context, userID, programID string, listed order.Itinerary, start, end *cart.Point) tripQuote {
	switch {
	case programID != "":
		return func(starts []time.Time) ([]trip.Quote, error) {
			itin, err := h.pricer.ProgramItinerary(ctx, ProgramPricing{ProgramID: programID, UserID: userID, Start: start, End: end})
			if err != nil {
				return nil, err
			}
			return h.pricer.QuoteItineraryAt(ctx, itin, starts)
		}
	case len(listed.Stops) > 0:
		itin := listedFrom(listed, start, end)
		return func(starts []time.Time) ([]trip.Quote, error) { return h.pricer.QuoteItineraryAt(ctx, itin, starts) }
	default:
		return func(starts []time.Time) ([]trip.Quote, error) {
			return h.pricer.QuoteCartAt(ctx, CartPricing{UserID: userID, Start: start, End: end}, starts)
		}
	}
}

// changeQuote quotes an order's trip (an exchange's), as ExchangeTimes offers its times.
func (h *Handlers) changeQuote(ctx context.Context, booked order.Trip) tripQuote {
	return func(starts []time.Time) ([]trip.Quote, error) { return h.pricer.QuoteChangeAt(ctx, booked, starts) }
}

// oneDay refuses a trip that does not fit one day at startAt (domain/trip's rule) with its reason and
// what to do. A start-by suggestion is a start of that day known to fit: the latest before startAt
// of the times the calendar offers that day, each judged on a quote of its own (quote), as the pickup
// times offered are; when none fits, the stops from the one at fault go to a second trip.
func (h *Handlers) oneDay(priced Priced, startAt time.Time, hours cat.BusinessHours, quote tripQuote) error {
	q := priced.Quote
	if q.Calc.Fit.Fits() {
		return nil
	}
	if q.Calc.Fit.Suggestion == trip.SuggestStartBy {
		var before, fitting []time.Time
		for _, s := range h.startsOn(startAt, hours) {
			if s.Before(startAt) {
				before = append(before, s)
			}
		}
		if len(before) > 0 {
			quotes, err := quote(before)
			if err != nil {
				return err
			}
			for i, bq := range quotes {
				if bq.Calc.Fit.Fits() {
					fitting = append(fitting, before[i])
				}
			}
		}
		q.Calc.Fit = q.Calc.Fit.StartByAmong(startAt, fitting)
	}
	v := q.Verdict()
	if priced.Trip.Itinerary.ProgramID != "" {
		v = v.OfProgram()
	}
	return v.Refusal()
}

// startsOn are the pickup times the calendar offers on startAt's day now (service hours, lead time
// and booking window; a day's capacity is no matter of the time of day).
func (h *Handlers) startsOn(startAt time.Time, hours cat.BusinessHours) []time.Time {
	days := ordersrm.BuildCalendar(ordersrm.CalendarInput{
		From: availability.DayOf(startAt.In(cat.Cairo)), Days: 1, Now: h.now(), Policy: h.settings.Policy(), Hours: hours,
		Capacity: func(time.Weekday) int { return 1 },
	})
	if len(days) != 1 || days[0].Status != order.DayAvailable {
		return nil
	}
	return order.DayStarts(days[0].Date, days[0].Earliest, days[0].Latest)
}
