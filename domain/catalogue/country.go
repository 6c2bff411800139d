package catalogue

import (
	"regexp"
	"strings"
)

var (
	countryCodePattern = regexp.MustCompile(`^[A-Z]{2}$`)
	dialCodePattern    = regexp.MustCompile(`^\+[1-9][0-9]{0,3}$`)
)

// CountryFields describe a country travellers come from: its ISO 3166 code, its name and its phone
// country key.
type CountryFields struct {
	Code         string `json:"code"`
	Name         Text   `json:"name"`
	DialCode     string `json:"dial_code"`
	Active       bool   `json:"active"`
	DisplayOrder int    `json:"display_order"`
}

// Normalized upper-cases the code and trims the rest.
func (f CountryFields) Normalized() CountryFields {
	f.Code = strings.ToUpper(strings.TrimSpace(f.Code))
	f.DialCode = strings.TrimSpace(f.DialCode)
	if f.DialCode != "" && !strings.HasPrefix(f.DialCode, "+") {
		f.DialCode = "+" + f.DialCode
	}
	f.Name = f.Name.trimmed()
	return f
}

// Validate checks the rules of a country.
func (f CountryFields) Validate() error {
	var c validator
	switch {
	case f.Code == "":
		c.add("code", keyRequired)
	case !countryCodePattern.MatchString(f.Code):
		c.add("code", keyInvalidCode)
	}
	c.text("name", f.Name, true, maxName)
	switch {
	case f.DialCode == "":
		c.add("dial_code", keyRequired)
	case !dialCodePattern.MatchString(f.DialCode):
		c.add("dial_code", keyInvalidCode)
	}
	c.intRange("display_order", f.DisplayOrder, 0, maxDisplayRank)
	return c.err()
}

var (
	CountryRefusals    = refusalsFor("country")
	Country            = NewEntityDecider[CountryFields](CountryRefusals)
	ErrCountryNotFound = CountryRefusals.NotFound
)

type (
	CountryState    = State[CountryFields]
	CountryCommand  = Command[CountryFields]
	CountryEvent    = Event[CountryFields]
	CreateCountry   = Create[CountryFields]
	UpdateCountry   = Update[CountryFields]
	ArchiveCountry  = Archive[CountryFields]
	RestoreCountry  = Restore[CountryFields]
	CountryCreated  = Created[CountryFields]
	CountryUpdated  = Updated[CountryFields]
	CountryArchived = Archived[CountryFields]
	CountryRestored = Restored[CountryFields]
)
