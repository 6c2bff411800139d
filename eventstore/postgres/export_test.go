package postgres

// UndeliveredSQL is the subscription's "anything after this position?" query, for the plan test.
const UndeliveredSQL = undeliveredSQL
