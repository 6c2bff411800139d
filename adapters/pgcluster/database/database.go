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
	db := &DB{URL: cfg.DatabaseURL}
	if db.URL == "" {
		c, err := pgcluster.Start(ctx, cfg.PostgresDir(), pgcluster.Options{Logger: log})
		if err != nil {
			return nil, err
		}
		db.cluster = c
		db.URL = c.URL("")
	}
	pcfg, err := pgxpool.ParseConfig(db.URL)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("database: DATABASE_URL: %w", err)
	}
	if pcfg.MaxConns < 20 {
		pcfg.MaxConns = 20
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
	return db, nil
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
