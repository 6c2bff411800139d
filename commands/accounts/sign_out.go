package accounts

import "context"

// SignOutHandler ends sessions by their token.
type SignOutHandler struct {
	tables Tables
}

// Handle ends the session of token everywhere at once (sessions are checked in the database on every
// request). An unknown or ended token is not an error: signing out twice is harmless.
func (h SignOutHandler) Handle(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	_, err := h.tables.RevokeToken(ctx, token)
	return err
}
