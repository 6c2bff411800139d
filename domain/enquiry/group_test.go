package enquiry_test

import (
	"errors"
	"reflect"
	"testing"

	"mishwar/domain"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

func TestAnEnquirysGroupMustFitTheCarItAsksAbout(t *testing.T) {
	asking := func(travellers, seats int, dated bool) enquiry.SubmitEnquiry {
		c := submit()
		if !dated {
			c = undated()
		}
		c.Contact.Travellers, c.Trip.RatePlan.Seats = travellers, seats
		return c
	}
	recorded := func(c enquiry.SubmitEnquiry) []enquiry.Event {
		e := submitted()
		e.Contact, e.Trip = c.Contact, c.Trip
		return []enquiry.Event{e}
	}
	tooLarge := &domain.ValidationError{Fields: map[string][]string{"travellers": {order.KeyGroupTooLargeForCar}}}
	tests := []struct {
		name    string
		when    enquiry.SubmitEnquiry
		wantErr error
	}{
		{name: "a group the car seats is submitted, the seats recorded", when: asking(4, 4, true)},
		{name: "one traveller more than the car seats is refused on the group size", when: asking(5, 4, true), wantErr: tooLarge},
		{name: "an enquiry leaving the date to the operator is refused a car too small too", when: asking(6, 4, false), wantErr: tooLarge},
		{name: "a group size not given is not checked", when: asking(0, 4, true)},
		{name: "a plan whose seats are not known checks nothing", when: asking(6, 0, true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := enquiry.Decider.Decide(enquiry.State{}, tt.when, now)
			if tt.wantErr != nil {
				var gotV *domain.ValidationError
				if !errors.As(err, &gotV) || !reflect.DeepEqual(gotV.Fields, tt.wantErr.(*domain.ValidationError).Fields) {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if want := recorded(tt.when); !reflect.DeepEqual(got, want) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}
