package order

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"mishwar/domain"
)

// Redemptions: how many orders use an offer's promo code is decided on a stream of the offer's own
// ("promo-<offer id>"), appended with its expected version, never counted from a read model. Two
// travellers racing for the last use meet on that stream: one is counted, the other refused.
//
// A use counts from the moment the order is placed. It is given back when the order is cancelled
// (by the traveller or staff, paid or not), when its hold lapses unpaid, when its payment fails, or
// when placing it failed after the use was counted: an order that will not go ahead does not keep a
// code from someone who will use it. Redeeming the same order again changes nothing while its use
// counts; after it was given back (a payment that failed or lapsed, then arrived and confirmed the
// order after all), it is counted again if the limits allow; if they do not, the order goes ahead
// at the price it was placed at (the money is in) and its use is not counted.

// RedemptionsCommand is one of an offer's redemption commands.
type RedemptionsCommand interface{ isRedemptionsCommand() }

// Redeem counts the order OrderID, placed by Customer, among the code's uses. It is refused when the
// customer has used the code LimitPerCustomer times, or everyone LimitTotal times (0: no bound).
// Identities are the other names the order gives its customer (CustomerIdentities of its contact): a
// use by another account with the same e-mail or phone is the same customer's.
type Redeem struct {
	OrderID          string
	Customer         string
	Identities       []string
	Code             string
	LimitPerCustomer int
	LimitTotal       int
}

// GiveBack stops counting the order's use (cancelled, lapsed, failed, never placed).
type GiveBack struct {
	OrderID string
	Reason  string
}

func (Redeem) isRedemptionsCommand()   {}
func (GiveBack) isRedemptionsCommand() {}

// RedemptionsEvent is one of an offer's redemption events.
type RedemptionsEvent interface{ isRedemptionsEvent() }

// PromoRedeemed: the order counts among the code's uses. Identities: the order's contact as
// CustomerIdentities names it (absent from uses recorded before 2026-12-02, which count by account).
type PromoRedeemed struct {
	OrderID    string   `json:"order_id"`
	Customer   string   `json:"customer"`
	Identities []string `json:"identities,omitempty"`
	Code       string   `json:"code"`
}

// PromoGivenBack: the order's use no longer counts.
type PromoGivenBack struct {
	OrderID  string `json:"order_id"`
	Customer string `json:"customer"`
	Reason   string `json:"reason"`
}

func (PromoRedeemed) isRedemptionsEvent()  {}
func (PromoGivenBack) isRedemptionsEvent() {}

// Why a use is given back.
const (
	PromoBackCancelled = "cancelled"
	PromoBackExpired   = "expired"
	PromoBackFailed    = "payment_failed"
	PromoBackNotPlaced = "not_placed"
)

// CustomerIdentities names the customer of an order by its contact, beside the account: the e-mail
// address as its mailbox receives it (lower case, without a "+tag", and for Gmail without dots, which
// Gmail ignores) and the phone number. Per-customer limits count these, so that a second account
// signed up with the same e-mail under another spelling, or the same phone, is not a new customer.
// They are for counting only, never for writing to.
func CustomerIdentities(c Contact) []string {
	var ids []string
	if mailbox := canonicalMailbox(c.Email); mailbox != "" {
		ids = append(ids, "email:"+mailbox)
	}
	if phone := strings.TrimSpace(c.Phone); phone != "" {
		ids = append(ids, "phone:"+phone)
	}
	return ids
}

func canonicalMailbox(email string) string {
	email = domain.NormalizeEmail(email)
	local, host, ok := strings.Cut(email, "@")
	if !ok || local == "" || host == "" {
		return email
	}
	local, _, _ = strings.Cut(local, "+")
	if host == "googlemail.com" {
		host = "gmail.com"
	}
	if host == "gmail.com" {
		local = strings.ReplaceAll(local, ".", "")
	}
	return local + "@" + host
}

