package demo

import (
	"time"

	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
)

type category struct {
	slug, motif string
	name, desc  t
}

var categories = []category{
	{"pharaonic", "pyramids", t{En: "Pharaonic", Ar: "فرعوني"}, t{En: "Pyramids, temples and the tombs of ancient Memphis.", Ar: "الأهرامات والمعابد ومقابر منف القديمة."}},
	{"islamic", "mosque", t{En: "Islamic Cairo", Ar: "القاهرة الإسلامية"}, t{En: "A thousand years of mosques, gates and madrasas in the city of a thousand minarets.", Ar: "ألف عام من المساجد والأبواب والمدارس في مدينة الألف مئذنة."}},
	{"coptic", "church", t{En: "Coptic Cairo", Ar: "القاهرة القبطية"}, t{En: "Old Cairo's churches, synagogue and the Roman fortress of Babylon.", Ar: "كنائس مصر القديمة ومعبدها وحصن بابليون الروماني."}},
	{"museums", "museum", t{En: "Museums and palaces", Ar: "المتاحف والقصور"}, t{En: "Treasures of every age, and the palaces of khedives and princes.", Ar: "كنوز كل العصور، وقصور الخديويين والأمراء."}},
	{"nile-parks", "nile", t{En: "Nile and parks", Ar: "النيل والحدائق"}, t{En: "Sails, towers and gardens along the river.", Ar: "أشرعة وأبراج وحدائق على ضفاف النهر."}},
	{"shopping", "market", t{En: "Markets and shopping", Ar: "الأسواق والتسوق"}, t{En: "From the medieval bazaar to modern malls and craft workshops.", Ar: "من البازار العريق إلى المراكز الحديثة وورش الحرف."}},
}

type program struct {
	slug, motif       string
	name, short, long t
	stops             []string
	hours             int
	priceEGP          int64
	top               bool
}

