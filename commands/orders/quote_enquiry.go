package orders

import (
	"context"
	"strings"
	"time"

	"mishwar/commands"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
)

// LoadEnquiry folds an enquiry's stream.
func (h *Handlers) LoadEnquiry(ctx context.Context, tripNumber string) (enquiry.State, error) {
	hist, err := commands.Load[enquiry.Event](ctx, h.runner, EnquiryStream(tripNumber))
	if err != nil {
		return enquiry.State{}, err
	}
	s := enquiry.Decider.Fold(hist.Events)
	if s.Status() == enquiry.StatusNone {
		return s, enquiry.ErrEnquiryNotFound
	}
	return s, nil
}

// DefaultQuoteValidity is how long a quote stands when the operator does not say.
const DefaultQuoteValidity = 48 * time.Hour

// QuoteEnquiry records an operator's price, valid for validFor (nil: DefaultQuoteValidity; the
// domain refuses one that is not ahead or too far ahead); date and time ("" to keep the enquiry's)
// set the start, which checkout's rule for a start judges (order.ValidateStart).
func (h *Handlers) QuoteEnquiry(ctx context.Context, tripNumber string, amount money.Money, note string, validFor *time.Duration, date, clock string, meta commands.Meta) (Outcome, error) {
	tripNumber, _ = order.NormalizeTripNumber(tripNumber)
	valid := DefaultQuoteValidity
	if validFor != nil {
		valid = *validFor
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return Outcome{OrderID: tripNumber}, err
	}
	cmd := enquiry.QuoteEnquiry{Amount: amount, Note: note, ValidUntil: h.now().Add(valid), ByUserID: meta.Actor.UserID,
		Policy: h.settings.Policy(), ServiceHours: hours}
	if strings.TrimSpace(date) != "" || strings.TrimSpace(clock) != "" {
		start, err := trip.ParseStart(date, clock)
		if err != nil {
			return Outcome{OrderID: tripNumber}, err
		}
		cmd.StartAt = start
	}
	res, err := execEnquiry(ctx, h, tripNumber, cmd, meta)
	if err != nil {
		return Outcome{OrderID: tripNumber}, wrap("quote", err)
	}
	return Outcome{OrderID: tripNumber, Position: res.Position}, nil
}
