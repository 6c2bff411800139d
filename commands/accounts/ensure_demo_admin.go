package accounts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// DemoAdminEmail is the demo admin's address (.example is reserved: it can never receive mail).
const DemoAdminEmail = "admin@mishwar.example"

// demoAdminLock serialises EnsureDemoAdmin across processes starting at once (a lock key of its own).
const demoAdminLock = 7_300_111_001

// EnsureDemoAdminHandler creates the demo admin of MISHWAR_DEMO=1.
type EnsureDemoAdminHandler struct {
	tx        Transactions
	passwords Passwords
	audit     *auditor
}

// Handle creates the demo admin (admin@mishwar.example with a random password) when no admin exists
// yet, and returns the credentials to print once. created is false (and the password empty) when an
// admin already exists. It only ever creates: an existing account with the demo address (anyone could
// have signed up with it) is left alone and a suffixed address is used.
func (h EnsureDemoAdminHandler) Handle(ctx context.Context) (email, password string, created bool, err error) {
	password = randomPassword()
	var id uuid.UUID
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		if err := tx.Lock(ctx, demoAdminLock); err != nil {
			return err
		}
		n, err := tx.CountByRole(ctx, account.RoleAdmin)
		if err != nil || n > 0 {
			return err
		}
		for _, candidate := range []string{DemoAdminEmail, "admin-" + strings.ToLower(randomPassword()[:6]) + "@mishwar.example"} {
			id, _, err = upsertUser(ctx, tx, h.passwords, newUser{email: candidate, password: password, role: account.RoleAdmin, first: "Demo", last: "Admin"}, true)
			if errors.Is(err, account.ErrEmailTaken) {
				continue
			}
			if err == nil {
				email = candidate
			}
			return err
		}
		return account.ErrEmailTaken
	})
	if err != nil {
		return "", "", false, fmt.Errorf("accounts: demo admin: %w", err)
	}
	if email == "" {
		return "", "", false, nil
	}
	if err := h.audit.flush(ctx, id); err != nil {
		h.audit.log.WarnContext(ctx, "demo admin audit event not appended yet; the relay will retry", "err", err)
	}
	return email, password, true, nil
}

// randomPassword: 16 characters from a 56-letter alphabet without look-alikes (about 93 bits).
func randomPassword() string {
	const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 16)
	r := make([]byte, 16)
	_, _ = rand.Read(r) // crypto/rand.Read never fails
	for i := range b {
		b[i] = alphabet[int(r[i])%len(alphabet)]
	}
	return string(b)
}
