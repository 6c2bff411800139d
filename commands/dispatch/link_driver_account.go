package dispatch

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/eventstore"
)

// LinkAccount names the sign-in account (by e-mail; it must have the driver role) of a driver. The
// account is first claimed for the driver on its own stream (dispatch.DriverLogin), which refuses it
// while another driver's link names it: an account drives for one driver, or it would see another
// driver's trips and travellers. A crash between the claim and the link leaves the account claimed for
// this driver, linked to none: linking it again, to this driver or (once this driver links another
// account) to another, goes on from there.
//
// expected is the version of the driver's link the admin's form was loaded at (If-Match; -1: never
// linked; nil: link over whatever is there): another admin's link since is a conflict
// (commands.ErrConcurrentChange), refused before anything is claimed.
func (h *Handlers) LinkAccount(ctx context.Context, driverID, email string, expected *int64, meta commands.Meta) (Outcome, error) {
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
	userID := acc.ID.String()
	link, err := commands.Load[dispatch.DriverAccountEvent](ctx, h.runner, DriverAccountStream(d.ID))
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: driver account %s: %w", d.ID, err)
	}
	if expected != nil && link.Version != *expected {
		return Outcome{}, fmt.Errorf("%w: %w", commands.ErrConcurrentChange,
			&eventstore.WrongVersionError{Stream: DriverAccountStream(d.ID), Expected: eventstore.Exactly(*expected), Actual: link.Version})
	}
	holder, err := h.loginHolder(ctx, userID, d.ID)
	if err != nil {
		return Outcome{}, err
	}
	claim := dispatch.ClaimDriverLogin{UserID: userID, AccountRole: acc.Role, DriverID: d.ID, LinkVersion: link.Version, Holder: holder}
	if _, err := commands.Execute(ctx, h.runner, dispatch.DriverLogin, DriverLoginStream(userID), dispatch.DriverLoginCommand(claim), meta, commuting); err != nil {
		return Outcome{}, err
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverAccount, DriverAccountStream(d.ID),
		dispatch.DriverAccountCommand(dispatch.LinkDriverAccount{DriverID: d.ID, UserID: userID, Email: acc.Email, AccountRole: acc.Role, By: actor(meta)}),
		meta, commands.Options{Commutes: true, ExpectedVersion: expected})
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Position: res.Position, Changed: len(res.Events) > 0}, nil
}

// loginHolder reads the link of the driver, other than driverID, that holds account userID (the zero
// HolderLink when none does).
func (h *Handlers) loginHolder(ctx context.Context, userID, driverID string) (dispatch.HolderLink, error) {
	claims, err := commands.Load[dispatch.DriverLoginEvent](ctx, h.runner, DriverLoginStream(userID))
	if err != nil {
		return dispatch.HolderLink{}, fmt.Errorf("dispatch: driver login %s: %w", userID, err)
	}
	holderID := dispatch.DriverLogin.Fold(claims.Events).DriverID()
	if holderID == "" || holderID == driverID {
		return dispatch.HolderLink{}, nil
	}
	other, err := h.Driver(ctx, holderID)
	if err != nil && !errors.Is(err, dispatch.ErrDriverNotFound) {
		return dispatch.HolderLink{}, err
	}
	link, err := commands.Load[dispatch.DriverAccountEvent](ctx, h.runner, DriverAccountStream(holderID))
	if err != nil {
		return dispatch.HolderLink{}, fmt.Errorf("dispatch: driver account %s: %w", holderID, err)
	}
	return dispatch.HolderLink{DriverID: holderID, Name: domain.Text{En: other.Name, Ar: other.NameAR},
		UserID: dispatch.DriverAccount.Fold(link.Events).UserID(), Version: link.Version}, nil
}
