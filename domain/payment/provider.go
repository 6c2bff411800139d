package payment

import (
	"errors"
	"time"

	"mishwar/domain/money"
)

// The words a card payment provider speaks: what the application's payment port (commands/orders)
// asks for and hears back, and what adapters/payments implements. Plain data, no behaviour.

// OutcomeOther is a notice about something else (a refund, a pending step): it names no outcome the
// payment's decider acts on.
const OutcomeOther = "other"

// ErrInvalidSignature: a provider's notice whose signature does not verify (forged, tampered or
// stale). Adapters return it; the application refuses the notice with it.
var ErrInvalidSignature = errors.New("payments: invalid signature")

// ErrRefused: the provider answered and said no (a refund it will not make, a session it will not
// open): asking again changes nothing. Adapters wrap such answers with it; any other error (the
// provider unreachable, timed out, failing) may be worth a retry with the same idempotency key.
var ErrRefused = errors.New("payments: refused by the provider")

// Customer is who pays, as far as a provider needs to know.
type Customer struct {
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Country   string
}

// SessionRequest asks a provider for a hosted payment page.
type SessionRequest struct {
	// PaymentID is Mishwar's id for this payment attempt; providers echo it back in notices.
	PaymentID string
	// OrderID is the trip number, shown on the page.
	OrderID     string
	Description string
	Amount      money.Money
	Customer    Customer
	Lang        string
	// SuccessURL and FailureURL are where the browser goes afterwards; CallbackURL receives the
	// provider's signed server-to-server notice.
	SuccessURL  string
	FailureURL  string
	CallbackURL string
	// ReturnURL is where providers with a single browser redirect (Paymob) send the traveller; Mishwar
	// verifies the result there and forwards to SuccessURL or FailureURL.
	ReturnURL string
	ExpiresAt time.Time
}

// Session is an opened hosted payment page.
type Session struct {
	// ProviderSessionID is the provider's id for the session (Paymob's order id, Stripe's session id).
	ProviderSessionID string
	RedirectURL       string
	ExpiresAt         time.Time
}

// Notice is a verified server-to-server notice about a payment.
type Notice struct {
	// PaymentID is Mishwar's payment id as echoed by the provider (may be empty when the provider
	// only names its own session; then ProviderSessionID identifies the payment).
	PaymentID         string
	ProviderSessionID string
	// NoticeID identifies this notice at the provider (its event or transaction id): a replay has the
	// same NoticeID.
	NoticeID string
	// Outcome is OutcomeSucceeded, OutcomeFailed or OutcomeOther.
	Outcome     string
	Amount      money.Money
	ProviderRef string
	Reason      string
}

// RefundRequest sends money back for one captured payment. RefundID doubles as the provider's
// idempotency key, so retrying a refund never pays twice.
type RefundRequest struct {
	RefundID    string
	PaymentID   string
	ProviderRef string
	Amount      money.Money
	Reason      string
}

// RefundResult is the provider's reference for the refund.
type RefundResult struct {
	ProviderRef string
}

// Why the shop closes a payment session that is still open at the provider.
const (
	// CloseOrderCancelled: the order was cancelled while its payment page was open.
	CloseOrderCancelled = "order_cancelled"
	// CloseExchangeAbandoned: the change the session was to pay for was given up.
	CloseExchangeAbandoned = "exchange_abandoned"
)

// CloseRequest asks a provider to close an open payment session so that it can no longer be paid.
// Key is the provider's idempotency key (derived from the event that decided the close): closing
// again with it changes nothing. A session already paid, closed or expired stays as it is; a payment
// that still arrives is sent back by the order (paid_after_cancellation, paid_for_abandoned_exchange).
type CloseRequest struct {
	PaymentID         string
	ProviderSessionID string
	Reason            string
	Key               string
}
