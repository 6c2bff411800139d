package catalogue

import (
	"context"

	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
)

// SettingsHistoryHandler answers who changed the business settings and how.
type SettingsHistoryHandler struct {
	handlers  *Handlers
	historian historian
}

// Handle answers the settings' history, newest first.
func (h SettingsHistoryHandler) Handle(ctx context.Context) ([]HistoryEntry, error) {
	_, hist, err := h.handlers.LoadSettings(ctx)
	if err != nil {
		return nil, err
	}
	state := cat.Settings.Initial()
	// A pickup point by its name, as staff chose it; its id only if it cannot be read.
	pointName := func(id uuid.UUID) any {
		if id == uuid.Nil {
			return nil
		}
		st, _, err := h.handlers.PickupPoints.Load(ctx, id)
		if err != nil || st.Status == cat.StatusAbsent {
			return id.String()
		}
		return st.Fields.Name
	}
	return entries(ctx, h.historian, hist, func(e cat.SettingsEvent, entry *HistoryEntry) {
		entry.Action = "updated"
		switch e := e.(type) {
		case cat.OpeningHoursSet:
			entry.Changes = []FieldChange{{Field: "opening_hours", From: state.Hours, To: e.Hours}}
		case cat.HolidayAdded:
			entry.Changes = []FieldChange{{Field: "holidays", From: nil, To: e.Holiday}}
		case cat.HolidayRemoved:
			entry.Changes = []FieldChange{{Field: "holidays", From: e.Date, To: nil}}
		case cat.DefaultPickupPointSet:
			entry.Changes = []FieldChange{{Field: "default_pickup_point_id", From: pointName(state.DefaultPickupPoint), To: pointName(e.PickupPointID)}}
		}
		state = cat.Settings.Evolve(state, e)
	}), nil
}
