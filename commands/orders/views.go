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
	// SessionClose is the close of a payment's page, as an order's payment says it.
	SessionClose = ordersrm.SessionClose
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
	// What cancelling now at the traveller's request would do (the traveller's own cancellation):
	// free or not, the share of the price not paid for, what goes back and what the business keeps.
	Free          bool
	RefundPercent float64
	Refund        money.Money
	Keep          money.Money
	// RefundByBusiness is what goes back if the business cancels now (staff only): everything held.
	RefundByBusiness money.Money
}

func cancellationOf(o Order, now time.Time) CancellationNow {
	c := CancellationNow{
		FreeUntil:         o.Trip.StartAt.Add(-o.Cancellation.FreeBefore),
		FreeHoursBefore:   o.Cancellation.FreeBefore.Hours(),
		LateRefundPercent: float64(o.Cancellation.LateRefundBasisPoints) / 100,
		Refund:            money.New(0, money.EGP),
		Keep:              money.New(0, money.EGP),
		RefundByBusiness:  money.New(0, money.EGP),
	}
	// What the business holds, as the decision counts it: refunds on their way are as good as sent.
	held := order.Held(o.Paid, o.Refunded, o.RefundPending())
	var traveller, business order.Settlement
	switch o.Status {
	case order.StatusAwaitingPayment, order.StatusPaymentFailed:
		traveller = order.SettleUnconfirmed(held)
		business = traveller
	case order.StatusConfirmed:
		if o.TripStartedAt != nil {
			return c
		}
		var ok bool
		if traveller, ok = o.Cancellation.Settle(o.Price, held, o.Trip.StartAt, now, order.InitiatedByTraveller); !ok {
			return c
		}
		business, _ = o.Cancellation.Settle(o.Price, held, o.Trip.StartAt, now, order.InitiatedByBusiness)
	default:
		return c
	}
	c.Free, c.RefundPercent = traveller.Free, float64(traveller.RefundBasisPoints)/100
	c.Refund, c.Keep, c.RefundByBusiness = traveller.Refund, traveller.Keep, business.Refund
	return c
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
	case order.StatusPaymentFailed:
		// Nothing was paid: the traveller may give it up instead of paying again (domain/order).
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
