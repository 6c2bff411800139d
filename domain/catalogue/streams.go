package catalogue

// Stream categories of the catalogue. Entities live in "<category>-<uuid>", the singletons in
// "<category>-site", unique keys in "uniquekey-<entity category>:<key>".
const (
	DestinationStream   = "destination"
	CategoryStream      = "category"
	ProgramStream       = "program"
	RatePlanStream      = "rateplan"
	OfferStream         = "offer"
	CountryStream       = "country"
	DriverStream        = "driver"
	PickupPointStream   = "pickuppoint"
	HomeContentStream   = "homecontent"
	SettingsStream      = "settings"
	CurrencyRatesStream = "currencyrates"
	UniqueKeyStream     = "uniquekey"
	// SingletonID is the id part of the singleton streams.
	SingletonID = "site"
)
