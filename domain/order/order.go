// Package order is the decider of a booked trip, one stream per order ("order-MSH-7K3Q9P": the trip
// number is the order's id). It decides the whole life of an order: placed with everything its price
// depends on recorded, payment requested, paid (confirmed) or failed or expired, cancelled under the
// policy recorded at placing, refunded in full or in part, exchanged for another date, time or
// itinerary with the difference charged or refunded.
//
// It never decides whether a car is free (domain/availability does, on the day's stream), never prices
// a trip (domain/trip does), never talks to a payment provider, and never reads a clock: the caller
// passes what it found and the time.
package order

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// Refusals. Keys name messages in internal/i18n (catalog_orders.go).
var (
	ErrOrderNotFound       = domain.NotFound("orders.not_found")
	ErrTripNumberTaken     = domain.Conflict("orders.trip_number_taken")
	ErrNotYourOrder        = domain.Forbidden("orders.not_yours")
	ErrNotAwaitingPayment  = domain.Conflict("orders.not_awaiting_payment")
	ErrHoldLapsed          = domain.Conflict("orders.hold_lapsed")
	ErrPaymentNotFound     = domain.NotFound("orders.payment_not_found")
	ErrCapacityCheckNeeded = domain.Conflict("orders.capacity_check_needed")
	ErrNotCancellable      = domain.Conflict("orders.not_cancellable")
	ErrTooLateToCancel     = domain.Conflict("orders.too_late_to_cancel")
	ErrNotExchangeable     = domain.Conflict("orders.not_exchangeable")
	ErrTooLateToExchange   = domain.Conflict("orders.too_late_to_exchange")
	ErrExchangePending     = domain.Conflict("orders.exchange_pending")
	ErrNothingToRefund     = domain.Conflict("orders.nothing_to_refund")
	// ErrRefundAlreadyRequested: the traveller's last request for money back waits for an answer.
	ErrRefundAlreadyRequested = domain.Conflict("orders.refund_already_requested")
	// ErrRefundTooLarge: the refund asks for more than is left to refund. Refusals say how much is
	// left (refundTooLarge); errors.Is matches them with this sentinel.
	ErrRefundTooLarge = domain.Invalid("orders.refund_too_large")
	ErrInvalidAmount  = domain.Invalid("orders.invalid_amount")
	ErrInvalidOrder   = domain.Invalid("orders.invalid_order")

	// ErrExchangeUnchanged: the exchange asks for the trip the order already has (same start, rate
	// plan and itinerary); accepting it would tell the traveller of a change that is none.
	ErrExchangeUnchanged = domain.Invalid("orders.exchange_unchanged")
)

// Message keys of field errors (a *domain.ValidationError).
const (
	KeyRequired         = domain.KeyRequired
	KeyEmailInvalid     = "orders.email_invalid"
	KeyEmailsMustMatch  = "orders.emails_must_match"
	KeyPhoneInvalid     = "orders.phone_invalid"
	KeyCountryInvalid   = "orders.country_invalid"
	KeyTermsRequired    = "orders.terms_required"
	KeyMoreDestinations = "orders.more_destinations"
	KeyPickupRequired   = "orders.pickup_required"
	KeyRateRequired     = "orders.rate_required"
	KeyTooSoon          = "orders.too_soon"
	// KeyDatePast and KeyTimePast: the start asked for has passed already (a past day; a time of
	// today already gone), which no booking further ahead mends.
	KeyDatePast            = "orders.date_past"
	KeyTimePast            = "orders.time_past"
	KeyDateOutOfRange      = "orders.date_out_of_range"
	KeyOutsideServiceHours = "orders.outside_service_hours"
	KeyClosedDay           = "orders.closed_day"
	KeyReasonRequired      = "orders.reason_required"
	KeyCurrencyInvalid     = "orders.currency_invalid"
	KeyTooLong             = "orders.too_long"
	KeyTravellersInvalid   = "orders.travellers_invalid"
	// KeyGroupTooLargeForCar: the group is larger than the rate plan's car seats (ValidateGroup).
	KeyGroupTooLargeForCar = "orders.group_too_large_for_car"
	// KeyInitiatorInvalid: a staff cancellation names neither the business nor the traveller.
	KeyInitiatorInvalid = "orders.initiated_by_invalid"
	// KeyAmountRequired: a refund that names no amount on an order that owes nothing back.
	KeyAmountRequired = "orders.amount_required"
)

// Status is where an order is in its life.
type Status string

const (
	StatusNone            Status = ""
	StatusAwaitingPayment Status = "awaiting_payment"
	StatusConfirmed       Status = "confirmed"
	StatusPaymentFailed   Status = "payment_failed"
	StatusExpired         Status = "expired"
	StatusCancelled       Status = "cancelled"
)

type payment struct {
	purpose  string
	url      string
	amount   money.Money
	received money.Money
	refunded money.Money
	ref      string
	failed   bool
	done     bool
	// The session's life before a notice (see session.go).
	provider   string
	opening    bool
	openFailed bool
	expiresAt  time.Time
	lang       string
	// review: the money received differs from what was asked, until staff accept it or refund it.
	review   bool
	accepted bool
}

type pendingExchange struct {
	id          string
	to          Trip
	reservation string
	difference  money.Money
	holdUntil   time.Time
	paymentID   string
}

