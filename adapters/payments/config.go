package payments

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
)

// Config selects and configures the provider, from the environment:
//
//	MISHWAR_PAYMENTS                  sandbox (default), paymob or stripe
//	MISHWAR_PAYMENTS_SANDBOX_SECRET   the sandbox's signing secret (default: one generated and kept in the database)
//	MISHWAR_PAYMOB_BASE_URL           default https://accept.paymob.com
//	MISHWAR_PAYMOB_SECRET_KEY, MISHWAR_PAYMOB_PUBLIC_KEY, MISHWAR_PAYMOB_HMAC_SECRET
//	MISHWAR_PAYMOB_INTEGRATION_IDS    comma-separated card integration ids
//	MISHWAR_STRIPE_BASE_URL           default https://api.stripe.com
//	MISHWAR_STRIPE_SECRET_KEY, MISHWAR_STRIPE_WEBHOOK_SECRET
type Config struct {
	Provider      string
	SandboxSecret string
	Paymob        PaymobConfig
	Stripe        StripeConfig
	// SandboxLedger keeps the sandbox's refunds (the composition root passes a PostgresLedger).
	SandboxLedger RefundLedger
}

// ConfigFromEnv reads Config through getenv.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Provider:      strings.ToLower(strings.TrimSpace(getenv("MISHWAR_PAYMENTS"))),
		SandboxSecret: getenv("MISHWAR_PAYMENTS_SANDBOX_SECRET"),
		Paymob: PaymobConfig{BaseURL: getenv("MISHWAR_PAYMOB_BASE_URL"), SecretKey: getenv("MISHWAR_PAYMOB_SECRET_KEY"),
			PublicKey: getenv("MISHWAR_PAYMOB_PUBLIC_KEY"), HMACSecret: getenv("MISHWAR_PAYMOB_HMAC_SECRET")},
		Stripe: StripeConfig{BaseURL: getenv("MISHWAR_STRIPE_BASE_URL"), SecretKey: getenv("MISHWAR_STRIPE_SECRET_KEY"),
			WebhookSecret: getenv("MISHWAR_STRIPE_WEBHOOK_SECRET")},
	}
	if c.Provider == "" {
		c.Provider = "sandbox"
	}
	var errs []error
	for _, part := range strings.Split(getenv("MISHWAR_PAYMOB_INTEGRATION_IDS"), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		id, err := strconv.Atoi(part)
		if err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_PAYMOB_INTEGRATION_IDS: %q is not a number", part))
			continue
		}
		c.Paymob.IntegrationIDs = append(c.Paymob.IntegrationIDs, id)
	}
	switch c.Provider {
	case "sandbox", "paymob", "stripe":
	default:
		errs = append(errs, fmt.Errorf("%w: MISHWAR_PAYMENTS=%q (sandbox, paymob or stripe)", ErrUnknownProvider, c.Provider))
	}
	return c, errors.Join(errs...)
}

// New builds the configured provider. The sandbox, also returned on its own so its page can be
// mounted, is nil for the other providers.
func New(c Config, sandboxSecret []byte, publicURL func() string, log *slog.Logger) (Provider, *Sandbox, error) {
	switch c.Provider {
	case "", "sandbox":
		if c.SandboxSecret != "" {
			sandboxSecret = []byte(c.SandboxSecret)
		}
		sb, err := NewSandbox(SandboxConfig{Secret: sandboxSecret, PublicURLFunc: publicURL, Logger: log, Ledger: c.SandboxLedger})
		return sb, sb, err
	case "paymob":
		p, err := NewPaymob(c.Paymob)
		return p, nil, err
	case "stripe":
		s, err := NewStripe(c.Stripe)
		return s, nil, err
	}
	return nil, nil, fmt.Errorf("%w: %q", ErrUnknownProvider, c.Provider)
}

// Validate checks the chosen provider's settings without calling it (Mishwar checks them before it
// opens its database): what is missing, or cannot work, is refused naming the variable.
func (c Config) Validate() error {
	switch c.Provider {
	case "", "sandbox":
		return nil
	case "paymob":
		return c.Paymob.validate()
	case "stripe":
		return c.Stripe.validate()
	}
	return fmt.Errorf("%w: MISHWAR_PAYMENTS=%q (sandbox, paymob or stripe)", ErrUnknownProvider, c.Provider)
}
