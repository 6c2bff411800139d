package order

import (
	"fmt"
	"strings"

	"mishwar/domain"
	"mishwar/domain/money"
)

// Refunds are a process: the decision (RefundOrdered) is recorded before any money moves, reserving
// its amount on the payment it goes back to; a worker asks the provider with the refund id as its
// idempotency key and records the answer (RefundIssued, or RefundFailed which releases the amount).
// So a second decision is always judged against what is still refundable *including* the refunds in
// flight, and a retry of the worker never pays twice.

// ErrRefundSettled: the provider answered yes to a refund already recorded as failed (never expected;
// an operator settles it).
var ErrRefundSettled = domain.Conflict("orders.refund_settled")

// OrderRefund orders Amount sent back (staff's decision, with a reason; no Amount at all: what the
// order owes back and no refund covers yet, refused on amount when it owes nothing). It is split across the
// captured payments, latest first; the first part's id is RefundID, the next ones RefundID/2, ... A
// RefundID seen before is the same decision and changes nothing.
type OrderRefund struct {
	RefundID string
	Amount   money.Money
	Reason   string
	Actor    Actor
	// Owed orders back what the order owes and no refund covers yet, as the decision finds it (no
	// Amount), and nothing when it owes nothing: a follow-up (a cheaper exchange's difference) that
	// runs twice, or beside another, never sends the same money back twice.
	Owed bool
}

func (OrderRefund) isOrderCommand() {}

// RefundOrdered: a refund of Amount through the provider of PaymentID was decided. The amount is
// reserved on that payment until the provider's answer is recorded (RefundIssued or RefundFailed).
type RefundOrdered struct {
	RefundID  string      `json:"refund_id"`
	PaymentID string      `json:"payment_id"`
	Amount    money.Money `json:"amount"`
	Reason    string      `json:"reason"`
	ByUserID  string      `json:"by_user_id,omitempty"`
	ByStaff   bool        `json:"by_staff,omitempty"`
	// Concedes is the part of Amount beyond what the business owed back when it was ordered: a
	// goodwill refund on a going-ahead order, which the business gives up of its price (not a debt
	// of the traveller's). Given back if the refund fails.
	Concedes money.Money `json:"concedes,omitzero"`
}

func (RefundOrdered) isOrderEvent() {}

// InFlightRefund is a refund ordered and not yet answered by the provider.
type InFlightRefund = RefundOrdered

// refundsInFlight keeps the refunds ordered and not yet answered, and those the provider refused.
// What they reserve is summed from pending when asked, never kept beside it.
type refundsInFlight struct {
	pending map[string]RefundOrdered
	failed  map[string]bool
}

func (r refundsInFlight) clone() refundsInFlight {
	return refundsInFlight{pending: cloneMap(r.pending), failed: cloneMap(r.failed)}
}

// total is what the refunds in flight add up to (minor units of EGP).
func (r refundsInFlight) total() int64 {
	var n int64
	for _, ev := range r.pending {
		n += ev.Amount.Minor
	}
	return n
}

// on is what the refunds in flight reserve on payment paymentID.
func (r refundsInFlight) on(paymentID string) int64 {
	var n int64
	for _, ev := range r.pending {
		if ev.PaymentID == paymentID {
			n += ev.Amount.Minor
		}
	}
	return n
}

// RefundsInFlight is what the refunds ordered and not yet answered add up to.
func (s State) RefundsInFlight() money.Money {
	return money.New(s.inFlight.total(), money.EGP)
}

// InFlight returns the refund refundID while it waits for the provider's answer.
func (s State) InFlight(refundID string) (InFlightRefund, bool) {
	r, ok := s.inFlight.pending[refundID]
	return r, ok
}

// RefundSettled reports whether the provider's answer to refundID is recorded (issued or failed).
func (s State) RefundSettled(refundID string) bool {
	return s.refunds[refundID] || s.inFlight.failed[refundID]
}

// RefundIssuedFor reports whether refundID went back to the traveller.
func (s State) RefundIssuedFor(refundID string) bool { return s.refunds[refundID] }

// Refundable is what can still be ordered refunded: paid, less refunded, less the refunds in flight.
func (s State) Refundable() money.Money {
	return money.New(max(s.paid.Minor-s.refunded.Minor-s.inFlight.total(), 0), money.EGP)
}

// Unclaimed is what the business owes back and has not yet ordered refunded.
func (s State) Unclaimed() money.Money {
	return money.New(max(s.Owed().Minor-s.inFlight.total(), 0), money.EGP)
}

// UnderReview reports whether money that differs from what was asked waits for staff to accept it or
// send it back.
func (s State) UnderReview() bool {
	for id, p := range s.payments {
		if p.review && (p.received.Currency != money.EGP || p.refunded.Minor+s.inFlight.on(id) < p.received.Minor) {
			return true
		}
	}
	return false
}

