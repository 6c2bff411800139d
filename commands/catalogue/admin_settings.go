package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// AdminSettings are the business settings as the write side knows them, with their version.
type AdminSettings struct {
	cat.SettingsState
	Version int64
}

// AdminSettingsHandler answers the business settings for the admin.
type AdminSettingsHandler struct {
	handlers *Handlers
}

// Handle answers the current settings.
func (h AdminSettingsHandler) Handle(ctx context.Context) (AdminSettings, error) {
	state, hist, err := h.handlers.LoadSettings(ctx)
	if err != nil {
		return AdminSettings{}, err
	}
	return AdminSettings{SettingsState: state, Version: hist.Version}, nil
}
