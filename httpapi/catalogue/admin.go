package catalogue

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/mux"

	appcat "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi/httpx"
)

// The catalogue's admin API: list, read, create, edit, archive and restore each entity, with its
// change history read from its events; the home content, business settings and currency rates; photo
// uploads. Admins only. "Delete" archives: an archived entity leaves every public page but stays
// readable for the orders and carts that refer to it.

// adminKind is one entity type in the admin API.
type adminKind[F cat.Fields[F]] struct {
	path    string // URL segment: "destinations"
	cmds    appcat.EntityCommands[F]
	queries appcat.AdminEntityQueries[F]
}

func (h *Handler) adminRoutes(api *mux.Router) {
	c, q := h.app.Commands, h.app.Queries.Admin
	registerAdminKind(h, api, adminKind[cat.DestinationFields]{"destinations", c.Destinations, q.Destinations})
	registerAdminKind(h, api, adminKind[cat.CategoryFields]{"categories", c.Categories, q.Categories})
	registerAdminKind(h, api, adminKind[cat.ProgramFields]{"programs", c.Programs, q.Programs})
	registerAdminKind(h, api, adminKind[cat.RatePlanFields]{"rate-plans", c.RatePlans, q.RatePlans})
	registerAdminKind(h, api, adminKind[cat.OfferFields]{"offers", c.Offers, q.Offers})
	registerAdminKind(h, api, adminKind[cat.CountryFields]{"countries", c.Countries, q.Countries})
	registerAdminKind(h, api, adminKind[cat.DriverFields]{"drivers", c.Drivers, q.Drivers})
	registerAdminKind(h, api, adminKind[cat.PickupPointFields]{"pickup-points", c.PickupPoints, q.PickupPoints})

	api.HandleFunc("/admin/home", admin(h.adminHome)).Methods(http.MethodGet)
	api.HandleFunc("/admin/home", h.command(h.adminUpdateHome)).Methods(http.MethodPut)
	api.HandleFunc("/admin/home/history", admin(h.adminHomeHistory)).Methods(http.MethodGet)
	api.HandleFunc("/admin/settings", admin(h.adminSettings)).Methods(http.MethodGet)
	api.HandleFunc("/admin/settings/opening-hours", h.command(h.adminSetOpeningHours)).Methods(http.MethodPut)
	api.HandleFunc("/admin/settings/holidays", h.command(h.adminAddHoliday)).Methods(http.MethodPost)
	api.HandleFunc("/admin/settings/holidays/{date}", h.command(h.adminRemoveHoliday)).Methods(http.MethodDelete)
	api.HandleFunc("/admin/settings/default-pickup-point", h.command(h.adminSetDefaultPickupPoint)).Methods(http.MethodPut)
	api.HandleFunc("/admin/settings/history", admin(h.adminSettingsHistory)).Methods(http.MethodGet)
	api.HandleFunc("/admin/currency-rates", admin(h.adminCurrencyRates)).Methods(http.MethodGet)
	api.HandleFunc("/admin/currency-rates", h.command(h.adminSetCurrencyRates)).Methods(http.MethodPut)
	api.HandleFunc("/admin/currency-rates/history", admin(h.adminCurrencyRatesHistory)).Methods(http.MethodGet)
	if h.app.Commands.UploadPhoto.Enabled() {
		// Not under the Idempotency-Key middleware: a photo is stored under the hash of its content, so
		// sending it twice stores nothing twice, and its body is larger than the middleware keeps.
		api.HandleFunc("/admin/uploads", admin(h.adminUpload)).Methods(http.MethodPost)
	}
}

