package orders

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// URLs of the web app a payment returns to, and of the API a provider calls back.
func (h *Handlers) resultURL(orderID, result string) string {
	return h.publicURL() + "/payments/" + url.PathEscape(orderID) + "?result=" + result
}

func (h *Handlers) callbackURL() string {
	return h.publicURL() + "/api/payments/" + h.provider.Name() + "/callback"
}

func (h *Handlers) returnURL(paymentID string) string {
	return h.publicURL() + "/api/payments/" + h.provider.Name() + "/return?payment=" + url.QueryEscape(paymentID)
}

// openOrderPayment opens (or finds) the payment session of a placed order for the command meta
// describes.
func (h *Handlers) openOrderPayment(ctx context.Context, s order.State, meta commands.Meta) (Placed, error) {
	p, err := h.openPayment(ctx, s, order.PurposeOrder, s.Price(), s.HoldUntil(), meta)
	p.HoldUntil = s.HoldUntil()
	return p, err
}

// openPayment asks the provider for a session and records it on the payment's and the order's
// streams. The payment id derives from meta, so a retry finds the session it opened before.
func (h *Handlers) openPayment(ctx context.Context, s order.State, purpose string, amount money.Money, expires time.Time, meta commands.Meta) (Placed, error) {
	out := Placed{OrderID: s.ID()}
	payMeta := sub(meta, "payment")
	out.PaymentID = payMeta.CommandID.String()
	if s.HasPayment(out.PaymentID) {
		out.PaymentURL = s.PaymentURL(out.PaymentID)
		return out, nil
	}
	placed := s.Placed()
	desc := "Mishwar trip " + s.ID()
	if placed.Lang == "ar" {
		desc = "رحلة مشوار " + s.ID()
	}
	sess, err := h.provider.CreateSession(ctx, payment.SessionRequest{
		PaymentID: out.PaymentID, OrderID: s.ID(), Description: desc, Amount: amount, Lang: placed.Lang,
		Customer: payment.Customer{FirstName: placed.Contact.FirstName, LastName: placed.Contact.LastName,
			Email: placed.Contact.Email, Phone: placed.Contact.Phone, Country: placed.Contact.Country},
		SuccessURL: h.resultURL(s.ID(), "success"), FailureURL: h.resultURL(s.ID(), "failure"),
		CallbackURL: h.callbackURL(), ReturnURL: h.returnURL(out.PaymentID), ExpiresAt: expires,
	})
	if err != nil {
		h.log.Warn("orders: open a payment session", "order", s.ID(), "provider", h.provider.Name(), "err", err)
		return out, fmt.Errorf("%w: %w", ErrPaymentUnavailable, err)
	}
	if _, err := execPayment(ctx, h, out.PaymentID, payment.StartPayment{
		PaymentID: out.PaymentID, OrderID: s.ID(), Purpose: purpose, Provider: h.provider.Name(), Amount: amount,
		ProviderSessionID: sess.ProviderSessionID, RedirectURL: sess.RedirectURL, ExpiresAt: sess.ExpiresAt,
	}, sub(payMeta, "start")); err != nil {
		return out, wrap("start payment", err)
	}
	res, err := execOrder(ctx, h, s.ID(), order.RequestPayment{
		PaymentID: out.PaymentID, Purpose: purpose, Provider: h.provider.Name(), Amount: amount,
		RedirectURL: sess.RedirectURL, ExpiresAt: sess.ExpiresAt,
	}, sub(payMeta, "request"))
	if err != nil {
		return out, wrap("request payment", err)
	}
	out.PaymentURL, out.Position = sess.RedirectURL, res.Position
	// A repeated request answers the URL recorded the first time.
	if stored, _, err := h.LoadOrder(ctx, s.ID()); err == nil && stored.PaymentURL(out.PaymentID) != "" {
		out.PaymentURL = stored.PaymentURL(out.PaymentID)
	}
	return out, nil
}

// PayOrder opens a payment session for an unpaid order (the payment page's "Pay" button, a quoted
// enquiry's payment link) or returns the one still open. Only the owner, or whoever knows the trip
// number and e-mail, reaches it (the caller checks).
func (h *Handlers) PayOrder(ctx context.Context, orderID string, meta commands.Meta) (Placed, error) {
	s, _, err := h.LoadOrder(ctx, orderID)
	if err != nil {
		return Placed{}, err
	}
	if x, ok := s.PendingExchange(); ok && s.Status() == order.StatusConfirmed {
		if x.PaymentID != "" {
			if st, err := loadPayment(ctx, h, x.PaymentID); err == nil && st.Status() == payment.StatusPending {
				return Placed{OrderID: orderID, PaymentID: x.PaymentID, PaymentURL: s.PaymentURL(x.PaymentID), HoldUntil: x.HoldUntil}, nil
			}
		}
		if meta.CommandID == uuid.Nil {
			meta.CommandID = uuid.New()
		}
		p, err := h.openPayment(ctx, s, order.PurposeExchange, x.Difference, x.HoldUntil, meta)
		p.HoldUntil = x.HoldUntil
		return p, err
	}
	if s.Status() != order.StatusAwaitingPayment {
		return Placed{OrderID: orderID}, order.ErrNotAwaitingPayment
	}
	if !h.now().Before(s.HoldUntil()) {
		return Placed{OrderID: orderID}, order.ErrHoldLapsed
	}
	// The session still open is reused; a new one opens only when none is.
	if cur := s.CurrentPaymentID(); cur != "" {
		if st, err := loadPayment(ctx, h, cur); err == nil && st.Status() == payment.StatusPending &&
			h.now().Before(st.Started().ExpiresAt) {
			return Placed{OrderID: orderID, PaymentID: cur, PaymentURL: s.PaymentURL(cur), HoldUntil: s.HoldUntil()}, nil
		}
	}
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	p, err := h.openOrderPayment(ctx, s, meta)
	if errors.Is(err, order.ErrHoldLapsed) {
		return p, order.ErrHoldLapsed
	}
	return p, err
}

// PayOwnOrder is the traveller's "Pay" on their own order: the session still open, or a new one.
// Someone else's order does not exist for them.
func (h *Handlers) PayOwnOrder(ctx context.Context, tripNumber, userID string, meta commands.Meta) (Placed, error) {
	s, err := h.ownOrder(ctx, tripNumber, userID)
	if err != nil {
		return Placed{}, err
	}
	p, err := h.PayOrder(ctx, s.ID(), meta)
	p.OrderID, p.Status = s.ID(), s.Status()
	return p, err
}
