package order

import (
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/money"
)

// Event is one of an order's events. Field names are the stored JSON: renaming one needs a new schema
// version and an upcaster.
type Event interface{ isOrderEvent() }

// Where an order came from.
const (
	SourceCart    = "cart"
	SourceProgram = "program"
	SourceEnquiry = "enquiry"
)

// What a payment pays for.
const (
	PurposeOrder    = "order"
	PurposeExchange = "exchange"
)

// Why an order needs an operator's attention. Each leaves money that is not owed (or owed and not
// paid) until a refund or an operator settles it.
const (
	AttentionPaidWithoutCapacity  = "paid_without_capacity"
	AttentionDuplicatePayment     = "duplicate_payment"
	AttentionPaidAfterCancelling  = "paid_after_cancellation"
	AttentionAmountMismatch       = "amount_mismatch"
	AttentionPaidAbandonedChange  = "paid_for_abandoned_exchange"
	AttentionRefundFailed         = "refund_failed"
	AttentionCapacityLostOnChange = "capacity_lost_on_exchange"
)

// OrderPlaced: a traveller ordered a trip. Everything the price depends on is recorded here.
type OrderPlaced struct {
	OrderID         string         `json:"order_id"`
	UserID          string         `json:"user_id,omitempty"`
	Lang            string         `json:"lang"`
	Source          string         `json:"source"`
	Contact         Contact        `json:"contact"`
	Trip            Trip           `json:"trip"`
	Rates           []money.Rate   `json:"rates"`
	DisplayCurrency money.Currency `json:"display_currency"`
	Reservation     string         `json:"reservation"`
	HoldUntil       time.Time      `json:"hold_until"`
	Cancellation    Cancellation   `json:"cancellation"`
	PlacedAt        time.Time      `json:"placed_at"`
	// Promo is the promo code applied: the order's price is its PriceAfter, not Trip.Quote.Total.
	Promo *Discount `json:"promo,omitempty"`
}

// PaymentRequested: a payment session was opened with a provider; the traveller pays at RedirectURL.
type PaymentRequested struct {
	PaymentID   string      `json:"payment_id"`
	Purpose     string      `json:"purpose"`
	Provider    string      `json:"provider"`
	Amount      money.Money `json:"amount"`
	RedirectURL string      `json:"redirect_url"`
	ExpiresAt   time.Time   `json:"expires_at"`
}

// PaymentReceived: the provider reported the payment as captured. Late is true when the order's hold
// had lapsed (expired or failed) before the money arrived.
type PaymentReceived struct {
	PaymentID   string      `json:"payment_id"`
	Purpose     string      `json:"purpose"`
	Provider    string      `json:"provider"`
	ProviderRef string      `json:"provider_ref,omitempty"`
	Amount      money.Money `json:"amount"`
	Late        bool        `json:"late,omitempty"`
	// Confirms is true when this payment confirms the order (the car is booked for it).
	Confirms bool `json:"confirms,omitempty"`
}

// PaymentFailed: the provider reported the payment as declined or abandoned.
type PaymentFailed struct {
	PaymentID string `json:"payment_id"`
	Purpose   string `json:"purpose"`
	Reason    string `json:"reason"`
}

// OrderExpired: the hold lapsed without a payment; the car is released.
type OrderExpired struct {
	Reservation string    `json:"reservation"`
	HeldUntil   time.Time `json:"held_until"`
}

// OrderNeedsAttention: something happened that an operator must settle (see the Attention* reasons).
type OrderNeedsAttention struct {
	Reason    string      `json:"reason"`
	PaymentID string      `json:"payment_id,omitempty"`
	Amount    money.Money `json:"amount"`
}

// OrderCancelled: the trip will not happen. RefundDue is what the cancellation sends back, beyond
// refunds made or on their way; Kept is what the business keeps of the money it held (under the
// policy, a share of the order's price, never of what was paid).
type OrderCancelled struct {
	Reason            string      `json:"reason"`
	ByUserID          string      `json:"by_user_id,omitempty"`
	ByStaff           bool        `json:"by_staff,omitempty"`
	Free              bool        `json:"free"`
	RefundBasisPoints int64       `json:"refund_basis_points"`
	RefundDue         money.Money `json:"refund_due"`
	Reservation       string      `json:"reservation"`
	// Underway: staff cancelled a trip that had started (a compensation); the policy refunds
	// nothing, staff refund what they decide.
	Underway bool `json:"underway,omitempty"`
	// Kept is what the business keeps of what the traveller paid (absent from cancellations recorded
	// before it was: what was paid, less refunded, less RefundDue).
	Kept money.Money `json:"kept,omitzero"`
	// InitiatedBy says who the cancellation is for: "business" (everything paid goes back) or
	// "traveller" (the policy applies); empty for staff cancelling an unpaid order without saying,
	// a trip under way, and cancellations recorded before it was asked.
	InitiatedBy string `json:"initiated_by,omitempty"`
}