// State is an order folded from its events.
type State struct {
	status          Status
	placed          OrderPlaced
	id              string
	userID          string
	email           string
	trip            Trip
	reservation     string
	holdUntil       time.Time
	price           money.Money
	paid            money.Money
	refunded        money.Money
	kept            money.Money
	cancellation    Cancellation
	payments        map[string]payment
	paymentOrder    []string
	currentPayment  string
	refunds         map[string]bool
	exchange        *pendingExchange
	exchanges       map[string]bool
	attention       []string
	refundRequested bool
	journey         journey
	// inFlight are the refunds ordered and not yet answered by the provider (refund.go).
	inFlight refundsInFlight
	// conceded is what the business gave up of the price of an order that goes ahead (accepted
	// short payments, goodwill refunds): what it keeps is the price less this.
	conceded money.Money
}

func (s State) Status() Status              { return s.status }
func (s State) Placed() OrderPlaced         { return s.placed }
func (s State) PaymentURL(id string) string { return s.payments[id].url }
func (s State) ID() string                  { return s.id }
func (s State) UserID() string              { return s.userID }
func (s State) Email() string               { return s.email }
func (s State) Trip() Trip                  { return s.trip }
func (s State) Reservation() string         { return s.reservation }
func (s State) HoldUntil() time.Time        { return s.holdUntil }
func (s State) Price() money.Money          { return s.price }
func (s State) Paid() money.Money           { return s.paid }
func (s State) Refunded() money.Money       { return s.refunded }
func (s State) Cancellation() Cancellation  { return s.cancellation }
func (s State) CurrentPaymentID() string    { return s.currentPayment }
func (s State) AttentionReasons() []string  { return append([]string(nil), s.attention...) }

// RefundRequested reports whether the traveller's request for money back waits for an answer.
func (s State) RefundRequested() bool           { return s.refundRequested }
func (s State) Exists() bool                    { return s.status != StatusNone }
func (s State) HasPayment(id string) bool       { _, ok := s.payments[id]; return ok }
func (s State) PaymentPurpose(id string) string { return s.payments[id].purpose }

// PendingExchange is an exchange waiting for its difference to be paid.
type PendingExchange struct {
	ID          string
	To          Trip
	Reservation string
	Difference  money.Money
	HoldUntil   time.Time
	PaymentID   string
}

// PendingExchange returns the exchange waiting for its difference to be paid, if any.
func (s State) PendingExchange() (PendingExchange, bool) {
	if s.exchange == nil {
		return PendingExchange{}, false
	}
	x := s.exchange
	return PendingExchange{ID: x.id, To: x.to, Reservation: x.reservation, Difference: x.difference, HoldUntil: x.holdUntil, PaymentID: x.paymentID}, true
}

// keep is what the business may keep of what was paid, given the status.
func (s State) keep() money.Money {
	switch s.status {
	case StatusConfirmed, StatusCompleted:
		return money.New(max(s.price.Minor-s.conceded.Minor, 0), money.EGP)
	case StatusCancelled:
		return s.kept
	default:
		return money.New(0, money.EGP)
	}
}

// Owed is what the business owes back: paid, less refunded, less what it may keep. Positive after a
// cancellation, a cheaper exchange, a duplicate or a late payment, until the refund is issued.
func (s State) Owed() money.Money {
	owed := s.paid.Minor - s.refunded.Minor - s.keep().Minor
	if owed < 0 {
		owed = 0
	}
	return money.New(owed, money.EGP)
}

// Underpaid is what the traveller still owes on a confirmed order (a payment smaller than the price).
func (s State) Underpaid() money.Money {
	if s.status != StatusConfirmed && s.status != StatusCompleted {
		return money.New(0, money.EGP)
	}
	under := s.keep().Minor - (s.paid.Minor - s.refunded.Minor)
	if under < 0 {
		under = 0
	}
	return money.New(under, money.EGP)
}

// NeedsAttention reports whether money is out of balance: an operator should look. Money owed back
// with a refund already in flight for it is on its way, and needs no one; money that differs from what
// was asked does until staff accept or refund it.
func (s State) NeedsAttention() bool {
	return s.Unclaimed().Minor > 0 || s.Underpaid().Minor > 0 || s.UnderReview()
}

// RefundPart is the share of a refund taken from one payment.
type RefundPart struct {
	PaymentID   string
	ProviderRef string
	Amount      money.Money
}

// PlanRefund splits amount across the order's captured payments: first back to money that differed
// from what was asked (so it goes back where it came from), then latest first (a refund can only go
// back to a payment that brought at least as much in, less what refunds in flight reserve on it).
// ok is false when they cannot cover it. Money captured in another currency than EGP is never planned.
func (s State) PlanRefund(amount money.Money) ([]RefundPart, bool) {
	left := amount.Minor
	var parts []RefundPart
	take := func(review bool) {
		for i := len(s.paymentOrder) - 1; i >= 0 && left > 0; i-- {
			id := s.paymentOrder[i]
			p := s.payments[id]
			if p.received.Currency != money.EGP || (p.review && !p.accepted) != review {
				continue
			}
			avail := p.received.Minor - p.refunded.Minor - s.inFlight.on(id)
			if avail <= 0 {
				continue
			}
			n := min(avail, left)
			parts = append(parts, RefundPart{PaymentID: id, ProviderRef: p.ref, Amount: money.New(n, money.EGP)})
			left -= n
		}
	}
	take(true)
	take(false)
	return parts, left == 0
}

// NeedsCapacityCheck reports whether recording a payment of amount for paymentID first needs the car
// booked again (the hold lapsed before the money arrived). Money that differs from what was asked
// confirms nothing, so it needs no car.
func (s State) NeedsCapacityCheck(paymentID string, amount money.Money) bool {
	p, ok := s.payments[paymentID]
	if !ok || p.done || p.purpose != PurposeOrder || amount != p.amount {
		return false
	}
	return s.status == StatusPaymentFailed || s.status == StatusExpired
}

// Decider is the order's decider.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  Decide,
	Evolve:  Evolve,
}