var programs = []program{
	{
		slug: "full-day-cairo-ride", motif: "car", top: true, hours: 8, priceEGP: 3200,
		name:  t{En: "Full-day ride: car and driver for 8 hours", Ar: "رحلة اليوم الكامل: سيارة وسائق لمدة ٨ ساعات"},
		short: t{En: "Your own car and driver from morning to evening; go where you like.", Ar: "سيارتك وسائقك من الصباح حتى المساء؛ اذهب حيث تشاء."},
		long: t{
			En: "Eight hours with a private air-conditioned car and an English- or Arabic-speaking driver. We suggest the pyramids and the Sphinx, the Egyptian Museum and the afternoon in Khan el-Khalili, but you can change the stops in your cart.",
			Ar: "ثماني ساعات بسيارة خاصة مكيفة وسائق يتحدث العربية أو الإنجليزية. نقترح الأهرامات وأبو الهول والمتحف المصري ثم العصر في خان الخليلي، ويمكنك تغيير المحطات في سلتك.",
		},
		stops: []string{"giza-pyramids", "great-sphinx", "egyptian-museum-tahrir", "khan-el-khalili"},
	},
	{
		slug: "pyramids-and-sphinx-morning", motif: "pyramids", top: true, hours: 5, priceEGP: 1900,
		name:  t{En: "Pyramids and the Sphinx morning", Ar: "صباح الأهرامات وأبو الهول"},
		short: t{En: "Beat the heat at Giza: the pyramids, the panorama and the Sphinx.", Ar: "اسبق الحر في الجيزة: الأهرامات والبانوراما وأبو الهول."},
		long: t{
			En: "An early start for the plateau while it is cool, the panorama point, then the Sphinx and the valley temple, back in town for lunch.",
			Ar: "بداية مبكرة على الهضبة في ساعات البرودة، ثم نقطة البانوراما، فأبو الهول ومعبد الوادي، والعودة إلى المدينة قبل الغداء.",
		},
		stops: []string{"giza-pyramids", "great-sphinx"},
	},
	{
		slug: "saqqara-memphis-dahshur", motif: "step-pyramid", top: true, hours: 8, priceEGP: 2600,
		name:  t{En: "Saqqara, Memphis and Dahshur", Ar: "سقارة ومنف ودهشور"},
		short: t{En: "The first pyramids and Egypt's first capital, south of the city among palm groves.", Ar: "أول الأهرامات وأول عاصمة لمصر، جنوب المدينة بين بساتين النخيل."},
		long: t{
			En: "Drive south through the palm groves to Memphis and the fallen colossus of Ramesses II, the Step Pyramid and painted tombs of Saqqara, and finally the Red and Bent Pyramids of Dahshur.",
			Ar: "انطلق جنوبًا بين النخيل إلى منف وتمثال رمسيس الثاني الراقد، ثم هرم زوسر المدرج ومقابر سقارة الملونة، وأخيرًا الهرمين الأحمر والمنحني في دهشور.",
		},
		stops: []string{"memphis", "saqqara", "dahshur"},
	},
	{
		slug: "islamic-cairo-day", motif: "mosque", top: true, hours: 7, priceEGP: 2200,
		name:  t{En: "Islamic Cairo: Citadel to Khan el-Khalili", Ar: "القاهرة الإسلامية: من القلعة إلى خان الخليلي"},
		short: t{En: "Mosques, madrasas and the old bazaar in one unhurried day.", Ar: "مساجد ومدارس والسوق القديم في يوم هادئ واحد."},
		long: t{
			En: "From the Citadel down to Sultan Hassan and Al-Rifa'i, the spiral minaret of Ibn Tulun, Al-Azhar, then a walk along Al-Muizz Street ending with tea in Khan el-Khalili.",
			Ar: "من القلعة نزولًا إلى السلطان حسن والرفاعي، ثم مئذنة ابن طولون الملوية، فالأزهر، ثم جولة في شارع المعز تنتهي بالشاي في خان الخليلي.",
		},
		stops: []string{"citadel-of-saladin", "sultan-hassan-and-al-rifai", "ibn-tulun-mosque", "al-azhar-mosque", "al-muizz-street", "khan-el-khalili"},
	},
	{
		slug: "coptic-and-old-cairo", motif: "church", hours: 6, priceEGP: 1500,
		name:  t{En: "Coptic and Old Cairo", Ar: "القاهرة القبطية ومصر القديمة"},
		short: t{En: "Churches, a synagogue and the first mosque of Africa within a few streets.", Ar: "كنائس ومعبد وأول مسجد في أفريقيا في شوارع قليلة."},
		long: t{
			En: "The Hanging Church, the Coptic Museum and the Ben Ezra Synagogue, then the Mosque of Amr ibn al-As and the royal mummies at the National Museum of Egyptian Civilization.",
			Ar: "الكنيسة المعلقة والمتحف القبطي ومعبد بن عزرا، ثم جامع عمرو بن العاص والمومياوات الملكية في المتحف القومي للحضارة المصرية.",
		},
		stops: []string{"hanging-church", "coptic-museum", "ben-ezra-synagogue", "mosque-of-amr-ibn-al-as", "national-museum-of-egyptian-civilization"},
	},
	{
		slug: "great-museums-day", motif: "museum", hours: 8, priceEGP: 2300,
		name:  t{En: "Three great museums", Ar: "ثلاثة متاحف كبرى"},
		short: t{En: "The Egyptian Museum, the royal mummies and the Grand Egyptian Museum.", Ar: "المتحف المصري والمومياوات الملكية والمتحف المصري الكبير."},
		long: t{
			En: "A day for antiquities lovers: the classic Tahrir museum in the morning, the mummies of the NMEC at midday, and the Grand Egyptian Museum in the afternoon light.",
			Ar: "يوم لعشاق الآثار: متحف التحرير العريق صباحًا، ثم مومياوات متحف الحضارة ظهرًا، والمتحف المصري الكبير في ضوء العصر.",
		},
		stops: []string{"egyptian-museum-tahrir", "national-museum-of-egyptian-civilization", "grand-egyptian-museum"},
	},
	{
		slug: "cairo-by-night", motif: "tower", hours: 5, priceEGP: 1600,
		name:  t{En: "Cairo by night", Ar: "القاهرة ليلًا"},
		short: t{En: "Sunset from Cairo Tower, a felucca on the Nile and the lit-up old city.", Ar: "الغروب من برج القاهرة، وفلوكة في النيل، والمدينة القديمة مضاءة."},
		long: t{
			En: "Watch the sun set over the city from the Cairo Tower, sail for an hour on a felucca, then end in the lamp-lit lanes of Al-Muizz Street and Khan el-Khalili.",
			Ar: "شاهد غروب الشمس فوق المدينة من برج القاهرة، وأبحر ساعة بالفلوكة، ثم اختم في حواري شارع المعز وخان الخليلي المضاءة بالفوانيس.",
		},
		stops: []string{"cairo-tower", "nile-felucca", "al-muizz-street", "khan-el-khalili"},
	},
	{
		slug: "palaces-of-cairo", motif: "palace", hours: 5, priceEGP: 1900,
		name:  t{En: "Palaces of Cairo", Ar: "قصور القاهرة"},
		short: t{En: "Khedives, princes and a Belgian baron: Cairo's royal century.", Ar: "خديويون وأمراء وبارون بلجيكي: قرن القاهرة الملكي."},
		long: t{
			En: "Abdeen Palace in the modern downtown, Prince Mohamed Ali's Manial Palace on Roda Island, and the Baron Empain Palace in Heliopolis.",
			Ar: "قصر عابدين في وسط البلد الحديث، وقصر الأمير محمد علي بالمنيل في جزيرة الروضة، وقصر البارون إمبان في مصر الجديدة.",
		},
		stops: []string{"abdeen-palace", "manial-palace", "baron-empain-palace"},
	},
}

