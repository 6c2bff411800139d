// Package enquiry is the decider of a traveller's request for a quote instead of paying at once, one
// stream per enquiry ("enquiry-MSH-7K3Q9P": it gets a trip number at once, which the order keeps when
// the quote is paid). An enquiry is submitted, reviewed by an operator who quotes a price (e-mailed with
// a payment link) or declines it, and is converted when the traveller pays the quote.
//
// It validates the form with the same rules as an order (domain/order), never prices anything itself
// and never reads a clock.
package enquiry

import (
	"crypto/subtle"
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// Refusals. Keys name messages in internal/i18n (catalog_orders.go).
var (
	ErrEnquiryNotFound  = domain.NotFound("enquiries.not_found")
	ErrEnquiryExists    = domain.Conflict("orders.trip_number_taken")
	ErrNotQuotable      = domain.Conflict("enquiries.not_quotable")
	ErrNotQuoted        = domain.Conflict("enquiries.not_quoted")
	ErrQuoteLapsed      = domain.Conflict("enquiries.quote_lapsed")
	ErrInvalidEnquiry   = domain.Invalid("enquiries.invalid")
	ErrNotYourEnquiry   = domain.Forbidden("orders.not_yours")
	ErrAlreadyConverted = domain.Conflict("enquiries.already_converted")
)

// Field error keys of a quote.
const (
	KeyQuoteAmount         = "enquiries.quote_amount"
	KeyQuoteAmountTooLarge = "enquiries.quote_amount_too_large"
	KeyQuoteValidity       = "enquiries.quote_validity"
	KeyQuoteValidTooLong   = "enquiries.quote_valid_too_long"
)

// MaxQuoteValidity is the longest an offer may stand: prices, cars and the operator's plans change.
const MaxQuoteValidity = 30 * 24 * time.Hour

// Status is where an enquiry is.
type Status string

const (
	StatusNone      Status = ""
	StatusSubmitted Status = "submitted"
	StatusQuoted    Status = "quoted"
	StatusDeclined  Status = "declined"
	StatusConverted Status = "converted"
)

// Commands.
type Command interface{ isEnquiryCommand() }

// About is what an enquiry asks about.
type About string

const (
	// AboutProgram: one of the catalogue's programs (Trip.Itinerary.ProgramID names it).
	AboutProgram About = "program"
	// AboutItinerary: the traveller's own itinerary (a signed-in traveller's cart, or the
	// destinations a visitor listed).
	AboutItinerary About = "itinerary"
)

// MinLinkToken is the shortest link token accepted: 32 characters of an unpredictable secret (the
// application draws 32 random bytes, 43 characters in unpadded base64url).
const MinLinkToken = 32

// SubmitEnquiry asks for a quote for a trip (a program or an itinerary). Trip.Quote holds the
// estimate the traveller saw (possibly zero for a program priced on request). The date and time may
// be left to the operator (Trip.StartAt zero); when given they follow the order's rules. LinkToken is
// the secret of the enquiry's link (its e-mails carry it), which lets whoever holds it see and pay
// the quote without an account.
type SubmitEnquiry struct {
	TripNumber        string
	About             About
	LinkToken         string
	UserID            string
	Lang              string
	Contact           order.Contact
	EmailConfirmation string
	TermsAgreed       bool
	Trip              order.Trip
	Rates             []money.Rate
	DisplayCurrency   money.Currency
	Policy            order.Policy
	ServiceHours      catalogue.BusinessHours
}

// QuoteEnquiry sets the price the operator offers; the traveller pays it before ValidUntil. StartAt
// sets the trip's start when the enquiry left it open (required then), or moves it.
type QuoteEnquiry struct {
	Amount     money.Money
	StartAt    time.Time
	Note       string
	ValidUntil time.Time
	ByUserID   string
	// Policy and ServiceHours judge the quoted start as checkout judges one (order.ValidateStart):
	// paid, the quote becomes an order at that start.
	Policy       order.Policy
	ServiceHours catalogue.BusinessHours
}

// DeclineEnquiry says no.
type DeclineEnquiry struct {
	Reason   string
	ByUserID string
}

// ConvertEnquiry records that the quote became an order (placed with the enquiry's trip number).
type ConvertEnquiry struct {
	OrderID string
}

// AttachToAccount adds a visitor's enquiry to the account UserID, whose e-mail is Email, on proof
// that the account's holder receives the mail of the address the enquiry was made with: Token, the
// secret of the enquiry's link, which only that address's mail carried. Accounts do not verify their
// e-mail (docs/accounts.md), so an address an account merely claims proves nothing: an enquiry is
// never attached by its e-mail alone, or to an account of another e-mail.
type AttachToAccount struct {
	UserID string
	Email  string
	Token  string
}

func (SubmitEnquiry) isEnquiryCommand()   {}
func (QuoteEnquiry) isEnquiryCommand()    {}
func (DeclineEnquiry) isEnquiryCommand()  {}
func (ConvertEnquiry) isEnquiryCommand()  {}
func (AttachToAccount) isEnquiryCommand() {}

// Events.
type Event interface{ isEnquiryEvent() }

// EnquirySubmitted: a traveller asked for a quote.
type EnquirySubmitted struct {
	TripNumber string `json:"trip_number"`
	// About is what the enquiry asks about ("program" or "itinerary"; empty on enquiries submitted
	// before it was recorded: a program when Trip.Itinerary.ProgramID is set).
	About About `json:"about,omitempty"`
	// LinkToken is the secret of the enquiry's link (empty on enquiries submitted before links had
	// one: their link asks for the e-mail instead).
	LinkToken       string         `json:"link_token,omitempty"`
	UserID          string         `json:"user_id,omitempty"`
	Lang            string         `json:"lang"`
	Contact         order.Contact  `json:"contact"`
	Trip            order.Trip     `json:"trip"`
	Rates           []money.Rate   `json:"rates"`
	DisplayCurrency money.Currency `json:"display_currency"`
	SubmittedAt     time.Time      `json:"submitted_at"`
}

// EnquiryQuoted: an operator offered a price (and the start, when StartAt is set).
type EnquiryQuoted struct {
	Amount     money.Money `json:"amount"`
	StartAt    time.Time   `json:"start_at,omitzero"`
	Note       string      `json:"note,omitempty"`
	ValidUntil time.Time   `json:"valid_until"`
	ByUserID   string      `json:"by_user_id,omitempty"`
}

// EnquiryDeclined: an operator said no.
type EnquiryDeclined struct {
	Reason   string `json:"reason"`
	ByUserID string `json:"by_user_id,omitempty"`
}

// EnquiryConverted: the quote became an order.
type EnquiryConverted struct {
	OrderID string `json:"order_id"`
}

// EnquiryAttached: a visitor's enquiry was added to the account of its e-mail, whose holder opened
// its link (AttachToAccount): it is theirs from now on, in their list of orders and enquiries.
type EnquiryAttached struct {
	UserID string `json:"user_id"`
}

func (EnquirySubmitted) isEnquiryEvent() {}
func (EnquiryQuoted) isEnquiryEvent()    {}
func (EnquiryDeclined) isEnquiryEvent()  {}
func (EnquiryConverted) isEnquiryEvent() {}
func (EnquiryAttached) isEnquiryEvent()  {}

// State is an enquiry folded from its events.
type State struct {
	status     Status
	submitted  EnquirySubmitted
	quote      EnquiryQuoted
	orderID    string
	attachedTo string
}

// Owner is the account the enquiry belongs to: the one it was sent from, or the one a visitor's
// enquiry was attached to (EnquiryAttached); "" for a visitor's.
func (s State) Owner() string {
	if s.attachedTo != "" {
		return s.attachedTo
	}
	return s.submitted.UserID
}

func (s State) Status() Status              { return s.status }
func (s State) Submitted() EnquirySubmitted { return s.submitted }
func (s State) Quote() EnquiryQuoted        { return s.quote }

// Trip is the trip as quoted: the submitted one, started when the quote says.
func (s State) Trip() order.Trip {
	t := s.submitted.Trip
	if !s.quote.StartAt.IsZero() {
		t.StartAt = s.quote.StartAt
		t.Day = availability.DayOf(s.quote.StartAt.In(catalogue.Cairo))
	}
	return t
}
func (s State) OrderID() string { return s.orderID }

// HasLink says whether the enquiry was recorded with a link secret: its link is then the only way
// without an account to its quote (the older way, its e-mail, is not a secret: PayEnquiryLink).
func (s State) HasLink() bool { return s.submitted.LinkToken != "" }

// LinkOpens says whether token opens the enquiry's link: it must equal the secret recorded at
// submission (compared in constant time); an enquiry recorded without one opens to no token.
func (s State) LinkOpens(token string) bool {
	secret := s.submitted.LinkToken
	if secret == "" || len(token) != len(secret) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(token), []byte(secret)) == 1
}

