package support

import (
	"context"
	"errors"
	"fmt"
	"time"

	"mishwar/domain/payment"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// pageClosedSays says the close of a payment's page in lang: what came of it, when (Cairo time,
// labelled) and why the shop asked.
func pageClosedSays(lang i18n.Lang, c payment.PaymentSessionClosed, at time.Time) string {
	why := c.Why
	if key := "support.page_closed." + c.Why; i18n.Has(key) {
		why = i18n.T(lang, key)
	}
	outcome := c.Outcome
	if !i18n.Has("support.page_closed." + outcome) {
		outcome = payment.SessionClosed
	}
	return i18n.T(lang, "support.page_closed."+outcome, CairoTime(lang, at), why)
}

// withPageCloses adds to each related payment stream's label the close of its page, once the shop
// recorded one (the latest), so support does not read a cancelled order's page as still open.
func withPageCloses(ctx context.Context, events EventLog, registry *eventstore.Registry, lang i18n.Lang, related []RelatedStream) ([]RelatedStream, error) {
	for i, r := range related {
		if r.Kind != "payment" {
			continue
		}
		recs, err := readStream(ctx, events, r.Stream)
		if errors.Is(err, ErrStreamNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("support: read %s: %w", r.Stream, err)
		}
		said := ""
		for _, rec := range recs {
			if rec.Type != "PaymentSessionClosed" {
				continue
			}
			v, err := registry.Decode(rec)
			if err != nil {
				return nil, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err)
			}
			if c, ok := v.(payment.PaymentSessionClosed); ok {
				said = pageClosedSays(lang, c, rec.RecordedAt)
			}
		}
		if said != "" {
			related[i].Label = i18n.T(lang, "support.related.payment_closed", r.Label, said)
		}
	}
	return related, nil
}
