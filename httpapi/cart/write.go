package cart

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/mux"

	cartapp "mishwar/commands/cart"
	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// ---- POST api/auth/cart ----

type addToCartRequest struct {
	DestinationID httpx.FlexString `json:"destination_id"`
}

type addedItemJSON struct {
	Message string       `json:"message"`
	Data    cartItemJSON `json:"data"`
	Version int64        `json:"version"`
}

func (h *Handler) addToCart(w http.ResponseWriter, r *http.Request) {
	var req addToCartRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	itemID, res, err := h.app.Commands.AddDestination(r.Context(), user(r), strings.TrimSpace(string(req.DestinationID)), httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body, err := h.quoteCart(r, &res)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for _, it := range body.Data {
		if it.ID == itemID {
			httpx.WriteJSON(w, http.StatusCreated, addedItemJSON{Message: i18n.T(httpx.Lang(r), "cart.added"), Data: it, Version: body.Version})
			return
		}
	}
	// Removed again between the write and this read (another tab): the add still happened.
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "cart.added"), "data": nil, "version": body.Version})
}

// ---- POST api/auth/cart/program ----

type addProgramRequest struct {
	ProgramID httpx.FlexString `json:"program_id"`
}

func (h *Handler) addProgram(w http.ResponseWriter, r *http.Request) {
	var req addProgramRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := h.app.Commands.AddProgram(r.Context(), user(r), strings.TrimSpace(string(req.ProgramID)), httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	added := 0
	for _, e := range res.Events {
		if p, ok := e.(cart.ProgramAddedToCart); ok {
			added += len(p.Added)
		}
	}
	h.answerCart(w, r, res, http.StatusCreated, "cart.program_added", added)
}

// ---- DELETE api/auth/cart/{id}, DELETE api/auth/cart/clear ----

func (h *Handler) removeItem(w http.ResponseWriter, r *http.Request) {
	res, err := h.app.Commands.RemoveItem(r.Context(), user(r), mux.Vars(r)["id"], httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerCart(w, r, res, http.StatusOK, "cart.removed")
}

func (h *Handler) clearCart(w http.ResponseWriter, r *http.Request) {
	res, err := h.app.Commands.Clear(r.Context(), user(r), httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerCart(w, r, res, http.StatusOK, "cart.cleared")
}

// ---- PATCH api/auth/cart/items/{id}/move ----

// flexInt accepts a JSON number or a numeric string (forms send strings).
type flexInt struct {
	set   bool
	value int
	ok    bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	f.set = true
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil // not a number: ok stays false and the decider refuses the steps
		}
		n = json.Number(strings.TrimSpace(s))
	}
	v, err := strconv.Atoi(n.String())
	f.value, f.ok = v, err == nil
	return nil
}

type moveRequest struct {
	Direction string  `json:"direction"`
	Steps     flexInt `json:"steps"`
}

func (h *Handler) moveItem(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	steps := 1
	if req.Steps.set {
		steps = req.Steps.value
		if !req.Steps.ok {
			steps = 0
		}
	}
	direction := cart.Direction(strings.ToLower(strings.TrimSpace(req.Direction)))
	res, err := h.app.Commands.MoveItem(r.Context(), user(r), mux.Vars(r)["id"], direction, steps, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerCart(w, r, res, http.StatusOK, "cart.moved")
}

// ---- PUT api/auth/cart/order ----

type reorderRequest struct {
	ItemIDs []string `json:"item_ids"`
	Reason  string   `json:"reason"`
}

func (h *Handler) reorder(w http.ResponseWriter, r *http.Request) {
	var req reorderRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if len(req.ItemIDs) == 0 {
		v := &domain.ValidationError{}
		v.Add("item_ids", "cart.item_ids_invalid")
		httpx.WriteError(w, r, v)
		return
	}
	reason := req.Reason
	if reason != "optimised" {
		reason = "manual"
	}
	res, err := h.app.Commands.Reorder(r.Context(), user(r), req.ItemIDs, reason, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerCart(w, r, res, http.StatusOK, "cart.reordered")
}

// ---- PUT api/auth/cart/points ----

type pointRequest struct {
	PickupPointID string   `json:"pickup_point_id"`
	Name          string   `json:"name"`
	Lat           *float64 `json:"lat"`
	Lng           *float64 `json:"lng"`
}

type pointsRequest struct {
	Start          *pointRequest `json:"start"`
	End            *pointRequest `json:"end"`
	EndSameAsStart *bool         `json:"end_same_as_start"`
}

// choice is the point as the command takes it; a coordinate left out is NaN, which the decider
// refuses on the field.
func (p *pointRequest) choice() *cartapp.PointChoice {
	if p == nil {
		return nil
	}
	c := &cartapp.PointChoice{PickupPointID: strings.TrimSpace(p.PickupPointID), Name: strings.TrimSpace(p.Name), Lat: math.NaN(), Lng: math.NaN()}
	if p.Lat != nil {
		c.Lat = *p.Lat
	}
	if p.Lng != nil {
		c.Lng = *p.Lng
	}
	return c
}

func (h *Handler) choosePoints(w http.ResponseWriter, r *http.Request) {
	var req pointsRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	same := req.End == nil
	if req.EndSameAsStart != nil {
		same = *req.EndSameAsStart
	}
	res, err := h.app.Commands.ChoosePoints(r.Context(), user(r), req.Start.choice(), req.End.choice(), same, httpx.Meta(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	h.answerCart(w, r, res, http.StatusOK, "cart.points_chosen")
}
