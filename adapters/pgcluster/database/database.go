// Package database opens Mishwar's PostgreSQL: the one named by DATABASE_URL, or a private cluster
// started under the data directory. It applies migrations before handing out the pool.
package database

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/pgcluster"
	"mishwar/internal/config"
	"mishwar/internal/migrate"
)

// DB is an open, migrated database and, when Mishwar started it, the private cluster behind it.
type DB struct {
	Pool    *pgxpool.Pool
	URL     string
	cluster *pgcluster.Cluster
}

// Open connects to cfg.DatabaseURL or starts the private cluster, then migrates.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*DB, error) {
	return open(ctx, cfg, log, false)
}

// OpenExisting is Open for maintenance commands: the private cluster must exist already (it is
// never created for them, where a wrong MISHWAR_DATA_DIR would write to a new, empty database).
func OpenExisting(ctx context.Context, cfg config.Config, log *slog.Logger) (*DB, error) {
	return open(ctx, cfg, log, true)
}

func open(ctx context.Context, cfg config.Config, log *slog.Logger, existing bool) (*DB, error) {
	db := &DB{URL: cfg.DatabaseURL}
	if db.URL == "" {
		c, err := pgcluster.Start(ctx, cfg.PostgresDir(), pgcluster.Options{Logger: log, Existing: existing})
		if err != nil {
			return nil, err
		}
		db.cluster = c
		db.URL = c.URL("")
	}
	pcfg, err := PoolConfig(db.URL)
	if err != nil {
		db.Close()
		return nil, err
	}
	db.Pool, err = pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("database: connect: %w", err)
	}
	if err := db.Pool.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("database: connect: %w", err)
	}
	if err := migrate.Up(ctx, db.Pool); err != nil {
		db.Close()
		return nil, err
	}
	n, err := migrate.AdoptRestoredLog(ctx, db.Pool)
	if err != nil {
		db.Close()
		return nil, err
	}
	if n > 0 {
		log.Warn("database: the events were restored from a cluster ahead of this one: renumbered them to read in order; read models rebuild from them",
			"events", n)
	}
	return db, nil
}

// minConns is the least pool a Mishwar process runs with, whatever DATABASE_URL asks: pgxpool's
// default (four connections on two cores) is fewer than the connections the process holds for itself
// (the notification listener, the log's tail, the workers' leases) plus the requests it serves at
// once, and requests then queue for a connection while PostgreSQL idles.
const minConns = 20

// PoolConfig is the pool configuration a Mishwar process uses for url (tests that start the whole
// application use it too, so they measure the pool production runs).
func PoolConfig(url string) (*pgxpool.Config, error) {
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database: DATABASE_URL: %w", err)
	}
	pcfg.MaxConns = max(pcfg.MaxConns, minConns)
	return pcfg, nil
}

// Close closes the pool and stops a private cluster.
func (db *DB) Close() {
	if db.Pool != nil {
		db.Pool.Close()
	}
	if db.cluster != nil {
		_ = db.cluster.Stop()
	}
}
