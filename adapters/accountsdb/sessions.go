package accountsdb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/domain/account"
)

// tokenBytes: 256 random bits, twice the 128 the issue asks for.
const tokenBytes = 32

// newToken returns a fresh random token (URL-safe, unpadded) and the hash that is stored.
func newToken() (string, []byte, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", nil, fmt.Errorf("accounts: token: %w", err)
	}
	t := base64.RawURLEncoding.EncodeToString(b)
	return t, hashToken(t), nil
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Session is one signed-in device.
type Session = account.Session

// Client describes where a request came from, recorded with a session.
type Client = account.Client

// CreateSession signs userID in and returns the token to hand to the client (the only time it exists
// in clear).
func (s *Store) CreateSession(ctx context.Context, db DBTX, userID uuid.UUID, c Client) (string, Session, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", Session{}, err
	}
	now := s.Now().UTC()
	ua := c.UserAgent
	if len(ua) > 300 {
		ua = ua[:300]
	}
	sess := Session{ID: uuid.New(), UserID: userID, CreatedAt: now, ExpiresAt: now.Add(s.SessionTTL), LastSeenAt: now, IP: c.IP, UserAgent: ua}
	_, err = db.Exec(ctx, `
		INSERT INTO sessions (id, user_id, token_hash, created_at, expires_at, last_seen_at, ip, user_agent)
		VALUES ($1, $2, $3, $4, $5, $4, $6, $7)`,
		sess.ID, userID, hash, now, sess.ExpiresAt, c.IP, ua)
	if err != nil {
		return "", Session{}, fmt.Errorf("accounts: create session: %w", err)
	}
	return token, sess, nil
}

// Principal is who a session token belongs to.
type Principal = account.Principal

// touchEvery bounds writes: last_seen_at is refreshed at most this often per session.
const touchEvery = 5 * time.Minute

// Authenticate resolves a token. It reads the database on every call, never a cache, so a session
// revoked by one process stops working in every process at once. ErrNoSession for unknown, expired
// or revoked tokens.
func (s *Store) Authenticate(ctx context.Context, token string) (Principal, error) {
	if token == "" || len(token) > 200 {
		return Principal{}, ErrNoSession
	}
	now := s.Now().UTC()
	var p Principal
	var lastSeen time.Time
	u, err := scanUser(s.pool.QueryRow(ctx, `
		SELECT `+qualifiedUserColumns+`, s.id, s.last_seen_at, s.expires_at
		  FROM sessions s JOIN users u ON u.id = s.user_id
		 WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
		hashToken(token), now), &p.SessionID, &lastSeen, &p.ExpiresAt)
	if errors.Is(err, ErrUserNotFound) {
		return Principal{}, ErrNoSession
	}
	if err != nil {
		return Principal{}, err
	}
	p.User = u
	if now.Sub(lastSeen) > touchEvery {
		if _, err := s.pool.Exec(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE id = $1`, p.SessionID, now); err != nil {
			return Principal{}, fmt.Errorf("accounts: touch session: %w", err)
		}
	}
	return p, nil
}

