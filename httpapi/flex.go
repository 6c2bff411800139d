package httpapi

import "encoding/json"

// flexString accepts a JSON string or number (a form or an old client may send ids as numbers). The
// orders calls still here read it; the cart has its own copy in httpapi/cart.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexString(n.String())
	return nil
}
