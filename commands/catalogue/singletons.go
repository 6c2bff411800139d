package catalogue

import (
	"context"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
)

// UpdateHomeContent replaces the home content.
func (h *Handlers) UpdateHomeContent(ctx context.Context, cmd cat.UpdateHomeContent, meta commands.Meta) (commands.Result[cat.HomeContentUpdated], error) {
	return commands.Execute(ctx, h.runner, cat.Home, singleton(cat.HomeContentStream), cmd, meta, commands.Options{})
}

// HomeContent returns the current home content (for an edit form that must show what it replaces).
func (h *Handlers) HomeContent(ctx context.Context) (cat.HomeState, commands.History[cat.HomeContentUpdated], error) {
	hist, err := commands.Load[cat.HomeContentUpdated](ctx, h.runner, singleton(cat.HomeContentStream))
	if err != nil {
		return cat.HomeState{}, hist, err
	}
	return cat.Home.Fold(hist.Events), hist, nil
}

// Settings runs a business-settings command: opening hours, holidays, the default pickup point.
// They commute: each decides on the state it finds, and none depends on what another writer did.
func (h *Handlers) Settings(ctx context.Context, cmd cat.SettingsCommand, meta commands.Meta) (commands.Result[cat.SettingsEvent], error) {
	return commands.Execute(ctx, h.runner, cat.Settings, singleton(cat.SettingsStream), cmd, meta, commands.Options{Commutes: true})
}

// LoadSettings returns the business settings as the write side knows them.
func (h *Handlers) LoadSettings(ctx context.Context) (cat.SettingsState, commands.History[cat.SettingsEvent], error) {
	hist, err := commands.Load[cat.SettingsEvent](ctx, h.runner, singleton(cat.SettingsStream))
	if err != nil {
		return cat.SettingsState{}, hist, err
	}
	return cat.Settings.Fold(hist.Events), hist, nil
}

// SetCurrencyRates replaces the currency rates; the event records when.
func (h *Handlers) SetCurrencyRates(ctx context.Context, cmd cat.SetCurrencyRates, meta commands.Meta) (commands.Result[cat.CurrencyRatesSet], error) {
	return commands.Execute(ctx, h.runner, cat.CurrencyRates, singleton(cat.CurrencyRatesStream), cmd, meta, commands.Options{Commutes: true})
}

// LoadCurrencyRates returns the rates' history (for the admin's history view).
func (h *Handlers) LoadCurrencyRates(ctx context.Context) (cat.CurrencyState, commands.History[cat.CurrencyRatesSet], error) {
	hist, err := commands.Load[cat.CurrencyRatesSet](ctx, h.runner, singleton(cat.CurrencyRatesStream))
	if err != nil {
		return cat.CurrencyState{}, hist, err
	}
	return cat.CurrencyRates.Fold(hist.Events), hist, nil
}
