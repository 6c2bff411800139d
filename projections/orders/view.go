package orders

import (
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// Order is an order as the read model holds it: everything the traveller's order page, the trip
// status page and the admin's purchase orders screen show.
type Order struct {
	ID              string             `json:"id"`
	UserID          string             `json:"user_id"`
	Lang            string             `json:"lang"`
	Source          string             `json:"source"`
	Status          order.Status       `json:"status"`
	Contact         order.Contact      `json:"contact"`
	Trip            order.Trip         `json:"trip"`
	Rates           []money.Rate       `json:"rates"`
	DisplayCurrency money.Currency     `json:"display_currency"`
	Reservation     string             `json:"reservation"`
	HoldUntil       time.Time          `json:"hold_until"`
	Cancellation    order.Cancellation `json:"cancellation"`
	Price           money.Money        `json:"price"`
	// Promo is the promo code the order was placed with, as it applies to its trip now (nil: none);
	// Price is its PriceAfter.
	Promo    *order.Discount `json:"promo,omitempty"`
	Paid     money.Money     `json:"paid"`
	Refunded money.Money     `json:"refunded"`
	// Kept is what a cancelled order keeps of what was paid: what its cancellation recorded (see
	// Cancelled.Kept).
	Kept             money.Money     `json:"kept"`
	Payments         []Payment       `json:"payments"`
	CurrentPaymentID string          `json:"current_payment_id,omitempty"`
	Attention        []Attention     `json:"attention,omitempty"`
	RefundRequests   []RefundRequest `json:"refund_requests,omitempty"`
	// RefundRequestOpen: the traveller's last request for money back waits for an answer (a refund,
	// or the cancellation's), as domain/order decides; no other may be made meanwhile.
	RefundRequestOpen bool             `json:"refund_request_open"`
	Refunds           []Refund         `json:"refunds,omitempty"`
	PendingExchange   *PendingExchange `json:"pending_exchange,omitempty"`
	Exchanges         int              `json:"exchanges"`
	Cancelled         *Cancelled       `json:"cancelled,omitempty"`
	PlacedAt          time.Time        `json:"placed_at"`
	UpdatedAt         time.Time        `json:"updated_at"`
	Version           int64            `json:"version"`

	// TripStartedAt and CompletedAt are the trip's start and end as the order recorded them.
	TripStartedAt *time.Time `json:"trip_started_at,omitempty"`
	CompletedAt   *time.Time `json:"completed_at,omitempty"`
}

// Payment is one payment attempt of an order, as the order saw it.
type Payment struct {
	ID       string      `json:"id"`
	Purpose  string      `json:"purpose"`
	Provider string      `json:"provider"`
	Amount   money.Money `json:"amount"`
	URL      string      `json:"url"`
	// Status: requested, received or failed.
	Status    string      `json:"status"`
	Received  money.Money `json:"received"`
	Refunded  money.Money `json:"refunded"`
	Reference string      `json:"reference,omitempty"`
	Late      bool        `json:"late,omitempty"`
	Reason    string      `json:"reason,omitempty"`
	ExpiresAt time.Time   `json:"expires_at"`
	// Review: the money received differs from what was asked; staff accept it or refund it.
	Review   bool `json:"review,omitempty"`
	Accepted bool `json:"accepted,omitempty"`
	// Concedes is what staff gave up of the price by accepting less than was asked.
	Concedes money.Money `json:"concedes,omitzero"`
	// Closed is what closing its page came to, once the shop asked (payment.PaymentSessionClosed).
	Closed *SessionClose `json:"closed,omitempty"`
}

// SessionClose is the close of a payment's page: when it was recorded, what came of it
// (payment.SessionClosed, SessionWasNotOpen, SessionCannotClose) and why it was asked
// (payment.CloseOrderCancelled, CloseExchangeAbandoned).
type SessionClose struct {
	At      time.Time `json:"at"`
	Outcome string    `json:"outcome"`
	Why     string    `json:"why"`
}

// Payment statuses besides requested, received and failed: a session being opened by the provider,
// and one the provider would not open.
const (
	PaymentOpening       = "opening"
	PaymentSessionFailed = "session_failed"
	// PaymentClosed: the shop closed a page nobody paid (its order cancelled, its change given up),
	// or found it no longer open; it is no payment link any more.
	PaymentClosed = "closed"
)

// closeSession records the close of payment id's page. A page waiting for a card (or still being
// opened) that the provider closed, or that was no longer open, is closed; one the provider cannot
// close (Paymob) stays payable until it lapses and keeps its status, with the close beside it.
func (o *Order) closeSession(id string, c SessionClose) {
	p := o.payment(id)
	if p == nil {
		return
	}
	p.Closed = &c
	if (p.Status == "requested" || p.Status == PaymentOpening) && c.Outcome != payment.SessionCannotClose {
		p.Status = PaymentClosed
	}
}

// Refund statuses: ordered and waiting for the provider, sent back, or refused (an operator settles it).
const (
	RefundInProgress = "in_progress"
	RefundIssued     = "issued"
	RefundFailed     = "failed"
)

// Attention is something an operator must settle.
type Attention struct {
	Reason    string      `json:"reason"`
	PaymentID string      `json:"payment_id,omitempty"`
	Amount    money.Money `json:"amount"`
	At        time.Time   `json:"at"`
}

// RefundRequest is the traveller asking for money back.
type RefundRequest struct {
	Reason string      `json:"reason"`
	Amount money.Money `json:"amount"`
	At     time.Time   `json:"at"`
}

// Refund is money sent back, or on its way (Status).
type Refund struct {
	ID        string      `json:"id"`
	PaymentID string      `json:"payment_id"`
	Amount    money.Money `json:"amount"`
	Reason    string      `json:"reason"`
	At        time.Time   `json:"at"`
	// Status is RefundInProgress, RefundIssued or RefundFailed (empty in documents written before
	// refunds were ordered first: issued).
	Status string `json:"status,omitempty"`
	// Failure is the provider's refusal of a failed refund.
	Failure string `json:"failure,omitempty"`
	// Concedes is the part of a refund on an order that goes ahead beyond what was owed back.
	Concedes money.Money `json:"concedes,omitzero"`
}

// State is the refund's status ("issued" for refunds recorded before statuses existed).
func (r Refund) State() string {
	if r.Status == "" {
		return RefundIssued
	}
	return r.Status
}

// PendingExchange is an exchange waiting for its difference.
type PendingExchange struct {
	ID         string      `json:"id"`
	To         order.Trip  `json:"to"`
	Difference money.Money `json:"difference"`
	HoldUntil  time.Time   `json:"hold_until"`
	PaymentID  string      `json:"payment_id,omitempty"`
}

// Cancelled says how an order was cancelled.
type Cancelled struct {
	Reason            string      `json:"reason"`
	Free              bool        `json:"free"`
	RefundBasisPoints int64       `json:"refund_basis_points"`
	RefundDue         money.Money `json:"refund_due"`
	ByStaff           bool        `json:"by_staff"`
	At                time.Time   `json:"at"`

	// Underway: staff cancelled the trip after it had started.
	Underway bool `json:"underway,omitempty"`
	// Kept is what the business keeps of what was paid, as the cancellation recorded it (for one
	// recorded before it said: what was paid, less refunded, less RefundDue).
	Kept money.Money `json:"kept"`
	// InitiatedBy is who the cancellation was for: order.InitiatedByBusiness (everything paid goes
	// back) or order.InitiatedByTraveller (the policy applies); "" when the event did not say.
	InitiatedBy string `json:"initiated_by,omitempty"`
}

func zero() money.Money { return money.New(0, money.EGP) }

// keep is what the business may keep of what was paid (the same rule as domain/order).
func (o Order) keep() money.Money {
	switch o.Status {
	case order.StatusConfirmed, order.StatusCompleted:
		return money.New(max(o.Price.Minor-o.Conceded().Minor, 0), money.EGP)
	case order.StatusCancelled:
		return o.Kept
	}
	return zero()
}

// Conceded is what the business gave up of the price of an order that goes ahead (see domain/order
// State.conceded): short payments staff accepted and goodwill refunds not refused, as their events
// recorded them.
func (o Order) Conceded() money.Money {
	var n int64
	for _, p := range o.Payments {
		n += p.Concedes.Minor
	}
	for _, r := range o.Refunds {
		if r.State() != RefundFailed {
			n += r.Concedes.Minor
		}
	}
	return money.New(n, money.EGP)
}

// Owed is what the business owes back (see domain/order State.Owed).
func (o Order) Owed() money.Money {
	return money.New(max(o.Paid.Minor-o.Refunded.Minor-o.keep().Minor, 0), money.EGP)
}

// Underpaid is what the traveller still owes on a confirmed order.
func (o Order) Underpaid() money.Money {
	if o.Status != order.StatusConfirmed && o.Status != order.StatusCompleted {
		return zero()
	}
	return money.New(max(o.keep().Minor-(o.Paid.Minor-o.Refunded.Minor), 0), money.EGP)
}

// NeedsAttention reports money out of balance that no refund in flight settles, or money that differs
// from what was asked (see domain/order State.NeedsAttention).
func (o Order) NeedsAttention() bool {
	return o.Owed().Minor-o.RefundPending().Minor > 0 || o.Underpaid().Minor > 0 || o.UnderReview()
}

// UnderReview reports whether money that differs from what was asked waits for staff.
func (o Order) UnderReview() bool {
	for _, p := range o.Payments {
		if p.Review && (p.Received.Currency != money.EGP || o.refundedOf(p.ID) < p.Received.Minor) {
			return true
		}
	}
	return false
}

// RefundPending is what was ordered refunded and waits for the provider's answer: read off the
// refunds in progress, so it cannot drift from them.
func (o Order) RefundPending() money.Money {
	var n int64
	for _, r := range o.Refunds {
		if r.State() == RefundInProgress {
			n += r.Amount.Minor
		}
	}
	return money.New(n, money.EGP)
}

// refundedOf is what was refunded or is on its way back from payment id.
func (o Order) refundedOf(id string) int64 {
	var n int64
	for _, r := range o.Refunds {
		if r.PaymentID == id && r.State() != RefundFailed {
			n += r.Amount.Minor
		}
	}
	return n
}

func (o *Order) refund(id string) *Refund {
	for i := range o.Refunds {
		if o.Refunds[i].ID == id {
			return &o.Refunds[i]
		}
	}
	return nil
}

// newPayment adds a payment attempt; the latest of the order's own is its current payment.
func (o *Order) newPayment(p Payment) {
	o.Payments = append(o.Payments, p)
	if p.Purpose == order.PurposeOrder {
		o.CurrentPaymentID = p.ID
	} else if o.PendingExchange != nil {
		o.PendingExchange.PaymentID = p.ID
	}
}

func (o *Order) payment(id string) *Payment {
	for i := range o.Payments {
		if o.Payments[i].ID == id {
			return &o.Payments[i]
		}
	}
	return nil
}

// PaymentURL is the open payment page of the order, if any.
func (o Order) PaymentURL() string {
	if p := o.paymentByID(o.CurrentPaymentID); p != nil && p.Status == "requested" {
		return p.URL
	}
	return ""
}

func (o Order) paymentByID(id string) *Payment {
	for i := range o.Payments {
		if o.Payments[i].ID == id {
			return &o.Payments[i]
		}
	}
	return nil
}

// apply folds one order event; it must agree with domain/order's Evolve.
func (o *Order) apply(e order.Event, at time.Time) {
	switch ev := e.(type) {
	case order.OrderPlaced:
		*o = Order{ID: ev.OrderID, UserID: ev.UserID, Lang: ev.Lang, Source: ev.Source, Status: order.StatusAwaitingPayment,
			Contact: ev.Contact, Trip: ev.Trip, Rates: ev.Rates, DisplayCurrency: ev.DisplayCurrency,
			Reservation: ev.Reservation, HoldUntil: ev.HoldUntil, Cancellation: ev.Cancellation,
			Price: ev.Trip.Quote.Total, Paid: zero(), Refunded: zero(), Kept: zero(), PlacedAt: ev.PlacedAt, Payments: []Payment{}}
		o.withPromo(ev.Promo)
	case order.PaymentSessionOrdered:
		o.newPayment(Payment{ID: ev.PaymentID, Purpose: ev.Purpose, Provider: ev.Provider, Amount: ev.Amount,
			Status: PaymentOpening, Received: zero(), Refunded: zero(), ExpiresAt: ev.ExpiresAt})
	case order.PaymentRequested:
		if p := o.payment(ev.PaymentID); p != nil {
			p.URL, p.ExpiresAt = ev.RedirectURL, ev.ExpiresAt
			if p.Status != PaymentClosed {
				p.Status = "requested"
			}
			break
		}
		o.newPayment(Payment{ID: ev.PaymentID, Purpose: ev.Purpose, Provider: ev.Provider, Amount: ev.Amount,
			URL: ev.RedirectURL, Status: "requested", Received: zero(), Refunded: zero(), ExpiresAt: ev.ExpiresAt})
	case order.PaymentSessionFailed:
		if p := o.payment(ev.PaymentID); p != nil {
			p.Status, p.Reason = PaymentSessionFailed, ev.Reason
		}
	case order.PaymentAccepted:
		if p := o.payment(ev.PaymentID); p != nil {
			p.Review, p.Accepted, p.Concedes = false, true, ev.Concedes
		}
		if ev.Confirms {
			o.Status = order.StatusConfirmed
		}
	case order.PaymentReceived:
		if p := o.payment(ev.PaymentID); p != nil {
			p.Status, p.Received, p.Reference, p.Late = "received", ev.Amount, ev.ProviderRef, ev.Late
		}
		if ev.Amount.Currency == money.EGP {
			o.Paid = o.Paid.Add(ev.Amount)
		}
		if ev.Confirms {
			o.Status = order.StatusConfirmed
		}
	case order.PaymentFailed:
		if p := o.payment(ev.PaymentID); p != nil {
			p.Status, p.Reason = "failed", ev.Reason
		}
		if ev.Purpose == order.PurposeOrder && o.Status == order.StatusAwaitingPayment && o.CurrentPaymentID == ev.PaymentID {
			o.Status = order.StatusPaymentFailed
		}
	case order.OrderExpired:
		o.Status = order.StatusExpired
	case order.OrderHeldAgain:
		o.Status, o.Reservation, o.HoldUntil = order.StatusAwaitingPayment, ev.Reservation, ev.HoldUntil
	case order.OrderNeedsAttention:
		o.Attention = append(o.Attention, Attention{Reason: ev.Reason, PaymentID: ev.PaymentID, Amount: ev.Amount, At: at})
		if p := o.payment(ev.PaymentID); p != nil && ev.Reason == order.AttentionAmountMismatch {
			p.Review = true
		}
	case order.OrderCancelled:
		if ev.Kept.Currency != "" {
			o.Kept = ev.Kept
		} else {
			// Recorded before cancellations said what they keep: all but what was then due back.
			o.Kept = money.New(o.Paid.Minor-o.Refunded.Minor-ev.RefundDue.Minor, money.EGP)
		}
		o.Status = order.StatusCancelled
		o.Cancelled = &Cancelled{Reason: ev.Reason, Free: ev.Free, RefundBasisPoints: ev.RefundBasisPoints, RefundDue: ev.RefundDue, ByStaff: ev.ByStaff,
			Underway: ev.Underway, At: at, Kept: o.Kept, InitiatedBy: ev.InitiatedBy}
		o.RefundRequestOpen = false
	case order.RefundRequested:
		o.RefundRequests = append(o.RefundRequests, RefundRequest{Reason: ev.Reason, Amount: ev.Amount, At: at})
		o.RefundRequestOpen = true
	case order.RefundOrdered:
		o.RefundRequestOpen = false
		o.Refunds = append(o.Refunds, Refund{ID: ev.RefundID, PaymentID: ev.PaymentID, Amount: ev.Amount, Reason: ev.Reason, At: at, Status: RefundInProgress,
			Concedes: ev.Concedes})
	case order.RefundIssued:
		if p := o.payment(ev.PaymentID); p != nil {
			p.Refunded = p.Refunded.Add(ev.Amount)
		}
		o.Refunded = o.Refunded.Add(ev.Amount)
		if r := o.refund(ev.RefundID); r != nil && r.Status == RefundInProgress {
			r.Status, r.At = RefundIssued, at
			break
		}
		o.Refunds = append(o.Refunds, Refund{ID: ev.RefundID, PaymentID: ev.PaymentID, Amount: ev.Amount, Reason: ev.Reason, At: at, Status: RefundIssued})
	case order.RefundFailed:
		if r := o.refund(ev.RefundID); r != nil && r.Status == RefundInProgress {
			r.Status, r.Failure, r.At = RefundFailed, ev.Reason, at
			break
		}
		o.Refunds = append(o.Refunds, Refund{ID: ev.RefundID, Amount: ev.Amount, At: at, Status: RefundFailed, Failure: ev.Reason})
	case order.ExchangeRequested:
		o.PendingExchange = &PendingExchange{ID: ev.ExchangeID, To: ev.To, Difference: ev.Difference, HoldUntil: ev.HoldUntil}
	case order.OrderExchanged:
		o.Trip, o.Reservation, o.Price = ev.To, ev.NewReservation, ev.To.Quote.Total
		o.withPromo(ev.Promo)
		o.PendingExchange = nil
		o.Exchanges++
	case order.ExchangeAbandoned:
		o.PendingExchange = nil
	case order.TripStarted:
		started := ev.StartedAt
		o.TripStartedAt = &started
	case order.TripCompleted:
		done := ev.CompletedAt
		o.CompletedAt = &done
	case order.OrderCompleted:
		o.Status = order.StatusCompleted
	}
	o.UpdatedAt = at
}

// withPromo records the discount the order's price is under (nil: none).
func (o *Order) withPromo(d *order.Discount) {
	o.Promo = d
	if d != nil {
		o.Price = d.PriceAfter
	}
}
