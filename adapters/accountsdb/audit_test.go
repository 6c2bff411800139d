package accountsdb_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/accountsdb"
	"mishwar/domain/account"
)

func queueAudit(t *testing.T, tables *accountsdb.Tables, userID uuid.UUID, n int) []uuid.UUID {
	t.Helper()
	ids := make([]uuid.UUID, n)
	for i := range ids {
		ids[i] = uuid.New()
		err := tables.InTx(context.Background(), func(ctx context.Context, tx *accountsdb.Tx) error {
			return tx.QueueAudit(ctx, account.AuditEntry{CommandID: ids[i], UserID: userID, CommandType: "ChangePersonalInfo", Command: []byte(`{}`)})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return ids
}

// The flush appends to the event store (a network call with EventStoreDB, and one that retries with
// backoff on a concurrent append). A transaction holding an xid across it would hold back
// pg_snapshot_xmin and, with it, every reader of the PostgreSQL log.
func TestFlushingTheAuditQueueHoldsNoTransactionOpenWhileItAppends(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	tables := accountsdb.NewTables(s, nil)
	u := addUser(t, s, "audit@example.com")
	ids := queueAudit(t, tables, u.ID, 3)

	var got []uuid.UUID
	err := tables.FlushAudit(context.Background(), u.ID, func(e account.AuditEntry) error {
		var open int
		if err := s.Pool().QueryRow(context.Background(), `
			SELECT count(*) FROM pg_stat_activity
			 WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()`).Scan(&open); err != nil {
			return err
		}
		if open != 0 {
			t.Errorf("executing %s: %d transactions with an xid are open, want none", e.CommandID, open)
		}
		got = append(got, e.CommandID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0] != ids[0] || got[1] != ids[1] || got[2] != ids[2] {
		t.Fatalf("executed %v, want %v in order", got, ids)
	}
	if pending, _ := tables.PendingAudit(context.Background(), 0); len(pending) != 0 {
		t.Fatalf("accounts still queued: %v", pending)
	}
}

func TestConcurrentAuditFlushesOfOneAccountRunEachEntryOnceInOrder(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	tables := accountsdb.NewTables(s, nil)
	u := addUser(t, s, "flush@example.com")
	ids := queueAudit(t, tables, u.ID, 10)

	var mu sync.Mutex
	var got []uuid.UUID
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := tables.FlushAudit(context.Background(), u.ID, func(e account.AuditEntry) error {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, e.CommandID)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if len(got) != len(ids) {
		t.Fatalf("executed %d entries, want %d (each once)", len(got), len(ids))
	}
	for i := range ids {
		if got[i] != ids[i] {
			t.Fatalf("entry %d executed was %s, want %s: out of order", i, got[i], ids[i])
		}
	}
}

func TestAnAuditEntryThatFailsStopsTheFlushAndStaysQueued(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	tables := accountsdb.NewTables(s, nil)
	u := addUser(t, s, "stop@example.com")
	ids := queueAudit(t, tables, u.ID, 3)
	refused := errors.New("event store down")
	var got []uuid.UUID
	err := tables.FlushAudit(context.Background(), u.ID, func(e account.AuditEntry) error {
		got = append(got, e.CommandID)
		if e.CommandID == ids[1] {
			return refused
		}
		return nil
	})
	if !errors.Is(err, refused) || len(got) != 2 {
		t.Fatalf("FlushAudit = %v after %d entries; want the refusal after 2", err, len(got))
	}
	var left int
	var lastError string
	if err := s.Pool().QueryRow(context.Background(), `SELECT count(*), max(last_error) FROM account_audit_outbox WHERE user_id = $1`, u.ID).Scan(&left, &lastError); err != nil {
		t.Fatal(err)
	}
	if left != 2 || lastError != refused.Error() {
		t.Fatalf("%d entries left (last error %q), want 2 with the refusal recorded", left, lastError)
	}
}
