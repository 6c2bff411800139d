package accounts

import (
	"context"
	"errors"

	"github.com/google/uuid"

	store "mishwar/adapters/accountsdb"
	"mishwar/domain"
	"mishwar/domain/account"
)

// SignIn checks an e-mail and password and opens a session. Wrong credentials, for an address with
// or without an account, are ErrWrongCredentials after the same amount of work, so the answer says
// nothing about which addresses are registered.
func (s *Service) SignIn(ctx context.Context, email, password string, c Client) (SignedIn, error) {
	if err := s.take(ctx, s.Limits.LoginIP, c.IP); err != nil {
		return SignedIn{}, err
	}
	v := &domain.ValidationError{}
	email = account.CheckEmail(v, "email", email)
	if password == "" {
		v.Add("password", account.KeyPasswordRequired)
	}
	if err := v.Err(); err != nil {
		return SignedIn{}, err
	}
	if err := s.Limiter.Check(ctx, s.Limits.LoginAccount, email); err != nil {
		return SignedIn{}, err
	}
	u, hash, err := s.Store.Credentials(ctx, s.Pool, email)
	if errors.Is(err, store.ErrUserNotFound) {
		store.BurnVerification(ctx, password)
		return SignedIn{}, s.failedSignIn(ctx, email)
	}
	if err != nil {
		return SignedIn{}, err
	}
	ok, err := store.VerifyPassword(ctx, hash, password)
	if err != nil {
		return SignedIn{}, err
	}
	if !ok {
		return SignedIn{}, s.failedSignIn(ctx, email)
	}
	token, sess, err := s.Store.CreateSession(ctx, s.Pool, u.ID, c)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Token: token, Session: sess}, nil
}

func (s *Service) failedSignIn(ctx context.Context, email string) error {
	if err := s.take(ctx, s.Limits.LoginAccount, email); err != nil {
		return err
	}
	return ErrWrongCredentials
}

// SignOut ends the session of token everywhere at once (sessions are checked in the database on
// every request). An unknown or ended token is not an error: signing out twice is harmless.
func (s *Service) SignOut(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	_, err := s.Store.RevokeToken(ctx, s.Pool, token)
	return err
}

// Authenticate resolves a session token (see accountsdb.Store.Authenticate).
func (s *Service) Authenticate(ctx context.Context, token string) (store.Principal, error) {
	return s.Store.Authenticate(ctx, token)
}

// Me returns the account with id.
func (s *Service) Me(ctx context.Context, id uuid.UUID) (User, error) {
	u, err := s.Store.UserByID(ctx, s.Pool, id)
	return u, userError(err)
}

// Sessions lists the account's live sessions.
func (s *Service) Sessions(ctx context.Context, id uuid.UUID) ([]store.Session, error) {
	return s.Store.ActiveSessions(ctx, s.Pool, id)
}

// EndOtherSessions signs the account out everywhere but in the session it acts from, and returns how
// many sessions it ended.
func (s *Service) EndOtherSessions(ctx context.Context, a Actor) (int, error) {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := s.Store.UserForUpdate(ctx, tx, a.UserID); err != nil {
		return 0, userError(err)
	}
	n, err := s.Store.RevokeUserSessions(ctx, tx, a.UserID, a.SessionID)
	if err != nil {
		return 0, err
	}
	if err := recordAudit(ctx, tx, a.UserID, account.RecordOtherSessionsEnded{Count: n}, a.meta()); err != nil {
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	s.afterCommit(ctx, a.UserID)
	return n, nil
}

// EndSession ends one of the account's sessions by id.
func (s *Service) EndSession(ctx context.Context, a Actor, sessionID uuid.UUID) error {
	err := s.Store.RevokeSession(ctx, s.Pool, a.UserID, sessionID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrSessionNotFound
	}
	return err
}
