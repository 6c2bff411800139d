package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/account"
	"mishwar/eventstore"
)

// The audit outbox. A credential change and the audit command describing it commit together (one
// transaction on the account tables, Tx.QueueAudit); afterwards the command is executed against the
// account's stream and its entry removed. If the process dies in between, the relay executes it later
// with the same command id: the runner recognises a repeated id and appends nothing twice.

// queueAudit queues cmd for userID's stream in tx.
func queueAudit(ctx context.Context, tx Tx, userID uuid.UUID, cmd account.Command, m commands.Meta) error {
	typ, err := commandType(cmd)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(cmd)
	if err != nil {
		return fmt.Errorf("accounts: audit: %w", err)
	}
	return tx.QueueAudit(ctx, account.AuditEntry{CommandID: m.CommandID, UserID: userID, CommandType: typ, Command: raw,
		ActorID: m.Actor.UserID, ActorRole: m.Actor.Role, ClientIP: m.ClientIP})
}

// auditCommands are the commands the outbox may hold, by the name stored with them (the Go type's
// name).
var auditCommands = map[string]func(raw []byte) (account.Command, error){
	"RegisterUser":               decodeAs[account.RegisterUser],
	"ChangePersonalInfo":         decodeAs[account.ChangePersonalInfo],
	"RecordPasswordChange":       decodeAs[account.RecordPasswordChange],
	"RecordPasswordResetRequest": decodeAs[account.RecordPasswordResetRequest],
	"ChangeRole":                 decodeAs[account.ChangeRole],
	"RecordOtherSessionsEnded":   decodeAs[account.RecordOtherSessionsEnded],
	"RecordDriverInvitation":     decodeAs[account.RecordDriverInvitation],
}

func decodeAs[C account.Command](raw []byte) (account.Command, error) {
	var c C
	err := json.Unmarshal(raw, &c)
	return c, err
}

func commandType(cmd account.Command) (string, error) {
	var typ string
	if cmd != nil {
		typ = reflect.TypeOf(cmd).Name()
	}
	if _, ok := auditCommands[typ]; !ok {
		return "", fmt.Errorf("accounts: audit: unknown command %T", cmd)
	}
	return typ, nil
}

func decodeCommand(typ string, raw []byte) (account.Command, error) {
	decode, ok := auditCommands[typ]
	if !ok {
		return nil, fmt.Errorf("accounts: audit: unknown command type %q", typ)
	}
	cmd, err := decode(raw)
	if err != nil {
		return nil, fmt.Errorf("accounts: audit: decode %s: %w", typ, err)
	}
	return cmd, nil
}

// auditor executes queued audit commands against the accounts' streams.
type auditor struct {
	tables AuditQueue
	runner *commands.Runner
	log    *slog.Logger
}

// flush appends userID's queued audit commands to the account stream, oldest first.
func (a *auditor) flush(ctx context.Context, userID uuid.UUID) error {
	return a.tables.FlushAudit(ctx, userID, func(e account.AuditEntry) error { return a.execute(ctx, e) })
}

func (a *auditor) execute(ctx context.Context, e account.AuditEntry) error {
	cmd, err := decodeCommand(e.CommandType, e.Command)
	if err != nil {
		return err
	}
	m := commands.Meta{
		CommandID:     e.CommandID,
		Actor:         commands.Actor{UserID: e.ActorID, Role: e.ActorRole},
		CorrelationID: e.CommandID.String(),
		ClientIP:      e.ClientIP,
	}
	// Audit commands record what already happened, so they commute with each other: on a concurrent
	// append the runner reloads and decides again.
	_, err = commands.Execute(ctx, a.runner, account.Decider, eventstore.StreamID(account.Category, e.UserID.String()), cmd, m, commands.Options{Commutes: true})
	if err != nil {
		return fmt.Errorf("accounts: audit %s for %s: %w", e.CommandType, e.UserID, err)
	}
	return nil
}

// afterCommit flushes userID's audit queue right away. A failure is only logged: the change itself is
// committed, and the relay will append the events once the event store answers again.
func (a *auditor) afterCommit(ctx context.Context, userID uuid.UUID) {
	if err := a.flush(context.WithoutCancel(ctx), userID); err != nil {
		a.log.WarnContext(ctx, "account audit event not appended yet; the relay will retry", "user_id", userID, "err", err)
	}
}

// AuditRelay appends audit commands left queued by a crash or an event-store outage.
type AuditRelay struct {
	audit *auditor
}

// Run flushes what is left queued until ctx ends, looking every interval.
func (r AuditRelay) Run(ctx context.Context, interval time.Duration) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := r.FlushPending(ctx, interval); err != nil && ctx.Err() == nil {
			r.audit.log.Warn("account audit relay", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// FlushPending flushes every account with audit commands queued for longer than olderThan (so it
// leaves fresh ones to the request that wrote them) and returns how many accounts it flushed.
func (r AuditRelay) FlushPending(ctx context.Context, olderThan time.Duration) (int, error) {
	users, err := r.audit.tables.PendingAudit(ctx, olderThan)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, u := range users {
		if err := r.audit.flush(ctx, u); err != nil {
			errs = append(errs, err)
		}
	}
	return len(users), errors.Join(errs...)
}
