package httpapi

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/adapters/uploads"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// Admin handlers of the catalogue's singletons (home content, business settings, currency rates) and
// of photo uploads.

func (s *Server) adminHome(w http.ResponseWriter, r *http.Request) {
	state, hist, err := s.deps.Catalogue.HomeContent(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": state.Content, "version": hist.Version})
}

func (s *Server) adminUpdateHome(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var content cat.HomeContent
	if err := decodeFields(w, r, &content); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if id := content.FullDayRide.ProgramID; id != uuid.Nil {
		if p, err := s.deps.CatalogueReader.Program(ctx, id); err != nil || p.Archived {
			if err != nil && !errors.Is(err, cat.ErrProgramNotFound) {
				httpx.WriteError(w, r, err)
				return
			}
			var ve domain.ValidationError
			ve.Add("full_day_ride.program_id", "catalogue.unknown_program")
			httpx.WriteError(w, r, &ve)
			return
		}
	}
	res, err := s.deps.Catalogue.UpdateHomeContent(ctx, cat.UpdateHomeContent{Content: content}, catalogueMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.adminHome(w, r)
}

func (s *Server) adminHomeHistory(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	_, hist, err := s.deps.Catalogue.HomeContent(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var prev cat.HomeContent
	first := true
	entries := historyEntries(ctx, s, hist, func(e cat.HomeContentUpdated, entry *historyEntry) {
		entry.Action, entry.Changes = "updated", changesBetween(prev, e.Content, e.Changed, first)
		prev, first = e.Content, false
	})
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": entries})
}

type settingsJSON struct {
	OpeningHours       cat.WeeklyHours `json:"opening_hours"`
	Holidays           []cat.Holiday   `json:"holidays"`
	DefaultPickupPoint *uuid.UUID      `json:"default_pickup_point_id"`
	Version            int64           `json:"version"`
}

func (s *Server) adminSettings(w http.ResponseWriter, r *http.Request) {
	state, hist, err := s.deps.Catalogue.LoadSettings(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := settingsJSON{OpeningHours: nonNil(state.Hours), Holidays: nonNil(state.Holidays), Version: hist.Version}
	if state.DefaultPickupPoint != uuid.Nil {
		out.DefaultPickupPoint = &state.DefaultPickupPoint
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// settingsCommand runs one business-settings command and answers with the settings after it.
func (s *Server) settingsCommand(w http.ResponseWriter, r *http.Request, cmd cat.SettingsCommand) {
	res, err := s.deps.Catalogue.Settings(r.Context(), cmd, catalogueMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(r.Context(), res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.adminSettings(w, r)
}

func (s *Server) adminSetOpeningHours(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Hours cat.WeeklyHours `json:"hours"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.settingsCommand(w, r, cat.SetOpeningHours{Hours: body.Hours})
}

func (s *Server) adminAddHoliday(w http.ResponseWriter, r *http.Request) {
	var body cat.Holiday
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.settingsCommand(w, r, cat.AddHoliday{Holiday: body})
}

func (s *Server) adminRemoveHoliday(w http.ResponseWriter, r *http.Request) {
	s.settingsCommand(w, r, cat.RemoveHoliday{Date: mux.Vars(r)["date"]})
}

func (s *Server) adminSetDefaultPickupPoint(w http.ResponseWriter, r *http.Request) {
	var body struct {
		PickupPointID uuid.UUID `json:"pickup_point_id"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if body.PickupPointID != uuid.Nil {
		p, err := s.deps.CatalogueReader.PickupPoint(r.Context(), body.PickupPointID)
		if err != nil && !errors.Is(err, cat.ErrPickupPointNotFound) {
			httpx.WriteError(w, r, err)
			return
		}
		if err != nil || p.Archived || !p.Active {
			var ve domain.ValidationError
			ve.Add("pickup_point_id", "catalogue.unknown_pickup_point")
			httpx.WriteError(w, r, &ve)
			return
		}
	}
	s.settingsCommand(w, r, cat.SetDefaultPickupPoint{PickupPointID: body.PickupPointID})
}

func (s *Server) adminSettingsHistory(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	_, hist, err := s.deps.Catalogue.LoadSettings(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	state := cat.Settings.Initial()
	entries := historyEntries(ctx, s, hist, func(e cat.SettingsEvent, entry *historyEntry) {
		entry.Action = "updated"
		switch e := e.(type) {
		case cat.OpeningHoursSet:
			entry.Changes = []fieldChange{{Field: "opening_hours", From: rawJSON(state.Hours), To: rawJSON(e.Hours)}}
		case cat.HolidayAdded:
			entry.Changes = []fieldChange{{Field: "holidays", From: rawJSON(nil), To: rawJSON(e.Holiday)}}
		case cat.HolidayRemoved:
			entry.Changes = []fieldChange{{Field: "holidays", From: rawJSON(e.Date), To: rawJSON(nil)}}
		case cat.DefaultPickupPointSet:
			entry.Changes = []fieldChange{{Field: "default_pickup_point_id", From: rawJSON(state.DefaultPickupPoint), To: rawJSON(e.PickupPointID)}}
		}
		state = cat.Settings.Evolve(state, e)
	})
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": entries})
}

func (s *Server) adminCurrencyRates(w http.ResponseWriter, r *http.Request) {
	state, hist, err := s.deps.Catalogue.LoadCurrencyRates(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	rates := map[money.Currency]float64{}
	for _, rt := range state.Rates {
		rates[rt.To] = rt.Float()
	}
	var setAt *time.Time
	if !state.SetAt.IsZero() {
		setAt = &state.SetAt
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{"rates": rates, "set_at": setAt, "version": hist.Version}})
}

// adminSetCurrencyRates takes {"rates": {"USD": 0.0205, "SAR": 0.0769}}: what one pound buys.
func (s *Server) adminSetCurrencyRates(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Rates map[string]float64 `json:"rates"`
	}
	if err := decodeFields(w, r, &body); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var cmd cat.SetCurrencyRates
	for code, v := range body.Rates {
		cmd.Rates = append(cmd.Rates, money.RateFromFloat(money.Currency(strings.ToUpper(code)), v))
	}
	res, err := s.deps.Catalogue.SetCurrencyRates(r.Context(), cmd, catalogueMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(r.Context(), res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.adminCurrencyRates(w, r)
}

func (s *Server) adminCurrencyRatesHistory(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	_, hist, err := s.deps.Catalogue.LoadCurrencyRates(ctx)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var prev []money.Rate
	entries := historyEntries(ctx, s, hist, func(e cat.CurrencyRatesSet, entry *historyEntry) {
		entry.Action, entry.Changes = "updated", []fieldChange{{Field: "rates", From: rawJSON(prev), To: rawJSON(e.Rates)}}
		prev = e.Rates
	})
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": entries})
}

var errMissingFile = domain.Invalid("uploads.missing_file")

// adminUpload stores the multipart field "file" as a catalogue photo.
func (s *Server) adminUpload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, uploads.MaxBytes+1<<20)
	file, _, err := r.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpx.WriteError(w, r, uploads.ErrTooLarge)
			return
		}
		httpx.WriteError(w, r, errMissingFile)
		return
	}
	defer file.Close()
	p, err := s.deps.Uploads.Save(file)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"data": p})
}
