package cart

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	cartapp "mishwar/commands/cart"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// ---- GET api/auth/cart ----

var destinationIDsParam = regexp.MustCompile(`^destination_ids(?:\[(\d*)\])?$`)

// cookieIDs reads the client's cookie mirror: destination_ids[]=a&destination_ids[]=b (index = order
// sent), destination_ids[3]=c (index 3) or destination_ids=a,b. Each id comes with the field a
// refusal names: destination_ids.{index}.
func cookieIDs(r *http.Request) []cartapp.ListedDestination {
	type entry struct {
		index int
		id    string
	}
	var entries []entry
	next := 0
	// Query keys in the order sent: url.Values loses it, so walk the raw query.
	for _, part := range strings.Split(r.URL.RawQuery, "&") {
		k, v, _ := strings.Cut(part, "=")
		key, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			continue
		}
		m := destinationIDsParam.FindStringSubmatch(key)
		if m == nil {
			continue
		}
		switch {
		case strings.HasSuffix(key, "[]"):
			entries = append(entries, entry{next, val})
			next++
		case m[1] != "":
			i, err := strconv.Atoi(m[1])
			if err == nil {
				entries = append(entries, entry{i, val})
				next = max(next, i+1)
			}
		default:
			for _, id := range strings.Split(val, ",") {
				if id = strings.TrimSpace(id); id != "" {
					entries = append(entries, entry{next, id})
					next++
				}
			}
		}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].index < entries[j].index })
	listed := make([]cartapp.ListedDestination, len(entries))
	for i, e := range entries {
		listed[i] = cartapp.ListedDestination{Field: fmt.Sprintf("destination_ids.%d", e.index), ID: strings.TrimSpace(e.id)}
	}
	return listed
}

// getCart answers the user's cart priced for every active rate plan. With the client's cookie
// mirror (destination_ids[]), it first checks every id names a published destination and answers
// 422 with errors keyed destination_ids.{index} for those that do not, so the client drops them.
func (h *Handler) getCart(w http.ResponseWriter, r *http.Request) {
	if err := h.app.Queries.Destinations.Handle(r.Context(), cookieIDs(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	body, err := h.quoteCart(r, nil)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, body)
}

// ---- POST api/auth/cart/optimise ----

type proposalJSON struct {
	Message string `json:"message"`
	// Improves is false when the current order is already the shortest drive.
	Improves bool `json:"improves"`
	// Order lists every item id in the proposed order: send it to PUT api/auth/cart/order to accept.
	Order        []string `json:"order"`
	SavesMinutes int64    `json:"saves_minutes"`
	SavesKm      float64  `json:"saves_km"`
	Version      int64    `json:"version"`
	Current      cartJSON `json:"current"`
	Proposed     cartJSON `json:"proposed"`
}

// optimise proposes the stop order with the least driving; it changes nothing.
func (h *Handler) optimise(w http.ResponseWriter, r *http.Request) {
	p, err := h.app.Queries.Optimisation.Handle(r.Context(), user(r), departure(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	lang := httpx.Lang(r)
	out := proposalJSON{
		Improves: p.Improves, Order: p.Order, Version: p.Current.Version,
		Current: toCartJSON(p.Current, lang), Proposed: toCartJSON(p.Proposed, lang),
	}
	out.SavesMinutes = out.Current.TripCalculations.TotalDuration - out.Proposed.TripCalculations.TotalDuration
	out.SavesKm = math.Round((out.Current.TripCalculations.TotalDistance-out.Proposed.TripCalculations.TotalDistance)*10) / 10
	if p.Improves {
		out.Message = i18n.T(lang, "cart.optimised", max(out.SavesMinutes, 1))
	} else {
		out.Message = i18n.T(lang, "cart.already_optimal")
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
