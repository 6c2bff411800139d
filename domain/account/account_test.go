package account_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/account"
)

var now = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func registered(role string) account.UserRegistered {
	return account.UserRegistered{UserID: "u1", Email: "a@b.eg", FirstName: "Mona", LastName: "Zaki",
		PhoneNumber: "+201001234567", Role: role, Lang: "en", Via: "signup", RegisteredAt: now.Add(-time.Hour)}
}

func TestDecide(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		given   []account.Event
		when    account.Command
		then    []account.Event
		wantErr error
	}{
		{
			name: "registering a new account records who and how",
			when: account.RegisterUser{UserID: "u1", Email: "a@b.eg", FirstName: "Mona", LastName: "Zaki", PhoneNumber: "+201001234567", Role: "user", Lang: "ar", Via: "signup"},
			then: []account.Event{account.UserRegistered{UserID: "u1", Email: "a@b.eg", FirstName: "Mona", LastName: "Zaki", PhoneNumber: "+201001234567", Role: "user", Lang: "ar", Via: "signup", RegisteredAt: now}},
		},
		{
			name:    "registering twice is a conflict",
			given:   []account.Event{registered("user")},
			when:    account.RegisterUser{UserID: "u1", Email: "a@b.eg", Role: "user"},
			wantErr: account.ErrAlreadyRegistered,
		},
		{
			name:    "registering with an unknown role is refused",
			when:    account.RegisterUser{UserID: "u1", Email: "a@b.eg", Role: "visitor"},
			wantErr: account.ErrUnknownRole,
		},
		{
			name:    "changing an account that was never registered is refused",
			when:    account.ChangeRole{Role: "admin"},
			wantErr: account.ErrNotRegistered,
		},
		{
			name:  "personal info records the new values and names what changed",
			given: []account.Event{registered("user")},
			when:  account.ChangePersonalInfo{Email: "a@b.eg", FirstName: "Mona", LastName: "El-Sayed", PhoneNumber: "+201112223334"},
			then: []account.Event{account.PersonalInfoChanged{UserID: "u1", Email: "a@b.eg", FirstName: "Mona", LastName: "El-Sayed",
				PhoneNumber: "+201112223334", Changed: []string{"last_name", "phone_number"}, ChangedAt: now}},
		},
		{
			name:  "personal info that did not change records nothing",
			given: []account.Event{registered("user")},
			when:  account.ChangePersonalInfo{Email: "a@b.eg", FirstName: "Mona", LastName: "Zaki", PhoneNumber: "+201001234567"},
		},
		{
			name: "personal info is compared with the latest change, not the registration",
			given: []account.Event{registered("user"), account.PersonalInfoChanged{UserID: "u1", Email: "new@b.eg", FirstName: "Mona",
				LastName: "Zaki", PhoneNumber: "+201001234567", Changed: []string{"email"}}},
			when: account.ChangePersonalInfo{Email: "new@b.eg", FirstName: "Mona", LastName: "Zaki", PhoneNumber: "+201001234567"},
		},
		{
			name:  "a password change records the method and the sessions ended",
			given: []account.Event{registered("user")},
			when:  account.RecordPasswordChange{Method: account.PasswordChangedByUser, SessionsEnded: 2},
			then:  []account.Event{account.PasswordChanged{UserID: "u1", Method: "change", SessionsEnded: 2, ChangedAt: now}},
		},
		{
			name:    "a password change by an unknown method is refused",
			given:   []account.Event{registered("user")},
			when:    account.RecordPasswordChange{Method: "guess"},
			wantErr: account.ErrUnknownMethod,
		},
		{
			name:  "a reset request is recorded",
			given: []account.Event{registered("user")},
			when:  account.RecordPasswordResetRequest{},
			then:  []account.Event{account.PasswordResetRequested{UserID: "u1", RequestedAt: now}},
		},
		{
			name:  "a role change records from and to",
			given: []account.Event{registered("user")},
			when:  account.ChangeRole{Role: "admin"},
			then:  []account.Event{account.RoleChanged{UserID: "u1", From: "user", To: "admin", ChangedAt: now}},
		},
		{
			name:  "a role change follows earlier role changes",
			given: []account.Event{registered("user"), account.RoleChanged{UserID: "u1", From: "user", To: "driver"}},
			when:  account.ChangeRole{Role: "support"},
			then:  []account.Event{account.RoleChanged{UserID: "u1", From: "driver", To: "support", ChangedAt: now}},
		},
		{
			name:  "setting the role an account already has records nothing",
			given: []account.Event{registered("admin")},
			when:  account.ChangeRole{Role: "admin"},
		},
		{
			name:    "an unknown role is refused",
			given:   []account.Event{registered("user")},
			when:    account.ChangeRole{Role: "root"},
			wantErr: account.ErrUnknownRole,
		},
		{
			name:  "an invitation to a driver's account is recorded with who sent it and until when it works",
			given: []account.Event{registered("driver")},
			when:  account.RecordDriverInvitation{InvitedBy: "admin-1", ValidUntil: now.Add(7 * 24 * time.Hour)},
			then: []account.Event{account.DriverInvited{UserID: "u1", Email: "a@b.eg", InvitedBy: "admin-1",
				ValidUntil: now.Add(7 * 24 * time.Hour), InvitedAt: now}},
		},
		{
			name:    "a traveller's account is not invited to drive: its role is not changed behind its owner's back",
			given:   []account.Event{registered("user")},
			when:    account.RecordDriverInvitation{InvitedBy: "admin-1", ValidUntil: now.Add(time.Hour)},
			wantErr: account.ErrInviteTraveller,
		},
		{
			name:    "a staff account is not invited to drive",
			given:   []account.Event{registered("support")},
			when:    account.RecordDriverInvitation{InvitedBy: "admin-1", ValidUntil: now.Add(time.Hour)},
			wantErr: account.ErrInviteStaff,
		},
		{
			name:  "ending other sessions is recorded with their count",
			given: []account.Event{registered("user")},
			when:  account.RecordOtherSessionsEnded{Count: 3},
			then:  []account.Event{account.OtherSessionsEnded{UserID: "u1", Count: 3, EndedAt: now}},
		},
		{
			name:  "ending no other sessions records nothing",
			given: []account.Event{registered("user")},
			when:  account.RecordOtherSessionsEnded{Count: 0},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			state := account.Decider.Fold(tc.given)
			got, err := account.Decider.Decide(state, tc.when, now)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error = %v, want %v", err, tc.wantErr)
			}
			if len(got) == 0 && len(tc.then) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tc.then) {
				t.Fatalf("events =\n%#v\nwant\n%#v", got, tc.then)
			}
		})
	}
}

