package ordermail

import (
	"mishwar/domain/order"
	"mishwar/processes"
)

// RefundReason is refundReason, for the tests of the mails' words.
var RefundReason = refundReason

// OrderMails is the e-mails an order's event e sends (before and after: the order without and with
// it), for the tests of the mails' words.
func OrderMails(before, after order.State, e order.Event) []Mail {
	return New(nil, nil, nil, nil).orderMails(before, after, e, processes.Envelope{StreamID: "order-MSH-AAAAAA", Version: 1}, false)
}