// Decide turns a command into events or refuses it.
func Decide(s State, cmd Command, now time.Time) ([]Event, error) {
	if _, placing := cmd.(PlaceOrder); !placing && !s.Exists() {
		return nil, ErrOrderNotFound
	}
	switch c := cmd.(type) {
	case PlaceOrder:
		return decidePlace(s, c, now)
	case OpenPayment:
		return decideOpenPayment(s, c, now)
	case RequestPayment:
		return decideRequestPayment(s, c, now)
	case RecordSessionFailure:
		return decideSessionFailure(s, c)
	case RecordPayment:
		return decideRecordPayment(s, c)
	case RecordPaymentFailure:
		return decidePaymentFailure(s, c)
	case AcceptPayment:
		return decideAcceptPayment(s, c)
	case ExpireOrder:
		return decideExpire(s, now)
	case CancelOrder:
		events, err := decideCancel(s, c, now)
		return refundOwedWith(s, events, err, c.RefundID, "cancellation", c.Actor)
	case RequestRefund:
		return decideRequestRefund(s, c)
	case OrderRefund:
		return decideOrderRefund(s, c)
	case IssueRefund:
		return decideIssueRefund(s, c)
	case RecordRefundFailure:
		return decideRefundFailure(s, c)
	case ExchangeOrder:
		return decideExchange(s, c, now)
	case ChangeOrderAsStaff:
		return decideStaffChange(s, c, now)
	case RecordTripStarted, RecordTripCompleted:
		return decideJourney(s, c)
	case PayAgain:
		return decidePayAgain(s, c, now)
	default:
		panic(fmt.Sprintf("order: unknown command %T", cmd))
	}
}

func decidePlace(s State, c PlaceOrder, now time.Time) ([]Event, error) {
	if s.Exists() {
		return nil, ErrTripNumberTaken
	}
	if _, ok := NormalizeTripNumber(c.OrderID); !ok || c.Reservation == "" {
		return nil, ErrInvalidOrder
	}
	v := &domain.ValidationError{}
	ValidateForm(v, c.Contact, c.EmailConfirmation, c.TermsAgreed, c.DisplayCurrency)
	ValidateTrip(v, c.Trip, c.Policy, c.ServiceHours, now)
	ValidateGroup(v, "travellers", c.Contact.Travellers, c.Trip.RatePlan)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !Consistent(c.Trip) || (c.Promo != nil && !c.Promo.consistent(c.Trip)) {
		return nil, ErrInvalidOrder
	}
	display := c.DisplayCurrency
	if display == "" {
		display = money.EGP
	}
	source := c.Source
	if source == "" {
		source = SourceCart
	}
	trip := c.Trip
	trip.StartAt = trip.StartAt.UTC()
	return []Event{OrderPlaced{
		OrderID:         c.OrderID,
		UserID:          c.UserID,
		Lang:            c.Lang,
		Source:          source,
		Contact:         TrimContact(c.Contact),
		Trip:            trip,
		Rates:           c.Rates,
		DisplayCurrency: display,
		Reservation:     c.Reservation,
		HoldUntil:       now.Add(c.Policy.Hold).UTC(),
		Cancellation:    c.Policy.Cancellation,
		PlacedAt:        now.UTC(),
		Promo:           c.Promo,
	}}, nil
}

// TrimContact normalises what was typed: spaces trimmed, e-mail as domain.NormalizeEmail keeps it.
func TrimContact(c Contact) Contact {
	return Contact{
		FirstName: strings.TrimSpace(c.FirstName),
		LastName:  strings.TrimSpace(c.LastName),
		Email:     domain.NormalizeEmail(c.Email),
		Phone:     strings.TrimSpace(c.Phone),
		Country:   strings.TrimSpace(c.Country),
		Comments:  strings.TrimSpace(c.Comments),
		// Travellers is kept as given: ValidateContact refuses what is out of range.
		Travellers: c.Travellers,
	}
}

// ValidEmail is a deliberately loose check: one @, something before it, a dot in the domain after it.
func ValidEmail(s string) bool {
	s = strings.TrimSpace(s)
	at := strings.LastIndexByte(s, '@')
	if at < 1 || strings.ContainsAny(s, " \t\r\n<>,;\"") || len(s) > 254 {
		return false
	}
	domainPart := s[at+1:]
	dot := strings.LastIndexByte(domainPart, '.')
	return dot > 0 && dot < len(domainPart)-1 && !strings.Contains(s[:at], "@")
}

// ValidCountry reports whether s is a country's two-letter region code (EG, GB, SA), as the form's
// country list sends it: the office reads it and the mails name it, so "Narnia" is no country.
func ValidCountry(s string) bool {
	return len(s) == 2 && phonenumbers.GetSupportedRegions()[strings.ToUpper(s)]
}

// ValidPhone accepts an international number: an optional +, then 7 to 15 digits, with spaces or
// dashes between groups.
func ValidPhone(s string) bool {
	digits := 0
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 15
}

