package orders

import (
	"context"

	"mishwar/domain/order"
)

// EnquiryRecords is the part of the orders read model the admin's enquiries need.
type EnquiryRecords interface {
	Enquiries(ctx context.Context, status string, limit, offset int) ([]Enquiry, int, error)
	Enquiry(ctx context.Context, tripNumber string) (Enquiry, error)
}

// EnquiriesQuery selects a page of enquiries; Status "" for all.
type EnquiriesQuery struct {
	Status        string
	Limit, Offset int
}

// EnquiriesHandler answers the admin's enquiries.
type EnquiriesHandler struct {
	enquiries EnquiryRecords
}

// Handle returns one page of enquiries, newest first, and how many there are in all.
func (h EnquiriesHandler) Handle(ctx context.Context, q EnquiriesQuery) ([]Enquiry, int, error) {
	return h.enquiries.Enquiries(ctx, q.Status, q.Limit, q.Offset)
}

// One returns the enquiry tripNumber names.
func (h EnquiriesHandler) One(ctx context.Context, tripNumber string) (Enquiry, error) {
	num, _ := order.NormalizeTripNumber(tripNumber)
	return h.enquiries.Enquiry(ctx, num)
}