type ratePlan struct {
	key               string
	name, description t
	seats             int
	perKm, perHour    int64 // EGP
	order             int
}

// Prices of a private car with driver in Cairo in 2026, fuel included; the per-kilometre rate is what
// ride-hailing charges for the class plus a margin for a dedicated driver.
var ratePlans = []ratePlan{
	{"sedan", t{En: "Economy sedan", Ar: "سيدان اقتصادية"}, t{En: "Air-conditioned sedan for up to 4 passengers (Toyota Corolla, Hyundai Elantra or similar).", Ar: "سيارة سيدان مكيفة حتى ٤ ركاب (تويوتا كورولا أو هيونداي إلنترا أو ما يماثلها)."}, 4, 14, 120, 1},
	{"minivan", t{En: "Family minivan", Ar: "ميني فان عائلية"}, t{En: "Seven seats and room for luggage, ideal for families and airport runs.", Ar: "سبعة مقاعد ومساحة للحقائب، مثالية للعائلات ورحلات المطار."}, 7, 19, 160, 2},
	{"premium", t{En: "Premium", Ar: "بريميوم"}, t{En: "Recent executive car (Mercedes E-Class or similar) with a senior driver.", Ar: "سيارة فاخرة حديثة (مرسيدس الفئة E أو ما يماثلها) مع سائق خبير."}, 4, 28, 260, 3},
}

type pickup struct {
	key, kind     string
	name, address t
	lat, lng      float64
}

