package order

import (
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/money"
)

// A payment session is a process too: the decision to open one (PaymentSessionOrdered) is recorded
// under the order's expected version, so however many "pay now" clicks race, one session is opened
// at a time; a worker opens it with the provider (the payment id is the provider's idempotency key)
// and records where the traveller pays (PaymentRequested) or that the provider refused
// (PaymentSessionFailed). Money that arrives and differs from what was asked confirms nothing until
// staff accept it (AcceptPayment) or send it back.

// ErrNotUnderReview: only a payment that differs from what was asked waits for staff to accept it.
var ErrNotUnderReview = domain.Conflict("orders.payment_not_under_review")

// OpenPayment decides to open a payment session with Provider for the order's price (Purpose order)
// or for a requested exchange's difference (Purpose exchange). While a session of that purpose is
// being opened or is open, it changes nothing: the caller answers with that one.
type OpenPayment struct {
	PaymentID string
	Purpose   string
	Provider  string
	// Lang is the language of the traveller who asks to pay ("" for the order's).
	Lang string
}

// RecordSessionFailure records that the provider would not open a session ordered before.
type RecordSessionFailure struct {
	PaymentID string
	Reason    string
}

// AcceptPayment is staff accepting money that differed from what was asked: it confirms the order (or
// completes the exchange it paid for) as if the amount had matched. Capacity is what the caller found
// when it booked the car again for an order whose hold had lapsed meanwhile.
type AcceptPayment struct {
	PaymentID string
	Actor     Actor
	Reason    string
	Capacity  CapacityCheck
}

func (OpenPayment) isOrderCommand()          {}
func (RecordSessionFailure) isOrderCommand() {}
func (AcceptPayment) isOrderCommand()        {}

// PaymentSessionOrdered: a payment session for Amount is to be opened with Provider; the traveller
// pays there before ExpiresAt. PaymentRequested (with the page's address) or PaymentSessionFailed follows.
type PaymentSessionOrdered struct {
	PaymentID string      `json:"payment_id"`
	Purpose   string      `json:"purpose"`
	Provider  string      `json:"provider"`
	Amount    money.Money `json:"amount"`
	ExpiresAt time.Time   `json:"expires_at"`
	// Lang is the language the payment page speaks: the one the traveller asked to pay in, which may
	// differ from the one they placed the order in. Absent on sessions ordered before it was kept.
	Lang string `json:"lang,omitempty"`
}

// PaymentSessionFailed: the provider would not open the session; the traveller may try again.
type PaymentSessionFailed struct {
	PaymentID string `json:"payment_id"`
	Purpose   string `json:"purpose"`
	Reason    string `json:"reason"`
}

// PaymentAccepted: staff accepted a payment that differed from what was asked. Confirms is true when
// it confirms the order (the car is booked for it).
type PaymentAccepted struct {
	PaymentID string      `json:"payment_id"`
	Purpose   string      `json:"purpose"`
	Amount    money.Money `json:"amount"`
	Reason    string      `json:"reason"`
	ByUserID  string      `json:"by_user_id,omitempty"`
	Late      bool        `json:"late,omitempty"`
	Confirms  bool        `json:"confirms,omitempty"`
	// Concedes is what was asked and not received: accepting less, the business gives it up of the
	// price (the rest paid in cash, a discount agreed on the phone), so the traveller owes nothing.
	Concedes money.Money `json:"concedes,omitzero"`
}

func (PaymentSessionOrdered) isOrderEvent() {}
func (PaymentSessionFailed) isOrderEvent()  {}
func (PaymentAccepted) isOrderEvent()       {}

// Session is a payment session as the order knows it.
type Session struct {
	PaymentID string
	Purpose   string
	Provider  string
	Amount    money.Money
	// URL is where the traveller pays; empty while the session is being opened.
	URL       string
	ExpiresAt time.Time
	// Lang is the language the payment page is opened in ("" for the order's).
	Lang string
	// Opening: ordered, not yet opened by the provider. Failed: the provider would not open it.
	Opening, Failed bool
}

