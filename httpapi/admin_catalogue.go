package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"mishwar/adapters/uploads"
	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
	catrm "mishwar/projections/catalogue"
)

// The catalogue's admin API: list, read, create, edit, archive and restore each entity, with its
// change history read from its events; the home content, business settings and currency rates; photo
// uploads. Admins only. "Delete" archives: an archived entity leaves every public page but stays
// readable for the orders and carts that refer to it.

var catalogueIdempotencyNamespace = uuid.MustParse("8d0f7a3c-5b1e-4e7a-9c2d-1f6b3e8a4c70")

// catalogueMeta builds the command metadata of a request: the admin as actor, and a command id taken
// from the Idempotency-Key header when there is one, so a retried request is recognised.
func catalogueMeta(r *http.Request) commands.Meta {
	id, _ := httpx.CurrentIdentity(r)
	m := commands.NewMeta(commands.Actor{UserID: id.UserID, Role: id.Role})
	if key := strings.TrimSpace(r.Header.Get("Idempotency-Key")); key != "" {
		m.CommandID = uuid.NewSHA1(catalogueIdempotencyNamespace, []byte(id.UserID+"\x00"+r.Method+" "+r.URL.Path+"\x00"+key))
		m.CorrelationID = m.CommandID.String()
	}
	m.ClientIP = httpx.ClientIP(r)
	return m
}

// adminKind is one entity type in the admin API.
type adminKind[F cat.Fields[F]] struct {
	path     string // URL segment: "destinations"
	kind     string // read-model kind
	entities *catcmd.Entities[F]
	// check verifies references to other entities (a field error per broken one).
	check func(ctx context.Context, f F) error
}

func (s *Server) adminCatalogueRoutes(api *mux.Router) {
	if s.deps.Catalogue == nil || s.deps.CatalogueReader == nil {
		return
	}
	h := s.deps.Catalogue
	registerAdminKind(s, api, adminKind[cat.DestinationFields]{"destinations", catrm.KindDestination, h.Destinations, s.checkDestination})
	registerAdminKind(s, api, adminKind[cat.CategoryFields]{"categories", catrm.KindCategory, h.Categories, nil})
	registerAdminKind(s, api, adminKind[cat.ProgramFields]{"programs", catrm.KindProgram, h.Programs, s.checkProgram})
	registerAdminKind(s, api, adminKind[cat.RatePlanFields]{"rate-plans", catrm.KindRatePlan, h.RatePlans, nil})
	registerAdminKind(s, api, adminKind[cat.OfferFields]{"offers", catrm.KindOffer, h.Offers, s.checkOffer})
	registerAdminKind(s, api, adminKind[cat.CountryFields]{"countries", catrm.KindCountry, h.Countries, nil})
	registerAdminKind(s, api, adminKind[cat.DriverFields]{"drivers", catrm.KindDriver, h.Drivers, nil})
	registerAdminKind(s, api, adminKind[cat.PickupPointFields]{"pickup-points", catrm.KindPickupPoint, h.PickupPoints, nil})

	admin := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(f, httpx.RoleAdmin) }
	api.HandleFunc("/admin/home", admin(s.adminHome)).Methods(http.MethodGet)
	api.HandleFunc("/admin/home", admin(s.adminUpdateHome)).Methods(http.MethodPut)
	api.HandleFunc("/admin/home/history", admin(s.adminHomeHistory)).Methods(http.MethodGet)
	api.HandleFunc("/admin/settings", admin(s.adminSettings)).Methods(http.MethodGet)
	api.HandleFunc("/admin/settings/opening-hours", admin(s.adminSetOpeningHours)).Methods(http.MethodPut)
	api.HandleFunc("/admin/settings/holidays", admin(s.adminAddHoliday)).Methods(http.MethodPost)
	api.HandleFunc("/admin/settings/holidays/{date}", admin(s.adminRemoveHoliday)).Methods(http.MethodDelete)
	api.HandleFunc("/admin/settings/default-pickup-point", admin(s.adminSetDefaultPickupPoint)).Methods(http.MethodPut)
	api.HandleFunc("/admin/settings/history", admin(s.adminSettingsHistory)).Methods(http.MethodGet)
	api.HandleFunc("/admin/currency-rates", admin(s.adminCurrencyRates)).Methods(http.MethodGet)
	api.HandleFunc("/admin/currency-rates", admin(s.adminSetCurrencyRates)).Methods(http.MethodPut)
	api.HandleFunc("/admin/currency-rates/history", admin(s.adminCurrencyRatesHistory)).Methods(http.MethodGet)
	if s.deps.Uploads != nil {
		api.HandleFunc("/admin/uploads", admin(s.adminUpload)).Methods(http.MethodPost)
	}
}

