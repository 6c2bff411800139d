package payment_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/payment"
)

var (
	now    = time.Date(2026, 11, 16, 8, 0, 0, 0, time.UTC)
	amount = money.New(150000, money.EGP)
)

func started() payment.PaymentStarted {
	return payment.PaymentStarted{PaymentID: "p1", OrderID: "MSH-7K3Q9P", Purpose: "order", Provider: "sandbox",
		Amount: amount, ProviderSessionID: "s1", RedirectURL: "/pay/sandbox/s1", ExpiresAt: now.Add(30 * time.Minute)}
}

func succeeded(notice string) payment.PaymentSucceeded {
	return payment.PaymentSucceeded{NoticeID: notice, ProviderRef: "txn-1", Amount: amount}
}

func TestDecide(t *testing.T) {
	declined := payment.PaymentDeclined{NoticeID: "n1", ProviderRef: "txn-1", Reason: "card_declined"}
	tests := []struct {
		name    string
		given   []payment.Event
		when    payment.Command
		then    []payment.Event
		wantErr error
	}{
		{name: "a session is started", when: payment.StartPayment{PaymentID: "p1", OrderID: "MSH-7K3Q9P", Purpose: "order", Provider: "sandbox",
			Amount: amount, ProviderSessionID: "s1", RedirectURL: "/pay/sandbox/s1", ExpiresAt: now.Add(30 * time.Minute)},
			then: []payment.Event{started()}},
		{name: "starting twice does nothing", given: []payment.Event{started()},
			when: payment.StartPayment{PaymentID: "p1", OrderID: "MSH-7K3Q9P", Provider: "sandbox", Amount: amount}},
		{name: "a session without an amount is refused",
			when: payment.StartPayment{PaymentID: "p1", OrderID: "MSH-7K3Q9P", Provider: "sandbox"}, wantErr: payment.ErrInvalidPayment},
		{name: "a notice for a payment never started is refused",
			when: payment.RecordNotice{NoticeID: "n1", Outcome: payment.OutcomeSucceeded, Amount: amount}, wantErr: payment.ErrPaymentNotFound},
		{name: "a success is recorded", given: []payment.Event{started()},
			when: payment.RecordNotice{NoticeID: "n1", Outcome: payment.OutcomeSucceeded, Amount: amount, ProviderRef: "txn-1"},
			then: []payment.Event{succeeded("n1")}},
		{name: "a success in another currency than asked is recorded as reported", given: []payment.Event{started()},
			when: payment.RecordNotice{NoticeID: "n1", Outcome: payment.OutcomeSucceeded, Amount: money.New(100, money.USD), ProviderRef: "txn-1"},
			then: []payment.Event{payment.PaymentSucceeded{NoticeID: "n1", ProviderRef: "txn-1", Amount: money.New(100, money.USD)}}},
		{name: "a replayed success changes nothing", given: []payment.Event{started(), succeeded("n1")},
			when: payment.RecordNotice{NoticeID: "n1", Outcome: payment.OutcomeSucceeded, Amount: amount, ProviderRef: "txn-1"}},
		{name: "a failure after a success is kept but ignored", given: []payment.Event{started(), succeeded("n1")},
			when: payment.RecordNotice{NoticeID: "n2", Outcome: payment.OutcomeFailed, ProviderRef: "txn-2", Reason: "card_declined"},
			then: []payment.Event{payment.PaymentNoticeIgnored{NoticeID: "n2", Outcome: payment.OutcomeFailed, ProviderRef: "txn-2", Reason: payment.IgnoredAlreadySucceeded}}},
		{name: "a second success with another notice is kept but ignored", given: []payment.Event{started(), succeeded("n1")},
			when: payment.RecordNotice{NoticeID: "n2", Outcome: payment.OutcomeSucceeded, Amount: amount, ProviderRef: "txn-1"},
			then: []payment.Event{payment.PaymentNoticeIgnored{NoticeID: "n2", Outcome: payment.OutcomeSucceeded, ProviderRef: "txn-1", Amount: amount, Reason: payment.IgnoredAlreadySucceeded}}},
		{name: "a second charge on one session is kept, not counted, and named so staff give it back", given: []payment.Event{started(), succeeded("n1")},
			when: payment.RecordNotice{NoticeID: "n2", Outcome: payment.OutcomeSucceeded, Amount: amount, ProviderRef: "txn-2"},
			then: []payment.Event{payment.PaymentNoticeIgnored{NoticeID: "n2", Outcome: payment.OutcomeSucceeded, ProviderRef: "txn-2", Amount: amount, Reason: payment.IgnoredAnotherCapture}}},
		{name: "a decline is recorded", given: []payment.Event{started()},
			when: payment.RecordNotice{NoticeID: "n1", Outcome: payment.OutcomeFailed, ProviderRef: "txn-1", Reason: "card_declined"},
			then: []payment.Event{declined}},
		{name: "a success after a decline counts", given: []payment.Event{started(), declined},
			when: payment.RecordNotice{NoticeID: "n2", Outcome: payment.OutcomeSucceeded, Amount: amount, ProviderRef: "txn-1"},
			then: []payment.Event{payment.PaymentSucceeded{NoticeID: "n2", ProviderRef: "txn-1", Amount: amount, AfterFailure: true}}},
		{name: "a second decline is ignored", given: []payment.Event{started(), declined},
			when: payment.RecordNotice{NoticeID: "n2", Outcome: payment.OutcomeFailed, Reason: "card_declined"},
			then: []payment.Event{payment.PaymentNoticeIgnored{NoticeID: "n2", Outcome: payment.OutcomeFailed, Reason: payment.IgnoredAlreadyFailed}}},
		{name: "an outcome nobody knows is ignored", given: []payment.Event{started()},
			when: payment.RecordNotice{NoticeID: "n1", Outcome: "pending"},
			then: []payment.Event{payment.PaymentNoticeIgnored{NoticeID: "n1", Outcome: "pending", Reason: payment.IgnoredUnknownOutcome}}},
		{name: "a refund is recorded", given: []payment.Event{started(), succeeded("n1")},
			when: payment.RecordRefund{RefundID: "r1", Amount: money.New(50000, money.EGP), ProviderRef: "rf", Reason: "cancelled"},
			then: []payment.Event{payment.PaymentRefunded{RefundID: "r1", Amount: money.New(50000, money.EGP), ProviderRef: "rf", Reason: "cancelled"}}},
		{name: "a refund beyond what was captured is refused",
			given:   []payment.Event{started(), succeeded("n1"), payment.PaymentRefunded{RefundID: "r1", Amount: money.New(100000, money.EGP)}},
			when:    payment.RecordRefund{RefundID: "r2", Amount: money.New(50001, money.EGP)},
			wantErr: payment.ErrRefundTooLarge},
		{name: "a refund recorded twice changes nothing",
			given: []payment.Event{started(), succeeded("n1"), payment.PaymentRefunded{RefundID: "r1", Amount: money.New(100000, money.EGP)}},
			when:  payment.RecordRefund{RefundID: "r1", Amount: money.New(100000, money.EGP)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := payment.Decider.Decide(payment.Decider.Fold(tt.given), tt.when, now)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if len(got) != len(tt.then) || (len(got) > 0 && !reflect.DeepEqual(got, tt.then)) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, tt.then)
			}
		})
	}
}
