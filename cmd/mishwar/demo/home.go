package demo

import (
	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
)

func homeContent(fullDay uuid.UUID) cat.HomeContent {
	return cat.HomeContent{
		// No picture: the home page's own drawing is the demo's (a picture is the operator's to upload).
		Hero: cat.Hero{
			Title:    t{En: "Cairo, your way", Ar: "القاهرة على طريقتك"},
			Subtitle: t{En: "Pick the places you want to see; we bring the car, the driver and a fair price by distance and waiting time.", Ar: "اختر الأماكن التي تريد رؤيتها، ونحن نوفر السيارة والسائق وسعرًا عادلًا حسب المسافة ووقت الانتظار."},
		},
		WhatsApp: "+201001234567",
		FullDayRide: cat.FullDayRide{
			Title:       t{En: "The full-day ride", Ar: "رحلة اليوم الكامل"},
			Description: t{En: "A private car and driver for 8 hours, anywhere in Greater Cairo. Change the stops as you like.", Ar: "سيارة خاصة وسائق لمدة ٨ ساعات في أي مكان بالقاهرة الكبرى، وغيّر المحطات كما تشاء."},
			Hours:       8,
			Price:       money.New(320000, money.EGP),
			ProgramID:   fullDay,
		},
		FAQ: []cat.FAQItem{
			{Question: t{En: "How is the price of my trip calculated?", Ar: "كيف يُحسب سعر رحلتي؟"},
				Answer: t{En: "By the rate plan you choose: a price per kilometre driven plus a price per hour of waiting while you visit. The cart shows the distance, the waiting hours and the total for each plan before you book.", Ar: "حسب خطة الأسعار التي تختارها: سعر لكل كيلومتر تقطعه السيارة وسعر لكل ساعة انتظار أثناء زيارتك. تعرض السلة المسافة وساعات الانتظار والإجمالي لكل خطة قبل الحجز."}},
			{Question: t{En: "Are entry tickets included?", Ar: "هل تذاكر الدخول مشمولة؟"},
				Answer: t{En: "No. Our prices cover the car, the fuel and the driver. Tickets are bought at each site, mostly by card.", Ar: "لا. أسعارنا تشمل السيارة والوقود والسائق، وتُشترى التذاكر عند كل موقع وغالبًا بالبطاقة."}},
			{Question: t{En: "Can you pick me up at the airport or my hotel?", Ar: "هل يمكنكم استقبالي من المطار أو الفندق؟"},
				Answer: t{En: "Yes. Choose a pickup point (airport terminals, hotels, Ramses station) or drop a pin anywhere in Greater Cairo at checkout. Your trip can end somewhere else.", Ar: "نعم. اختر نقطة التقاء (مباني المطار أو الفنادق أو محطة رمسيس) أو حدد أي موقع في القاهرة الكبرى عند إتمام الطلب، ويمكن أن تنتهي رحلتك في مكان آخر."}},
			{Question: t{En: "Do the drivers speak English?", Ar: "هل يتحدث السائقون الإنجليزية؟"},
				Answer: t{En: "All our drivers speak Arabic and enough English for the road; they are drivers, not licensed guides.", Ar: "يتحدث جميع سائقينا العربية وما يكفي من الإنجليزية للطريق، وهم سائقون وليسوا مرشدين سياحيين مرخصين."}},
			{Question: t{En: "How do I pay?", Ar: "كيف أدفع؟"},
				Answer: t{En: "Online by card when you book, in Egyptian pounds. Prices are also shown in US dollars and Saudi riyals at our current rates.", Ar: "عبر الإنترنت بالبطاقة عند الحجز بالجنيه المصري. وتظهر الأسعار أيضًا بالدولار الأمريكي والريال السعودي حسب أسعارنا الحالية."}},
			{Question: t{En: "Can I cancel?", Ar: "هل يمكنني الإلغاء؟"},
				Answer: t{En: "Yes, from your account. Cancelling at least 24 hours before the pickup time is refunded in full.", Ar: "نعم، من حسابك. الإلغاء قبل موعد الالتقاء بأربع وعشرين ساعة على الأقل يُسترد بالكامل."}},
			{Question: t{En: "What if I only want to ask first?", Ar: "ماذا لو أردت الاستفسار أولًا؟"},
				Answer: t{En: "Send an enquiry instead of an order. We answer within our office hours, Monday to Friday 9:00 to 22:00, and e-mail you the payment details.", Ar: "أرسل استفسارًا بدلًا من الطلب. نرد خلال ساعات العمل من الاثنين إلى الجمعة من ٩ صباحًا حتى ١٠ مساءً، ونرسل تفاصيل الدفع بالبريد الإلكتروني."}},
			{Question: t{En: "Can I follow my driver on the day?", Ar: "هل يمكنني متابعة السائق يوم الرحلة؟"},
				Answer: t{En: "Yes. The trip status page shows where your trip is, from the driver on the way to the last stop, with your trip number and e-mail.", Ar: "نعم. تعرض صفحة حالة الرحلة مكان رحلتك من انطلاق السائق حتى المحطة الأخيرة، باستخدام رقم الرحلة وبريدك الإلكتروني."}},
		},
		About: t{
			En: "Mishwar means \"an outing\" in Egyptian Arabic. We are a small Cairo team of drivers and trip planners who believe the best way to see the city is at your own pace: choose the places, and we take care of the car, the route and the waiting. Every price is calculated openly from the distance and the time, and every trip can be followed live.",
			Ar: "«مشوار» كلمة مصرية تعني الخروجة. نحن فريق صغير من السائقين ومخططي الرحلات في القاهرة، ونؤمن بأن أفضل طريقة لرؤية المدينة هي على راحتك: اختر الأماكن، ونحن نهتم بالسيارة والطريق والانتظار. يُحسب كل سعر بوضوح من المسافة والوقت، ويمكن متابعة كل رحلة مباشرة.",
		},
		Contact: cat.Contact{
			Phone:   "+20227941234",
			Email:   "hello@mishwar.example",
			Address: t{En: "14 Champollion Street, Downtown Cairo", Ar: "١٤ شارع شامبليون، وسط القاهرة"},
		},
		Terms: t{
			En: "1. Bookings. A booking is confirmed when the payment succeeds or when we accept your enquiry in writing.\n2. Prices. Trip prices are calculated from the distance driven and the waiting time at the chosen rate plan and are charged in Egyptian pounds. Entry tickets, meals and tips are not included.\n3. Changes. Stops can be changed on the day with your driver; extra distance or waiting is charged at the same rate plan.\n4. Cancellations. Cancellations made 24 hours or more before pickup are refunded in full; later cancellations are refunded at 50%.\n5. Conduct. Drivers may end a trip that puts them, you or the car at risk.\n6. Service area. We operate within Greater Cairo only.",
			Ar: "١. الحجز: يُؤكد الحجز عند نجاح الدفع أو عند قبولنا استفسارك كتابةً.\n٢. الأسعار: تُحسب أسعار الرحلات من المسافة المقطوعة ووقت الانتظار حسب خطة الأسعار المختارة، وتُحصّل بالجنيه المصري، ولا تشمل تذاكر الدخول والوجبات والإكراميات.\n٣. التغييرات: يمكن تغيير المحطات يوم الرحلة مع السائق، وتُحتسب المسافة أو الانتظار الإضافي بنفس خطة الأسعار.\n٤. الإلغاء: يُسترد المبلغ كاملًا عند الإلغاء قبل موعد الالتقاء بأربع وعشرين ساعة أو أكثر، و٥٠% عند الإلغاء بعد ذلك.\n٥. السلوك: يحق للسائق إنهاء الرحلة إذا عرّضته أو عرّضتك أو السيارة للخطر.\n٦. نطاق الخدمة: نعمل داخل القاهرة الكبرى فقط.",
		},
		Privacy: t{
			En: "We collect what a trip needs: your name, e-mail, phone number, pickup points and the places you choose. We use it to run your trip, to send you its confirmation and status, and to answer you. Card payments are handled by our payment provider; we never see or store your card number. Your driver sees your name, phone number and trip for the day of the trip only. We keep booking records as the law requires and delete your account on request.",
			Ar: "نجمع ما تحتاجه الرحلة: اسمك وبريدك الإلكتروني ورقم هاتفك ونقاط الالتقاء والأماكن التي تختارها، ونستخدمها لتنفيذ رحلتك وإرسال تأكيدها وحالتها والرد عليك. يتولى مزود الدفع معالجة المدفوعات بالبطاقة، ولا نرى رقم بطاقتك ولا نحفظه. يرى السائق اسمك ورقم هاتفك ورحلتك يوم الرحلة فقط. نحتفظ بسجلات الحجز كما يقتضي القانون، ونحذف حسابك عند الطلب.",
		},
	}
}