// catalogueRootRoutes mounts what the catalogue serves outside /api: uploaded photos and the demo's
// generated artwork.
func (s *Server) catalogueRootRoutes(r *mux.Router) {
	if s.deps.Uploads != nil {
		r.PathPrefix(uploads.URLPrefix).Handler(s.deps.Uploads.Handler()).Methods(http.MethodGet, http.MethodHead)
	}
	if s.deps.Artwork != nil {
		r.PathPrefix("/art/").Handler(s.deps.Artwork).Methods(http.MethodGet, http.MethodHead)
	}
}

// validate reports every broken rule at once: the fields' own rules and the references to other
// entities, so the form can mark all of them in one round trip.
func (k adminKind[F]) validate(ctx context.Context, f F) error {
	f = f.Normalized()
	var all domain.ValidationError
	merge := func(err error) error {
		var ve *domain.ValidationError
		if errors.As(err, &ve) {
			for field, keys := range ve.Fields {
				for _, key := range keys {
					all.Add(field, key)
				}
			}
			return nil
		}
		return err
	}
	if err := merge(f.Validate()); err != nil {
		return err
	}
	if k.check != nil {
		if err := merge(k.check(ctx, f)); err != nil {
			return err
		}
	}
	return all.Err()
}

func registerAdminKind[F cat.Fields[F]](s *Server, api *mux.Router, k adminKind[F]) {
	base := "/admin/" + k.path
	admin := func(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(f, httpx.RoleAdmin) }
	api.HandleFunc(base, admin(func(w http.ResponseWriter, r *http.Request) { s.adminList(w, r, k.kind) })).Methods(http.MethodGet)
	api.HandleFunc(base, admin(func(w http.ResponseWriter, r *http.Request) { adminCreate(s, w, r, k) })).Methods(http.MethodPost)
	api.HandleFunc(base+"/{id}", admin(func(w http.ResponseWriter, r *http.Request) { s.adminGet(w, r, k.kind) })).Methods(http.MethodGet)
	api.HandleFunc(base+"/{id}", admin(func(w http.ResponseWriter, r *http.Request) { adminUpdate(s, w, r, k) })).Methods(http.MethodPut)
	api.HandleFunc(base+"/{id}", admin(func(w http.ResponseWriter, r *http.Request) { adminArchive(s, w, r, k, true) })).Methods(http.MethodDelete)
	api.HandleFunc(base+"/{id}/restore", admin(func(w http.ResponseWriter, r *http.Request) { adminArchive(s, w, r, k, false) })).Methods(http.MethodPost)
	api.HandleFunc(base+"/{id}/history", admin(func(w http.ResponseWriter, r *http.Request) { adminHistory(s, w, r, k) })).Methods(http.MethodGet)
}

