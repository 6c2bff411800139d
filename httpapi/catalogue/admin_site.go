package catalogue

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	appcat "mishwar/commands/catalogue"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
)

// Admin handlers of the catalogue's singletons (home content, business settings, currency rates) and
// of photo uploads.

func adminHistory[F cat.Fields[F]](w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	entries, err := k.queries.History.Handle(r.Context(), id)
	writeHistory(w, r, entries, err)
}

func writeHistory(w http.ResponseWriter, r *http.Request, entries []appcat.HistoryEntry, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, historyJSON(entries))
}

func (h *Handler) adminHome(w http.ResponseWriter, r *http.Request) {
	home, err := h.app.Queries.Admin.HomeContent.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": home.Content, "version": home.Version})
}

// ifMatch reads If-Match as the version a singleton's form was loaded at ("-1": before anything was
// saved; nil when absent or "*": no check, as for the entities' edits); false when it answered 400
// because the header names no version.
func ifMatch(w http.ResponseWriter, r *http.Request) (*int64, bool) {
	expected, ok := expectedVersion(r, -1)
	if !ok {
		httpx.WriteMessage(w, r, http.StatusBadRequest, "catalogue.bad_if_match")
	}
	return expected, ok
}

func (h *Handler) adminUpdateHome(w http.ResponseWriter, r *http.Request) {
	expected, ok := ifMatch(w, r)
	if !ok {
		return
	}
	var content cat.HomeContent
	if err := decodeFields(w, r, &content); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	pos, err := h.app.Commands.UpdateHomeContent.Handle(r.Context(), appcat.UpdateHomeContent{Content: content, ExpectedVersion: expected}, httpx.Meta(r))
	if !h.written(w, r, pos, err) {
		return
	}
	h.adminHome(w, r)
}

// written waits for the read model after a command; false when it answered with an error instead.
func (h *Handler) written(w http.ResponseWriter, r *http.Request, pos eventstore.Position, err error) bool {
	if err == nil {
		err = h.wrote(r.Context(), pos)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return false
	}
	return true
}

func (h *Handler) adminHomeHistory(w http.ResponseWriter, r *http.Request) {
	entries, err := h.app.Queries.Admin.HomeHistory.Handle(r.Context())
	writeHistory(w, r, entries, err)
}

// settingsJSON answers the settings' version and, for each form that replaces some of them, the
// version of its group's last change: the version that form sends as If-Match.
type settingsJSON struct {
	OpeningHours              cat.WeeklyHours `json:"opening_hours"`
	Holidays                  []cat.Holiday   `json:"holidays"`
	DefaultPickupPoint        *uuid.UUID      `json:"default_pickup_point_id"`
	Version                   int64           `json:"version"`
	OpeningHoursVersion       int64           `json:"opening_hours_version"`
	DefaultPickupPointVersion int64           `json:"default_pickup_point_version"`
}

