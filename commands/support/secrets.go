package support

import (
	"encoding/json"

	"mishwar/eventstore"
)

// secretFields are the fields of an event type that hold a secret a traveller uses as a key: shown
// to nobody, staff included. An enquiry's link token opens the enquiry and pays it from the guest's
// e-mail; support sees the enquiry itself, never the key to it.
var secretFields = map[string][]string{
	"EnquirySubmitted": {"link_token"},
}

// Hidden is what a secret field reads in place of its value.
const Hidden = "(hidden)"

// withoutSecrets is rec with the values of its type's secret fields replaced by Hidden.
func withoutSecrets(rec eventstore.RecordedEvent) eventstore.RecordedEvent {
	fields := secretFields[rec.Type]
	if len(fields) == 0 {
		return rec
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal(rec.Data, &data); err != nil {
		// Not an object: nothing named can be in it.
		return rec
	}
	changed := false
	for _, f := range fields {
		if v, ok := data[f]; ok && string(v) != `""` && string(v) != "null" {
			data[f] = json.RawMessage(`"` + Hidden + `"`)
			changed = true
		}
	}
	if !changed {
		return rec
	}
	out, err := json.Marshal(data)
	if err != nil {
		return rec
	}
	rec.Data = out
	return rec
}