// ValidateContact adds the contact's rule breaks to v (shared with enquiries).
func ValidateContact(v *domain.ValidationError, c Contact, confirmation string) {
	required := map[string]string{
		"first_name": c.FirstName, "last_name": c.LastName, "email": c.Email,
		"email_confirmation": confirmation, "phone": c.Phone, "country": c.Country,
	}
	for field, val := range required {
		if strings.TrimSpace(val) == "" {
			v.Add(field, KeyRequired)
		}
	}
	if domain.EmailHasHidden(strings.TrimSpace(c.Email)) {
		v.Add("email", domain.KeyEmailHidden)
	} else if c.Email != "" && !ValidEmail(c.Email) {
		v.Add("email", KeyEmailInvalid)
	} else if domain.EmailMixesScripts(strings.TrimSpace(c.Email)) {
		v.Add("email", domain.KeyEmailMixedScripts)
	}
	if c.Email != "" && confirmation != "" && domain.NormalizeEmail(c.Email) != domain.NormalizeEmail(confirmation) {
		v.Add("email_confirmation", KeyEmailsMustMatch)
	}
	if c.Phone != "" && !ValidPhone(c.Phone) {
		v.Add("phone", KeyPhoneInvalid)
	}
	if strings.TrimSpace(c.Country) != "" && !ValidCountry(c.Country) {
		v.Add("country", KeyCountryInvalid)
	}
	// Limits count characters, as the form does: an Arabic letter is two bytes.
	if utf8.RuneCountInString(c.Comments) > 2000 {
		v.Add("comments", KeyTooLong)
	} else {
		domain.CheckMultiLine(v, "comments", c.Comments)
	}
	if c.Travellers < 0 || c.Travellers > MaxTravellers {
		v.Add("travellers", KeyTravellersInvalid)
	}
	// The contact is greeted by name in the mails sent to the address given, which nobody has
	// confirmed: a name is written as names are, never a message of the sender's own.
	for field, name := range map[string]string{"first_name": c.FirstName, "last_name": c.LastName} {
		switch {
		case utf8.RuneCountInString(name) > 100:
			v.Add(field, KeyTooLong)
		case strings.TrimSpace(name) != "" && !domain.IsPersonName(name):
			v.Add(field, domain.KeyNameInvalid)
		}
	}
}

// ValidateGroup adds to v, on field, the refusal of a group larger than the seats of the car it books
// (the trip's rate plan). Until this rule a group of 50 could pay for a four-seat sedan and was turned
// away only when no driver's car could be assigned (domain/dispatch CheckVehicle). The field is what
// the traveller would change: "travellers" where they give the group (checkout, an enquiry),
// "rate_plan_id" where they only choose the car (an exchange keeps the group). A group size out of
// range is ValidateContact's to refuse, once.
func ValidateGroup(v *domain.ValidationError, field string, travellers int, plan RatePlan) {
	if travellers > MaxTravellers || plan.Carries(travellers) {
		return
	}
	v.Add(field, KeyGroupTooLargeForCar)
}

// ValidateForm adds the faults of a booking form's own fields — the contact, the terms, the display
// currency — which need no trip to be checked: a form with a bad date is told about these too, at
// once, not in a second round.
func ValidateForm(v *domain.ValidationError, c Contact, confirmation string, termsAgreed bool, display money.Currency) {
	ValidateContact(v, c, confirmation)
	if !termsAgreed {
		v.Add("terms", KeyTermsRequired)
	}
	ValidateDisplayCurrency(v, display)
}

// WithFormFaults returns err (a trip's faults, found before the trip could be priced) with the
// form's own faults added when err is a validation error; any other error as it is.
func WithFormFaults(err error, c Contact, confirmation string, termsAgreed bool, display money.Currency) error {
	var ve *domain.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	form := &domain.ValidationError{}
	ValidateForm(form, c, confirmation, termsAgreed, display)
	return domain.JoinValidation(ve, form.Err())
}

// ValidateDisplayCurrency refuses a display currency the site does not show prices in ("" is EGP):
// an order shown in a currency nobody asked for would be an order priced in words the traveller did
// not choose.
func ValidateDisplayCurrency(v *domain.ValidationError, c money.Currency) {
	if c == "" {
		return
	}
	if _, err := money.ParseCurrency(string(c)); err != nil {
		v.Add("currency", KeyCurrencyInvalid)
	}
}

// ValidateTrip adds the trip's rule breaks under p at now to v (shared with enquiries).
func ValidateTrip(v *domain.ValidationError, t Trip, p Policy, hours catalogue.BusinessHours, now time.Time) {
	ValidateItinerary(v, t)
	ValidateStart(v, t.StartAt, p, hours, now)
}

// ValidateStart adds the rule breaks of a trip's start under p at now to v, keyed on date or time:
// past, beyond the booking window, inside the lead time, on a closed day, outside the service hours.
// It is checkout's rule for a start, and every start set elsewhere (an enquiry's quote) is judged by it.
func ValidateStart(v *domain.ValidationError, startAt time.Time, p Policy, hours catalogue.BusinessHours, now time.Time) {
	t := Trip{StartAt: startAt}
	if t.StartAt.IsZero() {
		v.Add("date", KeyRequired)
		v.Add("time", KeyRequired)
		return
	}
	t.Day = availability.DayOf(startAt.In(catalogue.Cairo))
	if !t.StartAt.After(now) {
		if t.Day < availability.DayOf(now.In(catalogue.Cairo)) {
			v.Add("date", KeyDatePast)
		} else {
			v.Add("time", KeyTimePast)
		}
		return
	}
	if !p.InRange(t.Day, now) && t.StartAt.After(now.Add(p.Lead)) {
		v.Add("date", KeyDateOutOfRange)
		return
	}
	if t.StartAt.Before(now.Add(p.Lead)) {
		v.Add("time", KeyTooSoon)
		return
	}
	if field, key := ClosedStart(t.StartAt, hours); field != "" {
		v.Add(field, key)
	}
}

// ValidateItinerary adds the rule breaks of the trip's where and how (pickup point, more than one
// destination, a rate plan), without its when.
func ValidateItinerary(v *domain.ValidationError, t Trip) {
	if t.Itinerary.Start.Name == "" && t.Itinerary.Start.Lat == 0 && t.Itinerary.Start.Lng == 0 {
		v.Add("pickup", KeyPickupRequired)
	}
	if len(t.Itinerary.Stops) < 2 {
		v.Add("destinations", KeyMoreDestinations)
	}
	if t.RatePlan.ID == "" {
		v.Add("rate_plan_id", KeyRateRequired)
	}
}

