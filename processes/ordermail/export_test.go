package ordermail

// RefundReason is refundReason, for the tests of the mails' words.
var RefundReason = refundReason
