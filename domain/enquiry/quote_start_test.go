package enquiry_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

func TestAQuotesStartIsJudgedByCheckoutsRuleForAStart(t *testing.T) {
	fields := func(f map[string][]string) error { return &domain.ValidationError{Fields: f} }
	undatedEnquiry := func() enquiry.EnquirySubmitted { e := submitted(); e.Trip = undatedTrip(); return e }()
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, cairo) }
	quoteAt := func(start time.Time) enquiry.QuoteEnquiry {
		return enquiry.QuoteEnquiry{Amount: quote, StartAt: start, ValidUntil: now.Add(48 * time.Hour), Policy: policy, ServiceHours: hours}
	}
	tests := []struct {
		name    string
		given   []enquiry.Event
		when    enquiry.QuoteEnquiry
		at      time.Time
		wantErr error
	}{
		{name: "a start on an open day inside the service hours is quoted", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(at(2026, 11, 27, 11, 0))},
		{name: "a date in the past is refused on the date", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(at(2020, 1, 1, 10, 0)),
			wantErr: fields(map[string][]string{"date": {order.KeyDatePast}})},
		{name: "a time outside the service hours is refused on the time", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(at(2026, 11, 27, 3, 0)),
			wantErr: fields(map[string][]string{"time": {order.KeyOutsideServiceHours}})},
		{name: "a start inside the booking lead time is refused on the time", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(now.Add(time.Hour)),
			wantErr: fields(map[string][]string{"time": {order.KeyTooSoon}})},
		{name: "a start beyond the booking window is refused on the date", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(now.AddDate(0, 0, 200)),
			wantErr: fields(map[string][]string{"date": {order.KeyDateOutOfRange}})},
		{name: "a closed day is refused on the date", given: []enquiry.Event{undatedEnquiry}, when: quoteAt(at(2026, 11, 26, 11, 0)),
			wantErr: fields(map[string][]string{"date": {order.KeyClosedDay}})},
		{name: "a quote keeping the enquiry's start judges that start, now in the past",
			given: []enquiry.Event{submitted()}, at: startAt.AddDate(0, 0, 1),
			when:    enquiry.QuoteEnquiry{Amount: quote, ValidUntil: startAt.AddDate(0, 0, 2), Policy: policy, ServiceHours: hours},
			wantErr: fields(map[string][]string{"date": {order.KeyDatePast}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			when := now
			if !tt.at.IsZero() {
				when = tt.at
			}
			_, err := enquiry.Decider.Decide(enquiry.Decider.Fold(tt.given), tt.when, when)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var want, got *domain.ValidationError
			errors.As(tt.wantErr, &want)
			if !errors.As(err, &got) || !reflect.DeepEqual(got.Fields, want.Fields) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
		})
	}
}