// Consistent checks what the caller computed, not what the traveller typed: a priced trip in EGP
// whose day is the Cairo date of its start.
func Consistent(t Trip) bool {
	return t.Quote.Total.Currency == money.EGP && t.Quote.Total.Minor > 0 &&
		t.Day == availability.DayOf(t.StartAt.In(catalogue.Cairo))
}

func decideRequestPayment(s State, c RequestPayment, now time.Time) ([]Event, error) {
	if c.PaymentID == "" || c.Provider == "" || c.RedirectURL == "" {
		return nil, ErrInvalidOrder
	}
	if p, seen := s.payments[c.PaymentID]; seen {
		return sessionOpened(p, c)
	}
	switch c.Purpose {
	case PurposeOrder:
		if s.status != StatusAwaitingPayment {
			return nil, ErrNotAwaitingPayment
		}
		if !now.Before(s.holdUntil) {
			return nil, ErrHoldLapsed
		}
		if c.Amount != s.price {
			return nil, ErrInvalidAmount
		}
	case PurposeExchange:
		if s.exchange == nil {
			return nil, ErrNotAwaitingPayment
		}
		if !now.Before(s.exchange.holdUntil) {
			return nil, ErrHoldLapsed
		}
		if c.Amount != s.exchange.difference {
			return nil, ErrInvalidAmount
		}
	default:
		return nil, ErrInvalidOrder
	}
	return []Event{PaymentRequested{
		PaymentID: c.PaymentID, Purpose: c.Purpose, Provider: c.Provider, Amount: c.Amount,
		RedirectURL: c.RedirectURL, ExpiresAt: c.ExpiresAt.UTC(),
	}}, nil
}

func decideRecordPayment(s State, c RecordPayment) ([]Event, error) {
	p, ok := s.payments[c.PaymentID]
	if !ok {
		return nil, ErrPaymentNotFound
	}
	if p.done {
		return nil, nil
	}
	if c.Amount.Minor <= 0 || c.Amount.Currency == "" {
		return nil, ErrInvalidAmount
	}
	// Money that differs from what was asked (amount or currency) is recorded and flagged, and
	// confirms nothing: staff accept it (AcceptPayment) or refund it.
	mismatch := c.Amount != p.amount
	received := PaymentReceived{PaymentID: c.PaymentID, Purpose: p.purpose, Provider: c.Provider, ProviderRef: c.ProviderRef, Amount: c.Amount}
	attention := func(reason string) Event {
		return OrderNeedsAttention{Reason: reason, PaymentID: c.PaymentID, Amount: c.Amount}
	}
	if p.purpose == PurposeExchange {
		if s.exchange == nil || s.exchange.paymentID != c.PaymentID {
			return sendBack(s, []Event{received, attention(AttentionPaidAbandonedChange)}, c.PaymentID, AttentionPaidAbandonedChange)
		}
		if mismatch {
			return []Event{received, attention(AttentionAmountMismatch)}, nil
		}
		return []Event{received, s.exchanged()}, nil
	}
	switch s.status {
	case StatusAwaitingPayment:
		if mismatch {
			return []Event{received, attention(AttentionAmountMismatch)}, nil
		}
		received.Confirms = true
		return []Event{received}, nil
	case StatusPaymentFailed, StatusExpired:
		received.Late = true
		if mismatch {
			return []Event{received, attention(AttentionAmountMismatch)}, nil
		}
		switch c.Capacity {
		case CapacityUnchecked:
			return nil, ErrCapacityCheckNeeded
		case CapacityKept:
			received.Confirms = true
			return []Event{received}, nil
		default:
			return []Event{received, attention(AttentionPaidWithoutCapacity)}, nil
		}
	case StatusConfirmed, StatusCompleted:
		return []Event{received, attention(AttentionDuplicatePayment)}, nil
	case StatusCancelled:
		return sendBack(s, []Event{received, attention(AttentionPaidAfterCancelling)}, c.PaymentID, AttentionPaidAfterCancelling)
	}
	panic(fmt.Sprintf("order: status %q", s.status))
}

// sendBack orders back, in the decision that records it, money paid for something the order no
// longer wants (a change given up, a trip cancelled): a payment page opened before may still be paid.
// The refund's id comes from the payment's, so the same notice twice orders it once; money that
// cannot be planned back (another currency) stays flagged for staff.
func sendBack(s State, events []Event, paymentID, reason string) ([]Event, error) {
	return refundOwedWith(s, events, nil, SendBackRefundID(paymentID), reason, Actor{})
}

// SendBackRefundID is the id of the refund that sends payment paymentID back (sendBack).
func SendBackRefundID(paymentID string) string { return "send-back-" + paymentID }

func decidePaymentFailure(s State, c RecordPaymentFailure) ([]Event, error) {
	p, ok := s.payments[c.PaymentID]
	if !ok {
		return nil, ErrPaymentNotFound
	}
	if p.done || p.failed {
		// A failure after a success (or a repeated failure) changes nothing on the order; the payment's
		// own stream records the notice for the audit.
		return nil, nil
	}
	reason := c.Reason
	if reason == "" {
		reason = "declined"
	}
	events := []Event{PaymentFailed{PaymentID: c.PaymentID, Purpose: p.purpose, Reason: reason}}
	if p.purpose == PurposeExchange && s.exchange != nil && s.exchange.paymentID == c.PaymentID {
		events = append(events, ExchangeAbandoned{ExchangeID: s.exchange.id, NewReservation: s.exchange.reservation, Day: s.exchange.to.Day, Reason: "payment_failed"})
	}
	return events, nil
}

