package support

import (
	"regexp"
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

var camelWords = regexp.MustCompile(`([a-z0-9])([A-Z])`)

// TypeLabel names an event type in lang ("OrderPlaced" → "Order placed", "تم تقديم الطلب"): its
// translation when there is one, else its words.
func TypeLabel(lang i18n.Lang, eventType string) string {
	key := "support.event." + eventType
	if i18n.Has(key) {
		return i18n.T(lang, key)
	}
	w := strings.ToLower(camelWords.ReplaceAllString(eventType, "$1 $2"))
	if w == "" {
		return eventType
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// says is an order event in words, in lang, with who it names ("" for an event of another stream
// or a type the console has no sentence for: its type label says it). before is the order as it
// was before e (what a change of plan changed from).
func says(lang i18n.Lang, before order.State, e order.Event, who *people) (string, error) {
	t := func(key string, args ...any) string { return i18n.T(lang, "support.says."+key, args...) }
	at := func(tm time.Time) string { return CairoTime(lang, tm) }
	reason := func(r string) string {
		if r == "" {
			// "(—)" beside a traveller's cancellation read as a glitch.
			return i18n.T(lang, "support.no_reason")
		}
		return word(lang, "reason", r)
	}
	switch ev := e.(type) {
	case order.OrderPlaced:
		// The price the order charges: after its promo code, when it has one.
		price := ev.Trip.Quote.Total
		if ev.Promo != nil {
			price = ev.Promo.PriceAfter
		}
		return t("OrderPlaced", at(ev.Trip.StartAt), Money(lang, price), at(ev.HoldUntil)), nil
	case order.PaymentSessionOrdered:
		return t("PaymentSessionOrdered", Money(lang, ev.Amount), ev.Provider), nil
	case order.PaymentRequested:
		return t("PaymentRequested", Money(lang, ev.Amount), ev.Provider, at(ev.ExpiresAt)), nil
	case order.PaymentSessionFailed:
		return t("PaymentSessionFailed", reason(ev.Reason)), nil
	case order.PaymentReceived:
		if ev.Late {
			return t("PaymentReceivedLate", Money(lang, ev.Amount), ev.Provider), nil
		}
		return t("PaymentReceived", Money(lang, ev.Amount), ev.Provider), nil
	case order.PaymentAccepted:
		return t("PaymentAccepted", Money(lang, ev.Amount), reason(ev.Reason)), nil
	case order.PaymentFailed:
		return t("PaymentFailed", reason(ev.Reason)), nil
	case order.OrderExpired:
		return t("OrderExpired", at(ev.HeldUntil)), nil
	case order.OrderHeldAgain:
		return t("OrderHeldAgain", at(ev.HoldUntil)), nil
	case order.OrderNeedsAttention:
		return t("OrderNeedsAttention", reason(ev.Reason), Money(lang, ev.Amount)), nil
	case order.OrderCancelled:
		by, err := byWhom(lang, ev.ByUserID, ev.ByStaff, who)
		if err != nil {
			return "", err
		}
		if ev.ByStaff && ev.InitiatedBy == order.InitiatedByTraveller {
			by = t("at_travellers_request", by)
		}
		switch {
		case ev.Underway:
			return t("OrderCancelledUnderway", by, reason(ev.Reason)), nil
		case ev.InitiatedBy == order.InitiatedByBusiness:
			return t("OrderCancelledForBusiness", by, reason(ev.Reason), Money(lang, ev.RefundDue)), nil
		case ev.Free:
			return t("OrderCancelledFree", by, reason(ev.Reason), Money(lang, ev.RefundDue)), nil
		case ev.Kept.Currency == "":
			// Recorded before cancellations said what they keep: the refund was then the policy's
			// share of what was paid.
			return t("OrderCancelled", by, reason(ev.Reason), Money(lang, ev.RefundDue), Percent(lang, ev.RefundBasisPoints)), nil
		}
		// Late: the business keeps its share of the price (100% less the share not charged) and
		// the rest of what was still paid goes back; nothing goes back when what was still paid
		// was no more than that share, all of it kept.
		kept := Percent(lang, 10000-ev.RefundBasisPoints)
		if ev.RefundDue.Minor <= 0 {
			return t("OrderCancelledLateAllKept", by, reason(ev.Reason), kept, Money(lang, ev.Kept)), nil
		}
		return t("OrderCancelledLate", by, reason(ev.Reason), kept, Money(lang, ev.Kept), Money(lang, ev.RefundDue)), nil
	case order.RefundRequested:
		return t("RefundRequested", Money(lang, ev.Amount), reason(ev.Reason)), nil
	case order.RefundOrdered:
		return t("RefundOrdered", Money(lang, ev.Amount), reason(ev.Reason)), nil
	case order.RefundIssued:
		return t("RefundIssued", Money(lang, ev.Amount), reason(ev.Reason)), nil
	case order.RefundFailed:
		return t("RefundFailed", Money(lang, ev.Amount), reason(ev.Reason)), nil
	case order.ExchangeRequested:
		return t("ExchangeRequested", Change(lang, before.Trip(), ev.To), Money(lang, ev.Difference), at(ev.HoldUntil)), nil
	case order.OrderExchanged:
		return t("OrderExchanged", Change(lang, ev.From, ev.To), difference(lang, ev.Difference)), nil
	case order.ExchangeAbandoned:
		return t("ExchangeAbandoned", reason(ev.Reason)), nil
	case order.TripStarted:
		return t("TripStarted", at(ev.StartedAt)), nil
	case order.TripCompleted:
		return t("TripCompleted", at(ev.CompletedAt)), nil
	case order.OrderCompleted:
		return t("OrderCompleted", at(ev.CompletedAt)), nil
	}
	return "", nil
}

// Change says in lang what a change of plan changes of trip from to trip to: its time, its car (the
// rate plan, by its name in lang), both, or else its itinerary: "the time from Mon 14 Dec 2026, 10:00
// Cairo time to Tue 15 Dec 2026, 09:00 Cairo time, and the car from Economy to Family minivan".
func Change(lang i18n.Lang, from, to order.Trip) string {
	var parts []string
	if !from.StartAt.Equal(to.StartAt) {
		parts = append(parts, i18n.T(lang, "support.change.time", CairoTime(lang, from.StartAt), CairoTime(lang, to.StartAt)))
	}
	if from.RatePlan.ID != to.RatePlan.ID {
		parts = append(parts, i18n.T(lang, "support.change.car", PlanName(lang, from.RatePlan), PlanName(lang, to.RatePlan)))
	}
	if len(parts) == 0 {
		return i18n.T(lang, "support.change.itinerary")
	}
	return strings.Join(parts, i18n.T(lang, "support.change.and"))
}

// PlanName is a rate plan's name in lang (its English one when it has no Arabic one).
func PlanName(lang i18n.Lang, p order.RatePlan) string {
	if lang == i18n.Ar && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// difference says what a change made of the price: paid (the traveller paid the difference before
// it was made), to refund (a cheaper trip: owed back), or nothing.
func difference(lang i18n.Lang, d money.Money) string {
	switch {
	case d.Minor > 0:
		return i18n.T(lang, "support.difference.paid", Money(lang, d))
	case d.Minor < 0:
		return i18n.T(lang, "support.difference.refund", Money(lang, money.New(-d.Minor, d.Currency)))
	}
	return i18n.T(lang, "support.difference.none")
}

// TakenOff says in lang why a trip's driver was taken off: a rule's cause in the reader's language
// (the new day; the other trip and its Cairo times), else the recorded words (an operator's own, or
// a rule's in English on events recorded before causes were, or a cause this code does not know).
func TakenOff(lang i18n.Lang, reason string, cause *dispatch.Cause) string {
	if cause != nil {
		switch {
		case cause.Code == dispatch.CauseMovedToDay && cause.Day != "":
			return i18n.T(lang, "support.cause.moved_to_day", CalendarDay(lang, cause.Day))
		case cause.Code == dispatch.CauseTimesOverlap && cause.Trip != "" && !cause.StartAt.IsZero() && !cause.EndAt.IsZero():
			return i18n.T(lang, "support.cause.times_overlap", cause.Trip,
				domain.TimeOfDayOf(cause.StartAt.In(catalogue.Cairo)), domain.TimeOfDayOf(cause.EndAt.In(catalogue.Cairo)))
		}
	}
	return reason
}

// byWhom says who cancelled: the account's name and role, or staff, or the traveller.
func byWhom(lang i18n.Lang, userID string, staff bool, who *people) (string, error) {
	if userID != "" {
		p, err := who.of(userID, "")
		if err != nil {
			return "", err
		}
		if p.Name != "" {
			return p.Label, nil
		}
	}
	if staff {
		return i18n.T(lang, "support.value.staff"), nil
	}
	return i18n.T(lang, "support.role.user"), nil
}

// StatusLabel says an order status in lang ("" for none).
func StatusLabel(lang i18n.Lang, s order.Status) string {
	if s == order.StatusNone {
		return ""
	}
	return word(lang, "status", string(s))
}

// tripSays says what a trip's event did, in lang: who drove and in what car, where they were and
// when, and why a driver was taken off or the trip cancelled. driver is the name of the driver the
// stream had assigned before e (the later events name them by id only); stops are the order's
// stops as its stream said when e was recorded (nil when not known), which name a stop in lang.
func tripSays(lang i18n.Lang, e dispatch.TripEvent, driver string, stops []order.Stop) string {
	t := func(key string, args ...any) string { return i18n.T(lang, "support.says."+key, args...) }
	at := func(tm time.Time) string { return CairoTime(lang, tm) }
	or := func(s string) string {
		if s == "" {
			return "—"
		}
		return s
	}
	switch ev := e.(type) {
	case dispatch.DriverAssigned:
		d := ev.Driver
		said := t("DriverAssigned", d.NameIn(string(lang)), d.VehicleIn(string(lang)), d.Plate, at(ev.StartAt))
		if ev.VehicleOverride != nil {
			said += " " + t("VehicleOverride", ev.VehicleOverride.Reason)
		}
		return said
	case dispatch.DriverUnassigned:
		return t("DriverUnassigned", or(driver), or(TakenOff(lang, ev.Reason, ev.Cause)))
	case dispatch.TripHandedOver:
		d := ev.Driver
		said := t("TripHandedOver", or(driver), d.NameIn(string(lang)), d.VehicleIn(string(lang)), d.Plate, or(ev.Reason))
		if ev.VehicleOverride != nil {
			said += " " + t("VehicleOverride", ev.VehicleOverride.Reason)
		}
		return said
	case dispatch.TripStarted:
		return t("DriverSetOff", or(driver), at(ev.StartedAt))
	case dispatch.TravellersPickedUp:
		return t("TravellersPickedUp", at(ev.PickedUpAt))
	case dispatch.ArrivedAtStop:
		return t("ArrivedAtStop", Count(lang, int64(ev.Stop)), or(StopName(lang, ev, stops)), at(ev.ArrivedAt))
	case dispatch.TripCompleted:
		return t("DriverEndedTrip", at(ev.CompletedAt))
	case dispatch.TripCancelled:
		key := "TripCancelled"
		if ev.Underway {
			key = "TripCancelledUnderway"
		}
		if words := officesWords(ev.Reason); words != "" {
			return t(key+"Why", words)
		}
		return t(key)
	}
	return ""
}

// StopName names the stop a driver arrived at in lang. The event records the catalogue's English
// name only; the order's itinerary (stops, as the order's stream said when the driver arrived)
// records both, so the Arabic one is the itinerary's stop of that number, or failing that (an
// itinerary changed since) the one of that English name. The recorded name when neither is found.
func StopName(lang i18n.Lang, ev dispatch.ArrivedAtStop, stops []order.Stop) string {
	if lang != i18n.Ar {
		return ev.Name
	}
	if i := ev.Stop - 1; i >= 0 && i < len(stops) && stops[i].NameAR != "" && (ev.Name == "" || stops[i].NameEN == ev.Name) {
		return stops[i].NameAR
	}
	for _, st := range stops {
		if st.NameEN == ev.Name && ev.Name != "" && st.NameAR != "" {
			return st.NameAR
		}
	}
	return ev.Name
}

// legacyCancelReason is what trips cancelled with their order carried as a reason before it carried
// only the office's words: an English phrase that is not anybody's words.
const legacyCancelReason = "order cancelled"

// officesWords is the office's own words in a trip cancellation's reason, without the English
// phrase older events put before them.
func officesWords(reason string) string {
	if reason == legacyCancelReason {
		return ""
	}
	return strings.TrimPrefix(reason, legacyCancelReason+": ")
}
