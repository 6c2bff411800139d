package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

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

// KeyCartEmpty: a promo code is asked about a cart with no destination in it.
const KeyCartEmpty = "orders.cart_empty"

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
	if len(priced.Trip.Itinerary.Stops) == 0 {
		// Nothing to price: no rate plan can, but the plan is not what is wrong.
		v := &domain.ValidationError{}
		v.Add("destinations", KeyCartEmpty)
		return PromoQuote{}, v
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
	redeem := func() error {
		_, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.Redeem{
			OrderID: orderID, Customer: cmd.UserID, Identities: order.CustomerIdentities(cmd.Contact), Code: d.Code, LimitPerCustomer: d.LimitPerCustomer, LimitTotal: d.LimitTotal,
		}), meta, commuting)
		return err
	}
	err := redeem()
	if domain.KindOf(err) != domain.KindConflict {
		return err
	}
	// At a limit: a use whose order was never placed (the process died between the two) holds a place
	// nobody will free. Give those back, then ask once more.
	reclaimed, rerr := h.reclaimOrphanUses(ctx, d.OfferID)
	if rerr != nil || reclaimed == 0 {
		return errors.Join(err, rerr)
	}
	return redeem()
}

// promoOrphanNamespace names the give-back of a use whose order was never placed.
var promoOrphanNamespace = uuid.MustParse("3d4f8f0e-9a3c-4c53-8f1e-6a0b2d9c7e41")

// reclaimOrphanUses gives back the uses of the offer's code counted for an order that does not exist,
// counted longer than the orphan grace ago (placing follows a use within milliseconds unless the process
// died); it says how many.
func (h *Handlers) reclaimOrphanUses(ctx context.Context, offerID string) (int, error) {
	hist, err := commands.Load[order.RedemptionsEvent](ctx, h.runner, PromoStream(offerID))
	if err != nil {
		return 0, wrap("load promo uses", err)
	}
	uses := order.Redemptions.Fold(hist.Events)
	reclaimed := 0
	for i, e := range hist.Events {
		r, ok := e.(order.PromoRedeemed)
		// The wall clock, as the store's: how long the use has waited, not the business day.
		if !ok || !uses.Counts(r.OrderID) || time.Since(hist.Recorded[i].RecordedAt) < h.orphanUseGrace {
			continue
		}
		placed, err := commands.Load[order.Event](ctx, h.runner, OrderStream(r.OrderID))
		if err != nil {
			return reclaimed, wrap("load order", err)
		}
		if len(placed.Recorded) > 0 {
			continue
		}
		meta := systemMeta(uuid.NewSHA1(promoOrphanNamespace, []byte(offerID+"/"+r.OrderID+"/"+hist.Recorded[i].ID.String())), r.OrderID)
		if _, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(offerID),
			order.RedemptionsCommand(order.GiveBack{OrderID: r.OrderID, Reason: order.PromoBackNotPlaced}), meta, commuting); err != nil {
			return reclaimed, wrap("give back an orphan use", err)
		}
		h.log.Warn("orders: gave back a promo code's use whose order was never placed", "offer", offerID, "order", r.OrderID)
		reclaimed++
	}
	return reclaimed, nil
}

// givePromoBack stops counting an order's use of its code (cancelled, lapsed, failed, never placed).
// It logs instead of failing: an operator can see the stream, and a use never given back only
// keeps one place of the code.
func (h *Handlers) givePromoBack(ctx context.Context, d *order.Discount, orderID, reason string, meta commands.Meta) error {
	if d == nil {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.GiveBack{OrderID: orderID, Reason: reason}), meta, commuting)
	return h.followUp("give a promo code's use back", err, "order", orderID, "offer", d.OfferID, "reason", reason)
}

// recountPromo counts again the use of a confirmed order whose use was given back (its payment failed
// or lapsed and arrived after all). Over the limits, the order goes ahead uncounted: it is logged.
func (h *Handlers) recountPromo(ctx context.Context, s order.State, meta commands.Meta) error {
	d := s.Placed().Promo
	if d == nil {
		return nil
	}
	_, err := commands.Execute(ctx, h.runner, order.Redemptions, PromoStream(d.OfferID), order.RedemptionsCommand(order.Redeem{
		OrderID: s.ID(), Customer: s.UserID(), Identities: order.CustomerIdentities(s.Placed().Contact), Code: d.Code, LimitPerCustomer: d.LimitPerCustomer, LimitTotal: d.LimitTotal,
	}), meta, commuting)
	return h.followUp("count a confirmed order's promo code again", err, "order", s.ID(), "offer", d.OfferID)
}
