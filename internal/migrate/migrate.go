// Package migrate applies the SQL migrations embedded in the binary. Tables that hold the source of
// truth (the event store, accounts, the outbox) are created here; read models are not: each projection
// creates its own tables so that it can be rebuilt into a fresh schema and swapped in.
//
// Migration files are named NNNNN_what.sql. Number ranges keep features apart: 00xxx foundation,
// 01xxx accounts, 02xxx catalogue, 03xxx cart, 04xxx orders and payments, 05xxx mail.
package migrate

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

//go:embed sql/*.sql
var files embed.FS

// Up applies every migration not applied yet. Concurrent callers are serialised by goose's session
// lock, so several processes may start at once.
func Up(ctx context.Context, pool *pgxpool.Pool) error {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	return up(ctx, db)
}

func up(ctx context.Context, db *sql.DB) error {
	p, err := provider(db)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

func provider(db *sql.DB) (*goose.Provider, error) {
	p, err := goose.NewProvider(goose.DialectPostgres, db, mustSub(),
		goose.WithAllowOutofOrder(true))
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return p, nil
}

func mustSub() fs.FS {
	sub, err := fs.Sub(files, "sql")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return sub
}
