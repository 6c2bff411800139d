// A traveller's refund requests as staff read them on an order's row: only the last one can wait for an
// answer (the order's refund_request_open, which a refund or a cancellation closes); every other one,
// and the last once answered, is history and reads as answered.

export interface RefundRequestLine<R> {
  request: R;
  waiting: boolean;
}

/** Each of the order's refund requests, oldest first, with whether it still waits for staff's answer. */
export function refundRequestLines<R>(order: { refund_requests: ReadonlyArray<R>; refund_request_open: boolean }): Array<RefundRequestLine<R>> {
  const last = order.refund_requests.length - 1;
  return order.refund_requests.map((request, index) => ({ request, waiting: order.refund_request_open && index === last }));
}
