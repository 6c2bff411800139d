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
	}, {
		name:    "a zero-width space at the end of the address is refused on the e-mail",
		when:    withEmail("carol@x.example\u200b"),
		wantErr: fieldErr(map[string][]string{"email": {domain.KeyEmailHidden}}),
	}, {
		name:    "a soft hyphen in the address is refused on the e-mail",
		when:    withEmail("ca\u00adrol@x.example"),
		wantErr: fieldErr(map[string][]string{"email": {domain.KeyEmailHidden}}),
	}})
}

func TestAContactsEmailIsKeptComposedAndItsConfirmationMayBeTypedDecomposed(t *testing.T) {
	c := order.TrimContact(order.Contact{Email: " Jose\u0301@X.example "})
	if c.Email != "jos\u00e9@x.example" {
		t.Fatalf("contact e-mail kept as %q, want the composed form", c.Email)
	}
	v := &domain.ValidationError{}
	order.ValidateContact(v, order.Contact{FirstName: "Jose", LastName: "Diaz", Email: "jos\u00e9@x.example", Phone: "+201001234567", Country: "EG"}, "jose\u0301@x.example")
	if err := v.Err(); err != nil {
		t.Fatalf("a decomposed confirmation of a composed address: %v, want none", err)
	}
}