// use is one counting order's customer: the account and its other names.
type use struct {
	customer   string
	identities []string
}

func (u use) by(customer string, identities []string) bool {
	if u.customer == customer {
		return true
	}
	for _, id := range u.identities {
		if slices.Contains(identities, id) {
			return true
		}
	}
	return false
}

// RedemptionsState is who uses an offer's code: each counting order's customer, and the orders whose
// use was given back because they were cancelled.
type RedemptionsState struct {
	counting  map[string]use
	cancelled map[string]bool
}

// Used is how many orders count.
func (s RedemptionsState) Used() int { return len(s.counting) }

// UsedBy is how many counting orders the customer placed: with the account, or naming the customer
// by any of the identities.
func (s RedemptionsState) UsedBy(customer string, identities ...string) int {
	n := 0
	for _, u := range s.counting {
		if u.by(customer, identities) {
			n++
		}
	}
	return n
}

// Counts reports whether the order's use counts.
func (s RedemptionsState) Counts(orderID string) bool { _, ok := s.counting[orderID]; return ok }

// CanRedeem is the limits' verdict for one more use by customer, named also by identities (nil: allowed).
func (s RedemptionsState) CanRedeem(customer string, limitPerCustomer, limitTotal int, identities ...string) error {
	if limitTotal > 0 && s.Used() >= limitTotal {
		return ErrPromoUsedUp
	}
	if limitPerCustomer > 0 && s.UsedBy(customer, identities...) >= limitPerCustomer {
		return ErrPromoUsedByYou
	}
	return nil
}

// Redemptions is the decider of an offer's uses.
var Redemptions = domain.Decider[RedemptionsState, RedemptionsCommand, RedemptionsEvent]{
	Initial: func() RedemptionsState { return RedemptionsState{} },
	Decide:  DecideRedemptions,
	Evolve:  EvolveRedemptions,
}

// DecideRedemptions turns a command into events or refuses it.
func DecideRedemptions(s RedemptionsState, cmd RedemptionsCommand, _ time.Time) ([]RedemptionsEvent, error) {
	switch c := cmd.(type) {
	case Redeem:
		if c.OrderID == "" || c.Customer == "" {
			return nil, ErrInvalidOrder
		}
		// A cancelled order is never confirmed again: a late "count it again" (a payment's follow-up
		// that ran after the cancellation gave the use back) would take a use from its customer for good.
		if s.Counts(c.OrderID) || s.cancelled[c.OrderID] {
			return nil, nil
		}
		if err := s.CanRedeem(c.Customer, c.LimitPerCustomer, c.LimitTotal, c.Identities...); err != nil {
			return nil, err
		}
		return []RedemptionsEvent{PromoRedeemed{OrderID: c.OrderID, Customer: c.Customer, Identities: c.Identities, Code: c.Code}}, nil
	case GiveBack:
		u, ok := s.counting[c.OrderID]
		if !ok {
			return nil, nil
		}
		return []RedemptionsEvent{PromoGivenBack{OrderID: c.OrderID, Customer: u.customer, Reason: c.Reason}}, nil
	default:
		panic(fmt.Sprintf("order: unknown redemptions command %T", cmd))
	}
}

// EvolveRedemptions folds one event into the state.
func EvolveRedemptions(s RedemptionsState, e RedemptionsEvent) RedemptionsState {
	s.counting = cloneMap(s.counting)
	switch ev := e.(type) {
	case PromoRedeemed:
		s.counting[ev.OrderID] = use{customer: ev.Customer, identities: ev.Identities}
	case PromoGivenBack:
		delete(s.counting, ev.OrderID)
		if ev.Reason == PromoBackCancelled {
			s.cancelled = cloneMap(s.cancelled)
			s.cancelled[ev.OrderID] = true
		}
	default:
		panic(fmt.Sprintf("order: unknown redemptions event %T", e))
	}
	return s
}
