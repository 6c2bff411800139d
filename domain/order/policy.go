package order

import (
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// Policy holds the booking rules in force when an order is placed (settings, MISHWAR_BOOKING_*).
type Policy struct {
	// Lead is the shortest time between placing an order and its start (default 12h).
	Lead time.Duration
	// WindowDays is how many days ahead a trip can start (default 180).
	WindowDays int
	// Hold is how long capacity is held waiting for payment (default 30m).
	Hold time.Duration
	// Cancellation is recorded in the order, so the rules shown before paying are the rules applied.
	Cancellation Cancellation
}

// Cancellation is the refund policy of an order.
type Cancellation struct {
	// FreeBefore: cancelling at least this long before the start refunds everything (default 24h).
	FreeBefore time.Duration `json:"free_before"`
	// LateRefundBasisPoints is the share refunded after that, in 1/100 percent (5000 = 50%).
	LateRefundBasisPoints int64 `json:"late_refund_basis_points"`
}

// RefundShare returns the share (basis points) of the paid amount a cancellation at now refunds, and
// whether it is free. After the start, nothing can be cancelled (ok false).
func (c Cancellation) RefundShare(start, now time.Time) (basisPoints int64, free, ok bool) {
	if !now.Before(start) {
		return 0, false, false
	}
	if !now.After(start.Add(-c.FreeBefore)) {
		return 10000, true, true
	}
	return c.LateRefundBasisPoints, false, true
}

// ChangeCutoff is how long before its start a traveller's trip can no longer be changed
// (exchanged): when its free cancellation ends, so a change never undoes a late cancellation's cost.
func (c Cancellation) ChangeCutoff() time.Duration { return c.FreeBefore }

// ChangeableUntil is the last moment a traveller may still change a trip starting at start.
func (c Cancellation) ChangeableUntil(start time.Time) time.Time { return start.Add(-c.ChangeCutoff()) }

// Changeable reports whether the traveller may still change a trip starting at start, at now.
func (c Cancellation) Changeable(start, now time.Time) bool {
	return !now.After(c.ChangeableUntil(start))
}

// DayStatus is how the calendar shows a day.
type DayStatus string

const (
	DayAvailable  DayStatus = "available"
	DayBlocked    DayStatus = "blocked"
	DayOutOfRange DayStatus = "out_of_range"
)

// InRange reports whether day d can be booked at all under p at now: not before the first day a start
// can fall on (now + lead), not after the booking window. Days in range may still be blocked (full,
// closed).
func (p Policy) InRange(d availability.Day, now time.Time) bool {
	local := now.In(catalogue.Cairo)
	first := availability.DayOf(local.Add(p.Lead))
	last := availability.DayOf(time.Date(local.Year(), local.Month(), local.Day()+p.WindowDays, 0, 0, 0, 0, catalogue.Cairo))
	return d >= first && d <= last
}

// StartRange returns the earliest and latest start p allows at now.
func (p Policy) StartRange(now time.Time) (earliest, latest time.Time) {
	local := now.In(catalogue.Cairo)
	earliest = now.Add(p.Lead)
	latest = time.Date(local.Year(), local.Month(), local.Day()+p.WindowDays+1, 0, 0, 0, 0, catalogue.Cairo).Add(-time.Nanosecond)
	return earliest, latest
}

// Who a cancellation is for (OrderCancelled.InitiatedBy): it decides what the business may keep.
const (
	// InitiatedByTraveller: the traveller cancels, or staff cancel because the traveller asked: the
	// order's policy applies.
	InitiatedByTraveller = "traveller"
	// InitiatedByBusiness: the business cancels (no driver, a fault of ours): it keeps nothing, and
	// everything the traveller paid goes back, whenever it happens.
	InitiatedByBusiness = "business"
)

// ValidInitiator reports whether by names who a cancellation is for.
func ValidInitiator(by string) bool { return by == InitiatedByTraveller || by == InitiatedByBusiness }

// Settlement is what a cancellation does to the order's money.
type Settlement struct {
	// Free: the traveller loses nothing (the free window, or the business cancelling).
	Free bool
	// RefundBasisPoints is the share of the order's price the traveller does not pay for, in 1/100
	// percent (10000 free, the policy's late share otherwise).
	RefundBasisPoints int64
	// Keep is what the business keeps of the money it holds: the rest of the price's share, never
	// more than it holds.
	Keep money.Money
	// Refund is what goes back: the money held beyond Keep.
	Refund money.Money
}

// Settle is what cancelling at now settles, for an order of price (its current price, after any
// promo) whose money the business holds held: what the traveller paid, less what was refunded and
// what refunds on their way will send back (so the outcome never depends on whether a provider has
// answered yet). A late cancellation lets the business keep (100 − late share)% of the price, not a
// share of what was paid: money paid and refunded again (a cheaper change, a goodwill refund) counts
// for nothing. ok is false once the trip has started.
func (c Cancellation) Settle(price, held money.Money, start, now time.Time, initiatedBy string) (Settlement, bool) {
	share, free, ok := c.RefundShare(start, now)
	if !ok {
		return Settlement{}, false
	}
	if initiatedBy == InitiatedByBusiness {
		share, free = 10000, true
	}
	return settle(price, held, share, free), true
}

// Held is the money the business holds of an order, as a cancellation settles it: what was paid, less
// what was refunded and what refunds on their way will send back (as good as sent).
func Held(paid, refunded, inFlight money.Money) money.Money {
	return money.New(max(paid.Minor-refunded.Minor-inFlight.Minor, 0), money.EGP)
}

// SettleUnconfirmed is what cancelling an order that was never confirmed settles: it was sold
// nothing, so everything held goes back.
func SettleUnconfirmed(held money.Money) Settlement { return settle(money.Money{}, held, 10000, true) }

func settle(price, held money.Money, share int64, free bool) Settlement {
	h := max(held.Minor, 0)
	keep := min(max(price.Minor-price.Percent(share).Minor, 0), h)
	return Settlement{Free: free, RefundBasisPoints: share, Keep: money.New(keep, money.EGP), Refund: money.New(h-keep, money.EGP)}
}