var pickups = []pickup{
	{"tahrir-square", cat.PickupLandmark, t{En: "Tahrir Square", Ar: "ميدان التحرير"}, t{En: "Tahrir Square, in front of the Egyptian Museum, Downtown", Ar: "ميدان التحرير أمام المتحف المصري، وسط البلد"}, 30.0444, 31.2357},
	{"cai-terminal-1", cat.PickupAirport, t{En: "Cairo Airport Terminal 1", Ar: "مطار القاهرة - مبنى الركاب ١"}, t{En: "Arrivals, Terminal 1, Cairo International Airport", Ar: "صالة الوصول، مبنى الركاب ١، مطار القاهرة الدولي"}, 30.1114, 31.3989},
	{"cai-terminal-2", cat.PickupAirport, t{En: "Cairo Airport Terminal 2", Ar: "مطار القاهرة - مبنى الركاب ٢"}, t{En: "Arrivals, Terminal 2, Cairo International Airport", Ar: "صالة الوصول، مبنى الركاب ٢، مطار القاهرة الدولي"}, 30.1243, 31.4057},
	{"cai-terminal-3", cat.PickupAirport, t{En: "Cairo Airport Terminal 3", Ar: "مطار القاهرة - مبنى الركاب ٣"}, t{En: "Arrivals, Terminal 3, Cairo International Airport", Ar: "صالة الوصول، مبنى الركاب ٣، مطار القاهرة الدولي"}, 30.1128, 31.4141},
	{"ramses-station", cat.PickupStation, t{En: "Ramses Railway Station", Ar: "محطة مصر (رمسيس)"}, t{En: "Ramses Square, main entrance", Ar: "ميدان رمسيس، المدخل الرئيسي"}, 30.0626, 31.2469},
	{"mena-house", cat.PickupHotel, t{En: "Marriott Mena House", Ar: "فندق ماريوت مينا هاوس"}, t{En: "6 Pyramids Road, Giza", Ar: "٦ شارع الأهرام، الجيزة"}, 29.9866, 31.1317},
	{"nile-ritz-carlton", cat.PickupHotel, t{En: "The Nile Ritz-Carlton", Ar: "فندق ريتز كارلتون النيل"}, t{En: "1113 Corniche El-Nil, Tahrir", Ar: "١١١٣ كورنيش النيل، التحرير"}, 30.0465, 31.2327},
	{"cairo-marriott-zamalek", cat.PickupHotel, t{En: "Cairo Marriott, Zamalek", Ar: "فندق ماريوت القاهرة، الزمالك"}, t{En: "16 Saray El-Gezira Street, Zamalek", Ar: "١٦ شارع سراي الجزيرة، الزمالك"}, 30.0571, 31.2250},
	{"four-seasons-nile-plaza", cat.PickupHotel, t{En: "Four Seasons Nile Plaza", Ar: "فندق فور سيزونز نايل بلازا"}, t{En: "1089 Corniche El-Nil, Garden City", Ar: "١٠٨٩ كورنيش النيل، جاردن سيتي"}, 30.0369, 31.2306},
	{"fairmont-nile-city", cat.PickupHotel, t{En: "Fairmont Nile City", Ar: "فندق فيرمونت نايل سيتي"}, t{En: "Nile City Towers, 2005B Corniche El-Nil, Boulaq", Ar: "أبراج نايل سيتي، ٢٠٠٥ب كورنيش النيل، بولاق"}, 30.0713, 31.2285},
}

type driver struct {
	name, vehicle  t
	phone, licence string
	plate          string
	seats          int
	days           []time.Weekday
	tripsPerDay    int
}

var (
	sunToThu = []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday}
	satToWed = []time.Weekday{time.Saturday, time.Sunday, time.Monday, time.Tuesday, time.Wednesday}
	weekend  = []time.Weekday{time.Thursday, time.Friday, time.Saturday, time.Sunday}
	allWeek  = []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday}
)

var drivers = []driver{
	{t{En: "Mahmoud Adel", Ar: "محمود عادل"}, t{En: "Toyota Corolla 2023, white", Ar: "تويوتا كورولا ٢٠٢٣، أبيض"}, "+201001234501", "CAI-1189342", "ق ط ر 4821", 4, sunToThu, 1},
	{t{En: "Ahmed Samir", Ar: "أحمد سمير"}, t{En: "Hyundai Elantra 2022, silver", Ar: "هيونداي إلنترا ٢٠٢٢، فضي"}, "+201112345602", "CAI-2273051", "س ع د 7310", 4, satToWed, 1},
	{t{En: "Mina Girgis", Ar: "مينا جرجس"}, t{En: "Kia Carnival 2022, black (7 seats)", Ar: "كيا كرنفال ٢٠٢٢، أسود (٧ مقاعد)"}, "+201223456703", "GIZ-3358127", "ن ب ح 2954", 7, weekend, 1},
	{t{En: "Hossam Farouk", Ar: "حسام فاروق"}, t{En: "Mercedes E200 2021, black", Ar: "مرسيدس E200 موديل ٢٠٢١، أسود"}, "+201501234604", "CAI-4410786", "م ص ر 1001", 4, sunToThu, 1},
	{t{En: "Yasser Ibrahim", Ar: "ياسر إبراهيم"}, t{En: "Toyota Hiace 2021, white (10 seats)", Ar: "تويوتا هاي إيس ٢٠٢١، أبيض (١٠ مقاعد)"}, "+201012345605", "QAL-5528613", "ل ي م 6643", 10, allWeek, 2},
	{t{En: "Karim Nabil", Ar: "كريم نبيل"}, t{En: "Nissan Sunny 2024, grey", Ar: "نيسان صني ٢٠٢٤، رمادي"}, "+201098765406", "CAI-6637490", "أ ج هـ 3318", 4, []time.Weekday{time.Friday, time.Saturday, time.Monday, time.Tuesday}, 2},
}

type country struct {
	code, dial string
	name       t
}

