package orders

import (
	"context"
	"errors"
	"fmt"

	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// OpenPaymentSession is the job that opens an ordered payment session (order.PaymentSessionOrdered)
// with the provider and records where the traveller pays: the session on the payment's stream
// (PaymentStarted), then on the order's (PaymentRequested, which "pay now" waits for). The payment id
// is the provider's idempotency key and the records' command ids derive from the job, so a repeat
// after a crash opens nothing new and records nothing twice. A session the order no longer needs (the
// hold lapsed, the order was paid or cancelled meanwhile) or the provider refuses is recorded as
// failed (PaymentSessionFailed); the traveller may try again.
func (h *Handlers) OpenPaymentSession(ctx context.Context, job Job, orderID, paymentID string) error {
	p := struct{ OrderID, PaymentID string }{orderID, paymentID}
	if p.OrderID == "" || p.PaymentID == "" {
		return refused("session job %s: no order or payment", job.ID)
	}
	s, _, err := h.LoadOrder(ctx, p.OrderID)
	if errors.Is(err, order.ErrOrderNotFound) {
		return refused("session job %s: order %s not found", job.ID, p.OrderID)
	}
	if err != nil {
		return err
	}
	sess, ok := s.Session(p.PaymentID)
	if !ok {
		return refused("session job %s: order %s has no payment %s", job.ID, p.OrderID, p.PaymentID)
	}
	if !sess.Opening {
		return nil
	}
	meta := systemMeta(derived(job.ID, "outcome"), p.OrderID)
	meta.CausationID = job.ID.String()
	fail := func(reason string) error {
		if _, err := execOrder(ctx, h, p.OrderID, order.RecordSessionFailure{PaymentID: p.PaymentID, Reason: truncateReason(reason)}, sub(meta, "failed")); err != nil {
			return wrap("record session failure", err)
		}
		return nil
	}
	if sess.Provider != h.provider.Name() {
		return fail("provider " + sess.Provider + " is not configured")
	}
	if reason := s.StaleSession(sess, h.now()); reason != "" {
		return fail(reason)
	}
	placed := s.Placed()
	lang := sess.Lang
	if lang == "" {
		lang = placed.Lang
	}
	desc := "Mishwar trip " + s.ID()
	if lang == "ar" {
		desc = "رحلة مشوار " + s.ID()
	}
	opened, err := h.provider.CreateSession(ctx, payment.SessionRequest{
		PaymentID: p.PaymentID, OrderID: s.ID(), Description: desc, Amount: sess.Amount, Lang: lang,
		Customer: payment.Customer{FirstName: placed.Contact.FirstName, LastName: placed.Contact.LastName,
			Email: placed.Contact.Email, Phone: placed.Contact.Phone, Country: placed.Contact.Country},
		SuccessURL: h.resultURL(s.ID(), "success"), FailureURL: h.resultURL(s.ID(), "failure"),
		CallbackURL: h.callbackURL(), ReturnURL: h.returnURL(p.PaymentID), ExpiresAt: sess.ExpiresAt,
	})
	switch {
	case errors.Is(err, payment.ErrRefused):
		h.log.Warn("orders: the provider refused a payment session", "order", s.ID(), "provider", h.provider.Name(), "err", err)
		return fail("provider_refused")
	case err != nil:
		return fmt.Errorf("orders: open payment session %s: %w", p.PaymentID, err)
	}
	if _, err := execPayment(ctx, h, p.PaymentID, payment.StartPayment{
		PaymentID: p.PaymentID, OrderID: s.ID(), Purpose: sess.Purpose, Provider: h.provider.Name(), Amount: sess.Amount,
		ProviderSessionID: opened.ProviderSessionID, RedirectURL: opened.RedirectURL, ExpiresAt: opened.ExpiresAt,
	}, sub(meta, "start")); err != nil {
		return wrap("start payment", err)
	}
	if _, err := execOrder(ctx, h, s.ID(), order.RequestPayment{
		PaymentID: p.PaymentID, Purpose: sess.Purpose, Provider: h.provider.Name(), Amount: sess.Amount,
		RedirectURL: opened.RedirectURL, ExpiresAt: opened.ExpiresAt,
	}, sub(meta, "request")); err != nil {
		return wrap("request payment", err)
	}
	return nil
}
