package domain

import (
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// DefaultPhoneRegion is assumed for a number typed without a country key: the service area is Cairo.
const DefaultPhoneRegion = "EG"

// NormalizePhone is the one rule for a phone number anyone types (a traveller signing up, the office
// adding a driver): it returns number in E.164 (+201001234567) and whether it is a valid number.
// countryKey may be a calling code ("+20", "20") or a region ("EG"); without one, a number in
// national form ("01001234567") is read as Egyptian. A number that starts with "+" or "00" carries
// its own. Validity is decided by the libphonenumber metadata, not a pattern.
func NormalizePhone(number, countryKey string) (string, bool) {
	number = strings.TrimSpace(number)
	if strings.HasPrefix(number, "00") {
		number = "+" + number[2:]
	}
	region := DefaultPhoneRegion
	if !strings.HasPrefix(number, "+") {
		if r, ok := phoneRegionOf(countryKey); ok {
			region = r
		} else if strings.TrimSpace(countryKey) != "" {
			return "", false
		}
	}
	n, err := phonenumbers.Parse(number, region)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

func phoneRegionOf(key string) (string, bool) {
	key = strings.TrimSpace(key)
	if key == "" {
		return "", false
	}
	if code, err := strconv.Atoi(strings.TrimPrefix(key, "+")); err == nil {
		r := phonenumbers.GetRegionCodeForCountryCode(code)
		return r, r != "" && r != "ZZ"
	}
	r := strings.ToUpper(key)
	return r, phonenumbers.GetSupportedRegions()[r]
}
