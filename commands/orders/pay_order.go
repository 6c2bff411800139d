package orders

import (
	"context"
	"net/url"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/order"
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
	p, err := h.openPayment(ctx, s.ID(), order.PurposeOrder, meta)
	p.HoldUntil = s.HoldUntil()
	return p, err
}

// openPayment records the decision to open a payment session of purpose (order.OpenPayment, under the
// order's expected version: of many concurrent clicks, one orders a session and the others find it),
// then waits a little for the job that opens it with the provider (OpenPaymentSession). The answer
// is the session's page, or Pending when the provider has not answered yet (the order shows the page
// when it does). The payment id derives from meta, so a retry finds the session it ordered before.
func (h *Handlers) openPayment(ctx context.Context, orderID, purpose string, meta commands.Meta) (Placed, error) {
	out := Placed{OrderID: orderID}
	payMeta := sub(meta, "payment")
	ours := payMeta.CommandID.String()
	res, err := execOrder(ctx, h, orderID, order.OpenPayment{PaymentID: ours, Purpose: purpose, Provider: h.provider.Name(), Lang: meta.Lang}, sub(payMeta, "open"))
	if err != nil {
		return out, wrap("open payment", err)
	}
	out.Position = res.Position
	s, _, err := h.LoadOrder(ctx, orderID)
	if err != nil {
		return out, err
	}
	// Ours, or the one a concurrent click ordered first.
	id := ours
	if _, mine := s.Session(ours); !mine {
		open, ok := s.OpenSession(purpose, h.now())
		if !ok {
			return out, ErrPaymentUnavailable
		}
		id = open.PaymentID
	}
	s, at, err := h.await(ctx, orderID, func(s order.State) bool {
		sess, _ := s.Session(id)
		return !sess.Opening
	})
	if err != nil {
		return out, err
	}
	sess, _ := s.Session(id)
	out.PaymentID, out.PaymentURL, out.Position = id, sess.URL, maxPosition(out.Position, at)
	switch {
	case sess.Failed:
		return out, ErrPaymentUnavailable
	case sess.Opening:
		out.Pending = true
	}
	return out, nil
}

// PayOrder opens a payment session for an unpaid order (the payment page's "Pay" button, a quoted
// enquiry's payment link), or for the difference of a requested exchange, or answers the one still
// open. Only the owner, or whoever knows the trip number and e-mail, reaches it (the caller checks).
func (h *Handlers) PayOrder(ctx context.Context, orderID string, meta commands.Meta) (Placed, error) {
	return h.payOrder(ctx, orderID, payer{proven: true}, meta)
}

// payOrder is PayOrder for who: an order whose payment failed or whose hold lapsed is paid again
// (pay_again.go), while a car can still be held for it.
func (h *Handlers) payOrder(ctx context.Context, orderID string, who payer, meta commands.Meta) (Placed, error) {
	s, version, err := h.LoadOrder(ctx, orderID)
	if err != nil {
		return Placed{}, err
	}
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	if x, ok := s.PendingExchange(); ok && s.Status() == order.StatusConfirmed {
		p, err := h.openPayment(ctx, orderID, order.PurposeExchange, meta)
		p.HoldUntil = x.HoldUntil
		return p, err
	}
	if lapsed := s.Status() == order.StatusAwaitingPayment && !h.now().Before(s.HoldUntil()); lapsed ||
		s.Status() == order.StatusPaymentFailed || s.Status() == order.StatusExpired {
		return h.payAgain(ctx, s, version, who, meta)
	}
	return h.openOrderPayment(ctx, s, meta)
}

// PayOwnOrder is the traveller's "Pay" on their own order: the session still open, or a new one, or
// the order paid again after its payment failed or its hold lapsed.
// Someone else's order does not exist for them.
func (h *Handlers) PayOwnOrder(ctx context.Context, tripNumber, userID string, meta commands.Meta) (Placed, error) {
	s, err := h.ownOrder(ctx, tripNumber, userID)
	if err != nil {
		return Placed{}, err
	}
	p, err := h.payOrder(ctx, s.ID(), payer{actor: order.Actor{UserID: userID}}, meta)
	p.OrderID = s.ID()
	if p.Status == "" {
		p.Status = s.Status()
	}
	return p, err
}
