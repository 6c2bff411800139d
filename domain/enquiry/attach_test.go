package enquiry_test

import (
	"errors"
	"reflect"
	"testing"

	"mishwar/domain/enquiry"
)

// A visitor's enquiry, sent without an account from omar@example.com.
func visitors() enquiry.EnquirySubmitted {
	e := submitted()
	e.UserID = ""
	return e
}

func TestAVisitorsEnquiryIsAttachedOnlyToTheAccountOfItsEMailWhoseHolderOpenedItsLink(t *testing.T) {
	cases := []struct {
		name    string
		given   []enquiry.Event
		when    enquiry.AttachToAccount
		then    []enquiry.Event
		wantErr error
	}{
		{name: "the account of the enquiry's e-mail, with the secret its e-mail carried, gets it",
			given: []enquiry.Event{visitors()},
			when:  enquiry.AttachToAccount{UserID: "u9", Email: "Omar@Example.com ", Token: token},
			then:  []enquiry.Event{enquiry.EnquiryAttached{UserID: "u9"}}},
		{name: "an account claiming the e-mail without the link's secret gets nothing (its e-mail is not verified)",
			given:   []enquiry.Event{visitors()},
			when:    enquiry.AttachToAccount{UserID: "u9", Email: "omar@example.com", Token: ""},
			wantErr: enquiry.ErrEnquiryNotFound},
		{name: "a wrong secret is an unknown enquiry",
			given:   []enquiry.Event{visitors()},
			when:    enquiry.AttachToAccount{UserID: "u9", Email: "omar@example.com", Token: token[:len(token)-1] + "x"},
			wantErr: enquiry.ErrEnquiryNotFound},
		{name: "another e-mail's account, even with the link, gets nothing",
			given:   []enquiry.Event{visitors()},
			when:    enquiry.AttachToAccount{UserID: "u8", Email: "someone@example.com", Token: token},
			wantErr: enquiry.ErrNotYourEnquiry},
		{name: "an enquiry attached once is not attached to another account",
			given:   []enquiry.Event{visitors(), enquiry.EnquiryAttached{UserID: "u9"}},
			when:    enquiry.AttachToAccount{UserID: "u8", Email: "omar@example.com", Token: token},
			wantErr: enquiry.ErrNotYourEnquiry},
		{name: "opening the link again attaches nothing more",
			given: []enquiry.Event{visitors(), enquiry.EnquiryAttached{UserID: "u9"}},
			when:  enquiry.AttachToAccount{UserID: "u9", Email: "omar@example.com", Token: token}},
		{name: "an account's own enquiry stays its own",
			given:   []enquiry.Event{submitted()},
			when:    enquiry.AttachToAccount{UserID: "u9", Email: "omar@example.com", Token: token},
			wantErr: enquiry.ErrNotYourEnquiry},
		{name: "an enquiry that does not exist is not found",
			when:    enquiry.AttachToAccount{UserID: "u9", Email: "omar@example.com", Token: token},
			wantErr: enquiry.ErrEnquiryNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := enquiry.Decider.Fold(c.given)
			got, err := enquiry.Decide(s, c.when, now)
			if !errors.Is(err, c.wantErr) || (c.wantErr == nil && err != nil) {
				t.Fatalf("err %v, want %v", err, c.wantErr)
			}
			if len(got) != 0 || len(c.then) != 0 {
				if !reflect.DeepEqual(got, c.then) {
					t.Fatalf("events %#v, want %#v", got, c.then)
				}
			}
		})
	}
	s := enquiry.Decider.Fold([]enquiry.Event{visitors(), enquiry.EnquiryAttached{UserID: "u9"}})
	if s.Owner() != "u9" {
		t.Fatalf("owner %q after the attachment", s.Owner())
	}
}
