// Package payment is the decider of one payment attempt with a provider, one stream per payment
// ("payment-<id>"). It records the session opened, every verified notice the provider sent (so the
// payments audit shows exactly what arrived and in which order), the outcome, and the refunds.
// A replayed notice changes nothing; a failure after a success is recorded as ignored, never as a
// failure; a success after a failure counts (a traveller can complete a second attempt on the same
// hosted page).
//
// It never verifies signatures (adapters/payments does, before a notice becomes a command), never
// sees card data, and never decides what a payment means for the order (domain/order does).
package payment

import (
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/money"
)

// Refusals. Keys name messages in internal/i18n (catalog_orders.go).
var (
	ErrPaymentNotFound = domain.NotFound("payments.not_found")
	ErrInvalidPayment  = domain.Invalid("payments.invalid")
	ErrRefundTooLarge  = domain.Invalid("orders.refund_too_large")
)

// Outcomes a provider reports.
const (
	OutcomeSucceeded = "succeeded"
	OutcomeFailed    = "failed"
)

// Why a notice was ignored.
const (
	IgnoredAlreadySucceeded = "already_succeeded"
	// IgnoredAnotherCapture: a success with another provider reference on a payment already paid, a
	// second charge on one session. Its money is not counted; staff give it back at the provider.
	IgnoredAnotherCapture = "another_capture"
	IgnoredAlreadyFailed  = "already_failed"
	IgnoredUnknownOutcome = "unknown_outcome"
)

// Status of a payment.
type Status string

const (
	StatusNone      Status = ""
	StatusPending   Status = "pending"
	StatusSucceeded Status = "succeeded"
	StatusFailed    Status = "failed"
)

// Commands.
type Command interface{ isPaymentCommand() }

// StartPayment records a session opened with a provider.
type StartPayment struct {
	PaymentID         string
	OrderID           string
	Purpose           string
	Provider          string
	Amount            money.Money
	ProviderSessionID string
	RedirectURL       string
	ExpiresAt         time.Time
}

// RecordNotice records a verified notice from the provider. NoticeID identifies the notice itself
// (the provider's event or transaction id): the same notice twice is a replay.
type RecordNotice struct {
	NoticeID    string
	Outcome     string
	Amount      money.Money
	ProviderRef string
	Reason      string
}

// RecordRefund records money sent back through the provider.
type RecordRefund struct {
	RefundID    string
	Amount      money.Money
	ProviderRef string
	Reason      string
}

func (StartPayment) isPaymentCommand() {}
func (RecordNotice) isPaymentCommand() {}
func (RecordRefund) isPaymentCommand() {}

// Events.
type Event interface{ isPaymentEvent() }

// PaymentStarted: a session was opened with the provider for Amount.
type PaymentStarted struct {
	PaymentID         string      `json:"payment_id"`
	OrderID           string      `json:"order_id"`
	Purpose           string      `json:"purpose"`
	Provider          string      `json:"provider"`
	Amount            money.Money `json:"amount"`
	ProviderSessionID string      `json:"provider_session_id"`
	RedirectURL       string      `json:"redirect_url"`
	ExpiresAt         time.Time   `json:"expires_at"`
}

// PaymentSucceeded: the provider reported the money captured.
type PaymentSucceeded struct {
	NoticeID    string      `json:"notice_id"`
	ProviderRef string      `json:"provider_ref"`
	Amount      money.Money `json:"amount"`
	// AfterFailure: an earlier notice had said the payment failed.
	AfterFailure bool `json:"after_failure,omitempty"`
}

// PaymentDeclined: the provider reported the payment failed.
type PaymentDeclined struct {
	NoticeID    string `json:"notice_id"`
	ProviderRef string `json:"provider_ref,omitempty"`
	Reason      string `json:"reason"`
}

// PaymentNoticeIgnored: a verified notice that contradicts what is already settled (a failure after a
// success, a second failure) is kept for the audit and changes nothing.
type PaymentNoticeIgnored struct {
	NoticeID    string      `json:"notice_id"`
	Outcome     string      `json:"outcome"`
	ProviderRef string      `json:"provider_ref,omitempty"`
	Amount      money.Money `json:"amount"`
	Reason      string      `json:"reason"`
}

// PaymentRefunded: money went back through the provider.
type PaymentRefunded struct {
	RefundID    string      `json:"refund_id"`
	Amount      money.Money `json:"amount"`
	ProviderRef string      `json:"provider_ref,omitempty"`
	Reason      string      `json:"reason"`
}

func (PaymentStarted) isPaymentEvent()       {}
func (PaymentSucceeded) isPaymentEvent()     {}
func (PaymentDeclined) isPaymentEvent()      {}
func (PaymentNoticeIgnored) isPaymentEvent() {}
func (PaymentRefunded) isPaymentEvent()      {}

// State is a payment folded from its events.
type State struct {
	status   Status
	started  PaymentStarted
	captured money.Money
	refunded money.Money
	ref      string
	reason   string
	notices  map[string]bool
	refunds  map[string]bool
	// closes are the keys of the closes recorded; closeOutcome the latest one's outcome.
	closes       map[string]bool
	closeOutcome string
}

func (s State) Status() Status          { return s.status }
func (s State) Started() PaymentStarted { return s.started }
func (s State) OrderID() string         { return s.started.OrderID }
func (s State) Captured() money.Money   { return s.captured }
func (s State) Refunded() money.Money   { return s.refunded }
func (s State) ProviderRef() string     { return s.ref }