func decideExpire(s State, now time.Time) ([]Event, error) {
	var events []Event
	if s.status == StatusAwaitingPayment && !now.Before(s.holdUntil) {
		events = append(events, OrderExpired{Reservation: s.reservation, HeldUntil: s.holdUntil})
	}
	if s.exchange != nil && !now.Before(s.exchange.holdUntil) {
		events = append(events, ExchangeAbandoned{ExchangeID: s.exchange.id, NewReservation: s.exchange.reservation, Day: s.exchange.to.Day, Reason: "expired"})
	}
	return events, nil
}

func authorize(s State, a Actor) error {
	if a.Staff || (a.UserID != "" && a.UserID == s.userID) {
		return nil
	}
	return ErrNotYourOrder
}

func decideCancel(s State, c CancelOrder, now time.Time) ([]Event, error) {
	if err := authorize(s, c.Actor); err != nil {
		return nil, err
	}
	if s.underway(c.TripStarted) {
		return decideCancelUnderway(s, c)
	}
	var events []Event
	if s.exchange != nil {
		events = append(events, ExchangeAbandoned{ExchangeID: s.exchange.id, NewReservation: s.exchange.reservation, Day: s.exchange.to.Day, Reason: "cancelled"})
	}
	reason, err := domain.Reason("reason", c.Reason, "")
	if err != nil {
		return nil, err
	}
	cancelled := OrderCancelled{Reason: reason, ByStaff: c.Actor.Staff, Reservation: s.reservation, InitiatedBy: c.InitiatedBy}
	if !c.Actor.Staff {
		// A traveller's cancellation is always theirs: only staff say the business cancels.
		if c.InitiatedBy != "" && c.InitiatedBy != InitiatedByTraveller {
			return nil, ErrNotYourOrder
		}
		cancelled.ByUserID, cancelled.InitiatedBy = c.Actor.UserID, InitiatedByTraveller
	} else if c.InitiatedBy != "" && !ValidInitiator(c.InitiatedBy) {
		return nil, errInitiator(KeyInitiatorInvalid)
	}
	// What the business holds of the traveller's money: refunds on their way are as good as sent.
	held := Held(s.paid, s.refunded, money.New(s.inFlight.total(), money.EGP))
	var settled Settlement
	switch s.status {
	case StatusAwaitingPayment, StatusPaymentFailed:
		// Unconfirmed (a failed payment took nothing), but money may have come that differed from
		// what was asked: all of it goes back.
		settled = SettleUnconfirmed(held)
	case StatusConfirmed:
		// Staff cancelling a paid trip say why, and whether the business cancels or the traveller
		// asked: the traveller is told, and support reads it later.
		if c.Actor.Staff && cancelled.Reason == "" {
			return nil, errReasonRequired()
		}
		if c.Actor.Staff && c.InitiatedBy == "" {
			// Said as what to choose, not a bare "required": an API caller learns the two words.
			return nil, errInitiator(KeyInitiatorInvalid)
		}
		var ok bool
		settled, ok = s.cancellation.Settle(s.price, held, s.trip.StartAt, now, cancelled.InitiatedBy)
		if !ok {
			return nil, ErrTooLateToCancel
		}
	default:
		return nil, ErrNotCancellable
	}
	cancelled.Free, cancelled.RefundBasisPoints = settled.Free, settled.RefundBasisPoints
	cancelled.RefundDue, cancelled.Kept = settled.Refund, settled.Keep
	return append(events, cancelled), nil
}

func decideRequestRefund(s State, c RequestRefund) ([]Event, error) {
	if err := authorize(s, c.Actor); err != nil {
		return nil, err
	}
	if err := refuseOnceUnderway(s, c.Actor, c.TripStarted); err != nil {
		return nil, err
	}
	reason, err := domain.Reason("reason", c.Reason, KeyReasonRequired)
	if err != nil {
		return nil, err
	}
	// One request at a time: an operator answers it (by a refund, or the cancellation's) before
	// another can be made, so a traveller cannot fill the operators' queue with the same order.
	if s.refundRequested {
		return nil, ErrRefundAlreadyRequested
	}
	// What is on its way back already cannot be asked for again.
	refundable := s.Refundable().Minor
	if refundable <= 0 {
		return nil, ErrNothingToRefund
	}
	if c.Amount.Minor <= 0 || c.Amount.Currency != money.EGP {
		// On the form's field, as the admin's refund says it: the traveller typed it.
		return nil, &domain.ValidationError{Fields: map[string][]string{"amount": {ErrInvalidAmount.Key}}}
	}
	if c.Amount.Minor > refundable {
		return nil, refundTooLarge(money.New(refundable, money.EGP))
	}
	return []Event{RefundRequested{Reason: reason, Amount: c.Amount, ByUserID: c.Actor.UserID}}, nil
}