// AboutOf is what an enquiry asks about, for enquiries recorded before About was.
func AboutOf(e EnquirySubmitted) About {
	if e.About != "" {
		return e.About
	}
	if e.Trip.Itinerary.ProgramID != "" {
		return AboutProgram
	}
	return AboutItinerary
}

// Decider is the enquiry's decider.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  Decide,
	Evolve:  Evolve,
}

// Decide turns a command into events or refuses it.
func Decide(s State, cmd Command, now time.Time) ([]Event, error) {
	if _, submitting := cmd.(SubmitEnquiry); !submitting && s.status == StatusNone {
		return nil, ErrEnquiryNotFound
	}
	switch c := cmd.(type) {
	case SubmitEnquiry:
		return decideSubmit(s, c, now)
	case QuoteEnquiry:
		if s.status != StatusSubmitted && s.status != StatusQuoted {
			return nil, ErrNotQuotable
		}
		v := &domain.ValidationError{}
		switch {
		case c.Amount.Currency != money.EGP || c.Amount.Minor <= 0:
			v.Add("amount", KeyQuoteAmount)
		case c.Amount.Minor > money.MaxMinor:
			v.Add("amount", KeyQuoteAmountTooLarge)
		}
		switch {
		case !c.ValidUntil.After(now):
			v.Add("valid_hours", KeyQuoteValidity)
		case c.ValidUntil.Sub(now) > MaxQuoteValidity:
			v.Add("valid_hours", KeyQuoteValidTooLong)
		}
		note, err := domain.Reason("note", c.Note, "")
		if err := domain.JoinValidation(v.Err(), err); err != nil {
			return nil, err
		}
		if c.StartAt.IsZero() && s.submitted.Trip.StartAt.IsZero() {
			v := &domain.ValidationError{}
			v.Add("date", order.KeyRequired)
			return nil, v
		}
		// The start the quote is for (its own, else the enquiry's) must be one the traveller can pay
		// for: a quote for a start checkout refuses is a payment that fails on a field they cannot change.
		start := c.StartAt
		if start.IsZero() {
			start = s.submitted.Trip.StartAt
		}
		v = &domain.ValidationError{}
		order.ValidateStart(v, start, c.Policy, c.ServiceHours, now)
		if err := v.Err(); err != nil {
			return nil, err
		}
		q := EnquiryQuoted{Amount: c.Amount, Note: note, ValidUntil: c.ValidUntil.UTC(), ByUserID: c.ByUserID}
		if !c.StartAt.IsZero() {
			q.StartAt = c.StartAt.UTC()
		}
		return []Event{q}, nil
	case DeclineEnquiry:
		if s.status != StatusSubmitted && s.status != StatusQuoted {
			return nil, ErrNotQuotable
		}
		reason, err := domain.Reason("reason", c.Reason, "")
		if err != nil {
			return nil, err
		}
		return []Event{EnquiryDeclined{Reason: reason, ByUserID: c.ByUserID}}, nil
	case ConvertEnquiry:
		switch s.status {
		case StatusConverted:
			if s.orderID == c.OrderID {
				return nil, nil
			}
			return nil, ErrAlreadyConverted
		case StatusQuoted:
		default:
			return nil, ErrNotQuoted
		}
		if !now.Before(s.quote.ValidUntil) {
			return nil, ErrQuoteLapsed
		}
		return []Event{EnquiryConverted{OrderID: c.OrderID}}, nil
	case AttachToAccount:
		return decideAttach(s, c)
	default:
		panic(fmt.Sprintf("enquiry: unknown command %T", cmd))
	}
}

