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

// RefundFor is what cancelling at now refunds of paid (minus what was refunded already).
func (c Cancellation) RefundFor(paid, refunded money.Money, start, now time.Time) (money.Money, bool, bool) {
	share, free, ok := c.RefundShare(start, now)
	if !ok {
		return money.Money{}, false, false
	}
	due := paid.Percent(share)
	if left := paid.Minor - refunded.Minor; due.Minor > left {
		due.Minor = left
	}
	if due.Minor < 0 {
		due.Minor = 0
	}
	due.Currency = paid.Currency
	return due, free, true
}
