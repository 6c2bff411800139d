package postgres

// UndeliveredSQL is the subscription's "anything after this position?" query, for the plan test.
const UndeliveredSQL = undeliveredSQL

// CountAfterSQL is the readiness probe's bounded count, for the plan test.
const CountAfterSQL = countAfterSQL