func (h *Handler) adminSettings(w http.ResponseWriter, r *http.Request) {
	s, err := h.app.Queries.Admin.Settings.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := settingsJSON{OpeningHours: nonNil(s.Hours), Holidays: nonNil(s.Holidays), Version: s.Version,
		OpeningHoursVersion: s.HoursVersion, DefaultPickupPointVersion: s.DefaultPickupPointVersion}
	if s.DefaultPickupPoint != uuid.Nil {
		out.DefaultPickupPoint = &s.DefaultPickupPoint
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// settingsCommand runs one business-settings command and answers with the settings after it. A
// form's command carries its If-Match (the version of its own group); a holiday takes none.
func (h *Handler) settingsCommand(w http.ResponseWriter, r *http.Request, cmd cat.SettingsCommand) {
	pos, err := h.app.Commands.ChangeSettings.Handle(r.Context(), appcat.ChangeSettings{Change: cmd}, httpx.Meta(r))
	if !h.written(w, r, pos, err) {
		return
	}
	h.adminSettings(w, r)
}

func (h *Handler) adminSetOpeningHours(w http.ResponseWriter, r *http.Request) {
	expected, ok := ifMatch(w, r)
	if !ok {
		return
	}
	var body struct {
		Hours cat.WeeklyHours `json:"hours"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.settingsCommand(w, r, cat.SetOpeningHours{Hours: body.Hours, IfVersion: expected})
}

func (h *Handler) adminAddHoliday(w http.ResponseWriter, r *http.Request) {
	var body cat.Holiday
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.settingsCommand(w, r, cat.AddHoliday{Holiday: body})
}

func (h *Handler) adminRemoveHoliday(w http.ResponseWriter, r *http.Request) {
	h.settingsCommand(w, r, cat.RemoveHoliday{Date: mux.Vars(r)["date"]})
}

func (h *Handler) adminSetDefaultPickupPoint(w http.ResponseWriter, r *http.Request) {
	expected, ok := ifMatch(w, r)
	if !ok {
		return
	}
	var body struct {
		PickupPointID uuid.UUID `json:"pickup_point_id"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.settingsCommand(w, r, cat.SetDefaultPickupPoint{PickupPointID: body.PickupPointID, IfVersion: expected})
}

func (h *Handler) adminSettingsHistory(w http.ResponseWriter, r *http.Request) {
	entries, err := h.app.Queries.Admin.SettingsHistory.Handle(r.Context())
	writeHistory(w, r, entries, err)
}

func (h *Handler) adminCurrencyRates(w http.ResponseWriter, r *http.Request) {
	s, err := h.app.Queries.Admin.CurrencyRates.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rates := map[money.Currency]float64{}
	for _, rt := range s.Rates {
		rates[rt.To] = rt.Float()
	}
	var setAt *time.Time
	if !s.SetAt.IsZero() {
		setAt = &s.SetAt
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"rates": rates, "set_at": setAt, "version": s.Version}})
}

// adminSetCurrencyRates takes {"rates": {"USD": 0.0205, "SAR": 0.0769}}: what one pound buys.
func (h *Handler) adminSetCurrencyRates(w http.ResponseWriter, r *http.Request) {
	expected, ok := ifMatch(w, r)
	if !ok {
		return
	}
	var body struct {
		Rates map[string]float64 `json:"rates"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	cmd := appcat.SetCurrencyRates{ExpectedVersion: expected}
	for code, v := range body.Rates {
		cmd.Rates = append(cmd.Rates, money.RateFromFloat(money.Currency(strings.ToUpper(code)), v))
	}
	pos, err := h.app.Commands.SetCurrencyRates.Handle(r.Context(), cmd, httpx.Meta(r))
	if !h.written(w, r, pos, err) {
		return
	}
	h.adminCurrencyRates(w, r)
}

func (h *Handler) adminCurrencyRatesHistory(w http.ResponseWriter, r *http.Request) {
	entries, err := h.app.Queries.Admin.CurrencyRatesHistory.Handle(r.Context())
	writeHistory(w, r, entries, err)
}

var errMissingFile = domain.Invalid("uploads.missing_file")

// adminUpload stores the multipart field "file" as a catalogue photo.
func (h *Handler) adminUpload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, cat.MaxPhotoBytes+1<<20)
	file, _, err := r.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpx.WriteError(w, r, cat.ErrPhotoTooLarge)
			return
		}
		httpx.WriteError(w, r, errMissingFile)
		return
	}
	defer file.Close()
	p, err := h.app.Commands.UploadPhoto.Handle(r.Context(), file)
	if errors.Is(err, cat.ErrPhotoNotStored) {
		// The server's fault, which only its operator can mend: the admin is told so in words to
		// pass on, the log says why (the directory and the system's error).
		httpx.Logger(r).ErrorContext(r.Context(), "request failed: photo not stored", "err", err)
		httpx.WriteMessage(w, r, http.StatusInternalServerError, "uploads.not_stored")
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"data": p})
}
