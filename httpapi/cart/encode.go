package cart

import (
	"math"
	"time"

	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/money"
	"mishwar/domain/trip"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// The answers' shapes (docs/openapi.yaml: Cart, CartItem, TripCalculations).

type coordinatesJSON struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

type cartDestinationJSON struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Slug         string          `json:"slug"`
	Coordinates  coordinatesJSON `json:"coordinates"`
	VisitHours   float64         `json:"visit_hours"`
	VisitMinutes int             `json:"visit_minutes"`
	Photo        *string         `json:"photo"`
}

type cartItemJSON struct {
	ID            string              `json:"id"`
	DestinationID string              `json:"destination_id"`
	Position      int                 `json:"position"`
	Destination   cartDestinationJSON `json:"destination"`
	// Available is false for a destination unpublished since it was added: it is left out of the trip.
	Available bool `json:"available"`
	// Arrival and Departure are when the stop is reached and left (absent when unavailable).
	Arrival   *time.Time `json:"arrival,omitempty"`
	Departure *time.Time `json:"departure,omitempty"`
	// Problem says what is wrong with reaching the stop then ("closed_that_day", "after_closing",
	// "closes_during_visit"), with a message.
	Problem        string `json:"problem,omitempty"`
	ProblemMessage string `json:"problem_message,omitempty"`
	ProgramID      string `json:"program_id,omitempty"`
}

type legJSON struct {
	From     string  `json:"from"`
	To       string  `json:"to"`
	FromName string  `json:"from_name"`
	ToName   string  `json:"to_name"`
	Distance float64 `json:"distance"`
	Duration int64   `json:"duration"`
}

type priceJSON struct {
	Currency money.Currency `json:"currency"`
	Total    float64        `json:"total"`
}

type rateCalculationJSON struct {
	RateID         string         `json:"rate_id"`
	Name           string         `json:"name"`
	PricePerKm     float64        `json:"price_per_km"`
	WaitingPerHour float64        `json:"waiting_per_hour"`
	DistanceCost   float64        `json:"distance_cost"`
	WaitingCost    float64        `json:"waiting_cost"`
	Total          float64        `json:"total"`
	Currency       money.Currency `json:"currency"`
	Converted      []priceJSON    `json:"converted"`
}

type warningJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type tripJSON struct {
	TotalDistance       float64               `json:"total_distance"`
	TotalDuration       int64                 `json:"total_duration"`
	TotalWaitingHours   float64               `json:"total_waiting_hours"`
	TotalWaitingMinutes int64                 `json:"total_waiting_minutes"`
	TotalTripMinutes    int64                 `json:"total_trip_minutes"`
	Departure           time.Time             `json:"departure"`
	Finish              time.Time             `json:"finish"`
	Legs                []legJSON             `json:"legs"`
	RateCalculations    []rateCalculationJSON `json:"rate_calculations"`
	MoreThanOneDay      bool                  `json:"more_than_one_day"`
	// SecondDayFrom is the position of the first item a second day should start with (null: none).
	SecondDayFrom *int          `json:"second_day_from"`
	Warnings      []warningJSON `json:"warnings"`
	// DayFit is the one-day rule's verdict (domain/trip, FitOneDay): checkout refuses what does not fit.
	DayFit dayFitJSON `json:"day_fit"`
}

