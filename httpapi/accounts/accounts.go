// Package accounts is the account API: the spec's calls (register, user/login, logout, me,
// auth/getadmin) exactly as its client expects them, and the account calls they imply in the same
// style (passwords, sessions, saved places, wishlist, the user's own pickup points). It decodes,
// calls the accounts application (commands/accounts) and encodes; it holds no rule of its own.
//
// It also gives the app its session sign-in (SessionAuth), the httpx.Authenticator that identifies
// every request and every live socket.
package accounts

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	appaccounts "mishwar/commands/accounts"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/httpapi/httpx"
)

// Config is what the account API needs besides its application.
type Config struct {
	// Idempotency keeps the answers to Idempotency-Keys of the command routes.
	Idempotency httpx.IdempotencyStore
	// TrustProxy: believe X-Forwarded-Proto for Secure cookies (only behind a proxy you run).
	TrustProxy bool
	// PublicURL is the site's address as visitors see it (an https one makes session cookies Secure).
	PublicURL func() string
}

// Handler is the account API.
type Handler struct {
	app appaccounts.Application
	cfg Config
}

// New returns the account API over its application.
func New(app appaccounts.Application, cfg Config) *Handler { return &Handler{app: app, cfg: cfg} }

// Routes mounts the account routes. Every route that changes something goes through the shared
// Idempotency-Key middleware, except those whose body carries a password or whose answer carries a
// session token (register, sign-in, password reset and change, personal details with the current
// password): the middleware keeps a hash of the body and the whole answer, and neither may hold a
// secret. Those keep their rate limits instead (in the application).
func (h *Handler) Routes(api *mux.Router) {
	keyed := func(f http.HandlerFunc) http.HandlerFunc {
		return httpx.Idempotent(h.cfg.Idempotency, nil)(f).ServeHTTP
	}
	user := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireUser(keyed(f)) }

	api.HandleFunc("/register", h.register).Methods(http.MethodPost)
	api.HandleFunc("/user/login", h.login).Methods(http.MethodPost)
	api.HandleFunc("/logout", keyed(h.logout)).Methods(http.MethodPost)
	api.HandleFunc("/auth/getadmin", h.getAdmin).Methods(http.MethodGet)
	api.HandleFunc("/password/forgot", keyed(h.forgotPassword(appaccounts.AreaSite))).Methods(http.MethodPost)
	api.HandleFunc("/admin/password/forgot", keyed(h.forgotPassword(appaccounts.AreaAdmin))).Methods(http.MethodPost)
	api.HandleFunc("/password/reset", h.resetPassword).Methods(http.MethodPost)

	api.HandleFunc("/me", h.meOrNobody).Methods(http.MethodGet)
	api.HandleFunc("/me", httpx.RequireUser(h.updateMe)).Methods(http.MethodPut, http.MethodPatch)
	api.HandleFunc("/me/password", httpx.RequireUser(h.changePassword)).Methods(http.MethodPost)
	api.HandleFunc("/me/sessions", httpx.RequireUser(h.sessions)).Methods(http.MethodGet)
	api.HandleFunc("/me/sessions", user(h.endOtherSessions)).Methods(http.MethodDelete)
	api.HandleFunc("/me/sessions/{id}", user(h.endSession)).Methods(http.MethodDelete)
	api.HandleFunc("/me/locations", httpx.RequireUser(h.locations)).Methods(http.MethodGet)
	api.HandleFunc("/me/locations", user(h.saveLocation)).Methods(http.MethodPost)
	api.HandleFunc("/me/locations/{id}", user(h.deleteLocation)).Methods(http.MethodDelete)
	api.HandleFunc("/me/wishlist", httpx.RequireUser(h.wishlist)).Methods(http.MethodGet)
	api.HandleFunc("/me/wishlist", user(h.addToWishlist)).Methods(http.MethodPost)
	api.HandleFunc("/me/wishlist/{kind}/{item}", user(h.removeFromWishlist)).Methods(http.MethodDelete)
	api.HandleFunc("/me/pickup-points", httpx.RequireUser(h.pickupPoints)).Methods(http.MethodGet)
	api.HandleFunc("/me/pickup-points", user(h.addPickupPoint)).Methods(http.MethodPost)
	api.HandleFunc("/me/pickup-points/{id}", httpx.RequireUser(h.pickupPoint)).Methods(http.MethodGet)
	api.HandleFunc("/me/pickup-points/{id}", user(h.deletePickupPoint)).Methods(http.MethodDelete)
}

// SessionAuth resolves session tokens with the accounts application: the httpx.Authenticator of the
// API and of the live channel.
func SessionAuth(app appaccounts.Application) httpx.Authenticator {
	return sessionAuth{app.Queries.Session}
}

type sessionAuth struct{ session appaccounts.SessionHandler }

func (a sessionAuth) Authenticate(ctx context.Context, token string) (httpx.Identity, error) {
	p, err := a.session.Handle(ctx, token)
	if errors.Is(err, account.ErrNoSession) {
		return httpx.Identity{}, httpx.ErrNoSession
	}
	if err != nil {
		return httpx.Identity{}, err
	}
	return httpx.Identity{
		UserID: p.User.ID.String(), Role: p.User.Role, Email: p.User.Email,
		FirstName: p.User.FirstName, LastName: p.User.LastName, SessionID: p.SessionID.String(),
		ExpiresAt: p.ExpiresAt,
	}, nil
}

// writeError answers err, turning a spent rate limit into 429 with Retry-After.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var rl *account.RateLimited
	if errors.As(err, &rl) {
		err = &httpx.RetryAfterError{After: rl.After}
	}
	httpx.WriteError(w, r, err)
}

func client(r *http.Request) account.Client {
	return account.Client{IP: httpx.ClientIP(r), UserAgent: r.UserAgent()}
}

// actor is the signed-in caller (httpx.RequireUser has run), from the request's command metadata.
func actor(r *http.Request) appaccounts.Actor {
	meta := httpx.Meta(r)
	id, _ := httpx.CurrentIdentity(r)
	uid, _ := uuid.Parse(meta.Actor.UserID)
	sid, _ := uuid.Parse(id.SessionID)
	return appaccounts.Actor{UserID: uid, Role: meta.Actor.Role, SessionID: sid, IP: meta.ClientIP}
}

var errBadID = domain.NotFound("common.not_found")

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, errBadID
	}
	return id, nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