// Session returns the payment session paymentID.
func (s State) Session(paymentID string) (Session, bool) {
	p, ok := s.payments[paymentID]
	if !ok {
		return Session{}, false
	}
	return Session{PaymentID: paymentID, Purpose: p.purpose, Provider: p.provider, Amount: p.amount, URL: p.url, ExpiresAt: p.expiresAt, Lang: p.lang,
		Opening: p.opening, Failed: p.openFailed}, true
}

// OpenSession returns the session of purpose being opened or open at now (not paid, failed or
// expired), if any: the one a "pay now" answers with instead of opening another.
func (s State) OpenSession(purpose string, now time.Time) (Session, bool) {
	id := s.currentPayment
	if purpose == PurposeExchange {
		if s.exchange == nil {
			return Session{}, false
		}
		id = s.exchange.paymentID
	}
	p, ok := s.payments[id]
	if !ok || p.done || p.failed || p.openFailed || (!p.expiresAt.IsZero() && !now.Before(p.expiresAt)) {
		return Session{}, false
	}
	return s.Session(id)
}

// Why a session ordered before is not opened after all (PaymentSessionFailed.Reason).
const (
	SessionExpired         = "expired"
	SessionNoLongerPayable = "no_longer_payable"
)

// StaleSession says why the session sess, ordered before, should no longer be opened with the provider
// at now: SessionExpired when its time ran out, SessionNoLongerPayable when the order stopped waiting
// for what it would take (paid, cancelled or lapsed meanwhile, or the exchange it was for is gone).
// It is "" when the session should still be opened.
func (s State) StaleSession(sess Session, now time.Time) string {
	if !now.Before(sess.ExpiresAt) {
		return SessionExpired
	}
	if sess.Purpose == PurposeExchange {
		if x, ok := s.PendingExchange(); ok && x.PaymentID == sess.PaymentID && s.status == StatusConfirmed {
			return ""
		}
		return SessionNoLongerPayable
	}
	if s.status == StatusAwaitingPayment && s.currentPayment == sess.PaymentID {
		return ""
	}
	return SessionNoLongerPayable
}

// PaymentsUnderReview are the payments whose money differs from what was asked and waits for staff,
// oldest first.
func (s State) PaymentsUnderReview() []string {
	var out []string
	for _, id := range s.paymentOrder {
		if p := s.payments[id]; p.review && !p.accepted {
			out = append(out, id)
		}
	}
	return out
}

func decideOpenPayment(s State, c OpenPayment, now time.Time) ([]Event, error) {
	if c.PaymentID == "" || c.Provider == "" {
		return nil, ErrInvalidOrder
	}
	if _, seen := s.payments[c.PaymentID]; seen {
		return nil, nil
	}
	ordered := PaymentSessionOrdered{PaymentID: c.PaymentID, Purpose: c.Purpose, Provider: c.Provider, Lang: c.Lang}
	switch c.Purpose {
	case PurposeOrder:
		if s.status != StatusAwaitingPayment {
			return nil, ErrNotAwaitingPayment
		}
		if !now.Before(s.holdUntil) {
			return nil, ErrHoldLapsed
		}
		ordered.Amount, ordered.ExpiresAt = s.price, s.holdUntil
	case PurposeExchange:
		if s.exchange == nil || s.status != StatusConfirmed {
			return nil, ErrNotAwaitingPayment
		}
		if !now.Before(s.exchange.holdUntil) {
			return nil, ErrHoldLapsed
		}
		ordered.Amount, ordered.ExpiresAt = s.exchange.difference, s.exchange.holdUntil
	default:
		return nil, ErrInvalidOrder
	}
	if _, open := s.OpenSession(c.Purpose, now); open {
		return nil, nil
	}
	ordered.ExpiresAt = ordered.ExpiresAt.UTC()
	return []Event{ordered}, nil
}

