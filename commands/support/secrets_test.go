package support

import (
	"encoding/json"
	"testing"

	"mishwar/eventstore"
)

func TestAnEnquirysLinkTokenIsHiddenFromStaffAndTheRestOfTheEventShown(t *testing.T) {
	rec := eventstore.RecordedEvent{Type: "EnquirySubmitted", Data: json.RawMessage(`{"trip_number":"MSH-5887YQ","link_token":"k3y-th4t-0pens-the-enquiry-and-pays-it-xxxxxxxx","contact":{"email":"mona@example.com"}}`)}
	got := withoutSecrets(rec)
	var data map[string]any
	if err := json.Unmarshal(got.Data, &data); err != nil {
		t.Fatal(err)
	}
	if data["link_token"] != Hidden {
		t.Fatalf("link_token shown to staff: %v", data["link_token"])
	}
	if data["trip_number"] != "MSH-5887YQ" || data["contact"].(map[string]any)["email"] != "mona@example.com" {
		t.Fatalf("the rest of the event was lost: %s", got.Data)
	}
	if string(rec.Data) == string(got.Data) {
		t.Fatal("the stored record itself was changed, or nothing was hidden")
	}

	other := eventstore.RecordedEvent{Type: "OrderPlaced", Data: json.RawMessage(`{"link_token":"not a secret here"}`)}
	if string(withoutSecrets(other).Data) != string(other.Data) {
		t.Fatal("an event type with no secret fields was changed")
	}
}
