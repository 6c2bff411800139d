package orders

import (
	"math"
	"time"

	apporders "mishwar/commands/orders"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// The JSON shapes of docs/openapi.yaml: money in major and minor units, orders with their trip,
// payments, refunds and actions, enquiries with their quote.

type moneyJSON struct {
	Amount   float64        `json:"amount"`
	Minor    int64          `json:"minor"`
	Currency money.Currency `json:"currency"`
}

func toMoney(m money.Money) moneyJSON {
	if m.Currency == "" {
		m.Currency = money.EGP
	}
	return moneyJSON{Amount: m.Major(), Minor: m.Minor, Currency: m.Currency}
}

// convertedAll shows an EGP amount in every currency the order recorded a rate for.
func convertedAll(m money.Money, rates []money.Rate) []moneyJSON {
	out := []moneyJSON{toMoney(m)}
	for _, r := range rates {
		if c, err := money.Convert(m, r); err == nil && r.To != money.EGP {
			out = append(out, toMoney(money.RoundForDisplay(c)))
		}
	}
	return out
}

// checkAmount refuses an amount finer than a piastre (1.005 pounds) on field amount. An amount too
// large for any price or refund is left to the decision, which says it is too large (its decimals
// are beside the point: 1e308 has none a float can show).
func checkAmount(v *float64) error {
	if v == nil || money.WholeMinor(*v) || math.Abs(*v) >= money.MaxMinor/100 {
		return nil
	}
	ve := &domain.ValidationError{}
	ve.Add("amount", "orders.amount_precision")
	return ve
}

// amountOr reads an optional amount in Egyptian pounds.
func amountOr(v *float64, def money.Money) money.Money {
	if v == nil {
		return def
	}
	return money.FromMajor(*v, money.EGP)
}

// optionalAmount reads an optional amount in Egyptian pounds (nil: the command's default).
func optionalAmount(v *float64) *money.Money {
	if v == nil {
		return nil
	}
	m := money.FromMajor(*v, money.EGP)
	return &m
}

type pointJSON struct {
	Name          string  `json:"name"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	PickupPointID string  `json:"pickup_point_id,omitempty"`
}

func toPoint(p order.Point, lang string) pointJSON {
	name := p.Name
	if lang == "ar" && p.NameAR != "" {
		name = p.NameAR
	}
	return pointJSON{Name: name, Lat: p.Lat, Lng: p.Lng, PickupPointID: p.PickupPointID}
}

type stopJSON struct {
	DestinationID string  `json:"destination_id"`
	Name          string  `json:"name"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	VisitMinutes  int     `json:"visit_minutes"`
}

type orderTripJSON struct {
	StartAt   time.Time  `json:"start_at"`
	Date      string     `json:"date"`
	Time      string     `json:"time"`
	Pickup    pointJSON  `json:"pickup"`
	End       pointJSON  `json:"end"`
	Stops     []stopJSON `json:"stops"`
	ProgramID string     `json:"program_id,omitempty"`
	Program   string     `json:"program,omitempty"`
	RatePlan  struct {
		ID             string    `json:"id"`
		Name           string    `json:"name"`
		PricePerKm     moneyJSON `json:"price_per_km"`
		WaitingPerHour moneyJSON `json:"waiting_per_hour"`
	} `json:"rate_plan"`
	TotalDistance float64   `json:"total_distance"`
	TotalDuration int       `json:"total_duration"`
	DriveMinutes  int       `json:"drive_minutes"`
	WaitingHours  float64   `json:"total_waiting_hours"`
	DistanceCost  moneyJSON `json:"distance_cost"`
	WaitingCost   moneyJSON `json:"waiting_cost"`
	Total         moneyJSON `json:"total"`
}

func toTrip(t order.Trip, lang string) orderTripJSON {
	start := t.StartAt.In(cat.Cairo)
	out := orderTripJSON{StartAt: t.StartAt, Date: start.Format(time.DateOnly), Time: start.Format("15:04"),
		Pickup: toPoint(t.Itinerary.Start, lang), End: toPoint(t.Itinerary.End, lang), Stops: []stopJSON{},
		ProgramID: t.Itinerary.ProgramID, Program: t.Itinerary.ProgramNameIn(lang)}
	for _, st := range t.Itinerary.Stops {
		name := st.NameEN
		if lang == "ar" && st.NameAR != "" {
			name = st.NameAR
		}
		out.Stops = append(out.Stops, stopJSON{DestinationID: st.DestinationID, Name: name, Lat: st.Lat, Lng: st.Lng, VisitMinutes: st.VisitMinutes})
	}
	if t.StartAt.IsZero() {
		// An enquiry that leaves the date to the operator.
		out.Date, out.Time = "", ""
	}
	out.RatePlan.ID, out.RatePlan.Name = t.RatePlan.ID, t.RatePlan.Name
	if lang == "ar" && t.RatePlan.NameAR != "" {
		out.RatePlan.Name = t.RatePlan.NameAR
	}
	out.RatePlan.PricePerKm, out.RatePlan.WaitingPerHour = toMoney(t.RatePlan.PerKm), toMoney(t.RatePlan.WaitingPerHour)
	out.TotalDistance = math.Round(float64(t.Quote.DistanceMeters)/100) / 10
	out.TotalDuration, out.DriveMinutes = t.Quote.DurationMinutes, t.Quote.DriveMinutes
	out.WaitingHours = math.Round(float64(t.Quote.WaitingMinutes)*100/60) / 100
	out.DistanceCost, out.WaitingCost, out.Total = toMoney(t.Quote.DistanceCost), toMoney(t.Quote.WaitingCost), toMoney(t.Quote.Total)
	return out
}

type actionsJSON struct {
	Pay      bool `json:"pay"`
	Cancel   bool `json:"cancel"`
	Refund   bool `json:"refund"`
	Exchange bool `json:"exchange"`
}

type cancellationJSON struct {
	FreeUntil         time.Time `json:"free_until"`
	FreeHoursBefore   float64   `json:"free_hours_before"`
	LateRefundPercent float64   `json:"late_refund_percent"`
	// Now: what cancelling right now would do (the traveller's own cancellation): free or not, the
	// share of the price not paid for, what goes back and what the business keeps of what was paid.
	Free          bool      `json:"free"`
	RefundPercent float64   `json:"refund_percent"`
	Refund        moneyJSON `json:"refund"`
	Keep          moneyJSON `json:"keep"`
	// RefundByBusiness is what goes back if the business cancels now (staff cancelling, their fault).
	RefundByBusiness moneyJSON `json:"refund_by_business"`
}

type orderJSON struct {
	ID              string              `json:"id"`
	TripNumber      string              `json:"trip_number"`
	Status          order.Status        `json:"status"`
	Source          string              `json:"source"`
	Quoted          bool                `json:"quoted"`
	PlacedAt        time.Time           `json:"placed_at"`
	UpdatedAt       time.Time           `json:"updated_at"`
	HoldUntil       time.Time           `json:"hold_until"`
	Contact         order.Contact       `json:"contact"`
	Trip            orderTripJSON       `json:"trip"`
	Total           moneyJSON           `json:"total"`
	Promo           *promoJSON          `json:"promo,omitempty"`
	Prices          []moneyJSON         `json:"prices"`
	DisplayCurrency money.Currency      `json:"display_currency"`
	Paid            moneyJSON           `json:"paid"`
	Refunded        moneyJSON           `json:"refunded"`
	RefundPending   moneyJSON           `json:"refund_pending"`
	Owed            moneyJSON           `json:"owed"`
	NeedsAttention  bool                `json:"needs_attention"`
	Attention       []attentionJSON     `json:"attention"`
	PaymentURL      string              `json:"payment_url,omitempty"`
	Payments        []paymentJSON       `json:"payments"`
	Cancellation    cancellationJSON    `json:"cancellation"`
	Cancelled       *cancelledJSON      `json:"cancelled,omitempty"`
	Refunds         []refundJSON        `json:"refunds"`
	RefundRequests  []refundRequestJSON `json:"refund_requests"`
	// RefundRequestOpen: the last refund request waits for an answer; no other can be made meanwhile.
	RefundRequestOpen bool                      `json:"refund_request_open"`
	PendingExchange   *exchangeJSON             `json:"pending_exchange,omitempty"`
	Actions           actionsJSON               `json:"actions"`
	Timeline          []apporders.TimelineEntry `json:"timeline,omitempty"`
	UserID            string                    `json:"user_id,omitempty"`

	// The trip as the order recorded it: the driver set off, the trip ended (status completed).
	TripStartedAt *time.Time `json:"trip_started_at,omitempty"`
	CompletedAt   *time.Time `json:"completed_at,omitempty"`
}

type attentionJSON struct {
	Reason    string    `json:"reason"`
	PaymentID string    `json:"payment_id,omitempty"`
	Amount    moneyJSON `json:"amount"`
	At        time.Time `json:"at"`
}

type paymentJSON struct {
	ID        string    `json:"id"`
	Purpose   string    `json:"purpose"`
	Provider  string    `json:"provider"`
	Amount    moneyJSON `json:"amount"`
	Status    string    `json:"status"`
	Received  moneyJSON `json:"received"`
	Refunded  moneyJSON `json:"refunded"`
	Reference string    `json:"reference,omitempty"`
	Late      bool      `json:"late,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	ExpiresAt time.Time `json:"expires_at"`
	Review    bool      `json:"review,omitempty"`
	Accepted  bool      `json:"accepted,omitempty"`
	// Closed says the shop closed the payment's page (its order cancelled, its change given up):
	// when, what came of it and why; absent while it was not asked.
	Closed *sessionCloseJSON `json:"closed,omitempty"`
}

type sessionCloseJSON struct {
	At time.Time `json:"at"`
	// Outcome: closed (the page takes no card), not_open (it was no longer open) or cannot_close
	// (the provider cannot close it: payable until it lapses, and a payment that arrives is refunded).
	Outcome string `json:"outcome"`
	// Why: order_cancelled or exchange_abandoned.
	Why string `json:"why"`
}

type cancelledJSON struct {
	Reason            string    `json:"reason"`
	Free              bool      `json:"free"`
	RefundBasisPoints int64     `json:"refund_basis_points"`
	RefundDue         moneyJSON `json:"refund_due"`
	ByStaff           bool      `json:"by_staff"`
	At                time.Time `json:"at"`

	// Underway: staff cancelled the trip after the driver had set off.
	Underway bool `json:"underway,omitempty"`
	// Kept is what the business kept of what was paid; InitiatedBy who the cancellation was for
	// ("business" or "traveller"; absent when the cancellation did not say).
	Kept        moneyJSON `json:"kept"`
	InitiatedBy string    `json:"initiated_by,omitempty"`
}

type refundJSON struct {
	ID        string    `json:"id"`
	PaymentID string    `json:"payment_id"`
	Amount    moneyJSON `json:"amount"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
	// Status: in_progress (waiting for the provider), issued or failed (Failure says why).
	Status  string `json:"status"`
	Failure string `json:"failure,omitempty"`
}

type refundRequestJSON struct {
	Reason string    `json:"reason"`
	Amount moneyJSON `json:"amount"`
	At     time.Time `json:"at"`
}

type exchangeJSON struct {
	Trip       orderTripJSON `json:"trip"`
	Difference moneyJSON     `json:"difference"`
	HoldUntil  time.Time     `json:"hold_until"`
	// Changes is what the change alters of the booked trip (order.ChangeOf), so the order page names
	// exactly what the e-mail about it names.
	Changes tripChangeJSON `json:"changes"`
}

type tripChangeJSON struct {
	When      bool `json:"when"`
	RatePlan  bool `json:"rate_plan"`
	Itinerary bool `json:"itinerary"`
}

func toOrderJSON(o apporders.OrderView, lang string) orderJSON {
	c := o.Cancellation
	out := orderJSON{
		ID: o.ID, TripNumber: o.ID, Status: o.Status, Source: o.Source, Quoted: order.Quoted(o.Source), PlacedAt: o.PlacedAt, UpdatedAt: o.UpdatedAt,
		HoldUntil: o.HoldUntil, Contact: o.Contact, Trip: toTrip(o.Trip, lang), Total: toMoney(o.Price),
		Prices: convertedAll(o.Price, o.Rates), DisplayCurrency: o.DisplayCurrency, Promo: toPromoJSON(o.Promo),
		Paid: toMoney(o.Paid), Refunded: toMoney(o.Refunded), RefundPending: toMoney(o.RefundPending()), Owed: toMoney(o.Owed()), NeedsAttention: o.NeedsAttention(),
		Attention: []attentionJSON{}, Payments: []paymentJSON{}, Refunds: []refundJSON{}, RefundRequests: []refundRequestJSON{}, RefundRequestOpen: o.RefundRequestOpen,
		Cancellation: cancellationJSON{FreeUntil: c.FreeUntil, FreeHoursBefore: c.FreeHoursBefore, LateRefundPercent: c.LateRefundPercent,
			Free: c.Free, RefundPercent: c.RefundPercent, Refund: toMoney(c.Refund), Keep: toMoney(c.Keep), RefundByBusiness: toMoney(c.RefundByBusiness)},
		Actions:    actionsJSON{Pay: o.Actions.Pay, Cancel: o.Actions.Cancel, Refund: o.Actions.Refund, Exchange: o.Actions.Exchange},
		PaymentURL: o.OpenPaymentURL, Timeline: o.Timeline,
		TripStartedAt: o.TripStartedAt, CompletedAt: o.CompletedAt,
	}
	if c := o.Cancelled; c != nil {
		out.Cancelled = &cancelledJSON{Reason: c.Reason, Free: c.Free, RefundBasisPoints: c.RefundBasisPoints, RefundDue: toMoney(c.RefundDue), ByStaff: c.ByStaff, At: c.At,
			Underway: c.Underway, Kept: toMoney(c.Kept), InitiatedBy: c.InitiatedBy}
	}
	for _, a := range o.Attention {
		out.Attention = append(out.Attention, attentionJSON{Reason: a.Reason, PaymentID: a.PaymentID, Amount: toMoney(a.Amount), At: a.At})
	}
	for _, p := range o.Payments {
		out.Payments = append(out.Payments, paymentJSON{ID: p.ID, Purpose: p.Purpose, Provider: p.Provider, Amount: toMoney(p.Amount), Status: p.Status,
			Received: toMoney(p.Received), Refunded: toMoney(p.Refunded), Reference: p.Reference, Late: p.Late, Reason: p.Reason, ExpiresAt: p.ExpiresAt,
			Review: p.Review, Accepted: p.Accepted, Closed: toSessionClose(p.Closed)})
	}
	for _, r := range o.Refunds {
		out.Refunds = append(out.Refunds, refundJSON{ID: r.ID, PaymentID: r.PaymentID, Amount: toMoney(r.Amount), Reason: r.Reason, At: r.At,
			Status: r.State(), Failure: r.Failure})
	}
	for _, r := range o.RefundRequests {
		out.RefundRequests = append(out.RefundRequests, refundRequestJSON{Reason: r.Reason, Amount: toMoney(r.Amount), At: r.At})
	}
	if x := o.PendingExchange; x != nil {
		c := order.ChangeOf(o.Trip, x.To)
		out.PendingExchange = &exchangeJSON{Trip: toTrip(x.To, lang), Difference: toMoney(x.Difference), HoldUntil: x.HoldUntil,
			Changes: tripChangeJSON{When: c.When, RatePlan: c.RatePlan, Itinerary: c.Itinerary}}
	}
	return out
}

func toSessionClose(c *apporders.SessionClose) *sessionCloseJSON {
	if c == nil {
		return nil
	}
	return &sessionCloseJSON{At: c.At, Outcome: c.Outcome, Why: c.Why}
}

type enquiryJSON struct {
	TripNumber string `json:"trip_number"`
	// About is "program" or "itinerary"; Guest says the traveller has no account.
	About         string         `json:"about"`
	Guest         bool           `json:"guest"`
	Status        string         `json:"status"`
	SubmittedAt   time.Time      `json:"submitted_at"`
	Trip          orderTripJSON  `json:"trip"`
	Estimate      moneyJSON      `json:"estimate"`
	Quote         *quoteJSON     `json:"quote,omitempty"`
	DeclineReason string         `json:"decline_reason,omitempty"`
	OrderID       string         `json:"order_id,omitempty"`
	Contact       *order.Contact `json:"contact,omitempty"`
	// Travellers and Comments are the group size and the traveller's own words, on the page the
	// enquiry's link opens (they are about the trip, not how to reach the traveller).
	Travellers int    `json:"travellers,omitempty"`
	Comments   string `json:"comments,omitempty"`
	// NeedsNewDate: the quote's start falls on a day or hour the office's settings now refuse (a
	// holiday added since): it cannot be paid until the office gives it a new date.
	NeedsNewDate bool `json:"needs_new_date,omitempty"`
}

type quoteJSON struct {
	Amount     moneyJSON `json:"amount"`
	Note       string    `json:"note,omitempty"`
	ValidUntil time.Time `json:"valid_until"`
}

func toEnquiryJSON(q apporders.Enquiry, lang string) enquiryJSON {
	about := q.About
	if about == "" {
		about = enquiry.AboutOf(enquiry.EnquirySubmitted{Trip: q.Trip})
	}
	out := enquiryJSON{TripNumber: q.TripNumber, About: string(about), Guest: q.UserID == "", Status: string(q.Status), SubmittedAt: q.SubmittedAt, Trip: toTrip(q.Trip, lang),
		Estimate: toMoney(q.Trip.Quote.Total), DeclineReason: q.DeclineReason, OrderID: q.OrderID, NeedsNewDate: q.NeedsNewDate}
	if q.Quote != nil {
		out.Quote = &quoteJSON{Amount: toMoney(q.Quote.Amount), Note: q.Quote.Note, ValidUntil: q.Quote.ValidUntil}
	}
	return out
}

// toStaffEnquiryJSON is an enquiry with its contact, for staff.
func toStaffEnquiryJSON(q apporders.Enquiry, lang string) enquiryJSON {
	j := toEnquiryJSON(q, lang)
	c := q.Contact
	j.Contact = &c
	return j
}

type placedJSON struct {
	OrderID    string    `json:"order_id"`
	TripNumber string    `json:"trip_number"`
	PaymentURL string    `json:"payment_url"`
	HoldUntil  time.Time `json:"hold_until"`
	Status     string    `json:"status"`
	// PaymentPending: the provider has not opened the payment page yet; poll the order (Poll) until
	// it carries payment_url.
	PaymentPending bool   `json:"payment_pending,omitempty"`
	Poll           string `json:"poll,omitempty"`
	// Resumed: a checkout answered with the traveller's order of the same trip waiting for payment.
	Resumed bool `json:"resumed,omitempty"`
}

// placedAnswer is the answer of a command that opened (or found) a payment page.
func placedAnswer(p apporders.Placed, status string) placedJSON {
	j := placedJSON{OrderID: p.OrderID, TripNumber: p.OrderID, PaymentURL: p.PaymentURL, HoldUntil: p.HoldUntil, Status: status}
	if p.Pending {
		j.PaymentPending, j.Poll = true, "/api/orders/"+p.OrderID
	}
	return j
}
