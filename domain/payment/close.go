package payment

// Closing a payment session the shop no longer wants paid (its order cancelled, its change given
// up) is a process (commands/orders.ClosePaymentSessions): the provider is asked outside any
// transaction and its answer is recorded here, once per close key, as PaymentSessionClosed.

// What closing a session came to (PaymentSessionClosed.Outcome).
const (
	// SessionClosed: the provider closed the session; its page takes no card any more.
	SessionClosed = "closed"
	// SessionWasNotOpen: there was nothing to close (paid, expired, or the provider said the session
	// is no longer open).
	SessionWasNotOpen = "not_open"
	// SessionCannotClose: the provider offers no way to close it (Paymob): its page stays payable
	// until it lapses, and a payment that still arrives is refunded in full by the order.
	SessionCannotClose = "cannot_close"
)

// RecordSessionClose records what closing the payment's session came to. Key is the close's
// idempotency key (from the event that decided it): the same key again records nothing.
type RecordSessionClose struct {
	Key     string
	Outcome string
	// Why is why the session was to be closed (CloseOrderCancelled, CloseExchangeAbandoned).
	Why string
	// Detail is what the provider said, if anything.
	Detail string
}

func (RecordSessionClose) isPaymentCommand() {}

// PaymentSessionClosed: the shop asked for the session to be closed (Why) and Outcome is what came of it.
type PaymentSessionClosed struct {
	Key     string `json:"key"`
	Outcome string `json:"outcome"`
	Why     string `json:"why"`
	Detail  string `json:"detail,omitempty"`
}

func (PaymentSessionClosed) isPaymentEvent() {}

func decideClose(s State, c RecordSessionClose) ([]Event, error) {
	switch {
	case c.Key == "":
		return nil, ErrInvalidPayment
	case c.Outcome != SessionClosed && c.Outcome != SessionWasNotOpen && c.Outcome != SessionCannotClose:
		return nil, ErrInvalidPayment
	case s.closes[c.Key]:
		return nil, nil
	}
	return []Event{PaymentSessionClosed{Key: c.Key, Outcome: c.Outcome, Why: c.Why, Detail: c.Detail}}, nil
}

// Closed is the outcome of the latest close recorded ("" when none was).
func (s State) Closed() string { return s.closeOutcome }

// ClosedBy reports whether a close with key was recorded.
func (s State) ClosedBy(key string) bool { return s.closes[key] }