func decideIssueRefund(s State, c IssueRefund) ([]Event, error) {
	if c.RefundID == "" {
		return nil, ErrInvalidOrder
	}
	if s.refunds[c.RefundID] {
		return nil, nil
	}
	if r, ordered := s.inFlight.pending[c.RefundID]; ordered {
		// The provider's answer to a refund ordered before: what was ordered is what went back.
		return []Event{RefundIssued{RefundID: c.RefundID, PaymentID: r.PaymentID, Amount: r.Amount, Reason: r.Reason,
			ProviderRef: c.ProviderRef, ByUserID: r.ByUserID}}, nil
	}
	if s.inFlight.failed[c.RefundID] {
		return nil, ErrRefundSettled
	}
	reason, err := domain.Reason("reason", c.Reason, KeyReasonRequired)
	if err != nil {
		return nil, err
	}
	if c.Amount.Minor <= 0 || c.Amount.Currency != money.EGP {
		return nil, ErrInvalidAmount
	}
	p, ok := s.payments[c.PaymentID]
	if !ok {
		return nil, ErrPaymentNotFound
	}
	avail := p.received.Minor - p.refunded.Minor - s.inFlight.on(c.PaymentID)
	if avail <= 0 {
		return nil, ErrNothingToRefund
	}
	if c.Amount.Minor > avail {
		return nil, refundTooLarge(money.New(avail, money.EGP))
	}
	return []Event{RefundIssued{
		RefundID: c.RefundID, PaymentID: c.PaymentID, Amount: c.Amount, Reason: reason,
		ProviderRef: c.ProviderRef, ByUserID: c.Actor.UserID,
	}}, nil
}

func decideRefundFailure(s State, c RecordRefundFailure) ([]Event, error) {
	if c.RefundID == "" {
		return nil, ErrInvalidOrder
	}
	if s.refunds[c.RefundID] || s.inFlight.failed[c.RefundID] {
		return nil, nil
	}
	if r, ordered := s.inFlight.pending[c.RefundID]; ordered {
		return []Event{
			RefundFailed{RefundID: c.RefundID, Amount: r.Amount, Reason: c.Reason},
			OrderNeedsAttention{Reason: AttentionRefundFailed, PaymentID: r.PaymentID, Amount: r.Amount},
		}, nil
	}
	return []Event{
		RefundFailed{RefundID: c.RefundID, Amount: c.Amount, Reason: c.Reason},
		OrderNeedsAttention{Reason: AttentionRefundFailed, Amount: c.Amount},
	}, nil
}

func decideExchange(s State, c ExchangeOrder, now time.Time) ([]Event, error) {
	if err := authorize(s, c.Actor); err != nil {
		return nil, err
	}
	if c.ExchangeID == "" || c.NewReservation == "" {
		return nil, ErrInvalidOrder
	}
	if s.exchanges[c.ExchangeID] || (s.exchange != nil && s.exchange.id == c.ExchangeID) {
		return nil, nil
	}
	if s.underway(c.TripStarted) {
		// Not even staff: a trip under way cannot move to another day; staff cancel and refund.
		return nil, ErrTripStarted
	}
	if s.status != StatusConfirmed {
		return nil, ErrNotExchangeable
	}
	if s.exchange != nil {
		return nil, ErrExchangePending
	}
	if !c.Actor.Staff && !s.cancellation.Changeable(s.trip.StartAt, now) {
		return nil, ErrTooLateToExchange
	}
	if sameTrip(s.trip, c.To) {
		return nil, ErrExchangeUnchanged
	}
	// Staff's price stays staff's: a quoted order moves in time at its quote, nothing else.
	to, err := s.ChangeTo(c.To)
	if err != nil {
		return nil, err
	}
	v := &domain.ValidationError{}
	ValidateTrip(v, to, c.Policy, c.ServiceHours, now)
	// Staff too: a car that cannot seat the group is no trip to sell; dispatch's override is for
	// sending another car on the day, not for booking one too small.
	ValidateGroup(v, "rate_plan_id", s.placed.Contact.Travellers, to.RatePlan)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !Consistent(to) {
		return nil, ErrInvalidOrder
	}
	to.StartAt = to.StartAt.UTC()
	// The order's promo code keeps applying: the new trip's price is taken off by the same discount.
	promo := discountOn(to, s.placed.Promo)
	diff := money.New(priceOf(to, promo).Minor-s.price.Minor, money.EGP)
	if diff.Minor > 0 {
		return []Event{ExchangeRequested{
			ExchangeID: c.ExchangeID, To: to, NewReservation: c.NewReservation, Difference: diff,
			HoldUntil: now.Add(c.Policy.Hold).UTC(), Promo: promo,
		}}, nil
	}
	return []Event{OrderExchanged{
		ExchangeID: c.ExchangeID, From: s.trip, To: to,
		OldReservation: s.reservation, NewReservation: c.NewReservation, Difference: diff, Promo: promo,
	}}, nil
}

// sameTrip reports whether to is the trip the order already has, as a traveller sees it: the same
// start, rate plan and itinerary. A new price for the same trip (the catalogue's rates moved) is no
// change the traveller asked for.
func sameTrip(from, to Trip) bool { return !ChangeOf(from, to).Any() }

// TripChange is what a change of trip alters, as a traveller sees it (sameTrip's parts): its start
// (day or time), its rate plan (the car class), its itinerary (program, start or end point, stops in
// order). The price is none of them.
type TripChange struct {
	When, RatePlan, Itinerary bool
}

// Any reports whether the change alters anything.
func (c TripChange) Any() bool { return c.When || c.RatePlan || c.Itinerary }

// ChangeOf is what moving from the trip from to the trip to alters.
func ChangeOf(from, to Trip) TripChange {
	return TripChange{
		When:      !from.StartAt.Equal(to.StartAt),
		RatePlan:  from.RatePlan.ID != to.RatePlan.ID,
		Itinerary: !sameItinerary(from.Itinerary, to.Itinerary),
	}
}

func sameItinerary(a, b Itinerary) bool {
	if a.ProgramID != b.ProgramID || !samePoint(a.Start, b.Start) || !samePoint(a.End, b.End) || len(a.Stops) != len(b.Stops) {
		return false
	}
	for i := range a.Stops {
		if a.Stops[i].DestinationID != b.Stops[i].DestinationID {
			return false
		}
	}
	return true
}

