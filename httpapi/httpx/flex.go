package httpx

import (
	"encoding/json"
	"strings"
)

// The spec's client sends some fields in more than one JSON shape (a form posts "on", an old client
// posts ids as numbers). These types accept every shape it sends, once for every feature.

// FlexString accepts a JSON string or number.
type FlexString string

// UnmarshalJSON reads a string, or a number as its text.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = FlexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = FlexString(n.String())
	return nil
}

// FlexBool reads true/false from JSON booleans, numbers and form strings ("true", "1", "on").
type FlexBool bool

// UnmarshalJSON reads a boolean, a number (non-zero is true) or a form string.
func (b *FlexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*b = FlexBool(x)
	case string:
		*b = FlexBool(x == "1" || strings.EqualFold(x, "true") || strings.EqualFold(x, "on"))
	case float64:
		*b = x != 0
	}
	return nil
}
