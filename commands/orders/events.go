package orders

import (
	"mishwar/domain/availability"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
)

// RegisterEvents registers the events of orders, days, payments and enquiries under their stored
// names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[availability.CapacityReserved](r, "CapacityReserved", 1)
	eventstore.Register[availability.ReservationConfirmed](r, "ReservationConfirmed", 1)
	eventstore.Register[availability.ReservationReleased](r, "ReservationReleased", 1)

	eventstore.Register[order.OrderPlaced](r, "OrderPlaced", 1)
	eventstore.Register[order.PaymentRequested](r, "PaymentRequested", 1)
	eventstore.Register[order.PaymentReceived](r, "PaymentReceived", 1)
	eventstore.Register[order.PaymentFailed](r, "PaymentFailed", 1)
	eventstore.Register[order.OrderExpired](r, "OrderExpired", 1)
	eventstore.Register[order.OrderNeedsAttention](r, "OrderNeedsAttention", 1)
	eventstore.Register[order.OrderCancelled](r, "OrderCancelled", 1)
	eventstore.Register[order.RefundRequested](r, "RefundRequested", 1)
	eventstore.Register[order.RefundIssued](r, "RefundIssued", 1)
	eventstore.Register[order.RefundFailed](r, "RefundFailed", 1)
	eventstore.Register[order.ExchangeRequested](r, "ExchangeRequested", 1)
	eventstore.Register[order.OrderExchanged](r, "OrderExchanged", 1)
	eventstore.Register[order.ExchangeAbandoned](r, "ExchangeAbandoned", 1)
	// The order's own record of its trip (dispatch's TripStarted and TripCompleted keep their names).
	eventstore.Register[order.TripStarted](r, "OrderTripStarted", 1)
	eventstore.Register[order.TripCompleted](r, "OrderTripCompleted", 1)
	eventstore.Register[order.OrderCompleted](r, "OrderCompleted", 1)
	eventstore.Register[order.PaymentSessionOrdered](r, "PaymentSessionOrdered", 1)
	eventstore.Register[order.PaymentSessionFailed](r, "PaymentSessionFailed", 1)
	eventstore.Register[order.PaymentAccepted](r, "PaymentAccepted", 1)
	eventstore.Register[order.RefundOrdered](r, "RefundOrdered", 1)
	eventstore.Register[order.OrderHeldAgain](r, "OrderHeldAgain", 1)

	eventstore.Register[order.UnpaidHoldTaken](r, "UnpaidHoldTaken", 1)
	eventstore.Register[order.UnpaidHoldReleased](r, "UnpaidHoldReleased", 1)

	eventstore.Register[order.PromoRedeemed](r, "PromoRedeemed", 1)
	eventstore.Register[order.PromoGivenBack](r, "PromoGivenBack", 1)

	eventstore.Register[payment.PaymentStarted](r, "PaymentStarted", 1)
	eventstore.Register[payment.PaymentSucceeded](r, "PaymentSucceeded", 1)
	eventstore.Register[payment.PaymentDeclined](r, "PaymentDeclined", 1)
	eventstore.Register[payment.PaymentNoticeIgnored](r, "PaymentNoticeIgnored", 1)
	eventstore.Register[payment.PaymentRefunded](r, "PaymentRefunded", 1)
	eventstore.Register[payment.PaymentSessionClosed](r, "PaymentSessionClosed", 1)

	eventstore.Register[enquiry.EnquirySubmitted](r, "EnquirySubmitted", 1)
	eventstore.Register[enquiry.EnquiryQuoted](r, "EnquiryQuoted", 1)
	eventstore.Register[enquiry.EnquiryDeclined](r, "EnquiryDeclined", 1)
	eventstore.Register[enquiry.EnquiryAttached](r, "EnquiryAttached", 1)
	eventstore.Register[enquiry.EnquiryConverted](r, "EnquiryConverted", 1)
}
