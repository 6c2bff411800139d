// Command mishwar is the whole product in one binary: the web site and API (serve), database
// migrations, projection maintenance and account administration.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	// Cairo's time zone (bookings, opening hours, holidays) must resolve even on a machine or image
	// without the system zoneinfo.
	_ "time/tzdata"

	"mishwar/adapters/pgcluster/database"
	"mishwar/cmd/mishwar/app"
	"mishwar/internal/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `mishwar — private trips around Cairo

Usage:
  mishwar serve                          run the site (API, web app, live channel, projections)
  mishwar migrate                        apply database migrations and exit
  mishwar projections status             each read model's position, lag and last error
  mishwar projections rebuild NAME|--all replay read models from the first event and swap them in
  mishwar users add --email E --password P --role user|admin|support|driver [--first-name F --last-name L]
  mishwar version

Configuration is read from the environment; see the README.
`

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mishwar:", err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprint(os.Stderr, "\n"+usage)
			os.Exit(2)
		}
		os.Exit(1)
	}
}

type usageError string

func (u usageError) Error() string { return string(u) }

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("no command given")
	}
	for _, a := range args[1:] {
		if a == "-h" || a == "--help" || a == "help" {
			fmt.Fprint(stdout, usage)
			return nil
		}
	}
	switch args[0] {
	case "serve", "migrate", "version":
		if len(args) > 1 {
			return usageError(fmt.Sprintf("%s takes no arguments (configuration comes from the environment)", args[0]))
		}
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch args[0] {
	case "serve":
		return serve(ctx, cfg, log)
	case "migrate":
		db, err := database.OpenExisting(ctx, cfg, log)
		if err != nil {
			return err
		}
		db.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "projections":
		return projectionsCommand(ctx, cfg, log, args[1:], stdout)
	case "users":
		return usersCommand(ctx, cfg, log, args[1:], stdout)
	case "version":
		fmt.Fprintln(stdout, "mishwar", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		return usageError(fmt.Sprintf("unknown command %q", args[0]))
	}
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	// A port already taken is said before anything starts: not after a database was created and a
	// demo admin's password, shown only once, was printed to a run that then stops.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("MISHWAR_ADDR %s: %w", cfg.Addr, err)
	}
	_ = ln.Close()
	// So is every other setting that needs no database: a typo on the first run must not leave a
	// private PostgreSQL cluster behind it.
	if err := app.Preflight(cfg, os.Getenv, log); err != nil {
		return err
	}
	app.TuneGarbageCollector()
	db, err := database.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := app.New(ctx, cfg, log, db.Pool)
	if err != nil {
		return err
	}
	defer a.Close()
	if cfg.Demo {
		if err := a.SeedDemo(ctx); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	return a.Serve(ctx)
}

// openApp opens the database and wires the app without serving (for maintenance commands).
func openApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*app.App, func(), error) {
	db, err := database.OpenExisting(ctx, cfg, log)
	if err != nil {
		return nil, nil, err
	}
	a, err := app.New(ctx, cfg, log, db.Pool)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return a, func() { a.Close(); db.Close() }, nil
}

func usersCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "add" {
		return usageError("users: expected 'users add'")
	}
	fs := flag.NewFlagSet("users add", flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address (required)")
	password := fs.String("password", "", "password, 8 to 20 characters (required)")
	role := fs.String("role", "", "user, admin, support or driver (a new account: user; an existing one keeps its role unless given)")
	first := fs.String("first-name", "", "first name")
	last := fs.String("last-name", "", "last name")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error())
	}
	if *email == "" || *password == "" {
		return usageError("users add: --email and --password are required")
	}
	a, closeAll, err := openApp(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer closeAll()
	created, err := a.AddUser(ctx, *email, *password, *role, *first, *last)
	if err != nil {
		return err
	}
	switch {
	case created:
		fmt.Fprintf(stdout, "created %s (%s)\n", *email, cmp.Or(*role, "user"))
	case *role == "":
		fmt.Fprintf(stdout, "updated %s (password; role unchanged)\n", *email)
	default:
		fmt.Fprintf(stdout, "updated %s (%s)\n", *email, *role)
	}
	return nil
}
