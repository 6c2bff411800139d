package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

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

// RequestPasswordResetHandler e-mails password reset links.
type RequestPasswordResetHandler struct {
	tables    Tables
	tx        Transactions
	limits    *limits
	audit     *auditor
	publicURL func() string
}

// Handle e-mails a reset link to email if it has an account (a staff account, for the admin area).
// The answer is the same whether or not it has, so the form cannot be used to find out who is
// registered. The mail is queued in the same transaction as the token.
func (h RequestPasswordResetHandler) Handle(ctx context.Context, email string, area Area, lang i18n.Lang, c account.Client) error {
	v := &domain.ValidationError{}
	typed := email
	email = account.CheckEmail(v, "email", email)
	if err := v.Err(); err != nil {
		return err
	}
	if err := h.limits.take(ctx, forgotIP, c.IP); err != nil {
		return err
	}
	if err := h.limits.take(ctx, forgotAccount, email); err != nil {
		return err
	}
	u, err := h.tables.UserByEmail(ctx, email)
	if old, ok := account.StoredBeforeNFC(typed, email); ok && errors.Is(err, account.ErrUserNotFound) {
		u, err = h.tables.UserByEmail(ctx, old)
	}
	if errors.Is(err, account.ErrUserNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if area == AreaAdmin && !u.IsStaff() {
		return nil
	}
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		token, err := tx.CreateResetToken(ctx, u.ID)
		if err != nil {
			return err
		}
		if err := tx.QueueMail(ctx, h.mail(u, token, area, lang)); err != nil {
			return err
		}
		// Whoever asked is not signed in, and may not be the account's owner: the record says a guest
		// asked, from where, not that the owner did.
		return queueAudit(ctx, tx, u.ID, account.RecordPasswordResetRequest{}, Actor{Role: RoleGuest, IP: c.IP}.meta())
	})
	if err != nil {
		return fmt.Errorf("accounts: reset request: %w", err)
	}
	h.audit.afterCommit(ctx, u.ID)
	return nil
}

// mail is the reset e-mail to u in lang, with the link to area's reset screen.
func (h RequestPasswordResetHandler) mail(u account.User, token string, area Area, lang i18n.Lang) account.Mail {
	path := "/reset-password"
	if area == AreaAdmin {
		path = "/admin/password-reset"
	}
	link := strings.TrimRight(h.publicURL(), "/") + path + "?token=" + url.QueryEscape(token)
	minutes := int(h.tables.ResetLinkLifetime().Minutes())
	return account.Mail{
		To: u.Email, ToName: u.FirstName + " " + u.LastName, Lang: string(lang),
		Subject:    i18n.T(lang, "accounts.mail.reset.subject"),
		Heading:    i18n.T(lang, "accounts.mail.reset.heading"),
		Greeting:   i18n.T(lang, "accounts.mail.greeting", u.FirstName),
		Paragraphs: []string{i18n.T(lang, "accounts.mail.reset.body", minutes)},
		Action:     &account.MailAction{Label: i18n.T(lang, "accounts.mail.reset.action"), URL: link},
		After:      []string{i18n.T(lang, "accounts.mail.reset.ignore")},
	}
}