func samePoint(a, b Point) bool {
	return a.PickupPointID == b.PickupPointID && a.Lat == b.Lat && a.Lng == b.Lng
}

// Evolve folds one event into the state.
func Evolve(s State, e Event) State {
	s.payments = cloneMap(s.payments)
	s.refunds = cloneMap(s.refunds)
	s.exchanges = cloneMap(s.exchanges)
	s.inFlight = s.inFlight.clone()
	switch ev := e.(type) {
	case OrderPlaced:
		s.status, s.placed = StatusAwaitingPayment, ev
		s.id, s.userID, s.email = ev.OrderID, ev.UserID, ev.Contact.Email
		s.trip, s.reservation, s.holdUntil = ev.Trip, ev.Reservation, ev.HoldUntil
		s.price = priceOf(ev.Trip, ev.Promo)
		s.paid, s.refunded, s.kept = money.New(0, money.EGP), money.New(0, money.EGP), money.New(0, money.EGP)
		s.cancellation = ev.Cancellation
	case PaymentSessionOrdered:
		s = s.newPayment(ev.PaymentID, payment{purpose: ev.Purpose, provider: ev.Provider, amount: ev.Amount, opening: true, expiresAt: ev.ExpiresAt, lang: ev.Lang})
	case PaymentRequested:
		if p, ordered := s.payments[ev.PaymentID]; ordered {
			p.url, p.opening, p.expiresAt = ev.RedirectURL, false, ev.ExpiresAt
			s.payments[ev.PaymentID] = p
			break
		}
		s = s.newPayment(ev.PaymentID, payment{purpose: ev.Purpose, provider: ev.Provider, amount: ev.Amount, url: ev.RedirectURL, expiresAt: ev.ExpiresAt})
	case PaymentSessionFailed:
		p := s.payments[ev.PaymentID]
		p.opening, p.openFailed = false, true
		s.payments[ev.PaymentID] = p
	case PaymentReceived:
		p := s.payments[ev.PaymentID]
		p.received, p.ref, p.done, p.failed = ev.Amount, ev.ProviderRef, true, false
		s.payments[ev.PaymentID] = p
		// The order's books are in EGP; money in another currency stays on its payment, under review.
		if ev.Amount.Currency == money.EGP {
			s.paid = s.paid.Add(ev.Amount)
		}
		if ev.Confirms {
			s.status = StatusConfirmed
		}
	case PaymentFailed:
		p := s.payments[ev.PaymentID]
		p.failed = true
		s.payments[ev.PaymentID] = p
		if ev.Purpose == PurposeOrder && s.status == StatusAwaitingPayment && s.currentPayment == ev.PaymentID {
			s.status = StatusPaymentFailed
		}
	case OrderExpired:
		s.status = StatusExpired
	case OrderHeldAgain:
		s.status, s.reservation, s.holdUntil = StatusAwaitingPayment, ev.Reservation, ev.HoldUntil
	case OrderNeedsAttention:
		s.attention = append(append([]string(nil), s.attention...), ev.Reason)
		if p, ok := s.payments[ev.PaymentID]; ok && ev.Reason == AttentionAmountMismatch {
			p.review = true
			s.payments[ev.PaymentID] = p
		}
	case PaymentAccepted:
		p := s.payments[ev.PaymentID]
		p.review, p.accepted = false, true
		s.payments[ev.PaymentID] = p
		s.conceded = s.conceded.Add(ev.Concedes)
		if ev.Confirms {
			s.status = StatusConfirmed
		}
	case OrderCancelled:
		if ev.Kept.Currency != "" {
			s.kept = ev.Kept
		} else {
			// Recorded before cancellations said what they keep: all but what was then due back.
			s.kept = money.New(s.paid.Minor-s.refunded.Minor-ev.RefundDue.Minor, money.EGP)
		}
		s.status = StatusCancelled
		// The cancellation settles what was asked (projections/insights closes the request with it);
		// the traveller may ask again for what it kept.
		s.refundRequested = false
	case RefundRequested:
		s.refundRequested = true
	case RefundOrdered:
		// A refund on its way answers the traveller's request (as the cancellation below does).
		s.refundRequested = false
		s = s.reserveRefund(ev)
		s.conceded = s.conceded.Add(ev.Concedes)
	case RefundIssued:
		s = s.unreserveRefund(ev.RefundID)
		p := s.payments[ev.PaymentID]
		p.refunded = p.refunded.Add(ev.Amount)
		s.payments[ev.PaymentID] = p
		s.refunded = s.refunded.Add(ev.Amount)
		s.refunds[ev.RefundID] = true
	case RefundFailed:
		s.conceded = money.New(s.conceded.Minor-s.inFlight.pending[ev.RefundID].Concedes.Minor, money.EGP)
		s = s.unreserveRefund(ev.RefundID)
		s.inFlight.failed[ev.RefundID] = true
	case ExchangeRequested:
		s.exchange = &pendingExchange{id: ev.ExchangeID, to: ev.To, reservation: ev.NewReservation, difference: ev.Difference, holdUntil: ev.HoldUntil}
	case OrderExchanged:
		s.trip, s.reservation, s.price = ev.To, ev.NewReservation, priceOf(ev.To, ev.Promo)
		s.exchange = nil
		s.exchanges[ev.ExchangeID] = true
	case ExchangeAbandoned:
		s.exchange = nil
		s.exchanges[ev.ExchangeID] = true
	case TripStarted, TripCompleted, OrderCompleted:
		s = evolveJourney(s, ev)
	default:
		panic(fmt.Sprintf("order: unknown event %T", e))
	}
	return s
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