// decideAttach attaches a visitor's enquiry to the account of its e-mail whose holder opened its
// link. A wrong secret is an unknown enquiry; an account's own enquiry attaches again to nothing.
func decideAttach(s State, c AttachToAccount) ([]Event, error) {
	if c.UserID == "" {
		return nil, ErrInvalidEnquiry
	}
	if !s.LinkOpens(c.Token) {
		return nil, ErrEnquiryNotFound
	}
	switch owner := s.Owner(); {
	case owner == c.UserID:
		return nil, nil
	case owner != "":
		return nil, ErrNotYourEnquiry
	}
	if domain.NormalizeEmail(c.Email) != domain.NormalizeEmail(s.submitted.Contact.Email) {
		return nil, ErrNotYourEnquiry
	}
	return []Event{EnquiryAttached{UserID: c.UserID}}, nil
}

func decideSubmit(s State, c SubmitEnquiry, now time.Time) ([]Event, error) {
	if s.status != StatusNone {
		return nil, ErrEnquiryExists
	}
	if _, ok := order.NormalizeTripNumber(c.TripNumber); !ok {
		return nil, ErrInvalidEnquiry
	}
	// What the caller computed, not what the traveller typed: a program's enquiry names its program,
	// and every enquiry has an unguessable link secret.
	switch c.About {
	case AboutProgram:
		if c.Trip.Itinerary.ProgramID == "" {
			return nil, ErrInvalidEnquiry
		}
	case AboutItinerary:
	default:
		return nil, ErrInvalidEnquiry
	}
	if len(c.LinkToken) < MinLinkToken {
		return nil, ErrInvalidEnquiry
	}
	v := &domain.ValidationError{}
	order.ValidateForm(v, c.Contact, c.EmailConfirmation, c.TermsAgreed, c.DisplayCurrency)
	if c.Trip.StartAt.IsZero() {
		order.ValidateItinerary(v, c.Trip)
	} else {
		order.ValidateTrip(v, c.Trip, c.Policy, c.ServiceHours, now)
	}
	// A quote is for a car that carries the group, dated or not: paid, it becomes the order.
	order.ValidateGroup(v, "travellers", c.Contact.Travellers, c.Trip.RatePlan)
	if err := v.Err(); err != nil {
		return nil, err
	}
	trip := c.Trip
	if !trip.StartAt.IsZero() {
		trip.StartAt = trip.StartAt.UTC()
	}
	display := c.DisplayCurrency
	if display == "" {
		display = money.EGP
	}
	return []Event{EnquirySubmitted{
		TripNumber: c.TripNumber, About: c.About, LinkToken: c.LinkToken, UserID: c.UserID, Lang: c.Lang, Contact: order.TrimContact(c.Contact),
		Trip: trip, Rates: c.Rates, DisplayCurrency: display, SubmittedAt: now.UTC(),
	}}, nil
}

// Evolve folds one event into the state.
func Evolve(s State, e Event) State {
	switch ev := e.(type) {
	case EnquirySubmitted:
		s.status, s.submitted = StatusSubmitted, ev
	case EnquiryQuoted:
		s.status, s.quote = StatusQuoted, ev
	case EnquiryDeclined:
		s.status = StatusDeclined
	case EnquiryConverted:
		s.status, s.orderID = StatusConverted, ev.OrderID
	case EnquiryAttached:
		s.attachedTo = ev.UserID
	default:
		panic(fmt.Sprintf("enquiry: unknown event %T", e))
	}
	return s
}
