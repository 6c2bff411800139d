// Package config reads Mishwar's configuration from the environment. Every setting has a default that
// runs a complete demo on one machine; the README lists them all.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the process configuration.
type Config struct {
	// Addr is the HTTP listen address (MISHWAR_ADDR, default ":8080").
	Addr string
	// DataDir holds the private PostgreSQL cluster, uploads and the local mailbox (MISHWAR_DATA_DIR,
	// default "./var").
	DataDir string
	// DatabaseURL points at an existing PostgreSQL (DATABASE_URL). Empty: start a private cluster.
	DatabaseURL string
	// Demo seeds an empty store with the demo catalogue and a demo admin (MISHWAR_DEMO, default true).
	Demo bool
	// LogLevel is debug, info, warn or error (MISHWAR_LOG_LEVEL, default info).
	LogLevel slog.Level
	// LogFormat is text or json (MISHWAR_LOG_FORMAT, default text).
	LogFormat string
	// PublicURL is the site's address as visitors see it, for links in e-mails, canonical URLs and
	// payment redirects (MISHWAR_PUBLIC_URL, default http://localhost<Addr>).
	PublicURL string
	// TrustedProxies are the networks of the proxies in front of Mishwar (MISHWAR_TRUSTED_PROXIES, a
	// comma-separated list of CIDRs or addresses; default none). A request from one of them gets its
	// client address from the rightmost X-Forwarded-For entry that is not one of them.
	// MISHWAR_TRUST_PROXY=1, the deprecated older setting, adds loopback and the private networks.
	TrustedProxies []netip.Prefix
	// TrustProxy is true when any proxy is trusted (the proxy's X-Forwarded-Proto is then believed for
	// Secure cookies).
	TrustProxy bool
	// Payments is the payment provider as set (MISHWAR_PAYMENTS; empty: the sandbox, in the demo only).
	Payments string
	// MailRetention is how long a sent mail keeps its bodies (MISHWAR_MAIL_RETENTION, default 720h,
	// 30 days; 0 keeps them forever).
	MailRetention time.Duration
	// EventStore selects the event store engine: postgres or esdb (MISHWAR_EVENTSTORE).
	EventStore string
	// ESDBURL is the EventStoreDB connection string when EventStore is esdb (MISHWAR_ESDB_URL).
	ESDBURL string
	// ShutdownTimeout bounds draining requests on SIGINT/SIGTERM (MISHWAR_SHUTDOWN_TIMEOUT, default 15s).
	ShutdownTimeout time.Duration
	// DebugAddr is where the CPU and memory profiles (net/http/pprof) are served (MISHWAR_DEBUG_ADDR,
	// e.g. "127.0.0.1:6060"; default empty: not served). Keep it on loopback or a private network:
	// profiles show the program's internals.
	DebugAddr string
	// ReadyMaxLag is how far behind (in events) projections may be for /readyz to say ready
	// (MISHWAR_READY_MAX_LAG, default 1000).
	ReadyMaxLag int64
	// TripStartLead is how long before its pickup a driver may start a trip, on the trip's day only
	// (MISHWAR_TRIP_START_LEAD, default 2h).
	TripStartLead time.Duration

	// Clock is the time commands decide by (nil: the wall clock). A production binary never reads it
	// from the environment; a test binary built with `-tags fakeclock` sets it from MISHWAR_FAKE_NOW
	// (fakeclock.go) so a browser test can drive a trip on its day.
	Clock func() time.Time

	// UnpaidHoldsPerCustomer bounds how many unpaid orders (each holding a car until it is paid or
	// its hold lapses) one signed-in traveller may have at once (MISHWAR_UNPAID_HOLDS_PER_CUSTOMER,
	// default 3; 0 turns the bound off).
	UnpaidHoldsPerCustomer int
	// UnpaidHoldsPerAddress bounds the unpaid orders waiting at once from one client address, guests'
	// and signed-in travellers' alike (MISHWAR_UNPAID_HOLDS_PER_ADDRESS, default 5; 0 turns it off).
	UnpaidHoldsPerAddress int
}

