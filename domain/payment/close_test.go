package payment_test

import (
	"errors"
	"reflect"
	"testing"

	"mishwar/domain/payment"
)

func TestAClosedSessionIsRecordedOncePerKey(t *testing.T) {
	closed := payment.PaymentSessionClosed{Key: "k1", Outcome: payment.SessionClosed, Why: payment.CloseOrderCancelled}
	tests := []struct {
		name    string
		given   []payment.Event
		when    payment.RecordSessionClose
		then    []payment.Event
		wantErr error
	}{
		{name: "the provider closed the session", given: []payment.Event{started()},
			when: payment.RecordSessionClose{Key: "k1", Outcome: payment.SessionClosed, Why: payment.CloseOrderCancelled},
			then: []payment.Event{closed}},
		{name: "the same close again records nothing", given: []payment.Event{started(), closed},
			when: payment.RecordSessionClose{Key: "k1", Outcome: payment.SessionWasNotOpen, Why: payment.CloseOrderCancelled}},
		{name: "a provider that cannot close is recorded", given: []payment.Event{started()},
			when: payment.RecordSessionClose{Key: "k2", Outcome: payment.SessionCannotClose, Why: payment.CloseExchangeAbandoned, Detail: "paymob"},
			then: []payment.Event{payment.PaymentSessionClosed{Key: "k2", Outcome: payment.SessionCannotClose, Why: payment.CloseExchangeAbandoned, Detail: "paymob"}}},
		{name: "a close without a key is refused", given: []payment.Event{started()},
			when: payment.RecordSessionClose{Outcome: payment.SessionClosed}, wantErr: payment.ErrInvalidPayment},
		{name: "an unknown outcome is refused", given: []payment.Event{started()},
			when: payment.RecordSessionClose{Key: "k1", Outcome: "maybe"}, wantErr: payment.ErrInvalidPayment},
		{name: "a payment never started has no session to close",
			when: payment.RecordSessionClose{Key: "k1", Outcome: payment.SessionClosed}, wantErr: payment.ErrPaymentNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := payment.Decider.Fold(tt.given)
			got, err := payment.Decide(s, tt.when, now)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.then) {
				t.Fatalf("events = %#v, want %#v", got, tt.then)
			}
		})
	}
	if got := payment.Decider.Fold([]payment.Event{started(), closed}).Closed(); got != payment.SessionClosed {
		t.Fatalf("Closed() = %q", got)
	}
}
