package orders

import (
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
)

// The read model's records as the queries answer them. The HTTP layer names them through here and
// never imports the read model itself (the layers test refuses httpapi -> projections).
type (
	// Order is an order as the orders read model holds it.
	Order = ordersrm.Order
	// Enquiry is an enquiry as the orders read model holds it.
	Enquiry = ordersrm.Enquiry
	// TimelineEntry is one event of a trip number's history.
	TimelineEntry = ordersrm.TimelineEntry
	// PaymentRow is one payment of the payments audit, with its notices.
	PaymentRow = ordersrm.PaymentRow
	// CalendarDay is one day of the booking calendar.
	CalendarDay = ordersrm.CalendarDay
	// OrderFilter narrows the purchase orders list.
	OrderFilter = ordersrm.AdminFilter
)

// ReadModel is the name of the orders read model, for read-your-writes waits on a command's position.
const ReadModel = ordersrm.Name

// ErrTripNotFound is the one answer for a trip number and e-mail that do not match, whichever part
// is wrong.
var ErrTripNotFound = ordersrm.ErrTripNotFound

// OrderView is an order with what it means at a moment: what its owner may do with it, what
// cancelling would do, and the payment page still open.
type OrderView struct {
	Order
	Actions      Actions
	Cancellation CancellationNow
	// OpenPaymentURL is the payment page that can still be paid: the order's own while its hold
	// lasts, or the difference of a pending exchange.
	OpenPaymentURL string
	// Timeline is the order's history (only on the queries of one order).
	Timeline []TimelineEntry
}

// Actions says what the owner may do with an order now (the commands decide again).
type Actions struct {
	Pay, Cancel, Refund, Exchange bool
}

// CancellationNow is the order's cancellation policy and what cancelling now would do.
type CancellationNow struct {
	FreeUntil         time.Time
	FreeHoursBefore   float64
	LateRefundPercent float64
	Free              bool
	RefundPercent     float64
	Refund            money.Money
}

// viewOf is o as it stands at now, under the booking lead lead (an order whose payment failed or
// whose hold lapsed can be paid again until its start is within it).
func viewOf(o Order, now time.Time, lead time.Duration) OrderView {
	v := OrderView{Order: o, Actions: actionsOf(o, now, lead), Cancellation: cancellationOf(o, now)}
	if o.Status == order.StatusAwaitingPayment && now.Before(o.HoldUntil) {
		v.OpenPaymentURL = o.PaymentURL()
	}
	if x := o.PendingExchange; x != nil {
		for _, p := range o.Payments {
			if p.ID == x.PaymentID && p.Status == "requested" {
				v.OpenPaymentURL = p.URL
			}
		}
	}
	return v
}

func actionsOf(o Order, now time.Time, lead time.Duration) Actions {
	a := Actions{}
	if o.TripStartedAt != nil {
		// The trip is under way (or done): nothing more for the traveller to do here (domain/order).
		return a
	}
	// "Pay now" pays the open session, or pays again an order whose payment failed or whose hold lapsed.
	a.Pay = order.CanPayAgain(o.Status, o.HoldUntil, o.Trip.StartAt, now, lead)
	switch o.Status {
	case order.StatusAwaitingPayment:
		a.Pay = a.Pay || now.Before(o.HoldUntil)
		a.Cancel = true
	case order.StatusConfirmed:
		a.Cancel = now.Before(o.Trip.StartAt)
		a.Exchange = o.PendingExchange == nil && !now.After(o.Trip.StartAt.Add(-o.Cancellation.FreeBefore))
		a.Pay = o.PendingExchange != nil && now.Before(o.PendingExchange.HoldUntil)
	}
	a.Refund = (o.Status == order.StatusConfirmed || o.Status == order.StatusCancelled) && o.Paid.Minor-o.Refunded.Minor-o.RefundPending().Minor > 0 &&
		!o.RefundRequestOpen
	return a
}

func cancellationOf(o Order, now time.Time) CancellationNow {
	c := CancellationNow{
		FreeUntil:         o.Trip.StartAt.Add(-o.Cancellation.FreeBefore),
		FreeHoursBefore:   o.Cancellation.FreeBefore.Hours(),
		LateRefundPercent: float64(o.Cancellation.LateRefundBasisPoints) / 100,
		Refund:            money.New(0, money.EGP),
	}
	switch o.Status {
	case order.StatusAwaitingPayment:
		c.Free, c.RefundPercent = true, 100
	case order.StatusConfirmed:
		due, free, ok := o.Cancellation.RefundFor(o.Paid, o.Refunded, o.Trip.StartAt, now)
		if ok && o.TripStartedAt == nil {
			share, _, _ := o.Cancellation.RefundShare(o.Trip.StartAt, now)
			c.Free, c.RefundPercent, c.Refund = free, float64(share)/100, due
		}
	}
	return c
}
