package orders

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/mail"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

type pendingMail struct{ msg mail.Message }

func enqueue(ctx context.Context, tx pgx.Tx, m pendingMail) error {
	if _, err := mail.Enqueue(ctx, tx, m.msg); err != nil {
		return fmt.Errorf("orders: queue mail %q: %w", m.msg.Key, err)
	}
	return nil
}

func lang(l string) i18n.Lang {
	if l == "ar" {
		return i18n.Ar
	}
	return i18n.En
}

// FormatMoney writes an amount the way the e-mails and pages show it: "1,500.00 EGP".
func FormatMoney(m money.Money) string {
	minor := m.Minor
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	whole := strconv.FormatInt(minor/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s.%02d %s", sign, b.String(), minor%100, m.Currency)
}

func (p *Projection) orderLink(o Order) string {
	if o.UserID != "" {
		return p.publicURL() + "/account/order/" + url.PathEscape(o.ID)
	}
	return p.publicURL() + "/tripstatus?trip=" + url.QueryEscape(o.ID)
}

func (p *Projection) compose(o Order, rec eventstore.RecordedEvent, kind string, c mail.Content) pendingMail {
	l := lang(o.Lang)
	c.Greeting = i18n.T(l, "mail.greeting", o.Contact.FirstName)
	m := mail.Compose(l, o.Contact.Email, strings.TrimSpace(o.Contact.FirstName+" "+o.Contact.LastName), c)
	m.Key = fmt.Sprintf("orders:%s:%d:%s", rec.StreamID, rec.Version, kind)
	return pendingMail{msg: m}
}

// orderMails are the e-mails an order event sends, in the traveller's language.
func (p *Projection) orderMails(before, after Order, e order.Event, rec eventstore.RecordedEvent) []pendingMail {
	l := lang(after.Lang)
	start := after.Trip.StartAt.In(cat.Cairo)
	date, clock := start.Format("2006-01-02"), start.Format("15:04")
	view := &mail.Action{Label: i18n.T(l, "mail.action.view_order"), URL: p.orderLink(after)}
	switch ev := e.(type) {
	case order.OrderPlaced:
		if ev.Source == order.SourceEnquiry {
			return nil
		}
		return []pendingMail{p.compose(after, rec, "received", mail.Content{
			Subject: i18n.T(l, "mail.order_received.subject", after.ID),
			Heading: i18n.T(l, "mail.order_received.heading"),
			Paragraphs: []string{
				i18n.T(l, "mail.order_received.body", date, clock, after.HoldUntil.In(cat.Cairo).Format("15:04")),
				i18n.T(l, "mail.order.total", FormatMoney(after.Price)),
			},
			Action: view,
		})}
	case order.PaymentReceived:
		if !ev.Confirms || before.Status == order.StatusConfirmed {
			return nil
		}
		return []pendingMail{p.compose(after, rec, "confirmed", mail.Content{
			Subject:    i18n.T(l, "mail.payment_confirmed.subject", after.ID),
			Heading:    i18n.T(l, "mail.payment_confirmed.heading"),
			Paragraphs: []string{i18n.T(l, "mail.payment_confirmed.body", FormatMoney(ev.Amount), date, clock)},
			Action:     view,
		})}
	case order.PaymentFailed:
		if before.Status != order.StatusAwaitingPayment || after.Status != order.StatusPaymentFailed {
			return nil
		}
		return []pendingMail{p.compose(after, rec, "failed", mail.Content{
			Subject:    i18n.T(l, "mail.payment_failed.subject", after.ID),
			Heading:    i18n.T(l, "orders.payment_not_processed"),
			Paragraphs: []string{i18n.T(l, "mail.payment_failed.body")},
			Action:     &mail.Action{Label: i18n.T(l, "mail.action.try_again"), URL: p.publicURL() + "/checkout"},
		})}
	case order.OrderCancelled:
		body := i18n.T(l, "mail.order_cancelled.body", date)
		if ev.RefundDue.Minor > 0 {
			body += " " + i18n.T(l, "mail.order_cancelled.refund", FormatMoney(ev.RefundDue))
		}
		return []pendingMail{p.compose(after, rec, "cancelled", mail.Content{
			Subject: i18n.T(l, "mail.order_cancelled.subject", after.ID), Heading: i18n.T(l, "mail.order_cancelled.heading"),
			Paragraphs: []string{body}, Action: view,
		})}
	case order.RefundIssued:
		return []pendingMail{p.compose(after, rec, "refunded", mail.Content{
			Subject: i18n.T(l, "mail.refund_issued.subject", after.ID), Heading: i18n.T(l, "mail.refund_issued.heading"),
			Paragraphs: []string{i18n.T(l, "mail.refund_issued.body", FormatMoney(ev.Amount), ev.Reason)}, Action: view,
		})}
	case order.OrderExchanged:
		return []pendingMail{p.compose(after, rec, "exchanged", mail.Content{
			Subject: i18n.T(l, "mail.order_exchanged.subject", after.ID), Heading: i18n.T(l, "mail.order_exchanged.heading"),
			Paragraphs: []string{i18n.T(l, "mail.order_exchanged.body", date, clock, FormatMoney(after.Price))}, Action: view,
		})}
	}
	return nil
}

// enquiryMails are the e-mails an enquiry event sends.
func (p *Projection) enquiryMails(q Enquiry, e enquiry.Event, rec eventstore.RecordedEvent) []pendingMail {
	l := lang(q.Lang)
	o := Order{ID: q.TripNumber, Lang: q.Lang, Contact: q.Contact}
	switch ev := e.(type) {
	case enquiry.EnquirySubmitted:
		return []pendingMail{p.compose(o, rec, "enquiry", mail.Content{
			Subject: i18n.T(l, "mail.enquiry_received.subject", q.TripNumber), Heading: i18n.T(l, "mail.enquiry_received.heading"),
			Paragraphs: []string{i18n.T(l, "orders.enquiry_under_review"), i18n.T(l, "mail.enquiry_received.body", q.TripNumber)},
			Action:     &mail.Action{Label: i18n.T(l, "mail.action.trip_status"), URL: p.publicURL() + "/tripstatus?trip=" + url.QueryEscape(q.TripNumber)},
		})}
	case enquiry.EnquiryQuoted:
		start := q.Trip.StartAt.In(cat.Cairo)
		if q.Trip.StartAt.IsZero() {
			start = ev.StartAt.In(cat.Cairo)
		}
		paras := []string{i18n.T(l, "mail.enquiry_quoted.body", start.Format("2006-01-02"), start.Format("15:04"), FormatMoney(ev.Amount),
			ev.ValidUntil.In(cat.Cairo).Format("2006-01-02 15:04"))}
		if ev.Note != "" {
			paras = append(paras, ev.Note)
		}
		return []pendingMail{p.compose(o, rec, "quote", mail.Content{
			Subject: i18n.T(l, "mail.enquiry_quoted.subject", q.TripNumber), Heading: i18n.T(l, "mail.enquiry_quoted.heading"),
			Paragraphs: paras,
			Action:     &mail.Action{Label: i18n.T(l, "mail.action.pay"), URL: p.publicURL() + "/payments/" + url.PathEscape(q.TripNumber)},
		})}
	case enquiry.EnquiryDeclined:
		return []pendingMail{p.compose(o, rec, "declined", mail.Content{
			Subject: i18n.T(l, "mail.enquiry_declined.subject", q.TripNumber), Heading: i18n.T(l, "mail.enquiry_declined.heading"),
			Paragraphs: []string{i18n.T(l, "mail.enquiry_declined.body")},
		})}
	}
	return nil
}