func TestEvolveKeepsTheLatestDetails(t *testing.T) {
	t.Parallel()
	s := account.Decider.Fold([]account.Event{
		registered("user"),
		account.PersonalInfoChanged{UserID: "u1", Email: "x@y.eg", FirstName: "Mona", LastName: "Adel", PhoneNumber: "+201001234567"},
		account.RoleChanged{UserID: "u1", From: "user", To: "driver"},
		account.PasswordChanged{UserID: "u1", Method: "reset"},
	})
	want := account.State{Registered: true, UserID: "u1", Email: "x@y.eg", FirstName: "Mona", LastName: "Adel", PhoneNumber: "+201001234567", Role: "driver"}
	if s != want {
		t.Fatalf("state = %+v, want %+v", s, want)
	}
}

func TestOnlyADriversAccountCanBeInvitedToDrive(t *testing.T) {
	t.Parallel()
	for role, want := range map[string]error{
		account.RoleDriver: nil, account.RoleUser: account.ErrInviteTraveller,
		account.RoleAdmin: account.ErrInviteStaff, account.RoleSupport: account.ErrInviteStaff,
	} {
		if err := account.CheckDriverInvitable(role); !errors.Is(err, want) {
			t.Errorf("inviting a %s account to drive: %v, want %v", role, err, want)
		}
	}
}
