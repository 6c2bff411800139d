package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"

	store "mishwar/adapters/accountsdb"
	"mishwar/adapters/mail"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// Area is where a reset was asked for, and where its link leads.
type Area string

const (
	// AreaSite is the public site: the link opens /reset-password.
	AreaSite Area = "site"
	// AreaAdmin is the admin area: only staff accounts get a link, and it opens /admin/password-reset.
	AreaAdmin Area = "admin"
)

// isStaff: roles that sign in to the admin area.
func isStaff(role string) bool { return role == account.RoleAdmin || role == account.RoleSupport }

// RequestPasswordReset e-mails a reset link to email if it has an account (a staff account, for the
// admin area). The answer is the same whether or not it has, so the form cannot be used to find out
// who is registered. The mail is recorded in the same transaction as the token.
func (s *Service) RequestPasswordReset(ctx context.Context, email string, area Area, lang i18n.Lang, c Client) error {
	v := &domain.ValidationError{}
	email = account.CheckEmail(v, "email", email)
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.take(ctx, s.Limits.ForgotIP, c.IP); err != nil {
		return err
	}
	if err := s.take(ctx, s.Limits.ForgotAccount, email); err != nil {
		return err
	}
	u, err := s.Store.UserByEmail(ctx, s.Pool, email)
	if errors.Is(err, store.ErrUserNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if area == AreaAdmin && !isStaff(u.Role) {
		return nil
	}
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("accounts: reset request: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	token, err := s.Store.CreateResetToken(ctx, tx, u.ID)
	if err != nil {
		return err
	}
	path := "/reset-password"
	if area == AreaAdmin {
		path = "/admin/password-reset"
	}
	link := strings.TrimRight(s.PublicURL(), "/") + path + "?token=" + url.QueryEscape(token)
	minutes := int(s.Store.ResetTTL.Minutes())
	msg := mail.Compose(lang, u.Email, u.FirstName+" "+u.LastName, mail.Content{
		Subject:    i18n.T(lang, "accounts.mail.reset.subject"),
		Heading:    i18n.T(lang, "accounts.mail.reset.heading"),
		Greeting:   i18n.T(lang, "accounts.mail.greeting", u.FirstName),
		Paragraphs: []string{i18n.T(lang, "accounts.mail.reset.body", minutes)},
		Action:     &mail.Action{Label: i18n.T(lang, "accounts.mail.reset.action"), URL: link},
		After:      []string{i18n.T(lang, "accounts.mail.reset.ignore")},
	})
	if _, err := mail.Enqueue(ctx, tx, msg); err != nil {
		return err
	}
	a := Actor{UserID: u.ID, Role: u.Role, IP: c.IP}
	if err := recordAudit(ctx, tx, u.ID, account.RecordPasswordResetRequest{}, a.meta()); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("accounts: reset request: %w", err)
	}
	s.afterCommit(ctx, u.ID)
	return nil
}

// PasswordReset is the form behind the e-mailed link.
type PasswordReset struct {
	Token                string
	Password             string
	PasswordConfirmation string
}

// ResetPassword sets a new password with a reset token and signs the account out everywhere. It
// returns the account, so the caller can send staff to the admin sign-in.
func (s *Service) ResetPassword(ctx context.Context, in PasswordReset, c Client) (User, error) {
	if err := s.take(ctx, s.Limits.ResetIP, c.IP); err != nil {
		return User{}, err
	}
	v := &domain.ValidationError{}
	if strings.TrimSpace(in.Token) == "" {
		v.Add("token", account.KeyResetTokenInvalid)
	}
	account.CheckPassword(v, "password", in.Password)
	if in.Password != in.PasswordConfirmation {
		v.Add("password_confirmation", account.KeyPasswordMismatch)
	}
	if err := v.Err(); err != nil {
		return User{}, err
	}
	hash, err := store.HashPassword(ctx, in.Password)
	if err != nil {
		return User{}, err
	}
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return User{}, fmt.Errorf("accounts: reset: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	id, err := s.Store.ConsumeResetToken(ctx, tx, strings.TrimSpace(in.Token))
	if errors.Is(err, store.ErrBadResetToken) {
		return User{}, validation("token", account.KeyResetTokenInvalid)
	}
	if err != nil {
		return User{}, err
	}
	u, err := s.Store.UserForUpdate(ctx, tx, id)
	if err != nil {
		return User{}, userError(err)
	}
	if err := s.Store.SetPassword(ctx, tx, id, hash); err != nil {
		return User{}, err
	}
	ended, err := s.Store.RevokeUserSessions(ctx, tx, id, uuid.Nil)
	if err != nil {
		return User{}, err
	}
	a := Actor{UserID: id, Role: u.Role, IP: c.IP}
	if err := recordAudit(ctx, tx, id, account.RecordPasswordChange{Method: account.PasswordChangedByReset, SessionsEnded: ended}, a.meta()); err != nil {
		return User{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return User{}, fmt.Errorf("accounts: reset: %w", err)
	}
	s.afterCommit(ctx, id)
	return u, nil
}
