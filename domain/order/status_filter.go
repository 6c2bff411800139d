package order

import (
	"slices"

	"mishwar/domain"
)

// Statuses are the statuses an order can be in, in the order of its life.
var Statuses = []Status{StatusAwaitingPayment, StatusConfirmed, StatusPaymentFailed, StatusExpired, StatusCancelled, StatusCompleted}

// KeyUnknownStatus: a list was asked for orders of a status no order can have.
const KeyUnknownStatus = "orders.unknown_status"

// CheckStatusFilter accepts "" (every order) or one of Statuses. A list of a mistyped status would
// answer "no orders", which reads as a fact about the business.
func CheckStatusFilter(s string) error {
	if s == "" || slices.Contains(Statuses, Status(s)) {
		return nil
	}
	v := &domain.ValidationError{}
	v.Add("status", KeyUnknownStatus)
	return v
}
