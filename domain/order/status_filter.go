package order

import "mishwar/domain"

// Statuses are the statuses an order can be in, in the order of its life.
var Statuses = []Status{StatusAwaitingPayment, StatusConfirmed, StatusPaymentFailed, StatusExpired, StatusCancelled, StatusCompleted}

// KeyUnknownStatus: a list was asked for orders of a status no order can have.
const KeyUnknownStatus = "orders.unknown_status"

// CheckStatusFilter accepts "" (every order) or one of Statuses.
func CheckStatusFilter(s string) error {
	return domain.CheckFilter("status", KeyUnknownStatus, s, Statuses)
}