func registerAdminKind[F cat.Fields[F]](h *Handler, api *mux.Router, k adminKind[F]) {
	base := "/admin/" + k.path
	api.HandleFunc(base, admin(func(w http.ResponseWriter, r *http.Request) { adminList(w, r, k) })).Methods(http.MethodGet)
	api.HandleFunc(base, h.command(func(w http.ResponseWriter, r *http.Request) { adminCreate(h, w, r, k) })).Methods(http.MethodPost)
	api.HandleFunc(base+"/{id}", admin(func(w http.ResponseWriter, r *http.Request) { adminGet(w, r, k) })).Methods(http.MethodGet)
	api.HandleFunc(base+"/{id}", h.command(func(w http.ResponseWriter, r *http.Request) { adminUpdate(h, w, r, k) })).Methods(http.MethodPut)
	api.HandleFunc(base+"/{id}", h.command(func(w http.ResponseWriter, r *http.Request) { adminArchive(h, w, r, k) })).Methods(http.MethodDelete)
	api.HandleFunc(base+"/{id}/restore", h.command(func(w http.ResponseWriter, r *http.Request) { adminRestore(h, w, r, k) })).Methods(http.MethodPost)
	api.HandleFunc(base+"/{id}/history", admin(func(w http.ResponseWriter, r *http.Request) { adminHistory(w, r, k) })).Methods(http.MethodGet)
}

func adminList[F cat.Fields[F]](w http.ResponseWriter, r *http.Request, k adminKind[F]) {
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
	res, err := k.queries.List.Handle(r.Context(), appcat.AdminListQuery{
		Q: q.Get("q"), Sort: q.Get("sort"), Desc: q.Get("dir") == "desc", Status: q.Get("status"), Page: page, PerPage: perPage,
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

func adminGet[F cat.Fields[F]](w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := k.queries.Get.Handle(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": v})
}

func adminCreate[F cat.Fields[F]](h *Handler, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	var f F
	if err := decodeFields(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := k.cmds.Create.Handle(ctx, appcat.CreateEntity[F]{Fields: f}, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := k.queries.Get.Handle(ctx, res.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/admin/"+k.path+"/"+res.ID.String())
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"data": v})
}

// expectedVersion reads If-Match: the version the form was loaded at (nil when absent or "*"). ok is
// false when the header names no version (not a whole number from lowest, quoted or not): a 400, not
// a 409 that would tell the admin someone else changed the entity. An entity exists before it is
// edited (lowest 0); a singleton may never have been saved (lowest -1, its version until then).
func expectedVersion(r *http.Request, lowest int64) (v *int64, ok bool) {
	match := strings.Trim(r.Header.Get("If-Match"), `" `)
	if match == "" || match == "*" {
		return nil, true
	}
	n, err := strconv.ParseInt(match, 10, 64)
	if err != nil || n < lowest {
		return nil, false
	}
	return &n, true
}

func adminUpdate[F cat.Fields[F]](h *Handler, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	expected, ok := expectedVersion(r, 0)
	if !ok {
		httpx.WriteMessage(w, r, http.StatusBadRequest, "catalogue.bad_if_match")
		return
	}
	var f F
	if err := decodeFields(w, r, &f); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	pos, err := k.cmds.Update.Handle(ctx, appcat.UpdateEntity[F]{ID: id, Fields: f, ExpectedVersion: expected}, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.wrote(ctx, pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	adminGet(w, r, k)
}

func adminArchive[F cat.Fields[F]](h *Handler, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := k.cmds.Archive.Handle(ctx, id, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.wrote(ctx, res.Position); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	v, err := k.queries.Get.Handle(ctx, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := map[string]any{"data": v, "message": messageFor(r, "catalogue.archived")}
	if res.ReportsUsage {
		refs := make([]programRef, 0, len(res.UsedBy))
		for _, p := range res.UsedBy {
			refs = append(refs, toProgramRef(p))
		}
		out["used_by_programs"] = refs
		if len(refs) > 0 {
			out["message"] = messageFor(r, "catalogue.referenced_archived")
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

func adminRestore[F cat.Fields[F]](h *Handler, w http.ResponseWriter, r *http.Request, k adminKind[F]) {
	ctx := r.Context()
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	pos, err := k.cmds.Restore.Handle(ctx, id, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.wrote(ctx, pos); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	adminGet(w, r, k)
}
