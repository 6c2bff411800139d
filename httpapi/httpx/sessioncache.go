package httpx

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"
)

// SessionCache is an Authenticator that keeps the identities another one resolved for a short while
// (ttl, and never past the session's own ExpiresAt), so a signed-in client's requests do not each
// cost a session lookup in the database. An ended session must stop working at once, so whatever
// can end one or change an identity forgets it:
//
//   - ForgetUser(id) when a user's sessions or role change. The composition root calls it from the
//     accounts store as the change is made (this process: before the answer to the sign-out leaves)
//     and again for the change notice every process receives once it commits (other processes).
//   - ForgetAll when the notices' connection comes back after a loss (notices may have been missed).
//
// A lookup that started before a forget is not kept (the generation moved), so it cannot put back
// what was just forgotten. What stays is the wait for another process's notice (milliseconds) and,
// for changes nothing announces (a new name or e-mail), the ttl.
type SessionCache struct {
	inner Authenticator
	ttl   time.Duration
	now   func() time.Time

	mu     sync.Mutex
	gen    uint64
	byKey  map[[sha256.Size]byte]cachedIdentity
	byUser map[string]map[[sha256.Size]byte]struct{}
}

type cachedIdentity struct {
	id    Identity
	until time.Time
}

// maxCachedSessions bounds memory; past it the cache starts afresh.
const maxCachedSessions = 100_000

// NewSessionCache keeps inner's identities for ttl.
func NewSessionCache(inner Authenticator, ttl time.Duration) *SessionCache {
	return &SessionCache{inner: inner, ttl: ttl, now: time.Now,
		byKey: map[[sha256.Size]byte]cachedIdentity{}, byUser: map[string]map[[sha256.Size]byte]struct{}{}}
}

// Authenticate answers from the cache, or asks the inner Authenticator and keeps a success. Tokens
// are kept only as their hash.
func (c *SessionCache) Authenticate(ctx context.Context, token string) (Identity, error) {
	key := sha256.Sum256([]byte(token))
	now := c.now()
	c.mu.Lock()
	e, ok := c.byKey[key]
	gen := c.gen
	c.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.id, nil
	}
	id, err := c.inner.Authenticate(ctx, token)
	if err != nil {
		return id, err
	}
	until := now.Add(c.ttl)
	if !id.ExpiresAt.IsZero() && id.ExpiresAt.Before(until) {
		until = id.ExpiresAt
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return id, nil // something was forgotten meanwhile: this answer may be from before it
	}
	if len(c.byKey) >= maxCachedSessions {
		clear(c.byKey)
		clear(c.byUser)
	}
	c.byKey[key] = cachedIdentity{id: id, until: until}
	keys := c.byUser[id.UserID]
	if keys == nil {
		keys = map[[sha256.Size]byte]struct{}{}
		c.byUser[id.UserID] = keys
	}
	keys[key] = struct{}{}
	return id, nil
}

// ForgetUser drops every kept identity of userID.
func (c *SessionCache) ForgetUser(userID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for key := range c.byUser[userID] {
		delete(c.byKey, key)
	}
	delete(c.byUser, userID)
}

// ForgetAll drops every kept identity.
func (c *SessionCache) ForgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.byKey)
	clear(c.byUser)
}
