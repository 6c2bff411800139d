package dispatch

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"mishwar/commands"
	appdispatch "mishwar/commands/dispatch"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Inviter finds the driver's account with an e-mail or, when no account has it, creates one with the
// driver role and e-mails it a link to set its password. It refuses a traveller's or staff account.
type Inviter interface {
	InviteDriver(ctx context.Context, in Invite, meta commands.Meta) (Invitation, error)
}

// Invite is an admin's invitation of a driver.
type Invite struct {
	Email, FirstName, LastName string
	Lang                       i18n.Lang
}

// Invitation is what the inviter did.
type Invitation struct {
	Email string
	// Sent: an invitation was e-mailed (to a new account, or again to an invited one whose holder has
	// not chosen a password yet); ValidUntil is when its link stops working.
	Sent       bool
	ValidUntil time.Time
}

// inviteDriver answers POST /api/admin/drivers/{driverID}/invitation {email}: the driver's sign-in
// account by e-mail, made and invited when nobody has the address, then linked to the driver as PUT
// .../account links it (If-Match the same). The account is made before the link: a refused link
// (another admin's since, or the account driving for another driver) leaves an invited driver's
// account linked to none, which the next invitation of the same e-mail links.
func (h *Handler) inviteDriver(w http.ResponseWriter, r *http.Request) {
	if h.cfg.Invite == nil {
		http.NotFound(w, r)
		return
	}
	expected, req, ok := accountRequest(w, r)
	if !ok {
		return
	}
	driverID := mux.Vars(r)["driverID"]
	d, err := h.app.Commands.Driver(r.Context(), driverID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	first, last, _ := strings.Cut(strings.TrimSpace(d.Name), " ")
	inv, err := h.cfg.Invite.InviteDriver(r.Context(), Invite{Email: req.Email, FirstName: first, LastName: strings.TrimSpace(last), Lang: httpx.Lang(r)}, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.app.Commands.LinkAccount(r.Context(), driverID, inv.Email, expected, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := httpx.WaitForReadModel(r.Context(), h.cfg.ReadModels, appdispatch.ReadModel, out.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	data := map[string]any{"driver_id": driverID, "email": inv.Email, "invited": inv.Sent}
	if inv.Sent {
		data["invitation_valid_until"] = inv.ValidUntil.UTC().Format(time.RFC3339)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": data})
}
