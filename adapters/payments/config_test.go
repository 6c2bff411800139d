package payments_test

import (
	"errors"
	"strings"
	"testing"

	"mishwar/adapters/payments"
)

// Credentials that cannot work are refused when Mishwar starts, naming the variable, not at a
// traveller's checkout or at every webhook: Stripe's secret key is a secret (sk_) or restricted (rk_)
// key, never the publishable one (pk_), and a webhook endpoint's signing secret starts with whsec_.
func TestStripeCredentialsThatCannotWorkAreRefusedAtStart(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name           string
		secret, signer string
		want           []string // variables the refusal names; none: accepted
		notWant        []string
	}{
		{"a live secret key", "sk_live_51Mishwar", "whsec_abc", nil, nil},
		{"a test secret key", "sk_test_51Mishwar", "whsec_abc", nil, nil},
		{"a restricted key", "rk_live_51Mishwar", "whsec_abc", nil, nil},
		{"the publishable key and a made-up secret", "pk_test_123", "foo",
			[]string{"MISHWAR_STRIPE_SECRET_KEY", "publishable", "MISHWAR_STRIPE_WEBHOOK_SECRET", "whsec_"}, []string{"pk_test_123", "foo"}},
		{"a webhook secret in the key's place", "whsec_abc", "whsec_abc", []string{"MISHWAR_STRIPE_SECRET_KEY"}, []string{"WEBHOOK", "whsec_abc"}},
		{"the key in the webhook secret's place", "sk_test_1", "sk_test_1", []string{"MISHWAR_STRIPE_WEBHOOK_SECRET"}, []string{"SECRET_KEY", "sk_test_1"}},
		{"a key pasted with its line end", "sk_test_1\n", "whsec_abc", []string{"MISHWAR_STRIPE_SECRET_KEY", "space"}, nil},
		{"nothing set", "", "", []string{"MISHWAR_STRIPE_SECRET_KEY", "MISHWAR_STRIPE_WEBHOOK_SECRET"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{"MISHWAR_PAYMENTS": "stripe", "MISHWAR_STRIPE_SECRET_KEY": c.secret, "MISHWAR_STRIPE_WEBHOOK_SECRET": c.signer}
			cfg, err := payments.ConfigFromEnv(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			_, newErr := payments.NewStripe(cfg.Stripe)
			checkErr := cfg.Validate()
			for what, err := range map[string]error{"NewStripe": newErr, "Validate": checkErr} {
				if len(c.want) == 0 {
					if err != nil {
						t.Errorf("%s: %v, want accepted", what, err)
					}
					continue
				}
				if err == nil {
					t.Errorf("%s accepted it, want a refusal naming %v", what, c.want)
					continue
				}
				for _, w := range c.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s: %q does not say %q", what, err, w)
					}
				}
				for _, w := range c.notWant {
					if strings.Contains(err.Error(), w) {
						t.Errorf("%s: %q says %q", what, err, w)
					}
				}
			}
		})
	}
}

func TestConfigValidateChecksOnlyTheChosenProvider(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		env  map[string]string
		want string // in the refusal; empty: accepted
	}{
		{"the sandbox needs nothing", map[string]string{"MISHWAR_PAYMENTS": "sandbox", "MISHWAR_STRIPE_SECRET_KEY": "pk_test_1"}, ""},
		{"the default is the sandbox", map[string]string{}, ""},
		{"paymob with everything", map[string]string{"MISHWAR_PAYMENTS": "paymob", "MISHWAR_PAYMOB_SECRET_KEY": "egy_sk_test_1",
			"MISHWAR_PAYMOB_PUBLIC_KEY": "egy_pk_test_1", "MISHWAR_PAYMOB_HMAC_SECRET": "h", "MISHWAR_PAYMOB_INTEGRATION_IDS": "1"}, ""},
		{"paymob without its integration", map[string]string{"MISHWAR_PAYMENTS": "paymob", "MISHWAR_PAYMOB_SECRET_KEY": "egy_sk_test_1",
			"MISHWAR_PAYMOB_PUBLIC_KEY": "egy_pk_test_1", "MISHWAR_PAYMOB_HMAC_SECRET": "h"}, "MISHWAR_PAYMOB_INTEGRATION_IDS"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := payments.ConfigFromEnv(func(k string) string { return c.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			err = cfg.Validate()
			if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("Validate = %v, want %q", err, c.want)
			}
		})
	}
	bad := payments.Config{Provider: "strip"}
	if err := bad.Validate(); !errors.Is(err, payments.ErrUnknownProvider) || !strings.Contains(err.Error(), "MISHWAR_PAYMENTS") {
		t.Fatalf("an unknown provider: %v", err)
	}
}
