package orders

// Application is everything the orders HTTP layer (httpapi/orders) may call: the commands (the
// handlers, one file per command) and the queries (one file per query, each naming the narrow
// read-model interface it needs).
type Application struct {
	Commands *Handlers
	Queries  Queries
}

// Queries are the orders' reads.
type Queries struct {
	Settings         SettingsHandler
	Calendar         CalendarHandler
	CartCalendar     CartCalendarHandler
	PickupTimes      PickupTimesHandler
	ExchangeTimes    ExchangeTimesHandler
	EnquiryTimes     EnquiryTimesHandler
	ExchangeCalendar ExchangeCalendarHandler
	EnquiryCalendar  EnquiryCalendarHandler
	OwnOrder         OwnOrderHandler
	MyOrders         MyOrdersHandler
	TripStatus       TripStatusHandler
	StaffOrder       StaffOrderHandler
	PurchaseOrders   PurchaseOrdersHandler
	Enquiries        EnquiriesHandler
	EnquiryByLink    EnquiryLinkHandler
	Payments         PaymentsAuditHandler
}

// ReadModels is the orders read model as the queries read it: the union of their narrow interfaces
// (projections/orders.Reader answers it).
type ReadModels interface {
	TakenDays
	OrderRecords
	TravellerRecords
	TripLookup
	PurchaseOrderRecords
	EnquiryRecords
	PaymentRecords
}

// NewApplication puts the commands and the queries over the read models together. The queries tell
// the time by the commands' clock and bound guesses with the commands' limiter.
func NewApplication(commands *Handlers, orders ReadModels, catalogue CalendarCatalogue) Application {
	now, lead := commands.now, commands.settings.Lead
	calendar := CalendarHandler{taken: orders, catalogue: catalogue, settings: commands.settings, now: now}
	return Application{
		Commands: commands,
		Queries: Queries{
			Settings:         SettingsHandler{settings: commands.settings, provider: commands.provider.Name()},
			Calendar:         calendar,
			CartCalendar:     CartCalendarHandler{calendar: calendar, pricer: commands.pricer},
			PickupTimes:      PickupTimesHandler{calendar: calendar, pricer: commands.pricer},
			ExchangeTimes:    ExchangeTimesHandler{commands: commands, calendar: calendar},
			EnquiryTimes:     EnquiryTimesHandler{commands: commands, calendar: calendar},
			ExchangeCalendar: ExchangeCalendarHandler{commands: commands, calendar: calendar},
			EnquiryCalendar:  EnquiryCalendarHandler{commands: commands, calendar: calendar},
			OwnOrder:         OwnOrderHandler{orders: orders, now: now, lead: lead},
			MyOrders:         MyOrdersHandler{orders: orders, now: now, lead: lead},
			TripStatus:       TripStatusHandler{trips: orders, limiter: commands.limiter, now: now, lead: lead},
			StaffOrder:       StaffOrderHandler{orders: orders, now: now, lead: lead},
			PurchaseOrders:   PurchaseOrdersHandler{orders: orders, now: now, lead: lead},
			Enquiries:        EnquiriesHandler{enquiries: orders, hours: commands.catalogue},
			EnquiryByLink:    EnquiryLinkHandler{commands: commands, enquiries: orders},
			Payments:         PaymentsAuditHandler{payments: orders},
		},
	}
}