// dayFitJSON says whether the trip can be booked as one day at its departure, and if not, why and
// what to do. Message is what checkout would answer (422).
type dayFitJSON struct {
	Fits       bool   `json:"fits"`
	Misfit     string `json:"misfit,omitempty"`
	Reason     string `json:"reason,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	Message    string `json:"message,omitempty"`
	// Stop is the position of the item the verdict is about; StartBy the latest start ("HH:MM",
	// Cairo) an earlier start would need.
	Stop    *int   `json:"stop,omitempty"`
	StartBy string `json:"start_by,omitempty"`
}

func toDayFitJSON(v trip.Verdict, lang i18n.Lang) dayFitJSON {
	if v.Misfit == trip.FitsOneDay {
		return dayFitJSON{Fits: true}
	}
	out := dayFitJSON{
		Misfit: string(v.Misfit), StartBy: v.StartBy,
		Reason:     httpx.Say(lang, v.Reason.Key, v.Reason.Args...),
		Suggestion: httpx.Say(lang, v.Suggestion.Key, v.Suggestion.Args...),
		Message:    httpx.Say(lang, trip.KeyNotOneDay, v.Reason, v.Suggestion),
	}
	if v.Stop > 0 {
		stop := v.Stop
		out.Stop = &stop
	}
	return out
}

type routePointJSON struct {
	Kind          cart.PointKind  `json:"kind"`
	PickupPointID string          `json:"pickup_point_id,omitempty"`
	Name          string          `json:"name"`
	Coordinates   coordinatesJSON `json:"coordinates"`
	// Default: the admin's default pickup point. SameAsStart: the trip ends where it starts.
	Default     bool `json:"default"`
	SameAsStart bool `json:"same_as_start"`
}

type cartJSON struct {
	Data             []cartItemJSON `json:"data"`
	TripCalculations tripJSON       `json:"trip_calculations"`
	// Version is the cart's version (-1: never changed), the one live cart.changed notices carry.
	Version    int64          `json:"version"`
	StartPoint routePointJSON `json:"start_point"`
	EndPoint   routePointJSON `json:"end_point"`
	Message    string         `json:"message,omitempty"`
}

func major(m money.Money) float64 { return float64(m.Minor) / 100 }

func nameIn(lang i18n.Lang, en, ar string) string {
	if lang == i18n.Ar && ar != "" {
		return ar
	}
	return en
}

func toCartJSON(q trip.Quote, lang i18n.Lang) cartJSON {
	l := string(lang)
	out := cartJSON{Version: q.Version, Data: []cartItemJSON{}}
	positionOfStop := []int{}
	for _, s := range q.Stops {
		d := s.Destination
		item := cartItemJSON{
			ID: s.Item.ID, DestinationID: s.Item.DestinationID, Position: s.Item.Position, Available: s.Available,
			ProgramID: s.Item.ProgramID,
			Destination: cartDestinationJSON{
				ID: d.ID, Name: d.Name(l), Slug: d.Slug, Coordinates: coordinatesJSON{d.Lat, d.Lng},
				VisitHours: math.Round(float64(d.VisitMinutes)/60*100) / 100, VisitMinutes: d.VisitMinutes,
			},
		}
		if d.Photo != "" {
			photo := d.Photo
			item.Destination.Photo = &photo
		}
		if s.Available {
			arrive, leave := s.Timing.Arrive, s.Timing.Leave
			item.Arrival, item.Departure = &arrive, &leave
			item.Problem = string(s.Timing.Problem)
			item.ProblemMessage = problemMessage(lang, s.Timing)
			positionOfStop = append(positionOfStop, s.Item.Position)
		}
		out.Data = append(out.Data, item)
	}
	c := q.Calc
	t := tripJSON{
		TotalDistance: c.DistanceKm(), TotalDuration: c.DrivingMinutes(), TotalWaitingHours: c.WaitingHours(),
		TotalWaitingMinutes: c.WaitingMinutes, TotalTripMinutes: trip.Minutes(c.Total()),
		Departure: q.Departure, Finish: c.Finish, MoreThanOneDay: c.MoreThanOneDay,
		Legs: []legJSON{}, RateCalculations: []rateCalculationJSON{}, Warnings: []warningJSON{},
	}
	if c.Finish.IsZero() {
		t.Finish = q.Departure
	}
	for _, leg := range q.Legs {
		t.Legs = append(t.Legs, legJSON{
			From: leg.From.ID, To: leg.To.ID, FromName: nameIn(lang, leg.From.NameEN, leg.From.NameAR),
			ToName: nameIn(lang, leg.To.NameEN, leg.To.NameAR), Distance: leg.Km(), Duration: trip.Minutes(leg.Duration),
		})
	}
	for _, r := range c.Rates {
		rc := rateCalculationJSON{
			RateID: r.Plan.ID, Name: r.Plan.NameIn(l), PricePerKm: major(r.Plan.PricePerKm), WaitingPerHour: major(r.Plan.WaitingPerHour),
			DistanceCost: major(r.DistanceCost), WaitingCost: major(r.WaitingCost), Total: major(r.Total), Currency: r.Total.Currency,
			Converted: []priceJSON{},
		}
		for _, conv := range r.Converted {
			rc.Converted = append(rc.Converted, priceJSON{Currency: conv.Currency, Total: major(conv)})
		}
		t.RateCalculations = append(t.RateCalculations, rc)
	}
	if c.SecondDayFrom >= 0 && c.SecondDayFrom < len(positionOfStop) {
		p := positionOfStop[c.SecondDayFrom]
		t.SecondDayFrom = &p
	}
	for _, w := range c.Warnings {
		t.Warnings = append(t.Warnings, warningJSON{Code: w, Message: i18n.T(lang, w)})
	}
	verdict := q.Verdict()
	t.DayFit = toDayFitJSON(verdict, lang)
	if !t.DayFit.Fits && t.DayFit.Suggestion != "" {
		// What to do about it, from the same rule checkout refuses with.
		t.Warnings = append(t.Warnings, warningJSON{Code: verdict.Suggestion.Key, Message: t.DayFit.Suggestion})
	}
	out.TripCalculations = t
	out.StartPoint = toRoutePointJSON(q.Start, lang)
	out.EndPoint = toRoutePointJSON(q.End, lang)
	return out
}

func problemMessage(lang i18n.Lang, t trip.StopTiming) string {
	switch t.Problem {
	case trip.StopClosedThatDay:
		return i18n.T(lang, "trip.closed_that_day")
	case trip.StopAfterClosing:
		return i18n.T(lang, "trip.after_closing", domain.TimeOfDayOf(t.Closes))
	case trip.StopClosesDuringVisit:
		return i18n.T(lang, "trip.closes_during_visit", domain.TimeOfDayOf(t.Closes))
	}
	return ""
}

func toRoutePointJSON(p trip.RoutePoint, lang i18n.Lang) routePointJSON {
	return routePointJSON{
		Kind: p.Kind, PickupPointID: p.PickupPointID, Name: p.NameIn(string(lang)),
		Coordinates: coordinatesJSON{p.Lat, p.Lng}, Default: p.Default, SameAsStart: p.SameAsStart,
	}
}
