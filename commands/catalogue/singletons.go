package catalogue

import (
	"context"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
)

// UpdateHomeContent replaces the home content.
func (h *Handlers) UpdateHomeContent(ctx context.Context, cmd cat.UpdateHomeContent, meta commands.Meta) (commands.Result[cat.HomeContentUpdated], error) {
	return h.UpdateHomeContentAt(ctx, cmd, nil, meta)
}

// UpdateHomeContentAt replaces the home content if the stream is still at expected (the version the
// edit form was loaded at; nil: whatever is there). The check is the append's own expected version,
// so an edit landing first, before or while this one runs, refuses it (commands.ErrConcurrentChange)
// instead of being overwritten.
func (h *Handlers) UpdateHomeContentAt(ctx context.Context, cmd cat.UpdateHomeContent, expected *int64, meta commands.Meta) (commands.Result[cat.HomeContentUpdated], error) {
	return commands.Execute(ctx, h.runner, cat.Home, singleton(cat.HomeContentStream), cmd, meta, commands.Options{ExpectedVersion: expected})
}

// HomeContent returns the current home content (for an edit form that must show what it replaces).
func (h *Handlers) HomeContent(ctx context.Context) (cat.HomeState, commands.History[cat.HomeContentUpdated], error) {
	return loadSingleton(ctx, h, cat.Home, cat.HomeContentStream)
}

// Settings runs a business-settings command: opening hours, holidays, the default pickup point.
// They commute: each decides on the state it finds, and a stream that moved between load and append
// (another process's change) is loaded and decided again. A form's save names the version it loaded
// its own group at (the command's IfVersion), which the decider checks on the state it finds: a
// holiday added meanwhile does not refuse an hours save, another hours save does, and of two hours
// saves from one version exactly one lands.
func (h *Handlers) Settings(ctx context.Context, cmd cat.SettingsCommand, meta commands.Meta) (commands.Result[cat.SettingsEvent], error) {
	return commands.Execute(ctx, h.runner, cat.Settings, singleton(cat.SettingsStream), cmd, meta, commands.Options{Commutes: true})
}

// LoadSettings returns the business settings as the write side knows them.
func (h *Handlers) LoadSettings(ctx context.Context) (cat.SettingsState, commands.History[cat.SettingsEvent], error) {
	return loadSingleton(ctx, h, cat.Settings, cat.SettingsStream)
}

// SetCurrencyRates replaces the currency rates; the event records when.
func (h *Handlers) SetCurrencyRates(ctx context.Context, cmd cat.SetCurrencyRates, meta commands.Meta) (commands.Result[cat.CurrencyRatesSet], error) {
	return h.SetCurrencyRatesAt(ctx, cmd, nil, meta)
}

// SetCurrencyRatesAt replaces the currency rates if they are still at expected (the version the
// rates form was loaded at; nil: whatever is there, retried on a concurrent change).
func (h *Handlers) SetCurrencyRatesAt(ctx context.Context, cmd cat.SetCurrencyRates, expected *int64, meta commands.Meta) (commands.Result[cat.CurrencyRatesSet], error) {
	return commands.Execute(ctx, h.runner, cat.CurrencyRates, singleton(cat.CurrencyRatesStream), cmd, meta, commands.Options{Commutes: true, ExpectedVersion: expected})
}

// LoadCurrencyRates returns the rates' history (for the admin's history view).
func (h *Handlers) LoadCurrencyRates(ctx context.Context) (cat.CurrencyState, commands.History[cat.CurrencyRatesSet], error) {
	return loadSingleton(ctx, h, cat.CurrencyRates, cat.CurrencyRatesStream)
}

// loadSingleton loads the one stream of category and folds it with d.
func loadSingleton[S, C, E any](ctx context.Context, h *Handlers, d domain.Decider[S, C, E], category string) (S, commands.History[E], error) {
	hist, err := commands.Load[E](ctx, h.runner, singleton(category))
	if err != nil {
		var zero S
		return zero, hist, err
	}
	return d.Fold(hist.Events), hist, nil
}