var countries = []country{
	{"EG", "+20", t{En: "Egypt", Ar: "مصر"}},
	{"SA", "+966", t{En: "Saudi Arabia", Ar: "السعودية"}},
	{"AE", "+971", t{En: "United Arab Emirates", Ar: "الإمارات العربية المتحدة"}},
	{"KW", "+965", t{En: "Kuwait", Ar: "الكويت"}},
	{"QA", "+974", t{En: "Qatar", Ar: "قطر"}},
	{"BH", "+973", t{En: "Bahrain", Ar: "البحرين"}},
	{"OM", "+968", t{En: "Oman", Ar: "عُمان"}},
	{"JO", "+962", t{En: "Jordan", Ar: "الأردن"}},
	{"LB", "+961", t{En: "Lebanon", Ar: "لبنان"}},
	{"MA", "+212", t{En: "Morocco", Ar: "المغرب"}},
	{"TN", "+216", t{En: "Tunisia", Ar: "تونس"}},
	{"DZ", "+213", t{En: "Algeria", Ar: "الجزائر"}},
	{"IQ", "+964", t{En: "Iraq", Ar: "العراق"}},
	{"US", "+1", t{En: "United States", Ar: "الولايات المتحدة"}},
	{"CA", "+1", t{En: "Canada", Ar: "كندا"}},
	{"GB", "+44", t{En: "United Kingdom", Ar: "المملكة المتحدة"}},
	{"DE", "+49", t{En: "Germany", Ar: "ألمانيا"}},
	{"FR", "+33", t{En: "France", Ar: "فرنسا"}},
	{"IT", "+39", t{En: "Italy", Ar: "إيطاليا"}},
	{"ES", "+34", t{En: "Spain", Ar: "إسبانيا"}},
	{"NL", "+31", t{En: "Netherlands", Ar: "هولندا"}},
	{"CH", "+41", t{En: "Switzerland", Ar: "سويسرا"}},
	{"RU", "+7", t{En: "Russia", Ar: "روسيا"}},
	{"TR", "+90", t{En: "Türkiye", Ar: "تركيا"}},
	{"CN", "+86", t{En: "China", Ar: "الصين"}},
	{"JP", "+81", t{En: "Japan", Ar: "اليابان"}},
	{"IN", "+91", t{En: "India", Ar: "الهند"}},
	{"AU", "+61", t{En: "Australia", Ar: "أستراليا"}},
}

