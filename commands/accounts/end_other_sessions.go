package accounts

import (
	"context"

	"mishwar/domain/account"
)

// EndOtherSessionsHandler signs an account out on every other device.
type EndOtherSessionsHandler struct {
	tx    Transactions
	audit *auditor
}

// Handle signs the account out everywhere but in the session it acts from, and returns how many
// sessions it ended.
func (h EndOtherSessionsHandler) Handle(ctx context.Context, a Actor) (int, error) {
	var n int
	err := h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		if _, err := tx.UserForUpdate(ctx, a.UserID); err != nil {
			return userError(err)
		}
		var err error
		if n, err = tx.RevokeUserSessions(ctx, a.UserID, a.SessionID); err != nil {
			return err
		}
		return queueAudit(ctx, tx, a.UserID, account.RecordOtherSessionsEnded{Count: n}, a.meta())
	})
	if err != nil {
		return 0, err
	}
	h.audit.afterCommit(ctx, a.UserID)
	return n, nil
}
