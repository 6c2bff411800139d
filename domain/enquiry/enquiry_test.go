package enquiry_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

var (
	cairo   = catalogue.Cairo
	now     = time.Date(2026, 11, 16, 10, 0, 0, 0, cairo)
	startAt = time.Date(2026, 11, 20, 10, 0, 0, 0, cairo)
	policy  = order.Policy{Lead: 12 * time.Hour, WindowDays: 180, Hold: 30 * time.Minute}
	hours   = catalogue.BusinessHours{Weekly: catalogue.WeeklyHours{{Day: time.Friday, Open: "09:00", Close: "22:00"}}}
	contact = order.Contact{FirstName: "Omar", LastName: "Fathy", Email: "omar@example.com", Phone: "+201001234567", Country: "EG"}
	trip    = order.Trip{
		StartAt: startAt.UTC(), Day: availability.DayOf(startAt),
		Itinerary: order.Itinerary{
			Start:     order.Point{Name: "Zamalek", Lat: 30.06, Lng: 31.22},
			End:       order.Point{Name: "Zamalek", Lat: 30.06, Lng: 31.22},
			Stops:     []order.Stop{{DestinationID: "d1", NameEN: "Citadel"}, {DestinationID: "d2", NameEN: "Khan el-Khalili"}},
			ProgramID: "prog-1", ProgramName: "Islamic Cairo",
		},
		RatePlan: order.RatePlan{ID: "rp1", Name: "Sedan"},
		Quote:    order.Quote{Total: money.New(90000, money.EGP)},
	}
	quote = money.New(95000, money.EGP)
	token = "k3Jx9QvT0pLm2RzA7wYb5NcE8sHd4FgU1iOq6ZtVaXe"
)

func submit() enquiry.SubmitEnquiry {
	return enquiry.SubmitEnquiry{TripNumber: "MSH-4PQ7RT", About: enquiry.AboutProgram, LinkToken: token, UserID: "u1", Lang: "ar", Contact: contact,
		EmailConfirmation: "omar@example.com", TermsAgreed: true, Trip: trip, Policy: policy, ServiceHours: hours}
}

func submitted() enquiry.EnquirySubmitted {
	return enquiry.EnquirySubmitted{TripNumber: "MSH-4PQ7RT", About: enquiry.AboutProgram, LinkToken: token, UserID: "u1", Lang: "ar", Contact: contact, Trip: trip,
		DisplayCurrency: money.EGP, SubmittedAt: now.UTC()}
}

func quoted() enquiry.EnquiryQuoted {
	return enquiry.EnquiryQuoted{Amount: quote, Note: "includes tickets", ValidUntil: now.Add(48 * time.Hour).UTC(), ByUserID: "admin"}
}

func undatedTrip() order.Trip {
	t := trip
	t.StartAt, t.Day = time.Time{}, ""
	return t
}

func undated() enquiry.SubmitEnquiry {
	c := submit()
	c.Trip = undatedTrip()
	return c
}

func TestTheQuoteSetsTheStart(t *testing.T) {
	e := submitted()
	e.Trip = undatedTrip()
	start := time.Date(2026, 11, 20, 11, 0, 0, 0, cairo)
	s := enquiry.Decider.Fold([]enquiry.Event{e, enquiry.EnquiryQuoted{Amount: quote, StartAt: start.UTC(), ValidUntil: now.Add(time.Hour)}})
	if got := s.Trip(); !got.StartAt.Equal(start) || got.Day != "2026-11-20" {
		t.Fatalf("trip starts %v on %s", got.StartAt, got.Day)
	}
}

func TestTheLinkOpensOnlyToItsOwnSecret(t *testing.T) {
	s := enquiry.Decider.Fold([]enquiry.Event{submitted()})
	if !s.LinkOpens(token) {
		t.Fatal("the enquiry's own secret does not open its link")
	}
	for _, wrong := range []string{"", token[:len(token)-1], token[:len(token)-1] + "f", strings.ToUpper(token)} {
		if s.LinkOpens(wrong) {
			t.Fatalf("%q opens the link", wrong)
		}
	}
	old := submitted()
	old.LinkToken = ""
	if enquiry.Decider.Fold([]enquiry.Event{old}).LinkOpens("") {
		t.Fatal("an enquiry recorded without a secret opens to an empty token")
	}
}