func (s *Server) adminList(w http.ResponseWriter, r *http.Request, kind string) {
	q := r.URL.Query()
	page, err := queryInt(r, "page", 1)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	perPage, err := queryInt(r, "per_page", 20)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := s.deps.CatalogueReader.AdminList(r.Context(), kind, catrm.AdminQuery{
		Q: q.Get("q"), Sort: q.Get("sort"), Desc: q.Get("dir") == "desc", Status: q.Get("status"), Page: page, PerPage: perPage,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

func (s *Server) adminGet(w http.ResponseWriter, r *http.Request, kind string) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := s.deps.CatalogueReader.AdminGet(r.Context(), kind, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": v})
}

// moneyFields are the JSON keys that hold EGP amounts. Forms may send them as a number or a string
// of pounds ("1900.50"); the API stores minor units.
var moneyFields = map[string]bool{"price": true, "price_per_km": true, "waiting_per_hour": true, "amount": true}

// decodeFields reads an entity's fields from the request body into dst.
func decodeFields(w http.ResponseWriter, r *http.Request, dst any) error {
	var raw map[string]any
	if err := httpx.DecodeBody(w, r, &raw); err != nil {
		return err
	}
	if raw == nil {
		raw = map[string]any{}
	}
	var ve domain.ValidationError
	normaliseMoney(raw, "", &ve)
	if err := ve.Err(); err != nil {
		return err
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("%w: %w", httpx.ErrBadBody, err)
	}
	if err := json.Unmarshal(data, dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			ve.Add(te.Field, "catalogue.invalid_choice")
			if te.Value == "string" || te.Value == "number" {
				ve.Fields[te.Field] = []string{"catalogue.invalid_number"}
			}
			return &ve
		}
		return fmt.Errorf("%w: %w", httpx.ErrBadBody, err)
	}
	return nil
}

func normaliseMoney(m map[string]any, prefix string, ve *domain.ValidationError) {
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok && !moneyFields[k] {
			normaliseMoney(sub, prefix+k+".", ve)
			continue
		}
		if !moneyFields[k] {
			continue
		}
		var major float64
		switch v := v.(type) {
		case float64:
			major = v
		case string:
			f, err := strconv.ParseFloat(strings.TrimSpace(strings.ReplaceAll(v, ",", "")), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				ve.Add(prefix+k, "catalogue.invalid_number")
				continue
			}
			major = f
		case nil:
			m[k] = money.Money{}
			continue
		default:
			continue // already {"minor","currency"}
		}
		m[k] = money.FromMajor(major, money.EGP)
	}
}

// wrote waits until the read model has seen a command's events, so the answer shows the change.
func (s *Server) wrote(ctx context.Context, pos eventstore.Position) error {
	return s.waitForReadModel(ctx, catrm.Name, pos)
}

func adminCreate[F cat.Fields[F]](s *Server, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	var f F
	if err := decodeFields(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	meta := catalogueMeta(r)
	// With an Idempotency-Key the new id follows from it, so a retried create finds the entity it
	// made the first time instead of making a second one.
	id := uuid.New()
	if r.Header.Get("Idempotency-Key") != "" {
		id = uuid.NewSHA1(meta.CommandID, []byte("entity"))
	}
	if err := k.validate(ctx, f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := k.entities.Create(ctx, cat.Create[F]{ID: id, Fields: f}, meta)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := s.deps.CatalogueReader.AdminGet(ctx, k.kind, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/admin/"+k.path+"/"+id.String())
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"data": v})
}

var errStaleVersion = domain.Conflict("common.concurrent_change")

func adminUpdate[F cat.Fields[F]](s *Server, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var f F
	if err := decodeFields(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// If-Match carries the version the form was loaded at: an edit over someone else's newer edit
	// is refused instead of silently overwriting it.
	if match := strings.Trim(r.Header.Get("If-Match"), `" `); match != "" {
		want, err := strconv.ParseInt(match, 10, 64)
		_, hist, lerr := k.entities.Load(ctx, id)
		if lerr != nil {
			httpx.WriteError(w, r, lerr)
			return
		}
		if err != nil || hist.Version != want {
			httpx.WriteError(w, r, errStaleVersion)
			return
		}
	}
	if err := k.validate(ctx, f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := k.entities.Update(ctx, cat.Update[F]{ID: id, Fields: f}, catalogueMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.adminGet(w, r, k.kind)
}

func adminArchive[F cat.Fields[F]](s *Server, w http.ResponseWriter, r *http.Request, k adminKind[F], archive bool) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	op := k.entities.Restore
	if archive {
		op = k.entities.Archive
	}
	res, err := op(ctx, id, catalogueMeta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := s.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := s.deps.CatalogueReader.AdminGet(ctx, k.kind, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := map[string]any{"data": v}
	if archive {
		out["message"] = messageFor(r, "catalogue.archived")
		if k.kind == catrm.KindDestination {
			progs, err := s.deps.CatalogueReader.ProgramsVisiting(ctx, id)
			if err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			refs := make([]programRef, 0, len(progs))
			for _, p := range progs {
				refs = append(refs, toProgramRef(p))
			}
			out["used_by_programs"] = refs
			if len(refs) > 0 {
				out["message"] = messageFor(r, "catalogue.referenced_archived")
			}
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func (s *Server) checkDestination(ctx context.Context, f cat.DestinationFields) error {
	var ve domain.ValidationError
	if f.CategoryID != uuid.Nil {
		c, err := s.deps.CatalogueReader.Category(ctx, f.CategoryID)
		if errors.Is(err, cat.ErrCategoryNotFound) || (err == nil && c.Archived) {
			ve.Add("category_id", "catalogue.unknown_category")
		} else if err != nil {
			return err
		}
	}
	return ve.Err()
}

func (s *Server) checkProgram(ctx context.Context, f cat.ProgramFields) error {
	var ve domain.ValidationError
	found, err := s.deps.CatalogueReader.Destinations(ctx, f.DestinationIDs)
	if err != nil {
		return err
	}
	ok := map[uuid.UUID]bool{}
	for _, d := range found {
		ok[d.ID] = !d.Archived
	}
	for i, id := range f.DestinationIDs {
		if id != uuid.Nil && !ok[id] {
			ve.Add(fmt.Sprintf("destination_ids.%d", i), "catalogue.unknown_destination")
		}
	}
	return ve.Err()
}

func (s *Server) checkOffer(ctx context.Context, f cat.OfferFields) error {
	var ve domain.ValidationError
	for i, id := range f.ProgramIDs {
		if p, err := s.deps.CatalogueReader.Program(ctx, id); err != nil || p.Archived {
			if err != nil && !errors.Is(err, cat.ErrProgramNotFound) {
				return err
			}
			ve.Add(fmt.Sprintf("program_ids.%d", i), "catalogue.unknown_program")
		}
	}
	for i, id := range f.RatePlanIDs {
		if p, err := s.deps.CatalogueReader.RatePlan(ctx, id); err != nil || p.Archived {
			if err != nil && !errors.Is(err, cat.ErrRatePlanNotFound) {
				return err
			}
			ve.Add(fmt.Sprintf("rate_plan_ids.%d", i), "catalogue.unknown_rate_plan")
		}
	}
	return ve.Err()
}

// History.

type historyActor struct {
	ID    string `json:"id"`
	Role  string `json:"role"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type fieldChange struct {
	Field string          `json:"field"`
	From  json.RawMessage `json:"from"`
	To    json.RawMessage `json:"to"`
}

type historyEntry struct {
	Version int64         `json:"version"`
	Action  string        `json:"action"`
	Event   string        `json:"event"`
	At      time.Time     `json:"at"`
	Actor   historyActor  `json:"actor"`
	Changes []fieldChange `json:"changes"`
}

// actorNames resolves who made each change, once per person per request.
type actorNames struct {
	s     *Server
	cache map[string]historyActor
}

func (a *actorNames) of(ctx context.Context, md eventstore.Metadata) historyActor {
	if v, ok := a.cache[md.ActorID]; ok {
		return v
	}
	out := historyActor{ID: md.ActorID, Role: md.ActorRole, Name: md.ActorID}
	if md.ActorID == "demo" {
		out.Name = "Demo data"
	}
	if id, err := uuid.Parse(md.ActorID); err == nil && a.s.deps.Accounts != nil {
		if u, err := a.s.deps.Accounts.Queries.Me.Handle(ctx, id); err == nil {
			out.Name, out.Email = strings.TrimSpace(u.FirstName+" "+u.LastName), u.Email
		}
	}
	if a.cache == nil {
		a.cache = map[string]historyActor{}
	}
	a.cache[md.ActorID] = out
	return out
}

func rawJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}

// fieldValues maps a struct's JSON field names to their values.
func fieldValues(v any) map[string]any {
	rv := reflect.ValueOf(v)
	out := map[string]any{}
	for i := range rv.NumField() {
		sf := rv.Type().Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" {
			name = sf.Name
		}
		out[name] = rv.Field(i).Interface()
	}
	return out
}

// changesBetween lists the fields named in changed with their values before and after.
func changesBetween(before, after any, changed []string, created bool) []fieldChange {
	b, a := fieldValues(before), fieldValues(after)
	out := make([]fieldChange, 0, len(changed))
	for _, f := range changed {
		from := rawJSON(b[f])
		if created {
			from = json.RawMessage("null")
		}
		out = append(out, fieldChange{Field: f, From: from, To: rawJSON(a[f])})
	}
	return out
}

func adminHistory[F cat.Fields[F]](s *Server, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	_, hist, err := k.entities.Load(ctx, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if len(hist.Events) == 0 {
		// The read model's answer names the kind: "Destination not found".
		_, err := s.deps.CatalogueReader.AdminGet(ctx, k.kind, id)
		if err == nil {
			err = domain.NotFound("common.not_found")
		}
		httpx.WriteError(w, r, err)
		return
	}
	var state F
	entries := historyEntries(ctx, s, hist, func(e cat.Event[F], entry *historyEntry) {
		entry.Changes = []fieldChange{}
		switch e := e.(type) {
		case cat.Created[F]:
			entry.Action = "created"
			var zero F
			entry.Changes = changesBetween(zero, e.Fields, nonEmptyFields(e.Fields), true)
			state = e.Fields
		case cat.Updated[F]:
			entry.Action = "updated"
			entry.Changes = changesBetween(state, e.Fields, e.Changed, false)
			state = e.Fields
		case cat.Archived[F]:
			entry.Action = "archived"
		case cat.Restored[F]:
			entry.Action = "restored"
		}
	})
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": entries})
}

// historyEntries lists a stream's events for the admin, newest first (the latest change on top): who
// did what and when, with describe filling in the action and the changes. describe sees the events
// oldest first, so it can keep the state each change is measured from.
func historyEntries[E any](ctx context.Context, s *Server, hist commands.History[E], describe func(e E, entry *historyEntry)) []historyEntry {
	names := actorNames{s: s}
	entries := make([]historyEntry, 0, len(hist.Events))
	for i, e := range hist.Events {
		rec := hist.Recorded[i]
		entry := historyEntry{Version: rec.Version, Event: rec.Type, At: rec.RecordedAt, Actor: names.of(ctx, rec.Metadata)}
		describe(e, &entry)
		entries = append(entries, entry)
	}
	slices.Reverse(entries)
	return entries
}

func nonEmptyFields[F any](f F) []string {
	var zero F
	return cat.ChangedFields(zero, f)
}

func messageFor(r *http.Request, key string) string { return i18n.T(httpx.Lang(r), key) }
