package orders

import (
	"time"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// Enquiry is a request for a quote as the read model holds it.
type Enquiry struct {
	TripNumber string `json:"trip_number"`
	// About is what the enquiry asks about (program or itinerary).
	About           enquiry.About  `json:"about,omitempty"`
	UserID          string         `json:"user_id"`
	Lang            string         `json:"lang"`
	Status          enquiry.Status `json:"status"`
	Contact         order.Contact  `json:"contact"`
	Trip            order.Trip     `json:"trip"`
	Rates           []money.Rate   `json:"rates"`
	DisplayCurrency money.Currency `json:"display_currency"`
	Quote           *Quote         `json:"quote,omitempty"`
	DeclineReason   string         `json:"decline_reason,omitempty"`
	OrderID         string         `json:"order_id,omitempty"`
	SubmittedAt     time.Time      `json:"submitted_at"`
	UpdatedAt       time.Time      `json:"updated_at"`
	Version         int64          `json:"version"`
	// NeedsNewDate: a quote whose start the office's settings now refuse (enquiry.NeedsNewDate). Its
	// queries judge it by today's settings when they answer; it is never stored.
	NeedsNewDate bool `json:"-"`
}

// Quote is an operator's offer.
type Quote struct {
	Amount     money.Money `json:"amount"`
	Note       string      `json:"note,omitempty"`
	ValidUntil time.Time   `json:"valid_until"`
	At         time.Time   `json:"at"`
}

func (q *Enquiry) apply(e enquiry.Event, at time.Time) {
	switch ev := e.(type) {
	case enquiry.EnquirySubmitted:
		*q = Enquiry{TripNumber: ev.TripNumber, About: enquiry.AboutOf(ev), UserID: ev.UserID, Lang: ev.Lang, Status: enquiry.StatusSubmitted, Contact: ev.Contact,
			Trip: ev.Trip, Rates: ev.Rates, DisplayCurrency: ev.DisplayCurrency, SubmittedAt: ev.SubmittedAt}
	case enquiry.EnquiryQuoted:
		q.Status = enquiry.StatusQuoted
		if !ev.StartAt.IsZero() {
			q.Trip.StartAt, q.Trip.Day = ev.StartAt, availability.DayOf(ev.StartAt.In(cat.Cairo))
		}
		q.Quote = &Quote{Amount: ev.Amount, Note: ev.Note, ValidUntil: ev.ValidUntil, At: at}
	case enquiry.EnquiryDeclined:
		q.Status, q.DeclineReason = enquiry.StatusDeclined, ev.Reason
	case enquiry.EnquiryConverted:
		q.Status, q.OrderID = enquiry.StatusConverted, ev.OrderID
	case enquiry.EnquiryAttached:
		// A visitor's enquiry, now the account's: it shows in its list (EnquiriesOf).
		q.UserID = ev.UserID
	}
	q.UpdatedAt = at
}
