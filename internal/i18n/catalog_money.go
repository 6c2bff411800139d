package i18n

func init() {
	Register(map[string]Text{
		// Money as a process: refunds and payment sessions recorded first, performed by a worker.
		"orders.too_many_unpaid": {
			En: "You already have as many unpaid orders as we can hold cars for. Please pay for one of them (or cancel it) before booking another.",
			Ar: "لديك بالفعل أقصى عدد من الطلبات غير المدفوعة التي يمكننا حجز سيارات لها. يرجى دفع أحدها (أو إلغاؤه) قبل حجز طلب آخر.",
		},
		"orders.too_many_unpaid_address": {
			En: "Too many unpaid orders are waiting from your network, so we cannot hold another car for now. Please pay for one of yours (or cancel it), or try again later.",
			Ar: "هناك طلبات كثيرة غير مدفوعة من شبكتك، لذا لا يمكننا حجز سيارة أخرى الآن. يرجى دفع أحد طلباتك (أو إلغاؤه)، أو المحاولة مرة أخرى لاحقًا.",
		},
		"orders.too_many_unpaid_day": {
			En: "Several unpaid orders for this day are already waiting from your network, so we cannot hold another car that day for now. Please pay for one of them (or cancel it), choose another day, or try again in a little while.",
			Ar: "هناك بالفعل عدة طلبات غير مدفوعة لهذا اليوم من شبكتك، لذا لا يمكننا حجز سيارة أخرى في ذلك اليوم الآن. يرجى دفع أحدها (أو إلغاؤه)، أو اختيار يوم آخر، أو المحاولة مرة أخرى بعد قليل.",
		},
		"orders.refund_settled": {
			En: "This refund was already recorded as failed; our team will settle it with the payment provider.",
			Ar: "سُجّل هذا الاسترداد بالفعل على أنه لم يتم؛ سيسوّيه فريقنا مع مزوّد الدفع.",
		},
		"orders.payment_not_under_review": {
			En: "This payment matches what was asked; there is nothing to accept.",
			Ar: "هذه الدفعة تطابق المبلغ المطلوب؛ لا يوجد ما يتطلب القبول.",
		},
		"orders.no_car_left": {
			En: "No car is left on this day; the payment can only be refunded.",
			Ar: "لم تعد هناك سيارة متاحة في هذا اليوم؛ لا يمكن إلا استرداد الدفعة.",
		},
		"payments.opening": {
			En: "Your payment page is being prepared. It will open in a moment.",
			Ar: "يجري تجهيز صفحة الدفع الخاصة بك. ستفتح بعد لحظات.",
		},
	})
}
