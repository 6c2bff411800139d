package accounts

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	appaccounts "mishwar/commands/accounts"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// The person's own places: saved locations, wishlist and pickup points.

// answerOwnList answers with what list finds for the signed-in person, each converted by to.
func answerOwnList[T, J any](w http.ResponseWriter, r *http.Request, list func(context.Context, appaccounts.Actor) ([]T, error), to func(T) J) {
	out, err := list(r.Context(), actor(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": each(out, to)})
}

// deleteOwn deletes the signed-in person's entry with the id in the path and says so in messageKey.
func deleteOwn(w http.ResponseWriter, r *http.Request, del func(context.Context, appaccounts.Actor, uuid.UUID) error, messageKey string) {
	id, err := pathUUID(r, "id")
	if err == nil {
		err = del(r.Context(), actor(r), id)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), messageKey)})
}

func (h *Handler) locations(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, h.app.Queries.SavedLocations.Handle, toLocationJSON)
}

type locationRequest struct {
	Label   string    `json:"label"`
	Address string    `json:"address"`
	Kind    string    `json:"kind"`
	Lat     flexFloat `json:"lat"`
	Lng     flexFloat `json:"lng"`
}

func (h *Handler) saveLocation(w http.ResponseWriter, r *http.Request) {
	var req locationRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	loc, err := h.app.Commands.SaveLocation.Handle(r.Context(), actor(r), appaccounts.LocationInput{Label: req.Label, Address: req.Address, Kind: req.Kind, Lat: req.Lat.v, Lng: req.Lng.v})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.location_saved"), "data": toLocationJSON(loc)})
}

func (h *Handler) deleteLocation(w http.ResponseWriter, r *http.Request) {
	deleteOwn(w, r, h.app.Commands.DeleteLocation.Handle, "accounts.location_deleted")
}

func (h *Handler) wishlist(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, h.app.Queries.Wishlist.Handle, toWishlistItemJSON)
}

type wishlistRequest struct {
	Kind string `json:"kind"`
	// item_id may be a number or a string: catalogue ids travel as either.
	ItemID httpx.FlexString `json:"item_id"`
}

func (h *Handler) addToWishlist(w http.ResponseWriter, r *http.Request) {
	var req wishlistRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	it, added, err := h.app.Commands.AddToWishlist.Handle(r.Context(), actor(r), req.Kind, string(req.ItemID))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	status, key := http.StatusCreated, "accounts.wishlist_added"
	if !added {
		status, key = http.StatusOK, "accounts.wishlist_already"
	}
	httpx.WriteJSON(w, status, map[string]any{"message": i18n.T(httpx.Lang(r), key), "data": toWishlistItemJSON(it)})
}

func (h *Handler) removeFromWishlist(w http.ResponseWriter, r *http.Request) {
	v := mux.Vars(r)
	if err := h.app.Commands.RemoveFromWishlist.Handle(r.Context(), actor(r), v["kind"], v["item"]); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.wishlist_removed")})
}

func (h *Handler) pickupPoints(w http.ResponseWriter, r *http.Request) {
	answerOwnList(w, r, h.app.Queries.PickupPoints.Handle, toPickupPointJSON)
}

type pickupPointRequest struct {
	Name    string    `json:"name"`
	Address string    `json:"address"`
	Notes   string    `json:"notes"`
	Lat     flexFloat `json:"lat"`
	Lng     flexFloat `json:"lng"`
}

func (h *Handler) addPickupPoint(w http.ResponseWriter, r *http.Request) {
	var req pickupPointRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.app.Commands.AddPickupPoint.Handle(r.Context(), actor(r), appaccounts.PickupPointInput{Name: req.Name, Address: req.Address, Notes: req.Notes, Lat: req.Lat.v, Lng: req.Lng.v})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "accounts.pickup_saved"), "data": toPickupPointJSON(p)})
}

func (h *Handler) pickupPoint(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.app.Queries.PickupPoint.Handle(r.Context(), actor(r), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": toPickupPointJSON(p)})
}

func (h *Handler) deletePickupPoint(w http.ResponseWriter, r *http.Request) {
	deleteOwn(w, r, h.app.Commands.DeletePickupPoint.Handle, "accounts.pickup_deleted")
}
