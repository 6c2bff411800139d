package orders

import ordersrm "mishwar/projections/orders"

// BookingSettings are the rules shown before booking: lead time, window, hold, cancellation, the
// payment provider and the step of pickup times.
type BookingSettings struct {
	Settings
	Provider        string
	TimeStepMinutes int
}

// SettingsHandler answers the booking settings.
type SettingsHandler struct {
	settings Settings
	provider string
}

// Handle returns the booking settings.
func (h SettingsHandler) Handle() BookingSettings {
	return BookingSettings{Settings: h.settings, Provider: h.provider, TimeStepMinutes: ordersrm.StartStep}
}