// sessionOpened is the provider's answer to a session ordered before (p): where the traveller pays.
// The session exists at the provider, so it is recorded whatever happened to the order meanwhile.
func sessionOpened(p payment, c RequestPayment) ([]Event, error) {
	if !p.opening {
		return nil, nil
	}
	if c.Amount != p.amount || c.Purpose != p.purpose {
		return nil, ErrInvalidAmount
	}
	expires := c.ExpiresAt
	if expires.IsZero() {
		expires = p.expiresAt
	}
	return []Event{PaymentRequested{PaymentID: c.PaymentID, Purpose: p.purpose, Provider: c.Provider, Amount: p.amount,
		RedirectURL: c.RedirectURL, ExpiresAt: expires.UTC()}}, nil
}

func decideSessionFailure(s State, c RecordSessionFailure) ([]Event, error) {
	p, ok := s.payments[c.PaymentID]
	if !ok {
		return nil, ErrPaymentNotFound
	}
	if !p.opening {
		return nil, nil
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" {
		reason = "provider_unavailable"
	}
	return []Event{PaymentSessionFailed{PaymentID: c.PaymentID, Purpose: p.purpose, Reason: reason}}, nil
}

func decideAcceptPayment(s State, c AcceptPayment) ([]Event, error) {
	if !c.Actor.Staff {
		return nil, ErrNotYourOrder
	}
	p, ok := s.payments[c.PaymentID]
	if !ok {
		return nil, ErrPaymentNotFound
	}
	if p.accepted {
		return nil, nil
	}
	if !p.review || !s.UnderReview() {
		return nil, ErrNotUnderReview
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" {
		return nil, errReasonRequired()
	}
	accepted := PaymentAccepted{PaymentID: c.PaymentID, Purpose: p.purpose, Amount: p.received, Reason: reason, ByUserID: c.Actor.UserID}
	if p.received.Currency == p.amount.Currency && p.received.Minor < p.amount.Minor {
		accepted.Concedes = money.New(p.amount.Minor-p.received.Minor, money.EGP)
	}
	if p.purpose == PurposeExchange {
		if s.exchange == nil || s.exchange.paymentID != c.PaymentID {
			return nil, ErrNotAwaitingPayment
		}
		return []Event{accepted, s.exchanged()}, nil
	}
	switch s.status {
	case StatusAwaitingPayment:
		accepted.Confirms = true
		return []Event{accepted}, nil
	case StatusPaymentFailed, StatusExpired:
		accepted.Late = true
		switch c.Capacity {
		case CapacityUnchecked:
			return nil, ErrCapacityCheckNeeded
		case CapacityKept:
			accepted.Confirms = true
			return []Event{accepted}, nil
		default:
			return nil, ErrNoCarLeft
		}
	default:
		return nil, ErrNotAwaitingPayment
	}
}

// ErrNoCarLeft: the order's day filled up after its hold lapsed; the money can only go back.
var ErrNoCarLeft = domain.Conflict("orders.no_car_left")

// exchanged is the pending exchange completed.
func (s State) exchanged() OrderExchanged {
	return OrderExchanged{
		ExchangeID: s.exchange.id, From: s.trip, To: s.exchange.to,
		OldReservation: s.reservation, NewReservation: s.exchange.reservation, Difference: s.exchange.difference,
		Promo: discountOn(s.exchange.to, s.placed.Promo),
	}
}

// newPayment adds a payment attempt (ordered or, in older histories, requested at once).
func (s State) newPayment(id string, p payment) State {
	s.payments[id] = p
	s.paymentOrder = append(append([]string(nil), s.paymentOrder...), id)
	if p.purpose == PurposeOrder {
		s.currentPayment = id
	} else if s.exchange != nil {
		x := *s.exchange
		x.paymentID = id
		s.exchange = &x
	}
	return s
}
