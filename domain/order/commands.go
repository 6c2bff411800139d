package order

import (
	"time"

	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// Command is one of an order's commands.
type Command interface{ isOrderCommand() }

// Actor is who asks: the order's owner, or staff (admin, support) acting for the business.
type Actor struct {
	UserID string
	Staff  bool
}

// PlaceOrder orders a trip. The caller has already reserved a car on the trip's day (Reservation) and
// priced the trip (Trip.Quote) with the rate plan and rates it records.
type PlaceOrder struct {
	OrderID           string
	UserID            string
	Lang              string
	Source            string
	Contact           Contact
	EmailConfirmation string
	TermsAgreed       bool
	Trip              Trip
	Rates             []money.Rate
	DisplayCurrency   money.Currency
	Reservation       string
	Policy            Policy
	ServiceHours      catalogue.BusinessHours
	// Promo is the promo code applied to Trip's price (ApplyPromo), its use already counted on the
	// offer's stream; nil without one.
	Promo *Discount
}

// RequestPayment records a payment session opened with a provider for the order (Purpose order) or
// for a requested exchange's difference (Purpose exchange).
type RequestPayment struct {
	PaymentID   string
	Purpose     string
	Provider    string
	Amount      money.Money
	RedirectURL string
	ExpiresAt   time.Time
}

// CapacityCheck is what the caller found when it tried to book the car again for a payment that
// arrived after the order's hold had lapsed.
type CapacityCheck int

const (
	// CapacityUnchecked: the caller has not tried (the usual case: the hold is still in place).
	CapacityUnchecked CapacityCheck = iota
	// CapacityKept: the car is booked again (or was never released).
	CapacityKept
	// CapacityLost: the day filled up meanwhile.
	CapacityLost
)

// RecordPayment records a captured payment reported by the provider.
type RecordPayment struct {
	PaymentID   string
	Provider    string
	ProviderRef string
	Amount      money.Money
	Capacity    CapacityCheck
}

// RecordPaymentFailure records a declined or abandoned payment reported by the provider.
type RecordPaymentFailure struct {
	PaymentID string
	Reason    string
}

// ExpireOrder ends an unpaid order whose hold has lapsed (and abandons an unpaid exchange). It does
// nothing otherwise, so the expiry job can issue it freely.
type ExpireOrder struct{}

// CancelOrder cancels the trip under the order's cancellation policy. With a RefundID, what the
// cancellation owes back is ordered refunded in the same decision (RefundOrdered, see OrderRefund).
type CancelOrder struct {
	Actor    Actor
	Reason   string
	RefundID string
	// InitiatedBy is who the cancellation is for (InitiatedByBusiness, InitiatedByTraveller). Staff
	// must say it for a confirmed order: the business cancelling refunds everything paid, the
	// traveller asking leaves the policy to apply. A traveller's own is always the traveller's.
	InitiatedBy string

	// TripStarted is what the trip's own stream says (the order may not have heard yet): once
	// started, only staff cancel (journey.go).
	TripStarted bool
}

// RequestRefund asks the operator for money back (the traveller's refund screen).
type RequestRefund struct {
	Actor  Actor
	Reason string
	Amount money.Money

	// TripStarted is what the trip's stream says: once started, the traveller asks no more.
	TripStarted bool
}

// IssueRefund records money sent back through the provider for one payment of the order: the
// provider's answer to a refund ordered before (RefundID names it; the rest is what was ordered), or,
// for a refund that was never ordered, the whole of it.
type IssueRefund struct {
	RefundID    string
	PaymentID   string
	Amount      money.Money
	Reason      string
	ProviderRef string
	Actor       Actor
}

// RecordRefundFailure records a refund the provider refused (or whose outcome is unknown and must be
// settled by an operator); the amount an ordered refund reserved is released.
type RecordRefundFailure struct {
	RefundID string
	Amount   money.Money
	Reason   string
}

// ExchangeOrder moves the order to another trip (date, time, itinerary or rate plan). The caller has
// reserved a car on the new day (NewReservation; it may be the old one when the day is unchanged).
type ExchangeOrder struct {
	ExchangeID     string
	Actor          Actor
	To             Trip
	NewReservation string
	Policy         Policy
	ServiceHours   catalogue.BusinessHours
	// TripStarted is what the trip's stream says: a trip under way is not exchanged.
	TripStarted bool
}

func (PlaceOrder) isOrderCommand()           {}
func (RequestPayment) isOrderCommand()       {}
func (RecordPayment) isOrderCommand()        {}
func (RecordPaymentFailure) isOrderCommand() {}
func (ExpireOrder) isOrderCommand()          {}
func (CancelOrder) isOrderCommand()          {}
func (RequestRefund) isOrderCommand()        {}
func (IssueRefund) isOrderCommand()          {}
func (RecordRefundFailure) isOrderCommand()  {}
func (ExchangeOrder) isOrderCommand()        {}
