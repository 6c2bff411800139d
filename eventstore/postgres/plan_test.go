package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The subscription asks "anything after my position?" on every wake-up. Under the generic plan a
// prepared statement switches to after five runs, that question must stay an index probe: a
// sequential scan reads the whole log each time and grows with it.
func TestTheUndeliveredProbeUsesTheIndexUnderAGenericPlan(t *testing.T) {
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
		SELECT 'cart-' || (i % 500), i / 500, gen_random_uuid(), 'CartItemMoved', 1, '{"item_id":"x","from":1,"to":2}', '{}'
		  FROM generate_series(1, 60000) AS i`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `ANALYZE events`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`SET plan_cache_mode = force_generic_plan`,
		`PREPARE undelivered(xid8, bigint) AS ` + postgres.UndeliveredSQL,
		`PREPARE count_after(xid8, bigint, bigint) AS ` + postgres.CountAfterSQL,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	var lastTx string
	var lastPos int64
	if err := conn.QueryRow(ctx, `SELECT tx_id::text, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1`).Scan(&lastTx, &lastPos); err != nil {
		t.Fatal(err)
	}
	execute := fmt.Sprintf(`EXECUTE undelivered('%s', %d)`, lastTx, lastPos)
	for _, probe := range []string{execute, fmt.Sprintf(`EXECUTE count_after('%s', %d, 1001)`, lastTx, lastPos)} {
		if plan := explain(t, conn, probe); strings.Contains(plan, "Seq Scan on events") || !strings.Contains(plan, "Index") {
			t.Fatalf("%s scans the log:\n%s", probe, plan)
		}
	}
	var more bool
	if err := conn.QueryRow(ctx, execute).Scan(&more); err != nil || more {
		t.Fatalf("after the last event: %v, %v", more, err)
	}
}

func explain(t *testing.T, conn *pgxpool.Conn, query string) string {
	t.Helper()
	rows, err := conn.Query(context.Background(), `EXPLAIN `+query)
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "\n")
}
