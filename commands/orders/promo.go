package orders

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	"mishwar/eventstore"
)

// PromoCategory is the stream category of an offer's promo code uses (domain/order's Redemptions
// decider): "promo-<offer id>".
const PromoCategory = "promo"

// PromoStream is the stream of the uses of an offer's promo code.
func PromoStream(offerID string) string { return eventstore.StreamID(PromoCategory, offerID) }

// Offers is the port to the catalogue's offers a promo code is looked up in.
type Offers interface {
	// OfferByCode finds the offer whose promo code is code (any state); none wraps
	// order.ErrPromoUnknown.
	OfferByCode(ctx context.Context, code string) (order.Offer, error)
}

// OfferByCode implements Offers from the catalogue read model. Which offer a code names and what it
// gives is the catalogue's to say; how many times it was used is decided on its own stream.
func (c CatalogueReader) OfferByCode(ctx context.Context, code string) (order.Offer, error) {
	o, err := c.Reader.OfferByPromoCode(ctx, code)
	if errors.Is(err, cat.ErrOfferNotFound) {
		return order.Offer{}, order.ErrPromoUnknown
	}
	if err != nil {
		return order.Offer{}, fmt.Errorf("orders: offer by code: %w", err)
	}
	if o.Archived {
		return order.Offer{}, order.ErrPromoUnknown
	}
	return order.Offer{ID: o.ID.String(), Fields: o.OfferFields}, nil
}

// PromoQuery asks what a promo code takes off the traveller's cart as an order: the rate plan and
// the start chosen at checkout (Cairo date and time).
type PromoQuery struct {
	UserID     string
	Code       string
	RatePlanID string
	Date, Time string
}

// PromoQuote is a promo code applied to the cart's price, before paying.
type PromoQuote struct {
	Discount order.Discount
	Title    cat.Text
	// Rates convert the prices for display (EGP is charged).
	Rates []money.Rate
}

// QuotePromo prices the cart for the chosen rate plan and start as checkout would, applies the code
// and asks the offer's stream whether the traveller may still use it. It writes nothing: checkout
// decides again, on the stream, when the order is placed.
func (h *Handlers) QuotePromo(ctx context.Context, q PromoQuery) (PromoQuote, error) {
	code := order.NormalizeCode(q.Code)
	if code == "" {
		return PromoQuote{}, order.ErrPromoUnknown
	}
	if err := take(ctx, h.limiter, PromoRule, q.UserID); err != nil {
		return PromoQuote{}, err
	}
	startAt, err := trip.ParseStart(q.Date, q.Time)
	if err != nil {
		return PromoQuote{}, err
	}
	priced, err := h.pricer.PriceCart(ctx, CartPricing{UserID: q.UserID, StartAt: startAt, RatePlanID: q.RatePlanID})
	if err != nil {
		return PromoQuote{}, err
	}
	if priced.Trip.RatePlan.ID == "" {
		return PromoQuote{}, rateUnavailable()
	}
	d, offer, err := h.applyPromo(ctx, code, priced.Trip)
	if err != nil {
		return PromoQuote{}, err
	}
	uses, err := h.promoUses(ctx, offer.ID)
	if err != nil {
		return PromoQuote{}, err
	}
	if err := uses.CanRedeem(q.UserID, d.LimitPerCustomer, d.LimitTotal); err != nil {
		return PromoQuote{}, err
	}
	return PromoQuote{Discount: d, Title: offer.Fields.Title, Rates: priced.Rates}, nil
}

// applyPromo finds the offer of code and applies it to trip's price (the rule is domain/order's).
func (h *Handlers) applyPromo(ctx context.Context, code string, t order.Trip) (order.Discount, order.Offer, error) {
	if h.offers == nil {
		return order.Discount{}, order.Offer{}, order.ErrPromoUnknown
	}
	offer, err := h.offers.OfferByCode(ctx, code)
	if err != nil {
		return order.Discount{}, order.Offer{}, err
	}
	d, err := order.ApplyPromo(offer, code, t, h.now())
	return d, offer, err
}

func (h *Handlers) promoUses(ctx context.Context, offerID string) (order.RedemptionsState, error) {
	hist, err := commands.Load[order.RedemptionsEvent](ctx, h.runner, PromoStream(offerID))
	if err != nil {
		return order.RedemptionsState{}, wrap("load promo uses", err)
	}
	return order.Redemptions.Fold(hist.Events), nil
}

// withPromo applies the code typed at checkout to the order about to be placed.
func (h *Handlers) withPromo(ctx context.Context, cmd order.PlaceOrder, code string) (order.PlaceOrder, error) {
	if order.NormalizeCode(code) == "" {
		return cmd, nil
	}
	d, _, err := h.applyPromo(ctx, code, cmd.Trip)
	if err != nil {
		return cmd, promoFieldError(err)
	}
	cmd.Promo = &d
	return cmd, nil
}

// promoFieldError puts a refused code on the form's promo_code field (a 422 with the message by the
// field); a code used up while the traveller filled in the form stays a conflict.
func promoFieldError(err error) error {
	for _, known := range []*domain.Error{order.ErrPromoUnknown, order.ErrPromoExpired, order.ErrPromoNotYetValid, order.ErrPromoNotApplicable} {
		if errors.Is(err, known) {
			v := &domain.ValidationError{}
			v.Add("promo_code", known.Key)
			return v
		}
	}
	return err
}

// redeemPromo counts the order's use of its code on the offer's stream, refusing it when the
// customer or everyone has used it as often as the offer allows.
func (h *Handlers) redeemPromo(ctx context.Context, cmd order.PlaceOrder, orderID string, meta commands.Meta) error {
	d := cmd.Promo
	if d == nil {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.Redeem{
		OrderID: orderID, Customer: cmd.UserID, Code: d.Code, LimitPerCustomer: d.LimitPerCustomer, LimitTotal: d.LimitTotal,
	}), meta, commuting)
	return err
}

// givePromoBack stops counting an order's use of its code (cancelled, lapsed, failed, never placed).
// It logs instead of failing: an operator can see the stream, and a use never given back only
// keeps one place of the code.
func (h *Handlers) givePromoBack(ctx context.Context, d *order.Discount, orderID, reason string, meta commands.Meta) {
	if d == nil {
		return
	}
	if _, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.GiveBack{OrderID: orderID, Reason: reason}), meta, commuting); err != nil {
		h.log.Warn("orders: give a promo code's use back", "order", orderID, "offer", d.OfferID, "reason", reason, "err", err)
	}
}

// recountPromo counts again the use of a confirmed order whose use was given back (its payment failed
// or lapsed and arrived after all). Over the limits, the order goes ahead uncounted: it is logged.
func (h *Handlers) recountPromo(ctx context.Context, s order.State, meta commands.Meta) {
	d := s.Placed().Promo
	if d == nil {
		return
	}
	_, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.Redeem{
		OrderID: s.ID(), Customer: s.UserID(), Code: d.Code, LimitPerCustomer: d.LimitPerCustomer, LimitTotal: d.LimitTotal,
	}), meta, commuting)
	if err != nil {
		h.log.Warn("orders: count a confirmed order's promo code again", "order", s.ID(), "offer", d.OfferID, "err", err)
	}
}