// FromEnv reads the configuration from the process environment.
func FromEnv() (Config, error) { return Load(os.Getenv) }

// Load reads the configuration through getenv (tests pass a map lookup).
func Load(getenv func(string) string) (Config, error) {
	var errs []error
	c := Config{
		Addr:            or(getenv("MISHWAR_ADDR"), ":8080"),
		DataDir:         or(getenv("MISHWAR_DATA_DIR"), "./var"),
		DatabaseURL:     getenv("DATABASE_URL"),
		LogFormat:       or(getenv("MISHWAR_LOG_FORMAT"), "text"),
		EventStore:      or(getenv("MISHWAR_EVENTSTORE"), "postgres"),
		ESDBURL:         getenv("MISHWAR_ESDB_URL"),
		DebugAddr:       strings.TrimSpace(getenv("MISHWAR_DEBUG_ADDR")),
		ShutdownTimeout: 15 * time.Second,
		ReadyMaxLag:     1000,
		Payments:        strings.ToLower(strings.TrimSpace(getenv("MISHWAR_PAYMENTS"))),
		MailRetention:   30 * 24 * time.Hour,
		TripStartLead:   2 * time.Hour,

		UnpaidHoldsPerCustomer: 3,
		UnpaidHoldsPerAddress:  5,
	}
	var err error
	if c.Demo, err = parseBool(getenv("MISHWAR_DEMO"), true); err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_DEMO: %w", err))
	}
	legacyTrust, err := parseBool(getenv("MISHWAR_TRUST_PROXY"), false)
	if err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_TRUST_PROXY: %w", err))
	}
	if legacyTrust {
		c.TrustedProxies = append(c.TrustedProxies, LocalNetworks()...)
	}
	trusted, err := ParseNetworks(getenv("MISHWAR_TRUSTED_PROXIES"))
	if err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_TRUSTED_PROXIES: %w", err))
	}
	c.TrustedProxies = append(c.TrustedProxies, trusted...)
	c.TrustProxy = len(c.TrustedProxies) > 0
	if v := getenv("MISHWAR_MAIL_RETENTION"); v != "" {
		if c.MailRetention, err = parseRetention(v); err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_MAIL_RETENTION: %w", err))
		}
	}
	if v := or(getenv("MISHWAR_LOG_LEVEL"), "info"); c.LogLevel.UnmarshalText([]byte(v)) != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_LOG_LEVEL: %q is not debug, info, warn or error", v))
	}
	if v := getenv("MISHWAR_SHUTDOWN_TIMEOUT"); v != "" {
		if c.ShutdownTimeout, err = time.ParseDuration(v); err != nil || c.ShutdownTimeout < 0 || c.ShutdownTimeout > 10*time.Minute {
			errs = append(errs, fmt.Errorf("MISHWAR_SHUTDOWN_TIMEOUT: %q is not a duration from 0s to 10m (15s, 1m)", v))
		}
	}
	if c.Clock, err = fakeClock(getenv); err != nil {
		errs = append(errs, err)
	}
	if v := getenv("MISHWAR_TRIP_START_LEAD"); v != "" {
		if c.TripStartLead, err = time.ParseDuration(v); err == nil && (c.TripStartLead < 0 || c.TripStartLead > 24*time.Hour) {
			err = fmt.Errorf("%q is not between 0 and 24h", v)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_TRIP_START_LEAD: %w", err))
		}
	}
	if v := getenv("MISHWAR_READY_MAX_LAG"); v != "" {
		if c.ReadyMaxLag, err = strconv.ParseInt(v, 10, 64); err != nil || c.ReadyMaxLag < 0 {
			errs = append(errs, fmt.Errorf("MISHWAR_READY_MAX_LAG: %q is not a number of events, 0 or more", v))
		}
	}
	for name, into := range map[string]*int{
		"MISHWAR_UNPAID_HOLDS_PER_CUSTOMER": &c.UnpaidHoldsPerCustomer,
		"MISHWAR_UNPAID_HOLDS_PER_ADDRESS":  &c.UnpaidHoldsPerAddress,
	} {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1000 {
				errs = append(errs, fmt.Errorf("%s: %q is not a number from 0 (no bound) to 1000", name, v))
				continue
			}
			*into = n
		}
	}
	c.PublicURL = strings.TrimRight(getenv("MISHWAR_PUBLIC_URL"), "/")
	if c.PublicURL == "" {
		host := c.Addr
		if strings.HasPrefix(host, ":") {
			host = "localhost" + host
		}
		c.PublicURL = "http://" + host
	}
	if abs, err := filepath.Abs(c.DataDir); err == nil {
		c.DataDir = abs
	}
	if err := c.Validate(); err != nil {
		errs = append(errs, err)
	}
	return c, errors.Join(errs...)
}