// RefundPartID is the id of the i-th part (from 0) of the refund ordered as refundID.
func RefundPartID(refundID string, i int) string {
	if i == 0 {
		return refundID
	}
	return fmt.Sprintf("%s/%d", refundID, i+1)
}

func decideOrderRefund(s State, c OrderRefund) ([]Event, error) {
	if c.RefundID == "" {
		return nil, ErrInvalidOrder
	}
	if s.refundKnown(c.RefundID) {
		return nil, nil
	}
	if !c.Actor.Staff {
		return nil, ErrNotYourOrder
	}
	if c.Owed {
		owed := s.Unclaimed()
		if owed.Minor <= 0 {
			return nil, nil
		}
		return s.orderRefund(c.RefundID, owed, strings.TrimSpace(c.Reason), c.Actor)
	}
	reason, err := domain.Reason("reason", c.Reason, KeyReasonRequired)
	if err != nil {
		return nil, err
	}
	if c.Amount == (money.Money{}) {
		// No amount named: what the order owes back and no refund covers yet, when it owes any.
		c.Amount = s.Unclaimed()
		if c.Amount.Minor <= 0 {
			return nil, &domain.ValidationError{Fields: map[string][]string{"amount": {KeyAmountRequired}}}
		}
	}
	if c.Amount.Minor <= 0 || c.Amount.Currency != money.EGP {
		// On the form's field: staff typed it.
		return nil, &domain.ValidationError{Fields: map[string][]string{"amount": {ErrInvalidAmount.Key}}}
	}
	left := s.Refundable()
	if left.Minor <= 0 {
		return nil, ErrNothingToRefund
	}
	if c.Amount.Minor > left.Minor {
		return nil, refundTooLarge(left)
	}
	return s.orderRefund(c.RefundID, c.Amount, reason, c.Actor)
}

// refundOwedWith completes a decision (events, err) that may leave money owed back (a cancellation):
// with a refundID, what is then owed and not yet claimed is ordered refunded in the same decision, so
// the intent can never be lost between two writes.
func refundOwedWith(s State, events []Event, err error, refundID, reason string, actor Actor) ([]Event, error) {
	if err != nil || refundID == "" || len(events) == 0 || s.refundKnown(refundID) {
		return events, err
	}
	after := s
	for _, e := range events {
		after = Evolve(after, e)
	}
	owed := after.Unclaimed()
	if owed.Minor <= 0 {
		return events, nil
	}
	refunds, err := after.orderRefund(refundID, owed, reason, actor)
	if err != nil {
		// What cannot be planned stays owed, for an operator to see and settle.
		return events, nil
	}
	return append(events, refunds...), nil
}

// refundTooLarge refuses a refund larger than left, what is left to refund (ErrRefundTooLarge).
func refundTooLarge(left money.Money) error { return domain.InvalidWith(ErrRefundTooLarge.Key, left) }

// errInitiator refuses a staff cancellation on its initiated_by field with key.
func errInitiator(key string) error {
	v := &domain.ValidationError{}
	v.Add("initiated_by", key)
	return v
}

// errReasonRequired is the refusal of a decision that needs a reason and was given none.
func errReasonRequired() error {
	v := &domain.ValidationError{}
	v.Add("reason", KeyReasonRequired)
	return v
}

func (s State) refundKnown(refundID string) bool {
	_, pending := s.inFlight.pending[refundID]
	return pending || s.RefundSettled(refundID)
}

func (s State) orderRefund(refundID string, amount money.Money, reason string, actor Actor) ([]Event, error) {
	parts, ok := s.PlanRefund(amount)
	if !ok {
		return nil, refundTooLarge(s.Refundable())
	}
	by := actor.UserID
	// On an order that goes ahead, what goes back beyond what is owed is a concession; on a cancelled
	// one, the cancellation already settled what the business keeps.
	owed := int64(1) << 62
	if s.status == StatusConfirmed || s.status == StatusCompleted {
		owed = s.Unclaimed().Minor
	}
	events := make([]Event, 0, len(parts))
	for i, part := range parts {
		concedes := max(part.Amount.Minor-owed, 0)
		owed = max(owed-part.Amount.Minor, 0)
		ev := RefundOrdered{RefundID: RefundPartID(refundID, i), PaymentID: part.PaymentID, Amount: part.Amount,
			Reason: reason, ByUserID: by, ByStaff: actor.Staff}
		if concedes > 0 {
			ev.Concedes = money.New(concedes, money.EGP)
		}
		events = append(events, ev)
	}
	return events, nil
}

func (s State) reserveRefund(ev RefundOrdered) State {
	if s.inFlight.pending == nil {
		s.inFlight.pending = map[string]RefundOrdered{}
	}
	s.inFlight.pending[ev.RefundID] = ev
	return s
}

func (s State) unreserveRefund(refundID string) State {
	if s.inFlight.failed == nil {
		s.inFlight.failed = map[string]bool{}
	}
	delete(s.inFlight.pending, refundID)
	return s
}
