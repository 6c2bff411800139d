package account_test

import (
	"testing"
	"time"

	"mishwar/domain/account"
)

func TestAnInvitedAccountAwaitsItsFirstPasswordUntilItsHolderChoosesOne(t *testing.T) {
	t.Parallel()
	created := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	invited := created
	for _, c := range []struct {
		name string
		user account.User
		want bool
	}{
		{"invited, the password nobody knows untouched", account.User{CreatedAt: created, PasswordChangedAt: created, InvitedAt: &invited}, true},
		{"invited, then a password chosen through the link", account.User{CreatedAt: created, PasswordChangedAt: created.Add(time.Hour), InvitedAt: &invited}, false},
		{"signed up with a password of its own", account.User{CreatedAt: created, PasswordChangedAt: created}, false},
	} {
		if got := c.user.AwaitingFirstPassword(); got != c.want {
			t.Errorf("%s: awaiting its first password %v, want %v", c.name, got, c.want)
		}
	}
}
