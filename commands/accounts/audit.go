package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/commands"
	"mishwar/domain/account"
	"mishwar/eventstore"
)

// The audit outbox. A credential change and the audit command describing it commit together (one
// transaction on account tables and account_audit_outbox); afterwards the command is executed
// against the account's stream and its row deleted. If the process dies in between, the relay
// executes it later with the same command id: the runner recognises a repeated id and appends
// nothing twice.

type auditRow struct {
	seq       int64
	commandID uuid.UUID
	userID    uuid.UUID
	cmdType   string
	cmd       []byte
	actorID   string
	actorRole string
	clientIP  string
}

// recordAudit queues cmd for userID's stream in tx.
func recordAudit(ctx context.Context, tx pgx.Tx, userID uuid.UUID, cmd account.Command, m commands.Meta) error {
	typ, err := commandType(cmd)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(cmd)
	if err != nil {
		return fmt.Errorf("accounts: audit: %w", err)
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO account_audit_outbox (command_id, user_id, command_type, command, actor_id, actor_role, client_ip)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		m.CommandID, userID, typ, raw, m.Actor.UserID, m.Actor.Role, m.ClientIP)
	if err != nil {
		return fmt.Errorf("accounts: audit: %w", err)
	}
	return nil
}

// auditCommands are the commands the outbox may hold, by the name stored in its command_type column
// (the Go type's name).
var auditCommands = map[string]func(raw []byte) (account.Command, error){
	"RegisterUser":               decodeAs[account.RegisterUser],
	"ChangePersonalInfo":         decodeAs[account.ChangePersonalInfo],
	"RecordPasswordChange":       decodeAs[account.RecordPasswordChange],
	"RecordPasswordResetRequest": decodeAs[account.RecordPasswordResetRequest],
	"ChangeRole":                 decodeAs[account.ChangeRole],
	"RecordOtherSessionsEnded":   decodeAs[account.RecordOtherSessionsEnded],
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

// flushAudit appends userID's queued audit commands to the account stream, oldest first, and removes
// them from the queue. It holds the queued rows' locks while it works, so two flushes of one account
// run one after the other and the stream keeps the order the changes were made in.
func (s *Service) flushAudit(ctx context.Context, userID uuid.UUID) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	rows, err := tx.Query(ctx, `
		SELECT seq, command_id, user_id, command_type, command, actor_id, actor_role, client_ip
		  FROM account_audit_outbox WHERE user_id = $1 ORDER BY seq FOR UPDATE`, userID)
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	queued, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (auditRow, error) {
		var a auditRow
		err := r.Scan(&a.seq, &a.commandID, &a.userID, &a.cmdType, &a.cmd, &a.actorID, &a.actorRole, &a.clientIP)
		return a, err
	})
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	var flushErr error
	for _, a := range queued {
		if err := s.appendAudit(ctx, a); err != nil {
			flushErr = err
			if _, uerr := tx.Exec(ctx, `UPDATE account_audit_outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1`, a.seq, err.Error()); uerr != nil {
				return errors.Join(err, uerr)
			}
			break // later changes wait: the stream must keep their order
		}
		if _, err := tx.Exec(ctx, `DELETE FROM account_audit_outbox WHERE seq = $1`, a.seq); err != nil {
			return fmt.Errorf("accounts: audit flush: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	return flushErr
}

func (s *Service) appendAudit(ctx context.Context, a auditRow) error {
	cmd, err := decodeCommand(a.cmdType, a.cmd)
	if err != nil {
		return err
	}
	m := commands.Meta{
		CommandID:     a.commandID,
		Actor:         commands.Actor{UserID: a.actorID, Role: a.actorRole},
		CorrelationID: a.commandID.String(),
		ClientIP:      a.clientIP,
	}
	// Audit commands record what already happened, so they commute with each other: on a concurrent
	// append the runner reloads and decides again.
	_, err = commands.Execute(ctx, s.Runner, account.Decider, eventstore.StreamID(account.Category, a.userID.String()), cmd, m, commands.Options{Commutes: true})
	if err != nil {
		return fmt.Errorf("accounts: audit %s for %s: %w", a.cmdType, a.userID, err)
	}
	return nil
}

// afterCommit flushes userID's audit queue right away. A failure is only logged: the change itself is
// committed, and RelayAudit will append the events once the event store answers again.
func (s *Service) afterCommit(ctx context.Context, userID uuid.UUID) {
	if err := s.flushAudit(context.WithoutCancel(ctx), userID); err != nil {
		s.Logger.WarnContext(ctx, "account audit event not appended yet; the relay will retry", "user_id", userID, "err", err)
	}
}

// RelayAudit appends audit commands left in the queue (by a crash or an event-store outage) until ctx
// ends, looking every interval.
func (s *Service) RelayAudit(ctx context.Context, interval time.Duration) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.FlushPendingAudit(ctx, interval); err != nil && ctx.Err() == nil {
			s.Logger.Warn("account audit relay", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// FlushPendingAudit flushes every account with audit commands queued for longer than olderThan (so
// it leaves fresh ones to the request that wrote them) and returns how many accounts it flushed.
func (s *Service) FlushPendingAudit(ctx context.Context, olderThan time.Duration) (int, error) {
	rows, err := s.Pool.Query(ctx, `
		SELECT DISTINCT user_id FROM account_audit_outbox WHERE created_at < now() - $1::bigint * interval '1 microsecond'`,
		olderThan.Microseconds())
	if err != nil {
		return 0, fmt.Errorf("accounts: audit relay: %w", err)
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return 0, fmt.Errorf("accounts: audit relay: %w", err)
	}
	var errs []error
	for _, u := range users {
		if err := s.flushAudit(ctx, u); err != nil {
			errs = append(errs, err)
		}
	}
	return len(users), errors.Join(errs...)
}