// RefundRequested: the traveller asked for money back; an operator decides.
type RefundRequested struct {
	Reason   string      `json:"reason"`
	Amount   money.Money `json:"amount"`
	ByUserID string      `json:"by_user_id,omitempty"`
}

// RefundIssued: money went back to the traveller through the provider.
type RefundIssued struct {
	RefundID    string      `json:"refund_id"`
	PaymentID   string      `json:"payment_id"`
	Amount      money.Money `json:"amount"`
	Reason      string      `json:"reason"`
	ProviderRef string      `json:"provider_ref,omitempty"`
	ByUserID    string      `json:"by_user_id,omitempty"`
}

// RefundFailed: the provider refused a refund the order owes; an operator must settle it.
type RefundFailed struct {
	RefundID string      `json:"refund_id"`
	Amount   money.Money `json:"amount"`
	Reason   string      `json:"reason"`
}

// ExchangeRequested: the traveller wants another date, time or itinerary that costs more; the change
// happens once Difference is paid (a payment with purpose exchange), before HoldUntil.
type ExchangeRequested struct {
	ExchangeID     string      `json:"exchange_id"`
	To             Trip        `json:"to"`
	NewReservation string      `json:"new_reservation"`
	Difference     money.Money `json:"difference"`
	HoldUntil      time.Time   `json:"hold_until"`
	// Promo is the order's discount taken off the new trip's price (the difference is on it).
	Promo *Discount `json:"promo,omitempty"`
	// ByStaff: staff asked for the change for the traveller (ChangeOrderAsStaff), ByUserID the staff
	// member, Reason why. Empty on the traveller's own.
	ByStaff  bool   `json:"by_staff,omitempty"`
	ByUserID string `json:"by_user_id,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// OrderExchanged: the order now goes on another date, time or itinerary. A negative Difference is owed
// back to the traveller.
type OrderExchanged struct {
	ExchangeID     string      `json:"exchange_id"`
	From           Trip        `json:"from"`
	To             Trip        `json:"to"`
	OldReservation string      `json:"old_reservation"`
	NewReservation string      `json:"new_reservation"`
	Difference     money.Money `json:"difference"`
	// Promo is the order's discount taken off the new trip's price, which is the order's price now.
	Promo *Discount `json:"promo,omitempty"`
	// ByStaff: staff moved the trip for the traveller (ChangeOrderAsStaff), ByUserID the staff member,
	// Reason why. Empty on the traveller's own.
	ByStaff  bool   `json:"by_staff,omitempty"`
	ByUserID string `json:"by_user_id,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// Waived is what staff let the traveller off (goodwill): the difference a dearer start would have
	// cost, kept at the order's price (To's costs and total are the order's). Nil when nothing was.
	Waived *money.Money `json:"waived,omitempty"`
}

// ExchangeAbandoned: a requested exchange was not paid (failed or lapsed); the order stays as it was.
type ExchangeAbandoned struct {
	ExchangeID     string           `json:"exchange_id"`
	NewReservation string           `json:"new_reservation"`
	Day            availability.Day `json:"day"`
	Reason         string           `json:"reason"`
}

func (OrderPlaced) isOrderEvent()         {}
func (PaymentRequested) isOrderEvent()    {}
func (PaymentReceived) isOrderEvent()     {}
func (PaymentFailed) isOrderEvent()       {}
func (OrderExpired) isOrderEvent()        {}
func (OrderNeedsAttention) isOrderEvent() {}
func (OrderCancelled) isOrderEvent()      {}
func (RefundRequested) isOrderEvent()     {}
func (RefundIssued) isOrderEvent()        {}
func (RefundFailed) isOrderEvent()        {}
func (ExchangeRequested) isOrderEvent()   {}
func (OrderExchanged) isOrderEvent()      {}
func (ExchangeAbandoned) isOrderEvent()   {}
