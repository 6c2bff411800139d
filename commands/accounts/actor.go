package accounts

import (
	"github.com/google/uuid"

	"mishwar/commands"
)

// Actor is who acts, for the audit metadata.
type Actor struct {
	UserID    uuid.UUID
	Role      string
	SessionID uuid.UUID
	IP        string
}

// meta is the metadata of an audit command. Its command id is always fresh: a credential change is
// a change of table rows, not of a stream, so every change, a retried one included, gets its own
// audit record (an Idempotency-Key's repeat is answered by the HTTP layer before it gets here).
func (a Actor) meta() commands.Meta {
	m := commands.NewMeta(commands.Actor{UserID: a.UserID.String(), Role: a.Role})
	if a.UserID == uuid.Nil {
		m.Actor.UserID = ""
	}
	m.ClientIP = a.IP
	return m
}

// RoleGuest is the role recorded for what someone not signed in asked for.
const RoleGuest = "guest"