func TestAnOldEnquiryIsAboutItsProgramWhenItHasOne(t *testing.T) {
	old := submitted()
	old.About = ""
	if got := enquiry.AboutOf(old); got != enquiry.AboutProgram {
		t.Fatalf("about %q", got)
	}
	old.Trip.Itinerary.ProgramID = ""
	if got := enquiry.AboutOf(old); got != enquiry.AboutItinerary {
		t.Fatalf("about %q", got)
	}
}

func TestDecide(t *testing.T) {
	guest := submit()
	guest.UserID, guest.About = "", enquiry.AboutItinerary
	guest.Trip.Itinerary.ProgramID, guest.Trip.Itinerary.ProgramName = "", ""
	guestSubmitted := submitted()
	guestSubmitted.UserID, guestSubmitted.About = "", enquiry.AboutItinerary
	guestSubmitted.Trip = guest.Trip
	programWithout := submit()
	programWithout.Trip.Itinerary.ProgramID = ""
	nothing := submit()
	nothing.About = ""
	shortToken := submit()
	shortToken.LinkToken = token[:enquiry.MinLinkToken-1]
	noTerms := submit()
	noTerms.TermsAgreed = false
	noRate := submit()
	noRate.Trip.RatePlan.ID = ""
	noRate.EmailConfirmation = "x@example.com"
	tests := []struct {
		name    string
		given   []enquiry.Event
		when    enquiry.Command
		at      time.Time
		then    []enquiry.Event
		wantErr error
	}{
		{name: "an enquiry is submitted with a trip number", when: submit(), then: []enquiry.Event{submitted()}},
		{name: "a visitor without an account enquires about an itinerary", when: guest, then: []enquiry.Event{guestSubmitted}},
		{name: "an enquiry about a program names the program", when: programWithout, wantErr: enquiry.ErrInvalidEnquiry},
		{name: "an enquiry says what it is about", when: nothing, wantErr: enquiry.ErrInvalidEnquiry},
		{name: "an enquiry's link secret cannot be short", when: shortToken, wantErr: enquiry.ErrInvalidEnquiry},
		{name: "a trip number is used once", given: []enquiry.Event{submitted()}, when: submit(), wantErr: enquiry.ErrEnquiryExists},
		{name: "terms must be agreed", when: noTerms, wantErr: &domain.ValidationError{Fields: map[string][]string{"terms": {order.KeyTermsRequired}}}},
		{name: "a rate must be selected and e-mails must match", when: noRate, wantErr: &domain.ValidationError{Fields: map[string][]string{
			"rate_plan_id": {order.KeyRateRequired}, "email_confirmation": {order.KeyEmailsMustMatch}}}},
		{name: "an operator quotes a price", given: []enquiry.Event{submitted()},
			when: enquiry.QuoteEnquiry{Amount: quote, Note: " includes tickets ", ValidUntil: now.Add(48 * time.Hour), ByUserID: "admin", Policy: policy, ServiceHours: hours},
			then: []enquiry.Event{quoted()}},
		{name: "a quote can be revised", given: []enquiry.Event{submitted(), quoted()},
			when: enquiry.QuoteEnquiry{Amount: money.New(80000, money.EGP), ValidUntil: now.Add(time.Hour), Policy: policy, ServiceHours: hours},
			then: []enquiry.Event{enquiry.EnquiryQuoted{Amount: money.New(80000, money.EGP), ValidUntil: now.Add(time.Hour).UTC()}}},
		{name: "a quote without a price is refused", given: []enquiry.Event{submitted()},
			when: enquiry.QuoteEnquiry{ValidUntil: now.Add(time.Hour), Policy: policy, ServiceHours: hours}, wantErr: &domain.ValidationError{Fields: map[string][]string{"amount": {enquiry.KeyQuoteAmount}}}},
		{name: "a quote valid until the past is refused", given: []enquiry.Event{submitted()},
			when: enquiry.QuoteEnquiry{Amount: quote, ValidUntil: now, Policy: policy, ServiceHours: hours}, wantErr: &domain.ValidationError{Fields: map[string][]string{"valid_hours": {enquiry.KeyQuoteValidity}}}},
		{name: "a quote standing longer than the longest an offer may is refused", given: []enquiry.Event{submitted()},
			when:    enquiry.QuoteEnquiry{Amount: quote, ValidUntil: now.Add(enquiry.MaxQuoteValidity + time.Minute), Policy: policy, ServiceHours: hours},
			wantErr: &domain.ValidationError{Fields: map[string][]string{"valid_hours": {enquiry.KeyQuoteValidTooLong}}}},
		{name: "a quote's note and its other faults are told together", given: []enquiry.Event{submitted()},
			when:    enquiry.QuoteEnquiry{Amount: quote, Note: strings.Repeat("a", domain.MaxReasonLength+1), ValidUntil: now, Policy: policy, ServiceHours: hours},
			wantErr: &domain.ValidationError{Fields: map[string][]string{"valid_hours": {enquiry.KeyQuoteValidity}, "note": {domain.KeyReasonTooLong}}}},
		{name: "a decline's reason is kept within its limit", given: []enquiry.Event{submitted()},
			when:    enquiry.DeclineEnquiry{Reason: strings.Repeat("ع", domain.MaxReasonLength+1)},
			wantErr: &domain.ValidationError{Fields: map[string][]string{"reason": {domain.KeyReasonTooLong}}}},
		{name: "a declined enquiry cannot be quoted", given: []enquiry.Event{submitted(), enquiry.EnquiryDeclined{Reason: "no cars"}},
			when: enquiry.QuoteEnquiry{Amount: quote, ValidUntil: now.Add(time.Hour), Policy: policy, ServiceHours: hours}, wantErr: enquiry.ErrNotQuotable},
		{name: "an operator declines", given: []enquiry.Event{submitted()}, when: enquiry.DeclineEnquiry{Reason: "no cars", ByUserID: "admin"},
			then: []enquiry.Event{enquiry.EnquiryDeclined{Reason: "no cars", ByUserID: "admin"}}},
		{name: "a quote becomes an order", given: []enquiry.Event{submitted(), quoted()}, when: enquiry.ConvertEnquiry{OrderID: "MSH-4PQ7RT"},
			then: []enquiry.Event{enquiry.EnquiryConverted{OrderID: "MSH-4PQ7RT"}}},
		{name: "converting twice into the same order does nothing", given: []enquiry.Event{submitted(), quoted(), enquiry.EnquiryConverted{OrderID: "MSH-4PQ7RT"}},
			when: enquiry.ConvertEnquiry{OrderID: "MSH-4PQ7RT"}},
		{name: "an unquoted enquiry cannot become an order", given: []enquiry.Event{submitted()}, when: enquiry.ConvertEnquiry{OrderID: "MSH-4PQ7RT"},
			wantErr: enquiry.ErrNotQuoted},
		{name: "a lapsed quote cannot become an order", given: []enquiry.Event{submitted(), quoted()}, at: now.Add(48 * time.Hour),
			when: enquiry.ConvertEnquiry{OrderID: "MSH-4PQ7RT"}, wantErr: enquiry.ErrQuoteLapsed},
		{name: "commands on an unknown enquiry are refused", when: enquiry.DeclineEnquiry{}, wantErr: enquiry.ErrEnquiryNotFound},
		{name: "the date can be left to the operator", when: undated(),
			then: []enquiry.Event{func() enquiry.EnquirySubmitted { e := submitted(); e.Trip = undatedTrip(); return e }()}},
		{name: "an enquiry without a date needs one in its quote",
			given:   []enquiry.Event{func() enquiry.EnquirySubmitted { e := submitted(); e.Trip = undatedTrip(); return e }()},
			when:    enquiry.QuoteEnquiry{Amount: quote, ValidUntil: now.Add(time.Hour), Policy: policy, ServiceHours: hours},
			wantErr: &domain.ValidationError{Fields: map[string][]string{"date": {order.KeyRequired}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			at := tt.at
			if at.IsZero() {
				at = now
			}
			got, err := enquiry.Decider.Decide(enquiry.Decider.Fold(tt.given), tt.when, at)
			var want *domain.ValidationError
			if errors.As(tt.wantErr, &want) {
				var gotV *domain.ValidationError
				if !errors.As(err, &gotV) || !reflect.DeepEqual(gotV.Fields, want.Fields) {
					t.Fatalf("error = %v, want %v", err, tt.wantErr)
				}
			} else if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if len(got) != len(tt.then) || (len(got) > 0 && !reflect.DeepEqual(got, tt.then)) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, tt.then)
			}
		})
	}
}

func TestAnEnquiriesListIsFilteredByAStatusAnEnquiryCanHave(t *testing.T) {
	for _, s := range []string{"", "submitted", "quoted", "declined", "converted"} {
		if err := enquiry.CheckStatusFilter(s); err != nil {
			t.Errorf("given the filter %q, then it is accepted; got %v", s, err)
		}
	}
	var ve *domain.ValidationError
	if err := enquiry.CheckStatusFilter("open"); !errors.As(err, &ve) || len(ve.Fields["status"]) != 1 {
		t.Errorf("given the filter open, then it is the status field's error; got %v", err)
	}
}
