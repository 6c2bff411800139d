// Package config reads Mishwar's configuration from the environment. Every setting has a default that
// runs a complete demo on one machine; the README lists them all.
package config

import (
	"errors"
	"fmt"
	"log/slog"
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
	// TrustProxy takes the client IP from X-Forwarded-For (MISHWAR_TRUST_PROXY, default false).
	TrustProxy bool
	// EventStore selects the event store engine: postgres or esdb (MISHWAR_EVENTSTORE).
	EventStore string
	// ESDBURL is the EventStoreDB connection string when EventStore is esdb (MISHWAR_ESDB_URL).
	ESDBURL string
	// ShutdownTimeout bounds draining requests on SIGINT/SIGTERM (MISHWAR_SHUTDOWN_TIMEOUT, default 15s).
	ShutdownTimeout time.Duration
	// ReadyMaxLag is how far behind (in events) projections may be for /readyz to say ready
	// (MISHWAR_READY_MAX_LAG, default 1000).
	ReadyMaxLag int64
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
		ShutdownTimeout: 15 * time.Second,
		ReadyMaxLag:     1000,
	}
	var err error
	if c.Demo, err = parseBool(getenv("MISHWAR_DEMO"), true); err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_DEMO: %w", err))
	}
	if c.TrustProxy, err = parseBool(getenv("MISHWAR_TRUST_PROXY"), false); err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_TRUST_PROXY: %w", err))
	}
	if err := c.LogLevel.UnmarshalText([]byte(or(getenv("MISHWAR_LOG_LEVEL"), "info"))); err != nil {
		errs = append(errs, fmt.Errorf("MISHWAR_LOG_LEVEL: %w", err))
	}
	if v := getenv("MISHWAR_SHUTDOWN_TIMEOUT"); v != "" {
		if c.ShutdownTimeout, err = time.ParseDuration(v); err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_SHUTDOWN_TIMEOUT: %w", err))
		}
	}
	if v := getenv("MISHWAR_READY_MAX_LAG"); v != "" {
		if c.ReadyMaxLag, err = strconv.ParseInt(v, 10, 64); err != nil {
			errs = append(errs, fmt.Errorf("MISHWAR_READY_MAX_LAG: %w", err))
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
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("MISHWAR_LOG_FORMAT: %q is not text or json", c.LogFormat)
	}
	return nil
}

// PostgresDir is where the private cluster lives.
func (c Config) PostgresDir() string { return filepath.Join(c.DataDir, "postgres") }

// UploadsDir is where uploaded photos live.
func (c Config) UploadsDir() string { return filepath.Join(c.DataDir, "uploads") }

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
	return strconv.ParseBool(v)
}
