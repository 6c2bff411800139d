package dispatch

import (
	"context"
	"errors"

	"mishwar/commands"
	"mishwar/domain/account"
	"mishwar/domain/dispatch"
)

// LinkAccount names the sign-in account (by e-mail; it must have the driver role) of a driver.
func (h *Handlers) LinkAccount(ctx context.Context, driverID, email string, meta commands.Meta) (Outcome, error) {
	d, err := h.Driver(ctx, driverID)
	if err != nil {
		return Outcome{}, err
	}
	acc, err := h.accounts.UserByEmail(ctx, account.NormalizeEmail(email))
	if errors.Is(err, account.ErrUserNotFound) {
		// The operator's answer is the same as for a traveller's address: not a driver's account.
		return Outcome{}, dispatch.ErrAccountNotDriver
	}
	if err != nil {
		return Outcome{}, err
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverAccount, DriverAccountStream(d.ID),
		dispatch.DriverAccountCommand(dispatch.LinkDriverAccount{DriverID: d.ID, UserID: acc.ID.String(), Email: acc.Email, AccountRole: acc.Role, By: actor(meta)}),
		meta, commuting)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Position: res.Position, Changed: len(res.Events) > 0}, nil
}
