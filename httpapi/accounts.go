package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/adapters/accountsdb"
	"mishwar/adapters/ratelimit"
	cmdaccounts "mishwar/commands/accounts"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// The account API: the spec's calls (register, user/login, logout, me, auth/getadmin) exactly as its
// client expects them, and the account calls it implies, in the same style.

// SessionAuth resolves session tokens against the sessions table: the httpx.Authenticator of the app.
func SessionAuth(store *accountsdb.Store) httpx.Authenticator { return sessionAuth{store} }

type sessionAuth struct{ store *accountsdb.Store }

func (a sessionAuth) Authenticate(ctx context.Context, token string) (httpx.Identity, error) {
	p, err := a.store.Authenticate(ctx, token)
	if errors.Is(err, accountsdb.ErrNoSession) {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	if err != nil {
		return httpx.Identity{}, err
	}
	return httpx.Identity{
		UserID: p.User.ID.String(), Role: p.User.Role, Email: p.User.Email,
		FirstName: p.User.FirstName, LastName: p.User.LastName, SessionID: p.SessionID.String(),
	}, nil
}

func (s *Server) accountRoutes(api *mux.Router) {
	if s.deps.Accounts == nil {
		return
	}
	api.HandleFunc("/register", s.register).Methods(http.MethodPost)
	api.HandleFunc("/user/login", s.login).Methods(http.MethodPost)
	api.HandleFunc("/logout", s.logout).Methods(http.MethodPost)
	api.HandleFunc("/auth/getadmin", s.getAdmin).Methods(http.MethodGet)
	api.HandleFunc("/password/forgot", s.forgotPassword(cmdaccounts.AreaSite)).Methods(http.MethodPost)
	api.HandleFunc("/admin/password/forgot", s.forgotPassword(cmdaccounts.AreaAdmin)).Methods(http.MethodPost)
	api.HandleFunc("/password/reset", s.resetPassword).Methods(http.MethodPost)

	api.HandleFunc("/me", httpx.RequireUser(s.me)).Methods(http.MethodGet)
	api.HandleFunc("/me", httpx.RequireUser(s.updateMe)).Methods(http.MethodPut, http.MethodPatch)
	api.HandleFunc("/me/password", httpx.RequireUser(s.changePassword)).Methods(http.MethodPost)
	api.HandleFunc("/me/sessions", httpx.RequireUser(s.sessions)).Methods(http.MethodGet)
	api.HandleFunc("/me/sessions", httpx.RequireUser(s.endOtherSessions)).Methods(http.MethodDelete)
	api.HandleFunc("/me/sessions/{id}", httpx.RequireUser(s.endSession)).Methods(http.MethodDelete)
	api.HandleFunc("/me/locations", httpx.RequireUser(s.locations)).Methods(http.MethodGet)
	api.HandleFunc("/me/locations", httpx.RequireUser(s.saveLocation)).Methods(http.MethodPost)
	api.HandleFunc("/me/locations/{id}", httpx.RequireUser(s.deleteLocation)).Methods(http.MethodDelete)
	api.HandleFunc("/me/wishlist", httpx.RequireUser(s.wishlist)).Methods(http.MethodGet)
	api.HandleFunc("/me/wishlist", httpx.RequireUser(s.addToWishlist)).Methods(http.MethodPost)
	api.HandleFunc("/me/wishlist/{kind}/{item}", httpx.RequireUser(s.removeFromWishlist)).Methods(http.MethodDelete)
	api.HandleFunc("/me/pickup-points", httpx.RequireUser(s.pickupPoints)).Methods(http.MethodGet)
	api.HandleFunc("/me/pickup-points", httpx.RequireUser(s.addPickupPoint)).Methods(http.MethodPost)
	api.HandleFunc("/me/pickup-points/{id}", httpx.RequireUser(s.pickupPoint)).Methods(http.MethodGet)
	api.HandleFunc("/me/pickup-points/{id}", httpx.RequireUser(s.deletePickupPoint)).Methods(http.MethodDelete)
}

// accountError answers err, turning a spent rate limit into 429 with Retry-After.
func accountError(w http.ResponseWriter, r *http.Request, err error) {
	var rl *ratelimit.RateLimitError
	if errors.As(err, &rl) {
		err = &httpx.RetryAfterError{After: rl.After}
	}
	httpx.WriteError(w, r, err)
}

func (s *Server) client(r *http.Request) accountsdb.Client {
	return accountsdb.Client{IP: httpx.ClientIP(r), UserAgent: r.UserAgent()}
}

// actor is the signed-in caller (httpx.RequireUser has run).
func actor(r *http.Request) cmdaccounts.Actor {
	id, _ := httpx.CurrentIdentity(r)
	uid, _ := uuid.Parse(id.UserID)
	sid, _ := uuid.Parse(id.SessionID)
	return cmdaccounts.Actor{UserID: uid, Role: id.Role, SessionID: sid, IP: httpx.ClientIP(r)}
}

// userJSON is the user object of the spec's answers.
type userJSON struct {
	ID          string    `json:"id"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	Email       string    `json:"email"`
	PhoneNumber string    `json:"phone_number"`
	Role        string    `json:"role"`
	CreatedAt   time.Time `json:"created_at"`
}

func toUserJSON(u accountsdb.User) userJSON {
	return userJSON{ID: u.ID.String(), FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		PhoneNumber: u.PhoneNumber, Role: u.Role, CreatedAt: u.CreatedAt}
}

// secureCookies: the session cookie is Secure on HTTPS requests and whenever the public address is
// HTTPS (behind a TLS-terminating proxy the request itself arrives over HTTP).
func (s *Server) secureCookies(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if s.deps.TrustProxy && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		return true
	}
	return s.deps.PublicURL != nil && strings.HasPrefix(s.deps.PublicURL(), "https://")
}

func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{
		Name: httpx.AuthCookie, Value: token, Path: "/", Expires: expires, MaxAge: int(time.Until(expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secureCookies(r),
	})
}

func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: httpx.AuthCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.secureCookies(r)})
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

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := s.deps.Accounts.Register(r.Context(), cmdaccounts.Registration{
		FirstName: req.FirstName, LastName: req.LastName, Email: req.Email, Password: req.Password,
		PhoneNumber: req.PhoneNumber, CountryKey: or(req.CountryKey, req.CountryCode), Lang: string(httpx.Lang(r)),
	}, s.client(r))
	if err != nil {
		accountError(w, r, err)
		return
	}
	s.setSessionCookie(w, r, out.Token, out.Session.ExpiresAt)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"status": http.StatusOK, "message": i18n.T(httpx.Lang(r), "accounts.registered"), "token": out.Token, "user": toUserJSON(out.User),
	})
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := s.deps.Accounts.SignIn(r.Context(), req.Email, req.Password, s.client(r))
	if err != nil {
		accountError(w, r, err)
		return
	}
	s.setSessionCookie(w, r, out.Token, out.Session.ExpiresAt)
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
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	token, _ := httpx.SessionToken(r)
	if err := s.deps.Accounts.SignOut(r.Context(), token); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.clearSessionCookie(w, r)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.signed_out")})
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	u, err := s.deps.Accounts.Me(r.Context(), actor(r).UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, toUserJSON(u))
}

var errAdminOnly = domain.Unauthenticated("accounts.admin_only")

// getAdmin answers 401, not 403, to a signed-in person without admin access: the spec's client signs
// out of the admin area on 401. Support staff work in the admin area too.
func (s *Server) getAdmin(w http.ResponseWriter, r *http.Request) {
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

type personalInfoRequest struct {
	FirstName       *string `json:"first_name"`
	LastName        *string `json:"last_name"`
	Email           *string `json:"email"`
	PhoneNumber     *string `json:"phone_number"`
	CountryKey      string  `json:"country_key"`
	CurrentPassword string  `json:"current_password"`
}

// updateMe changes personal info; fields left out keep their values (PUT and PATCH alike).
func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) {
	var req personalInfoRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	a := actor(r)
	cur, err := s.deps.Accounts.Me(r.Context(), a.UserID)
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
	u, err := s.deps.Accounts.ChangePersonalInfo(r.Context(), a, cmdaccounts.PersonalInfo{
		FirstName: pick(req.FirstName, cur.FirstName), LastName: pick(req.LastName, cur.LastName),
		Email: pick(req.Email, cur.Email), PhoneNumber: pick(req.PhoneNumber, cur.PhoneNumber),
		CountryKey: req.CountryKey, CurrentPassword: req.CurrentPassword,
	})
	if err != nil {
		accountError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.personal_info_updated"), "user": toUserJSON(u)})
}

// flexBool reads true/false from JSON booleans and from form strings ("true", "1", "on").
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*b = flexBool(x)
	case string:
		*b = flexBool(x == "1" || strings.EqualFold(x, "true") || strings.EqualFold(x, "on"))
	case float64:
		*b = x != 0
	}
	return nil
}

// flexFloat reads a number from JSON numbers and from form strings; empty means absent.
type flexFloat struct{ v *float64 }

func (f *flexFloat) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case float64:
		f.v = &x
	case string:
		if x = strings.TrimSpace(x); x != "" {
			n, err := strconv.ParseFloat(x, 64)
			if err != nil {
				return err
			}
			f.v = &n
		}
	}
	return nil
}

type changePasswordRequest struct {
	OldPassword          string   `json:"old_password"`
	Password             string   `json:"password"`
	PasswordConfirmation string   `json:"password_confirmation"`
	EndOtherSessions     flexBool `json:"end_other_sessions"`
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	var req changePasswordRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := s.deps.Accounts.ChangePassword(r.Context(), actor(r), cmdaccounts.PasswordChange{
		OldPassword: req.OldPassword, NewPassword: req.Password, PasswordConfirmation: req.PasswordConfirmation,
		EndOtherSessions: bool(req.EndOtherSessions),
	})
	if err != nil {
		accountError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"message": i18n.T(httpx.Lang(r), "accounts.password_updated"), "sessions_ended": out.SessionsEnded, "other_sessions": out.OtherSessions,
	})
}

type sessionJSON struct {
	accountsdb.Session
	Current bool `json:"current"`
}

func (s *Server) sessions(w http.ResponseWriter, r *http.Request) {
	a := actor(r)
	list, err := s.deps.Accounts.Sessions(r.Context(), a.UserID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]sessionJSON, len(list))
	for i, x := range list {
		out[i] = sessionJSON{Session: x, Current: x.ID == a.SessionID}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

func (s *Server) endOtherSessions(w http.ResponseWriter, r *http.Request) {
	n, err := s.deps.Accounts.EndOtherSessions(r.Context(), actor(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.sessions_ended", n), "sessions_ended": n})
}

var errBadID = domain.NotFound("common.not_found")

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, errBadID
	}
	return id, nil
}

func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err == nil {
		err = s.deps.Accounts.EndSession(r.Context(), actor(r), id)
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

func (s *Server) forgotPassword(area cmdaccounts.Area) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req forgotRequest
		if err := httpx.DecodeBody(w, r, &req); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if err := s.deps.Accounts.RequestPasswordReset(r.Context(), req.Email, area, httpx.Lang(r), s.client(r)); err != nil {
			accountError(w, r, err)
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

func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var req resetRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	u, err := s.deps.Accounts.ResetPassword(r.Context(), cmdaccounts.PasswordReset{Token: req.Token, Password: req.Password, PasswordConfirmation: req.PasswordConfirmation}, s.client(r))
	if err != nil {
		accountError(w, r, err)
		return
	}
	area := "site"
	if u.Role == account.RoleAdmin || u.Role == account.RoleSupport {
		area = "admin"
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.password_reset_done"), "area": area})
}

func (s *Server) locations(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, s.deps.Accounts.SavedLocations)
}

// answerOwnList answers with what list finds for the signed-in person.
func answerOwnList[T any](w http.ResponseWriter, r *http.Request, list func(context.Context, cmdaccounts.Actor) ([]T, error)) {
	out, err := list(r.Context(), actor(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// deleteOwn deletes the signed-in person's entry with the id in the path and says so in messageKey.
func deleteOwn(w http.ResponseWriter, r *http.Request, del func(context.Context, cmdaccounts.Actor, uuid.UUID) error, messageKey string) {
	id, err := pathUUID(r, "id")
	if err == nil {
		err = del(r.Context(), actor(r), id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), messageKey)})
}

type locationRequest struct {
	Label   string    `json:"label"`
	Address string    `json:"address"`
	Kind    string    `json:"kind"`
	Lat     flexFloat `json:"lat"`
	Lng     flexFloat `json:"lng"`
}

func (s *Server) saveLocation(w http.ResponseWriter, r *http.Request) {
	var req locationRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	loc, err := s.deps.Accounts.SaveLocation(r.Context(), actor(r), cmdaccounts.LocationInput{Label: req.Label, Address: req.Address, Kind: req.Kind, Lat: req.Lat.v, Lng: req.Lng.v})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.location_saved"), "data": loc})
}

func (s *Server) deleteLocation(w http.ResponseWriter, r *http.Request) {
	deleteOwn(w, r, s.deps.Accounts.DeleteLocation, "accounts.location_deleted")
}

func (s *Server) wishlist(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, s.deps.Accounts.Wishlist)
}

type wishlistRequest struct {
	Kind   string          `json:"kind"`
	ItemID json.RawMessage `json:"item_id"`
}

func (s *Server) addToWishlist(w http.ResponseWriter, r *http.Request) {
	var req wishlistRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// item_id may be a number or a string: catalogue ids travel as either.
	itemID := strings.Trim(string(req.ItemID), `"`)
	it, added, err := s.deps.Accounts.AddToWishlist(r.Context(), actor(r), req.Kind, itemID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status, key := http.StatusCreated, "accounts.wishlist_added"
	if !added {
		status, key = http.StatusOK, "accounts.wishlist_already"
	}
	httpx.WriteJSON(w, status, map[string]any{"message": i18n.T(httpx.Lang(r), key), "data": it})
}

func (s *Server) removeFromWishlist(w http.ResponseWriter, r *http.Request) {
	v := mux.Vars(r)
	if err := s.deps.Accounts.RemoveFromWishlist(r.Context(), actor(r), v["kind"], v["item"]); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.wishlist_removed")})
}

func (s *Server) pickupPoints(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, s.deps.Accounts.PickupPoints)
}

type pickupPointRequest struct {
	Name    string    `json:"name"`
	Address string    `json:"address"`
	Notes   string    `json:"notes"`
	Lat     flexFloat `json:"lat"`
	Lng     flexFloat `json:"lng"`
}

func (s *Server) addPickupPoint(w http.ResponseWriter, r *http.Request) {
	var req pickupPointRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.deps.Accounts.AddPickupPoint(r.Context(), actor(r), cmdaccounts.PickupPointInput{Name: req.Name, Address: req.Address, Notes: req.Notes, Lat: req.Lat.v, Lng: req.Lng.v})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.pickup_saved"), "data": p})
}

func (s *Server) pickupPoint(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := s.deps.Accounts.PickupPoint(r.Context(), actor(r), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": p})
}

func (s *Server) deletePickupPoint(w http.ResponseWriter, r *http.Request) {
	deleteOwn(w, r, s.deps.Accounts.DeletePickupPoint, "accounts.pickup_deleted")
}
