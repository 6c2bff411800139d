package dispatch

import (
	"context"
	"errors"
	"strings"

	"mishwar/adapters/accountsdb"
	"mishwar/domain/dispatch"
)

// AccountStore answers Accounts from the account tables.
type AccountStore struct{ Store *accountsdb.Store }

// AccountByEmail finds the account with email (case and spaces ignored).
func (a AccountStore) AccountByEmail(ctx context.Context, email string) (Account, error) {
	u, err := a.Store.UserByEmail(ctx, a.Store.Pool(), strings.ToLower(strings.TrimSpace(email)))
	if errors.Is(err, accountsdb.ErrUserNotFound) {
		return Account{}, dispatch.ErrAccountNotDriver
	}
	if err != nil {
		return Account{}, err
	}
	return Account{UserID: u.ID.String(), Email: u.Email, Role: u.Role}, nil
}
