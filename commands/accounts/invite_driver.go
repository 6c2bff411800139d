package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// InviteDriver is an admin's invitation of a driver by e-mail. The names are the new account's (the
// driver's record's); an account that exists keeps its own.
type InviteDriver struct {
	Email     string
	FirstName string
	LastName  string
	// Lang is the invitation e-mail's language (the admin's, who knows the driver).
	Lang i18n.Lang
}

// DriverInvitation is what an invitation did.
type DriverInvitation struct {
	UserID uuid.UUID
	Email  string
	// Created: no account had the e-mail; a driver's account was created without a usable password
	// and the invitation e-mailed.
	Created bool
	// Sent: an invitation was e-mailed — to the account just created, or again to an invited account
	// whose holder has not chosen a password yet (its link lapsed or was lost). False: the e-mail is a
	// driver's account in use; nothing was sent.
	Sent bool
	// ValidUntil is when the e-mailed link stops working (zero when nothing was sent).
	ValidUntil time.Time
}

// InviteDriverHandler gives a new driver a sign-in account.
type InviteDriverHandler struct {
	tx        Transactions
	passwords Passwords
	audit     *auditor
	publicURL func() string
}

// Handle finds or creates the driver's account for in.Email. With no account there, it creates one
// with the driver role and a password nobody knows, and queues (in the same transaction, for the mail
// worker to send once) an e-mail with a one-time link to set a password. A driver's account that
// exists is only returned, unless it was invited and its holder has not chosen a password yet: then it
// is invited again with a new link (the latest link is the only one that works). A traveller's or staff account is refused (account.ErrInviteTraveller,
// account.ErrInviteStaff): an invitation never changes a role.
func (h InviteDriverHandler) Handle(ctx context.Context, in InviteDriver, by Actor) (DriverInvitation, error) {
	v := &domain.ValidationError{}
	email := account.CheckEmail(v, "email", in.Email)
	if err := v.Err(); err != nil {
		return DriverInvitation{}, err
	}
	// Nobody knows this password, so nobody signs in with it: the link sets the first real one.
	unusable, err := h.passwords.Hash(ctx, randomPassword()+randomPassword())
	if err != nil {
		return DriverInvitation{}, err
	}
	var out DriverInvitation
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		u, err := tx.UserByEmail(ctx, email)
		if err == nil {
			if err := account.CheckDriverInvitable(u.Role); err != nil {
				return err
			}
			out = DriverInvitation{UserID: u.ID, Email: u.Email}
			if !u.AwaitingFirstPassword() {
				return nil
			}
			until, err := h.sendInvitation(ctx, tx, u, in.Lang, by)
			out.Sent, out.ValidUntil = true, until
			return err
		}
		if !errors.Is(err, account.ErrUserNotFound) {
			return err
		}
		first := or(strings.TrimSpace(in.FirstName), "Mishwar")
		last := or(strings.TrimSpace(in.LastName), roleTitle(account.RoleDriver))
		u, err = tx.CreateUser(ctx, account.NewUser{ID: uuid.New(), Email: email, PasswordHash: unusable,
			FirstName: first, LastName: last, Role: account.RoleDriver, Lang: string(in.Lang), Invited: true})
		if errors.Is(err, account.ErrEmailTaken) {
			// Someone registered the address a moment ago: it is not ours to give a role to.
			return account.ErrInviteTraveller
		}
		if err != nil {
			return err
		}
		if err := queueAudit(ctx, tx, u.ID, account.RegisterUser{UserID: u.ID.String(), Email: u.Email, FirstName: first, LastName: last,
			Role: account.RoleDriver, Lang: string(in.Lang), Via: "invite"}, by.meta()); err != nil {
			return err
		}
		until, err := h.sendInvitation(ctx, tx, u, in.Lang, by)
		out = DriverInvitation{UserID: u.ID, Email: u.Email, Created: true, Sent: true, ValidUntil: until}
		return err
	})
	if err != nil {
		if domain.KindOf(err) != 0 {
			return DriverInvitation{}, err
		}
		return DriverInvitation{}, fmt.Errorf("accounts: invite driver: %w", err)
	}
	if out.Sent {
		h.audit.afterCommit(ctx, out.UserID)
	}
	return out, nil
}

// sendInvitation issues u a new invitation link (earlier links stop working), queues its e-mail and
// records the invitation, all in tx. It says until when the link works.
func (h InviteDriverHandler) sendInvitation(ctx context.Context, tx Tx, u account.User, lang i18n.Lang, by Actor) (time.Time, error) {
	token, until, err := tx.CreateInviteToken(ctx, u.ID)
	if err != nil {
		return time.Time{}, err
	}
	if err := tx.QueueMail(ctx, h.mail(u, token, until, lang)); err != nil {
		return time.Time{}, err
	}
	return until, queueAudit(ctx, tx, u.ID, account.RecordDriverInvitation{InvitedBy: by.UserID.String(), ValidUntil: until}, by.meta())
}

// mail is the invitation to u, in lang, with the one-time link to the set-a-password screen.
func (h InviteDriverHandler) mail(u account.User, token string, until time.Time, lang i18n.Lang) account.Mail {
	link := strings.TrimRight(h.publicURL(), "/") + "/reset-password?token=" + url.QueryEscape(token) + "&invite=1"
	days := int(time.Until(until).Round(24*time.Hour).Hours()) / 24
	if days < 1 {
		days = 1
	}
	return account.Mail{
		To: u.Email, ToName: u.FirstName + " " + u.LastName, Lang: string(lang),
		Subject:    i18n.T(lang, "accounts.mail.invite.subject"),
		Heading:    i18n.T(lang, "accounts.mail.invite.heading"),
		Greeting:   i18n.T(lang, "accounts.mail.greeting", u.FirstName),
		Paragraphs: []string{i18n.T(lang, "accounts.mail.invite.body"), i18n.T(lang, "accounts.mail.invite.validity", days)},
		Action:     &account.MailAction{Label: i18n.T(lang, "accounts.mail.invite.action"), URL: link},
		After:      []string{i18n.T(lang, "accounts.mail.invite.ignore")},
	}
}
