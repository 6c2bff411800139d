package orders

import (
	"net/http"

	apporders "mishwar/commands/orders"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/httpapi/httpx"
)

// promoJSON is a promo code applied to a price: what it takes off and what is left to pay, in EGP
// (charged) and in every currency the rates convert to.
type promoJSON struct {
	Code        string      `json:"code"`
	OfferID     string      `json:"offer_id"`
	Kind        string      `json:"kind"`
	Percent     float64     `json:"percent,omitempty"`
	AmountOff   moneyJSON   `json:"amount_off"`
	PriceBefore moneyJSON   `json:"price_before"`
	PriceAfter  moneyJSON   `json:"price_after"`
	Prices      []moneyJSON `json:"prices,omitempty"`
	Title       *cat.Text   `json:"title,omitempty"`
}

func toPromoJSON(d *order.Discount) *promoJSON {
	if d == nil {
		return nil
	}
	return &promoJSON{Code: d.Code, OfferID: d.OfferID, Kind: d.Kind, Percent: float64(d.BasisPoints) / 100,
		AmountOff: toMoney(d.AmountOff), PriceBefore: toMoney(d.PriceBefore), PriceAfter: toMoney(d.PriceAfter)}
}

// promoQuote answers GET /api/orders/promo?code=&rate_plan_id=&date=&time=: what a promo code takes
// off the signed-in traveller's cart for the chosen rate plan and start (Cairo), before paying. It
// writes nothing: placing the order decides again.
func (h *Handler) promoQuote(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	q, err := h.app.Commands.QuotePromo(r.Context(), apporders.PromoQuery{UserID: userID(r), Code: v.Get("code"),
		RatePlanID: v.Get("rate_plan_id"), Date: v.Get("date"), Time: v.Get("time")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := toPromoJSON(&q.Discount)
	out.Prices = convertedAll(q.Discount.PriceAfter, q.Rates)
	out.Title = &q.Title
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}
