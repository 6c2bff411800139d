package httpx

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"mishwar/domain"
)

// Roles known to the API.
const (
	RoleUser    = "user"
	RoleAdmin   = "admin"
	RoleSupport = "support"
	RoleDriver  = "driver"
)

// AuthCookie is the session cookie the spec names.
const AuthCookie = "authToken"

// Identity is the signed-in actor of a request.
type Identity struct {
	UserID    string
	Role      string
	Email     string
	FirstName string
	LastName  string
	SessionID string
	// ExpiresAt is when the session runs out unless it is ended sooner (zero: not known). Nothing
	// announces an expiry, so whoever keeps an identity past a request (a live socket) watches it.
	ExpiresAt time.Time
}

// ErrNoSession is what an Authenticator returns for an unknown, expired or revoked token.
var ErrNoSession = errors.New("httpapi: no such session")

// Authenticator resolves a session token to an identity.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Identity, error)
}

type identityKey struct{}

// CurrentIdentity returns the request's signed-in identity, if any.
func CurrentIdentity(r *http.Request) (Identity, bool) {
	id, ok := r.Context().Value(identityKey{}).(Identity)
	return id, ok
}

// WithIdentity returns ctx carrying id (for tests and the live channel).
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// SessionToken extracts the token from `Authorization: Bearer` or the authToken cookie.
func SessionToken(r *http.Request) (token string, fromCookie bool) {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t), false
		}
	}
	if c, err := r.Cookie(AuthCookie); err == nil && c.Value != "" {
		return c.Value, true
	}
	return "", false
}

// IdentifyRequests resolves the session, when one is presented, before any handler runs. A bad token is
// treated as no token: guarded routes then answer 401, public ones still work.
func IdentifyRequests(auth Authenticator, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if auth == nil {
			next.ServeHTTP(w, r)
			return
		}
		token, _ := SessionToken(r)
		if token == "" {
			next.ServeHTTP(w, r)
			return
		}
		id, err := auth.Authenticate(r.Context(), token)
		if err != nil && !errors.Is(err, ErrNoSession) {
			WriteError(w, r, err)
			return
		}
		if err == nil {
			r = r.WithContext(WithIdentity(r.Context(), id))
		}
		next.ServeHTTP(w, r)
	})
}

var (
	ErrUnauthenticated = domain.Unauthenticated("common.unauthenticated")
	ErrForbidden       = domain.Forbidden("common.forbidden")
)

// RequireUser answers 401 unless someone is signed in.
func RequireUser(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := CurrentIdentity(r); !ok {
			WriteError(w, r, ErrUnauthenticated)
			return
		}
		next(w, r)
	}
}

// RequireRole answers 401 for visitors and 403 for signed-in people without one of roles.
func RequireRole(next http.HandlerFunc, roles ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := CurrentIdentity(r)
		if !ok {
			WriteError(w, r, ErrUnauthenticated)
			return
		}
		for _, role := range roles {
			if id.Role == role {
				next(w, r)
				return
			}
		}
		WriteError(w, r, ErrForbidden)
	}
}
