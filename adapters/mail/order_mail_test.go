package mail_test

import (
	"context"
	"testing"

	mailpkg "mishwar/adapters/mail"
	"mishwar/domain/account"
	"mishwar/internal/pgtest"
)

// Support reads an order's e-mails beside the order: the ones its events (and its trip's) recorded,
// not another order's, and never the traveller's account mail.
func TestAnOrdersMailIsTheMailItsStreamsRecorded(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewDatabase(t)
	ctx := context.Background()
	keyed := func(key, subject string) mailpkg.Message {
		m := plain("mona@example.com", subject)
		m.Key = key
		return m
	}
	enqueue(t, pool, keyed("orders:order-MSH-1001:0:placed", "Your trip MSH-1001"))
	enqueue(t, pool, keyed("orders:dispatch-MSH-1001:2:driver", "Your driver for MSH-1001"))
	enqueue(t, pool, keyed("orders:order-MSH-10011:0:placed", "Your trip MSH-10011"))
	enqueue(t, pool, keyed("orders:order-MSH-2002:0:placed", "Your trip MSH-2002"))
	if err := mailpkg.QueueAccountMail(ctx, pool, account.Mail{To: "mona@example.com", ToName: "Mona", Lang: "en", Subject: "Reset your password",
		Heading: "Reset", Greeting: "Hello", Paragraphs: []string{"A link."}}); err != nil {
		t.Fatal(err)
	}
	got, err := mailpkg.NewOutbox(pool).ForStreams(ctx, []string{"order-MSH-1001", "dispatch-MSH-1001"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Subject != "Your trip MSH-1001" || got[1].Subject != "Your driver for MSH-1001" {
		t.Fatalf("the order's mail: %+v", got)
	}
	if got[0].Status != "pending" || got[0].To != "mona@example.com" {
		t.Fatalf("summary: %+v", got[0])
	}
}
