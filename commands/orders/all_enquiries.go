package orders

import (
	"context"
	"fmt"

	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
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
	hours     serviceHours
}

// serviceHours are the office's settings a start is judged by (CatalogueReader.ServiceHours).
type serviceHours interface {
	ServiceHours(ctx context.Context) (cat.BusinessHours, error)
}

// Handle returns one page of enquiries, newest first, and how many there are in all; a quote whose
// start today's settings refuse says it needs a new date.
func (h EnquiriesHandler) Handle(ctx context.Context, q EnquiriesQuery) ([]Enquiry, int, error) {
	list, total, err := h.enquiries.Enquiries(ctx, q.Status, q.Limit, q.Offset)
	if err != nil {
		return nil, 0, err
	}
	if err := markNewDates(ctx, h.hours, list); err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

// One returns the enquiry tripNumber names.
func (h EnquiriesHandler) One(ctx context.Context, tripNumber string) (Enquiry, error) {
	num, _ := order.NormalizeTripNumber(tripNumber)
	q, err := h.enquiries.Enquiry(ctx, num)
	if err != nil {
		return Enquiry{}, err
	}
	list := []Enquiry{q}
	err = markNewDates(ctx, h.hours, list)
	return list[0], err
}

// markNewDates sets NeedsNewDate on the quotes whose start the office's settings refuse today
// (enquiry.NeedsNewDate, checkout's rule for a start).
func markNewDates(ctx context.Context, hours serviceHours, list []Enquiry) error {
	if hours == nil {
		return nil
	}
	var b cat.BusinessHours
	loaded := false
	for i := range list {
		if list[i].Status != enquiry.StatusQuoted {
			continue
		}
		if !loaded {
			var err error
			if b, err = hours.ServiceHours(ctx); err != nil {
				return fmt.Errorf("orders: enquiries: office hours: %w", err)
			}
			loaded = true
		}
		list[i].NeedsNewDate = enquiry.NeedsNewDate(list[i].Status, list[i].Trip.StartAt, b)
	}
	return nil
}