// SignedInFrom reports whether the account with email has a session opened from ip, live or ended
// but not yet deleted (DeleteExpiredSessions keeps ended sessions for a while): the addresses the
// owner signs in from, which the sign-in limits never shut out.
func (s *Store) SignedInFrom(ctx context.Context, db DBTX, email, ip string) (bool, error) {
	if ip == "" {
		return false, nil
	}
	var known bool
	err := db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
		                WHERE u.email = $1 AND s.ip = $2)`, email, ip).Scan(&known)
	if err != nil {
		return false, fmt.Errorf("accounts: known addresses: %w", err)
	}
	return known, nil
}

// RevokeToken ends the session of token, if it is live. It reports whether one was ended.
func (s *Store) RevokeToken(ctx context.Context, db DBTX, token string) (bool, error) {
	var userID uuid.UUID
	err := db.QueryRow(ctx, `UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING user_id`,
		hashToken(token), s.Now().UTC()).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("accounts: revoke session: %w", err)
	}
	return true, s.announceSessions(ctx, db, userID)
}

// announceSessions tells every process's live layer, through db (the change's transaction, or the
// pool right after an autocommitted change), that userID's sessions or role changed (see
// Store.SessionNotices).
func (s *Store) announceSessions(ctx context.Context, db DBTX, userID uuid.UUID) error {
	if s.UserChanged != nil {
		s.UserChanged(userID)
	}
	if s.SessionNotices == "" {
		return nil
	}
	body, err := json.Marshal(map[string]any{"topic": SessionsChangedTopic, "payload": map[string]string{"user_id": userID.String()}})
	if err != nil {
		return fmt.Errorf("accounts: announce session change: %w", err)
	}
	if _, err := db.Exec(ctx, `SELECT pg_notify($1, $2)`, s.SessionNotices, string(body)); err != nil {
		return fmt.Errorf("accounts: announce session change: %w", err)
	}
	return nil
}

// RevokeSession ends one of userID's sessions by id.
func (s *Store) RevokeSession(ctx context.Context, db DBTX, userID, sessionID uuid.UUID) error {
	tag, err := db.Exec(ctx, `UPDATE sessions SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, sessionID, userID, s.Now().UTC())
	if err != nil {
		return fmt.Errorf("accounts: revoke session: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return s.announceSessions(ctx, db, userID)
}

// RevokeUserSessions ends every live session of userID except keep (uuid.Nil: all of them) and
// returns how many it ended.
func (s *Store) RevokeUserSessions(ctx context.Context, db DBTX, userID, keep uuid.UUID) (int, error) {
	tag, err := db.Exec(ctx, `
		UPDATE sessions SET revoked_at = $3
		 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > $3`,
		userID, keep, s.Now().UTC())
	if err != nil {
		return 0, fmt.Errorf("accounts: revoke sessions: %w", err)
	}
	if tag.RowsAffected() > 0 {
		if err := s.announceSessions(ctx, db, userID); err != nil {
			return 0, err
		}
	}
	return int(tag.RowsAffected()), nil
}

// ActiveSessions lists userID's live sessions, newest first.
func (s *Store) ActiveSessions(ctx context.Context, db DBTX, userID uuid.UUID) ([]Session, error) {
	rows, err := db.Query(ctx, `
		SELECT id, user_id, created_at, expires_at, last_seen_at, ip, user_agent FROM sessions
		 WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC`,
		userID, s.Now().UTC())
	if err != nil {
		return nil, fmt.Errorf("accounts: list sessions: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Session, error) {
		var x Session
		err := r.Scan(&x.ID, &x.UserID, &x.CreatedAt, &x.ExpiresAt, &x.LastSeenAt, &x.IP, &x.UserAgent)
		x.CreatedAt, x.ExpiresAt, x.LastSeenAt = x.CreatedAt.UTC(), x.ExpiresAt.UTC(), x.LastSeenAt.UTC()
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("accounts: list sessions: %w", err)
	}
	return out, nil
}

// DeleteExpiredSessions removes sessions that ended more than a day ago (housekeeping).
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	cutoff := s.Now().UTC().Add(-24 * time.Hour)
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("accounts: delete expired sessions: %w", err)
	}
	tag2, err := s.pool.Exec(ctx, `DELETE FROM password_reset_tokens WHERE expires_at < $1`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("accounts: delete expired reset tokens: %w", err)
	}
	return tag.RowsAffected() + tag2.RowsAffected(), nil
}

// CreateResetToken issues a password reset token for userID, valid for ResetTTL. Earlier unused
// tokens of the account stop working: only the latest e-mail's link resets.
func (s *Store) CreateResetToken(ctx context.Context, db DBTX, userID uuid.UUID) (string, error) {
	token, _, err := s.createToken(ctx, db, userID, s.ResetTTL)
	return token, err
}

// CreateInviteToken issues the token of a driver's invitation: a reset token valid for InviteTTL
// (it sets the first password the same way). It returns the token and when it stops working.
func (s *Store) CreateInviteToken(ctx context.Context, db DBTX, userID uuid.UUID) (string, time.Time, error) {
	return s.createToken(ctx, db, userID, s.InviteTTL)
}

func (s *Store) createToken(ctx context.Context, db DBTX, userID uuid.UUID, ttl time.Duration) (string, time.Time, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", time.Time{}, err
	}
	now := s.Now().UTC()
	if _, err := db.Exec(ctx, `UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, userID, now); err != nil {
		return "", time.Time{}, fmt.Errorf("accounts: retire reset tokens: %w", err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		hash, userID, now, now.Add(ttl)); err != nil {
		return "", time.Time{}, fmt.Errorf("accounts: create reset token: %w", err)
	}
	return token, now.Add(ttl), nil
}

// ConsumeResetToken marks token used and returns its account. A token works once and only before it
// expires; ErrBadResetToken otherwise.
func (s *Store) ConsumeResetToken(ctx context.Context, db DBTX, token string) (uuid.UUID, error) {
	if token == "" || len(token) > 200 {
		return uuid.Nil, ErrBadResetToken
	}
	now := s.Now().UTC()
	var userID uuid.UUID
	err := db.QueryRow(ctx, `
		UPDATE password_reset_tokens SET used_at = $2
		 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
		RETURNING user_id`, hashToken(token), now).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, ErrBadResetToken
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("accounts: consume reset token: %w", err)
	}
	return userID, nil
}