// DeclineReason is the reason of the last decline ("" when never declined).
func (s State) DeclineReason() string { return s.reason }

// Decider is the payment's decider.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  Decide,
	Evolve:  Evolve,
}

// Decide turns a command into events or refuses it.
func Decide(s State, cmd Command, _ time.Time) ([]Event, error) {
	if _, starting := cmd.(StartPayment); !starting && s.status == StatusNone {
		return nil, ErrPaymentNotFound
	}
	switch c := cmd.(type) {
	case StartPayment:
		if s.status != StatusNone {
			return nil, nil
		}
		if c.PaymentID == "" || c.OrderID == "" || c.Provider == "" || c.Amount.Minor <= 0 || c.Amount.Currency != money.EGP {
			return nil, ErrInvalidPayment
		}
		return []Event{PaymentStarted{
			PaymentID: c.PaymentID, OrderID: c.OrderID, Purpose: c.Purpose, Provider: c.Provider, Amount: c.Amount,
			ProviderSessionID: c.ProviderSessionID, RedirectURL: c.RedirectURL, ExpiresAt: c.ExpiresAt.UTC(),
		}}, nil
	case RecordNotice:
		return decideNotice(s, c)
	case RecordRefund:
		if c.RefundID == "" || c.Amount.Minor <= 0 {
			return nil, ErrInvalidPayment
		}
		if s.refunds[c.RefundID] {
			return nil, nil
		}
		if left := s.captured.Minor - s.refunded.Minor; c.Amount.Minor > left {
			// What is left, for the message; errors.Is still matches ErrRefundTooLarge.
			return nil, domain.InvalidWith(ErrRefundTooLarge.Key, money.New(left, s.captured.Currency))
		}
		return []Event{PaymentRefunded{RefundID: c.RefundID, Amount: c.Amount, ProviderRef: c.ProviderRef, Reason: c.Reason}}, nil
	case RecordSessionClose:
		return decideClose(s, c)
	default:
		panic(fmt.Sprintf("payment: unknown command %T", cmd))
	}
}

func decideNotice(s State, c RecordNotice) ([]Event, error) {
	if c.NoticeID == "" {
		return nil, ErrInvalidPayment
	}
	if s.notices[c.NoticeID] {
		return nil, nil
	}
	ignore := func(reason string) []Event {
		return []Event{PaymentNoticeIgnored{NoticeID: c.NoticeID, Outcome: c.Outcome, ProviderRef: c.ProviderRef, Amount: c.Amount, Reason: reason}}
	}
	switch c.Outcome {
	case OutcomeSucceeded:
		if s.status == StatusSucceeded {
			if c.ProviderRef != "" && s.ref != "" && c.ProviderRef != s.ref {
				return ignore(IgnoredAnotherCapture), nil
			}
			return ignore(IgnoredAlreadySucceeded), nil
		}
		// Whatever was captured is recorded as the provider reported it, in its currency: whether it is
		// what was asked is for the order to judge (domain/order flags a mismatch for staff).
		if c.Amount.Minor <= 0 || c.Amount.Currency == "" {
			return nil, ErrInvalidPayment
		}
		return []Event{PaymentSucceeded{NoticeID: c.NoticeID, ProviderRef: c.ProviderRef, Amount: c.Amount, AfterFailure: s.status == StatusFailed}}, nil
	case OutcomeFailed:
		switch s.status {
		case StatusSucceeded:
			return ignore(IgnoredAlreadySucceeded), nil
		case StatusFailed:
			return ignore(IgnoredAlreadyFailed), nil
		}
		reason := c.Reason
		if reason == "" {
			reason = "declined"
		}
		return []Event{PaymentDeclined{NoticeID: c.NoticeID, ProviderRef: c.ProviderRef, Reason: reason}}, nil
	default:
		return ignore(IgnoredUnknownOutcome), nil
	}
}

// Evolve folds one event into the state.
func Evolve(s State, e Event) State {
	notices := make(map[string]bool, len(s.notices)+1)
	for k := range s.notices {
		notices[k] = true
	}
	refunds := make(map[string]bool, len(s.refunds)+1)
	for k := range s.refunds {
		refunds[k] = true
	}
	s.notices, s.refunds = notices, refunds
	switch ev := e.(type) {
	case PaymentStarted:
		s.status, s.started = StatusPending, ev
		s.captured, s.refunded = money.New(0, money.EGP), money.New(0, money.EGP)
	case PaymentSucceeded:
		s.status, s.captured, s.ref = StatusSucceeded, ev.Amount, ev.ProviderRef
		s.notices[ev.NoticeID] = true
	case PaymentDeclined:
		s.status, s.reason = StatusFailed, ev.Reason
		s.notices[ev.NoticeID] = true
	case PaymentNoticeIgnored:
		s.notices[ev.NoticeID] = true
	case PaymentRefunded:
		s.refunded = s.refunded.Add(ev.Amount)
		s.refunds[ev.RefundID] = true
	case PaymentSessionClosed:
		closes := make(map[string]bool, len(s.closes)+1)
		for k := range s.closes {
			closes[k] = true
		}
		closes[ev.Key] = true
		s.closes, s.closeOutcome = closes, ev.Outcome
	default:
		panic(fmt.Sprintf("payment: unknown event %T", e))
	}
	return s
}
