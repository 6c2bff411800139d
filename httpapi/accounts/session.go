package accounts

import (
	"net/http"
	"strings"
	"time"

	appaccounts "mishwar/commands/accounts"
	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Signing up, in and out, and the admin area's check of who is signed in.

// secureCookies: the session cookie is Secure on HTTPS requests and whenever the public address is
// HTTPS (behind a TLS-terminating proxy the request itself arrives over HTTP).
func (h *Handler) secureCookies(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if h.cfg.TrustProxy && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		return true
	}
	return h.cfg.PublicURL != nil && strings.HasPrefix(h.cfg.PublicURL(), "https://")
}

func (h *Handler) setSessionCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{
		Name: httpx.AuthCookie, Value: token, Path: "/", Expires: expires, MaxAge: int(time.Until(expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.secureCookies(r),
	})
}

func (h *Handler) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: httpx.AuthCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: h.secureCookies(r)})
}

type registerRequest struct {
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	Email       string `json:"email"`
	Password    string `json:"password"`
	PhoneNumber string `json:"phone_number"`
	CountryKey  string `json:"country_key"`
	// CountryCode is accepted as another name for CountryKey.
	CountryCode string `json:"country_code"`
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.app.Commands.Register.Handle(r.Context(), appaccounts.Registration{
		FirstName: req.FirstName, LastName: req.LastName, Email: req.Email, Password: req.Password,
		PhoneNumber: req.PhoneNumber, CountryKey: or(req.CountryKey, req.CountryCode), Lang: string(httpx.Lang(r)),
	}, client(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	h.setSessionCookie(w, r, out.Token, out.Session.ExpiresAt)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"status": http.StatusOK, "message": i18n.T(httpx.Lang(r), "accounts.registered"), "token": out.Token, "user": toUserJSON(out.User),
	})
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.app.Commands.SignIn.Handle(r.Context(), req.Email, req.Password, client(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	h.setSessionCookie(w, r, out.Token, out.Session.ExpiresAt)
	u := out.User
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"message": i18n.T(httpx.Lang(r), "accounts.signed_in"),
		"data": map[string]any{
			"token": out.Token, "id": u.ID.String(), "first_name": u.FirstName, "last_name": u.LastName,
			"email": u.Email, "phone_number": u.PhoneNumber, "role": u.Role,
		},
	})
}

// logout ends the presented session (by bearer token or cookie) and clears the cookie. It answers 200
// even without a session: the spec's client clears its state whatever happens.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request) {
	token, _ := httpx.SessionToken(r)
	if err := h.app.Commands.SignOut.Handle(r.Context(), token); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.clearSessionCookie(w, r)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.signed_out")})
}

var errAdminOnly = domain.Unauthenticated("accounts.admin_only")

// getAdmin answers 401, not 403, to a signed-in person without admin access: the spec's client signs
// out of the admin area on 401. Support staff work in the admin area too.
func (h *Handler) getAdmin(w http.ResponseWriter, r *http.Request) {
	id, ok := httpx.CurrentIdentity(r)
	if !ok {
		httpx.WriteError(w, r, httpx.ErrUnauthenticated)
		return
	}
	if id.Role != httpx.RoleAdmin && id.Role != httpx.RoleSupport {
		httpx.WriteError(w, r, errAdminOnly)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"id": id.UserID, "first_name": id.FirstName, "last_name": id.LastName, "email": id.Email, "role": id.Role,
	})
}
