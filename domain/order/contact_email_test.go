package order_test

import (
	"testing"

	"mishwar/domain"
	"mishwar/domain/order"
)

// Staff search orders by the contact's e-mail: an address with a Cyrillic "а" among Latin letters
// would pass for someone else's.
func TestACheckoutWhoseEmailMixesAlphabetsIsRefusedOnTheEmail(t *testing.T) {
	withEmail := func(email string) order.PlaceOrder {
		c := place()
		c.Contact.Email, c.EmailConfirmation = email, email
		return c
	}
	run(t, []tc{{
		name:    "a Cyrillic а in a Latin address is refused on the e-mail",
		when:    withEmail("\u0430lice@t.example"),
		wantErr: fieldErr(map[string][]string{"email": {domain.KeyEmailMixedScripts}}),
	}})
}
