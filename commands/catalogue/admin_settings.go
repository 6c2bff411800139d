package catalogue

import (
	"context"
	"fmt"

	cat "mishwar/domain/catalogue"
)

// AdminSettings are the business settings as the write side knows them, with their versions: the
// settings' (SettingsState.Version) and each form's group's (HoursVersion, DefaultPickupPointVersion).
type AdminSettings struct {
	cat.SettingsState
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
	if state.Version != hist.Version {
		return AdminSettings{}, fmt.Errorf("catalogue: settings folded to version %d, stream at %d", state.Version, hist.Version)
	}
	return AdminSettings{SettingsState: state}, nil
}