// Validate checks settings that depend on each other.
func (c Config) Validate() error {
	switch c.EventStore {
	case "postgres":
	case "esdb":
		if c.ESDBURL == "" {
			return errors.New("MISHWAR_EVENTSTORE=esdb needs MISHWAR_ESDB_URL (e.g. esdb://localhost:2113?tls=false)")
		}
	default:
		return fmt.Errorf("MISHWAR_EVENTSTORE: %q is not postgres or esdb", c.EventStore)
	}
	if c.DebugAddr != "" {
		if _, _, err := net.SplitHostPort(c.DebugAddr); err != nil {
			return fmt.Errorf("MISHWAR_DEBUG_ADDR: %q is not host:port (127.0.0.1:6060)", c.DebugAddr)
		}
	}
	switch c.Payments {
	case "", "sandbox", "paymob", "stripe":
	default:
		return fmt.Errorf("MISHWAR_PAYMENTS: %q is not sandbox, paymob or stripe", c.Payments)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("MISHWAR_PUBLIC_URL: %q is not an absolute http(s) URL (https://trips.example.com)", c.PublicURL)
	}
	if !c.Demo && c.Payments == "" {
		return errors.New("MISHWAR_DEMO=0 needs a payment provider: set MISHWAR_PAYMENTS=paymob or stripe (or sandbox, which takes only test cards)")
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("MISHWAR_LOG_FORMAT: %q is not text or json", c.LogFormat)
	}
	return nil
}

// PostgresDir is where the private cluster lives.
func (c Config) PostgresDir() string { return filepath.Join(c.DataDir, "postgres") }

// UploadsDir is where uploaded photos live.
func (c Config) UploadsDir() string { return filepath.Join(c.DataDir, "uploads") }

// LocalNetworks are loopback and the private networks (RFC 1918, unique local IPv6): what the
// deprecated MISHWAR_TRUST_PROXY=1 trusts.
func LocalNetworks() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}

// ParseNetworks reads a comma-separated list of CIDRs ("10.0.0.0/8", "2001:db8::/32") and single
// addresses ("192.0.2.10", a /32 or /128).
func ParseNetworks(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	var errs []error
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				errs = append(errs, fmt.Errorf("%q is not a network (e.g. 10.0.0.0/8)", part))
				continue
			}
			if p.Addr().Is4In6() {
				p = netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0))
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			errs = append(errs, fmt.Errorf("%q is not an address or a network", part))
			continue
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, errors.Join(errs...)
}

// parseRetention reads a Go duration ("720h") or a number of days ("30d"); "0" keeps mail forever.
func parseRetention(v string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a number of days", v)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, fmt.Errorf("%q is negative", v)
	}
	return d, nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func parseBool(v string, def bool) (bool, error) {
	if v == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def, fmt.Errorf("%q is not 1 or 0 (true or false)", v)
	}
	return b, nil
}