// Egypt's official holidays. The Islamic ones follow the moon and are announced a few days ahead; the
// dates here are the expected ones, for the admin to confirm.
var holidays = []cat.Holiday{
	{Date: "2026-01-07", Name: t{En: "Coptic Christmas", Ar: "عيد الميلاد المجيد"}},
	{Date: "2026-01-25", Name: t{En: "January 25 Revolution and Police Day", Ar: "عيد ثورة ٢٥ يناير وعيد الشرطة"}},
	{Date: "2026-03-20", Name: t{En: "Eid al-Fitr", Ar: "عيد الفطر"}},
	{Date: "2026-03-21", Name: t{En: "Eid al-Fitr (second day)", Ar: "عيد الفطر (اليوم الثاني)"}},
	{Date: "2026-03-22", Name: t{En: "Eid al-Fitr (third day)", Ar: "عيد الفطر (اليوم الثالث)"}},
	{Date: "2026-04-13", Name: t{En: "Sham el-Nessim", Ar: "شم النسيم"}},
	{Date: "2026-04-25", Name: t{En: "Sinai Liberation Day", Ar: "عيد تحرير سيناء"}},
	{Date: "2026-05-01", Name: t{En: "Labour Day", Ar: "عيد العمال"}},
	{Date: "2026-05-26", Name: t{En: "Arafat Day", Ar: "وقفة عرفات"}},
	{Date: "2026-05-27", Name: t{En: "Eid al-Adha", Ar: "عيد الأضحى"}},
	{Date: "2026-05-28", Name: t{En: "Eid al-Adha (second day)", Ar: "عيد الأضحى (اليوم الثاني)"}},
	{Date: "2026-05-29", Name: t{En: "Eid al-Adha (third day)", Ar: "عيد الأضحى (اليوم الثالث)"}},
	{Date: "2026-06-16", Name: t{En: "Islamic New Year", Ar: "رأس السنة الهجرية"}},
	{Date: "2026-06-30", Name: t{En: "June 30 Revolution Day", Ar: "ذكرى ثورة ٣٠ يونيو"}},
	{Date: "2026-07-23", Name: t{En: "July 23 Revolution Day", Ar: "عيد ثورة ٢٣ يوليو"}},
	{Date: "2026-08-25", Name: t{En: "Prophet's Birthday", Ar: "المولد النبوي الشريف"}},
	{Date: "2026-10-06", Name: t{En: "Armed Forces Day", Ar: "عيد القوات المسلحة"}},
	{Date: "2027-01-07", Name: t{En: "Coptic Christmas", Ar: "عيد الميلاد المجيد"}},
	{Date: "2027-01-25", Name: t{En: "January 25 Revolution and Police Day", Ar: "عيد ثورة ٢٥ يناير وعيد الشرطة"}},
	{Date: "2027-03-10", Name: t{En: "Eid al-Fitr", Ar: "عيد الفطر"}},
	{Date: "2027-03-11", Name: t{En: "Eid al-Fitr (second day)", Ar: "عيد الفطر (اليوم الثاني)"}},
	{Date: "2027-03-12", Name: t{En: "Eid al-Fitr (third day)", Ar: "عيد الفطر (اليوم الثالث)"}},
	{Date: "2027-04-25", Name: t{En: "Sinai Liberation Day", Ar: "عيد تحرير سيناء"}},
	{Date: "2027-05-01", Name: t{En: "Labour Day", Ar: "عيد العمال"}},
	{Date: "2027-05-03", Name: t{En: "Sham el-Nessim", Ar: "شم النسيم"}},
	{Date: "2027-05-15", Name: t{En: "Arafat Day", Ar: "وقفة عرفات"}},
	{Date: "2027-05-16", Name: t{En: "Eid al-Adha", Ar: "عيد الأضحى"}},
	{Date: "2027-05-17", Name: t{En: "Eid al-Adha (second day)", Ar: "عيد الأضحى (اليوم الثاني)"}},
	{Date: "2027-05-18", Name: t{En: "Eid al-Adha (third day)", Ar: "عيد الأضحى (اليوم الثالث)"}},
	{Date: "2027-06-06", Name: t{En: "Islamic New Year", Ar: "رأس السنة الهجرية"}},
	{Date: "2027-06-30", Name: t{En: "June 30 Revolution Day", Ar: "ذكرى ثورة ٣٠ يونيو"}},
	{Date: "2027-07-23", Name: t{En: "July 23 Revolution Day", Ar: "عيد ثورة ٢٣ يوليو"}},
	{Date: "2027-08-15", Name: t{En: "Prophet's Birthday", Ar: "المولد النبوي الشريف"}},
	{Date: "2027-10-06", Name: t{En: "Armed Forces Day", Ar: "عيد القوات المسلحة"}},
}

// Office hours: Monday to Friday 9:00 to 22:00, Saturday and Sunday closed (spec section 1).
func officeHours() cat.WeeklyHours {
	var w cat.WeeklyHours
	for d := time.Monday; d <= time.Friday; d++ {
		w = append(w, cat.DayHours{Day: d, Open: "09:00", Close: "22:00"})
	}
	return w
}

// Rates of late 2026: about 48.8 EGP to the dollar; the riyal is pegged at 3.75 to the dollar.
var rates = []money.Rate{money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769)}

var offers = []struct {
	key         string
	title, desc t
	percentBP   int64
	promo       string
	from, until string
	appliesTo   string
	programs    []string
	perCustomer int // uses per customer (0: no limit)
}{
	{"winter", t{En: "Winter in Cairo: 10% off programs", Ar: "شتاء القاهرة: خصم ١٠% على البرامج"}, t{En: "For trips between December and February.", Ar: "للرحلات بين ديسمبر وفبراير."}, 1000, "WINTER10", "2026-12-01", "2027-02-28", cat.AppliesToPrograms, []string{"saqqara-memphis-dahshur", "islamic-cairo-day", "great-museums-day"}, 0},
	{"welcome", t{En: "Welcome offer: 5% off your first trip", Ar: "عرض الترحيب: خصم ٥% على رحلتك الأولى"}, t{En: "On any rate-plan trip.", Ar: "على أي رحلة بخطة أسعار."}, 500, "MISHWAR5", "2026-01-01", "2027-12-31", cat.AppliesToAll, nil, 1},
}
