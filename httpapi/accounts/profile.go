package accounts

import (
	"encoding/json"
	"net/http"

	appaccounts "mishwar/commands/accounts"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// The signed-in person's account: details, password, sessions; and the forgotten-password flow.

// meOrNobody answers GET /api/me. A visitor who presents no session at all (no Authorization
// header, no authToken cookie) is not an error: 200 with null, so every public page can ask who is
// there without a failed request. A session that is presented but not valid (expired, ended,
// forged) still answers 401, as every protected route does.
func (h *Handler) meOrNobody(w http.ResponseWriter, r *http.Request) {
	if _, ok := httpx.CurrentIdentity(r); !ok {
		if token, _ := httpx.SessionToken(r); token == "" {
			httpx.WriteJSON(w, http.StatusOK, json.RawMessage("null"))
			return
		}
	}
	httpx.RequireUser(h.me)(w, r)
}

func (h *Handler) me(w http.ResponseWriter, r *http.Request) {
	u, err := h.app.Queries.Me.Handle(r.Context(), actor(r).UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, toUserJSON(u))
}

type personalInfoRequest struct {
	FirstName       *string `json:"first_name"`
	LastName        *string `json:"last_name"`
	Email           *string `json:"email"`
	PhoneNumber     *string `json:"phone_number"`
	CountryKey      string  `json:"country_key"`
	CurrentPassword string  `json:"current_password"`
}

// updateMe changes personal info; fields left out keep their values (PUT and PATCH alike).
func (h *Handler) updateMe(w http.ResponseWriter, r *http.Request) {
	var req personalInfoRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	a := actor(r)
	cur, err := h.app.Queries.Me.Handle(r.Context(), a.UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	pick := func(p *string, def string) string {
		if p == nil {
			return def
		}
		return *p
	}
	u, err := h.app.Commands.ChangePersonalInfo.Handle(r.Context(), a, appaccounts.PersonalInfo{
		FirstName: pick(req.FirstName, cur.FirstName), LastName: pick(req.LastName, cur.LastName),
		Email: pick(req.Email, cur.Email), PhoneNumber: pick(req.PhoneNumber, cur.PhoneNumber),
		CountryKey: req.CountryKey, CurrentPassword: req.CurrentPassword,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.personal_info_updated"), "user": toUserJSON(u)})
}

type changePasswordRequest struct {
	OldPassword          string         `json:"old_password"`
	Password             string         `json:"password"`
	PasswordConfirmation string         `json:"password_confirmation"`
	EndOtherSessions     httpx.FlexBool `json:"end_other_sessions"`
}

func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request) {
	var req changePasswordRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.app.Commands.ChangePassword.Handle(r.Context(), actor(r), appaccounts.PasswordChange{
		OldPassword: req.OldPassword, NewPassword: req.Password, PasswordConfirmation: req.PasswordConfirmation,
		EndOtherSessions: bool(req.EndOtherSessions),
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"message": i18n.T(httpx.Lang(r), "accounts.password_updated"), "sessions_ended": out.SessionsEnded, "other_sessions": out.OtherSessions,
	})
}

func (h *Handler) sessions(w http.ResponseWriter, r *http.Request) {
	a := actor(r)
	list, err := h.app.Queries.Sessions.Handle(r.Context(), a.UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]sessionJSON, len(list))
	for i, x := range list {
		out[i] = sessionJSON{ID: x.ID.String(), CreatedAt: x.CreatedAt, ExpiresAt: x.ExpiresAt, LastSeenAt: x.LastSeenAt,
			IP: x.IP, UserAgent: x.UserAgent, Current: x.ID == a.SessionID}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

func (h *Handler) endOtherSessions(w http.ResponseWriter, r *http.Request) {
	n, err := h.app.Commands.EndOtherSessions.Handle(r.Context(), actor(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.sessions_ended", n), "sessions_ended": n})
}

func (h *Handler) endSession(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err == nil {
		err = h.app.Commands.EndSession.Handle(r.Context(), actor(r), id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.session_ended")})
}

type forgotRequest struct {
	Email string `json:"email"`
}

func (h *Handler) forgotPassword(area appaccounts.Area) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req forgotRequest
		if err := httpx.DecodeBody(w, r, &req); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if err := h.app.Commands.RequestPasswordReset.Handle(r.Context(), req.Email, area, httpx.Lang(r), client(r)); err != nil {
			writeError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.reset_link_sent")})
	}
}

type resetRequest struct {
	Token                string `json:"token"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

func (h *Handler) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req resetRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	u, err := h.app.Commands.ResetPassword.Handle(r.Context(), appaccounts.PasswordReset{Token: req.Token, Password: req.Password, PasswordConfirmation: req.PasswordConfirmation}, client(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	area := "site"
	if u.IsStaff() {
		area = "admin"
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.password_reset_done"), "area": area})
}
