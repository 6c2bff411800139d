package paymobtest

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"testing"
)

// The stand-in signs what Paymob's HMAC guide documents: its sample transaction, concatenated in the
// documented order, gives the documented string.
func TestTheStandInSignsPaymobsDocumentedSampleAsDocumented(t *testing.T) {
	const documented = "1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue"
	sample := Transaction{ID: 192036465, OrderID: 217503754, MerchantOrderID: "pay-1", AmountCents: 100000, Success: true}
	m := hmac.New(sha512.New, []byte("secret"))
	m.Write([]byte(documented))
	want := hex.EncodeToString(m.Sum(nil))
	if _, got := Processed("secret", sample); got != want {
		t.Errorf("processed callback hmac %s, want %s", got, want)
	}
	if got := Response("secret", sample).Get("hmac"); got != want {
		t.Errorf("response callback hmac %s, want %s", got, want)
	}
}
