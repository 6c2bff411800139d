package enquiry

import "mishwar/domain"

// Statuses are the statuses an enquiry can be in.
var Statuses = []Status{StatusSubmitted, StatusQuoted, StatusDeclined, StatusConverted}

// KeyUnknownStatus: a list was asked for enquiries of a status no enquiry can have.
const KeyUnknownStatus = "enquiries.unknown_status"

// CheckStatusFilter accepts "" (every enquiry) or one of Statuses.
func CheckStatusFilter(s string) error {
	return domain.CheckFilter("status", KeyUnknownStatus, s, Statuses)
}
