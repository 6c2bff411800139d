package accounts

import (
	"mishwar/domain/account"
	"mishwar/eventstore"
)

// RegisterEvents registers the account audit events under their stored names, schema version 1.
func RegisterEvents(r *eventstore.Registry) {
	eventstore.Register[account.UserRegistered](r, "UserRegistered", 1)
	eventstore.Register[account.PersonalInfoChanged](r, "PersonalInfoChanged", 1)
	eventstore.Register[account.PasswordChanged](r, "PasswordChanged", 1)
	eventstore.Register[account.PasswordResetRequested](r, "PasswordResetRequested", 1)
	eventstore.Register[account.RoleChanged](r, "RoleChanged", 1)
	eventstore.Register[account.OtherSessionsEnded](r, "OtherSessionsEnded", 1)
	eventstore.Register[account.DriverInvited](r, "DriverInvited", 1)
}
