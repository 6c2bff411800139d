package demo

import (
	"time"

	cat "mishwar/domain/catalogue"
)

type t = cat.Text

// place is one demo destination. Coordinates are the entrance or the centre of the site, checked
// against maps; hours are the usual winter hours (sites change them; the admin edits them).
type place struct {
	slug, category, motif string
	name, short, long     t
	address               t
	lat, lng              float64
	visit                 int
	hours                 cat.WeeklyHours
	hoursNote, ticket     t
	popularity            int
}

func daily(open, close string) cat.WeeklyHours {
	var w cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		w = append(w, cat.DayHours{Day: d, Open: open, Close: close})
	}
	return w
}

func except(w cat.WeeklyHours, closed ...time.Weekday) cat.WeeklyHours {
	var out cat.WeeklyHours
next:
	for _, h := range w {
		for _, c := range closed {
			if h.Day == c {
				continue next
			}
		}
		out = append(out, h)
	}
	return out
}

var (
	gateTicket      = t{En: "Entry tickets are sold at the gate, by card; foreign visitors pay the foreigners' price.", Ar: "تُباع تذاكر الدخول على البوابة بالبطاقة، ويدفع الزائر الأجنبي سعر الأجانب."}
	mosqueTicket    = t{En: "Free to enter outside prayer times; modest dress, shoes off inside, headscarf for women.", Ar: "الدخول مجاني خارج أوقات الصلاة؛ يلزم الاحتشام وخلع الحذاء بالداخل وغطاء الرأس للسيدات."}
	fridayPrayer    = t{En: "Closed to visitors during Friday noon prayer.", Ar: "مغلق أمام الزوار وقت صلاة الجمعة."}
	freeEntry       = t{En: "Free to enter.", Ar: "الدخول مجاني."}
	churchTicket    = t{En: "Free to enter; modest dress; quiet during services.", Ar: "الدخول مجاني مع الاحتشام والهدوء أثناء الصلوات."}
	sundayMassNote  = t{En: "Services on Wednesday, Friday and Sunday mornings; visits resume after them.", Ar: "القداسات صباح الأربعاء والجمعة والأحد، وتُستأنف الزيارات بعدها."}
	performanceNote = t{En: "Evening performances start at 20:00; check the programme.", Ar: "تبدأ العروض المسائية في الثامنة مساءً؛ راجع جدول العروض."}
)

var places = []place{
	{
		slug: "giza-pyramids", category: "pharaonic", motif: "pyramids", popularity: 98000,
		name:  t{En: "Pyramids of Giza", Ar: "أهرامات الجيزة"},
		short: t{En: "Khufu, Khafre and Menkaure: the last standing wonder of the ancient world.", Ar: "خوفو وخفرع ومنقرع: آخر عجائب الدنيا السبع القديمة الباقية."},
		long: t{
			En: "Built some 4,500 years ago for the kings of the Fourth Dynasty, the three pyramids of Giza rise on the desert plateau above the city. Walk around the Great Pyramid of Khufu, go inside one of the pyramids with a separate ticket, and take in the view of all nine pyramids from the panorama point.",
			Ar: "بُنيت أهرامات الجيزة الثلاثة قبل نحو ٤٥٠٠ عام لملوك الأسرة الرابعة، وتعلو هضبة صحراوية تطل على المدينة. تجوّل حول الهرم الأكبر لخوفو، وادخل أحد الأهرامات بتذكرة منفصلة، واستمتع بمنظر الأهرامات التسعة من نقطة البانوراما.",
		},
		address: t{En: "Al Haram, Giza Plateau, Giza", Ar: "الهرم، هضبة الجيزة، الجيزة"},
		lat:     29.9792, lng: 31.1342, visit: 120, hours: daily("08:00", "17:00"),
		ticket: t{En: "Site ticket at the gate; entering the Great Pyramid needs its own ticket.", Ar: "تذكرة الموقع عند البوابة، ودخول الهرم الأكبر يحتاج تذكرة خاصة."},
	},
	{
		slug: "great-sphinx", category: "pharaonic", motif: "sphinx", popularity: 91000,
		name:  t{En: "Great Sphinx of Giza", Ar: "أبو الهول بالجيزة"},
		short: t{En: "The lion with a king's face, guarding the valley temple of Khafre.", Ar: "الأسد ذو وجه الملك الذي يحرس معبد الوادي لخفرع."},
		long: t{
			En: "Carved from the living rock of the plateau, the Sphinx is 73 metres long and faces the sunrise. The path through Khafre's granite valley temple brings you right up to it; come early or late for the softest light.",
			Ar: "نُحت أبو الهول في صخر الهضبة نفسه بطول ٧٣ مترًا ووجهه نحو الشروق. يوصلك الممر عبر معبد الوادي الجرانيتي لخفرع إليه مباشرة؛ تعال مبكرًا أو قبيل الغروب لأجمل ضوء.",
		},
		address: t{En: "Sphinx Gate, Nazlet El-Semman, Giza", Ar: "بوابة أبو الهول، نزلة السمان، الجيزة"},
		lat:     29.9753, lng: 31.1376, visit: 30, hours: daily("08:00", "17:00"), ticket: t{En: "Included in the Giza plateau ticket.", Ar: "ضمن تذكرة هضبة الجيزة."},
	},
	{
		slug: "grand-egyptian-museum", category: "museums", motif: "museum", popularity: 88000,
		name:  t{En: "Grand Egyptian Museum", Ar: "المتحف المصري الكبير"},
		short: t{En: "The world's largest museum of a single civilisation, with Tutankhamun's treasures.", Ar: "أكبر متحف في العالم مخصص لحضارة واحدة، ويضم كنوز توت عنخ آمون."},
		long: t{
			En: "Beside the pyramids, the Grand Egyptian Museum greets you with the colossal statue of Ramesses II in its atrium and a grand staircase lined with kings and gods. Its galleries hold the complete treasure of Tutankhamun and Khufu's solar boat.",
			Ar: "بجوار الأهرامات يستقبلك المتحف المصري الكبير بتمثال رمسيس الثاني الضخم في بهوه، ثم الدرج العظيم المصطف بتماثيل الملوك والآلهة. وتعرض قاعاته كنوز توت عنخ آمون كاملة ومركب خوفو الشمسي.",
		},
		address: t{En: "Cairo–Alexandria Desert Road, Remaya Square, Giza", Ar: "طريق القاهرة الإسكندرية الصحراوي، ميدان الرماية، الجيزة"},
		lat:     29.9946, lng: 31.1191, visit: 150, hours: daily("09:00", "18:00"), ticket: gateTicket,
	},
	{
		slug: "egyptian-museum-tahrir", category: "museums", motif: "museum", popularity: 76000,
		name:  t{En: "Egyptian Museum in Tahrir", Ar: "المتحف المصري بالتحرير"},
		short: t{En: "The rose-red museum of 1902, packed with 5,000 years of antiquities.", Ar: "المتحف الوردي العريق منذ ١٩٠٢، المليء بآثار خمسة آلاف عام."},
		long: t{
			En: "The oldest archaeological museum in the Middle East still displays the Narmer Palette, the statues of Rahotep and Nofret, Yuya and Tjuya's tomb and the treasures of Tanis. A delightfully old-fashioned place where masterpieces fill every corridor.",
			Ar: "أقدم متحف أثري في الشرق الأوسط، وما زال يعرض صلاية نعرمر وتمثالي رع حتب ونفرت ومقبرة يويا وتويا وكنوز تانيس. مكان ساحر بطابعه القديم تملأ روائعه كل ممر.",
		},
		address: t{En: "Tahrir Square, Downtown Cairo", Ar: "ميدان التحرير، وسط القاهرة"},
		lat:     30.0478, lng: 31.2336, visit: 90, hours: daily("09:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "national-museum-of-egyptian-civilization", category: "museums", motif: "museum", popularity: 64000,
		name:  t{En: "National Museum of Egyptian Civilization", Ar: "المتحف القومي للحضارة المصرية"},
		short: t{En: "Home of the royal mummies, overlooking the lake of Ain El-Sira.", Ar: "مقر المومياوات الملكية، ويطل على بحيرة عين الصيرة."},
		long: t{
			En: "In Fustat, the NMEC tells Egypt's story from prehistory to today, and its dimly lit Royal Hall holds the mummies of twenty-two kings and queens brought here in the Pharaohs' Golden Parade of 2021.",
			Ar: "في الفسطاط يروي المتحف القومي للحضارة المصرية قصة مصر من عصور ما قبل التاريخ حتى اليوم، وتضم قاعة المومياوات الملكية الخافتة الإضاءة مومياوات اثنين وعشرين ملكًا وملكة نُقلت إليه في موكب المومياوات الملكية عام ٢٠٢١.",
		},
		address: t{En: "Ain El-Sira, Fustat, Old Cairo", Ar: "عين الصيرة، الفسطاط، مصر القديمة"},
		lat:     30.0081, lng: 31.2480, visit: 90, hours: daily("09:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "saqqara", category: "pharaonic", motif: "step-pyramid", popularity: 41000,
		name:  t{En: "Saqqara and the Step Pyramid of Djoser", Ar: "سقارة وهرم زوسر المدرج"},
		short: t{En: "The first pyramid ever built, among painted tombs of the Old Kingdom.", Ar: "أول هرم بُني في التاريخ، بين مقابر الدولة القديمة الملونة."},
		long: t{
			En: "Imhotep's Step Pyramid for King Djoser began the age of pyramids. Around it lie the necropolis of ancient Memphis: the carved mastabas of Ti and Mereruka, the pyramid of Unas with the oldest Pyramid Texts, and the bull galleries of the Serapeum.",
			Ar: "بدأ هرم زوسر المدرج الذي صممه إيمحوتب عصر الأهرامات. وحوله جبانة منف القديمة: مصاطب تي ومريروكا المنقوشة، وهرم أوناس بأقدم نصوص الأهرام، ودهاليز السرابيوم.",
		},
		address: t{En: "Saqqara, Badrashin, Giza", Ar: "سقارة، البدرشين، الجيزة"},
		lat:     29.8713, lng: 31.2165, visit: 120, hours: daily("08:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "memphis", category: "pharaonic", motif: "colossus", popularity: 22000,
		name:  t{En: "Memphis open-air museum", Ar: "متحف ميت رهينة المفتوح (منف)"},
		short: t{En: "What remains of Egypt's first capital: a fallen colossus of Ramesses II.", Ar: "ما تبقى من أول عاصمة لمصر: تمثال رمسيس الثاني الراقد."},
		long: t{
			En: "Among the palm groves of Mit Rahina stood Memphis, capital of the Old Kingdom. Today a garden museum keeps the enormous limestone statue of Ramesses II lying in its hall, an alabaster sphinx and the embalming beds of the Apis bulls.",
			Ar: "بين نخيل ميت رهينة قامت منف عاصمة الدولة القديمة. واليوم يحفظ متحف مفتوح تمثال رمسيس الثاني الضخم من الحجر الجيري راقدًا في قاعته، وتمثال أبو الهول المرمري، وموائد تحنيط العجل أبيس.",
		},
		address: t{En: "Mit Rahina, Badrashin, Giza", Ar: "ميت رهينة، البدرشين، الجيزة"},
		lat:     29.8447, lng: 31.2508, visit: 45, hours: daily("08:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "dahshur", category: "pharaonic", motif: "bent-pyramid", popularity: 18000,
		name:  t{En: "Dahshur: the Red and Bent Pyramids", Ar: "دهشور: الهرم الأحمر والهرم المنحني"},
		short: t{En: "King Sneferu's experiments on the way to the perfect pyramid, with no crowds.", Ar: "تجارب الملك سنفرو نحو الهرم الكامل، بعيدًا عن الزحام."},
		long: t{
			En: "Sneferu, Khufu's father, built two great pyramids here. The Bent Pyramid changes angle halfway up; the Red Pyramid, the first true smooth-sided pyramid, can be entered down a long sloping passage to its corbelled chambers.",
			Ar: "بنى سنفرو، والد خوفو، هرمين عظيمين هنا. يتغير ميل الهرم المنحني في منتصفه، أما الهرم الأحمر، أول هرم كامل الأضلاع، فيمكن دخوله عبر ممر طويل مائل حتى حجراته ذات الأسقف المتدرجة.",
		},
		address: t{En: "Dahshur, Badrashin, Giza", Ar: "دهشور، البدرشين، الجيزة"},
		lat:     29.8087, lng: 31.2062, visit: 45, hours: daily("08:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "citadel-of-saladin", category: "islamic", motif: "citadel", popularity: 57000,
		name:  t{En: "Citadel of Saladin and Muhammad Ali Mosque", Ar: "قلعة صلاح الدين ومسجد محمد علي"},
		short: t{En: "A medieval fortress crowned by the alabaster mosque, with all of Cairo below.", Ar: "قلعة من العصور الوسطى يتوجها مسجد المرمر، والقاهرة كلها تحتها."},
		long: t{
			En: "Saladin fortified this spur of the Mokattam hills in 1176, and Egypt was ruled from here for seven centuries. Visit the Ottoman-style Mosque of Muhammad Ali, the Mamluk mosque of al-Nasir Muhammad and the terraces with views to the pyramids on clear days.",
			Ar: "حصّن صلاح الدين هذا النتوء من جبل المقطم عام ١١٧٦، وحُكمت مصر منه سبعة قرون. زر مسجد محمد علي على الطراز العثماني، ومسجد الناصر محمد بن قلاوون المملوكي، والشرفات التي تطل على الأهرامات في الأيام الصافية.",
		},
		address: t{En: "Salah Salem Street, El-Khalifa, Cairo", Ar: "شارع صلاح سالم، الخليفة، القاهرة"},
		lat:     30.0287, lng: 31.2599, visit: 90, hours: daily("08:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "sultan-hassan-and-al-rifai", category: "islamic", motif: "mosque", popularity: 39000,
		name:  t{En: "Sultan Hassan and Al-Rifa'i Mosques", Ar: "مسجدا السلطان حسن والرفاعي"},
		short: t{En: "Two giants face to face below the Citadel: Mamluk grandeur and a royal mausoleum.", Ar: "عملاقان متقابلان أسفل القلعة: عظمة مملوكية وضريح ملكي."},
		long: t{
			En: "The 14th-century Madrasa of Sultan Hassan is one of the largest mosques in the world, its vast courtyard framed by four soaring iwans. Across the street, Al-Rifa'i Mosque, finished in 1912, holds the tombs of Egypt's last kings and of the Shah of Iran.",
			Ar: "مدرسة السلطان حسن من القرن الرابع عشر من أكبر المساجد في العالم، ويحيط بصحنها الواسع أربعة إيوانات شاهقة. وفي الجهة المقابلة مسجد الرفاعي الذي اكتمل عام ١٩١٢، وفيه مدافن آخر ملوك مصر وشاه إيران.",
		},
		address: t{En: "Salah El-Din Square, El-Khalifa, Cairo", Ar: "ميدان صلاح الدين، الخليفة، القاهرة"},
		lat:     30.0322, lng: 31.2566, visit: 60, hours: daily("08:00", "17:00"), hoursNote: fridayPrayer, ticket: gateTicket,
	},
	{
		slug: "ibn-tulun-mosque", category: "islamic", motif: "mosque", popularity: 26000,
		name:  t{En: "Mosque of Ibn Tulun", Ar: "جامع أحمد بن طولون"},
		short: t{En: "Cairo's oldest intact mosque, with a spiral minaret and a vast calm courtyard.", Ar: "أقدم مساجد القاهرة الباقية على حالها، بمئذنته الملوية وصحنه الهادئ الواسع."},
		long: t{
			En: "Completed in 879, Ahmad ibn Tulun's mosque is a sea of brick arcades around a huge courtyard. Climb its unique outside-stair minaret for a sweeping view of Islamic Cairo, then step next door into the Gayer-Anderson house museum.",
			Ar: "اكتمل جامع أحمد بن طولون عام ٨٧٩، وهو بحر من الأروقة الآجرية حول صحن فسيح. اصعد مئذنته الفريدة ذات السلم الخارجي لتطل على القاهرة الإسلامية، ثم ادخل متحف جاير أندرسون المجاور.",
		},
		address: t{En: "Ibn Tulun Street, Sayeda Zeinab, Cairo", Ar: "شارع ابن طولون، السيدة زينب، القاهرة"},
		lat:     30.0287, lng: 31.2494, visit: 45, hours: daily("08:00", "17:00"), hoursNote: fridayPrayer, ticket: mosqueTicket,
	},
	{
		slug: "al-azhar-mosque", category: "islamic", motif: "mosque", popularity: 47000,
		name:  t{En: "Al-Azhar Mosque", Ar: "الجامع الأزهر"},
		short: t{En: "Founded in 970, a mosque and one of the oldest universities in the world.", Ar: "تأسس عام ٩٧٠، وهو جامع ومن أقدم الجامعات في العالم."},
		long: t{
			En: "The Fatimids founded Al-Azhar with the city of Cairo itself. Its white marble courtyard is surrounded by minarets from five centuries, and students from across the Muslim world still study in its halls.",
			Ar: "أسس الفاطميون الأزهر مع تأسيس مدينة القاهرة نفسها. يحيط بصحنه الرخامي الأبيض مآذن من خمسة قرون، وما زال طلاب من أنحاء العالم الإسلامي يدرسون في أروقته.",
		},
		address: t{En: "Al-Azhar Street, El-Darb El-Ahmar, Cairo", Ar: "شارع الأزهر، الدرب الأحمر، القاهرة"},
		lat:     30.0457, lng: 31.2627, visit: 30, hours: daily("09:00", "21:00"), hoursNote: fridayPrayer, ticket: mosqueTicket,
	},
	{
		slug: "al-azhar-park", category: "nile-parks", motif: "garden", popularity: 36000,
		name:  t{En: "Al-Azhar Park", Ar: "حديقة الأزهر"},
		short: t{En: "Gardens on a former rubbish hill, with the best sunset over the old city.", Ar: "حدائق أُقيمت على تل مهملات سابق، وأجمل غروب فوق المدينة القديمة."},
		long: t{
			En: "Built by the Aga Khan Trust on a centuries-old mound of debris, the park's fountains, lawns and Fatimid-style terraces look over the domes and minarets of Islamic Cairo. The restored Ayyubid city wall runs along its western edge.",
			Ar: "أنشأتها مؤسسة الآغا خان على تل من الركام عمره قرون، وتطل نوافيرها ومروجها ومصاطبها ذات الطراز الفاطمي على قباب القاهرة الإسلامية ومآذنها. ويمتد السور الأيوبي المرمم على حافتها الغربية.",
		},
		address: t{En: "Salah Salem Street, El-Darb El-Ahmar, Cairo", Ar: "شارع صلاح سالم، الدرب الأحمر، القاهرة"},
		lat:     30.0406, lng: 31.2649, visit: 90, hours: daily("10:00", "23:00"), ticket: t{En: "Small entry fee at the gate.", Ar: "رسوم دخول بسيطة عند البوابة."},
	},
	{
		slug: "khan-el-khalili", category: "shopping", motif: "market", popularity: 83000,
		name:  t{En: "Khan el-Khalili", Ar: "خان الخليلي"},
		short: t{En: "The great bazaar since 1382: lanterns, spices, silver and the famous El Fishawy café.", Ar: "السوق الكبير منذ ١٣٨٢: فوانيس وتوابل وفضة ومقهى الفيشاوي الشهير."},
		long: t{
			En: "A maze of alleys and caravanserais where coppersmiths, perfumers and jewellers still work. Bargain with a smile, stop for mint tea at El Fishawy, and continue into Al-Muizz Street at its northern end.",
			Ar: "متاهة من الحواري والوكالات يعمل فيها النحاسون والعطارون والصاغة حتى اليوم. فاصل بابتسامة، واسترح لشاي بالنعناع في مقهى الفيشاوي، ثم تابع إلى شارع المعز من طرفه الشمالي.",
		},
		address: t{En: "El-Gamaleya, El-Hussein, Cairo", Ar: "الجمالية، الحسين، القاهرة"},
		lat:     30.0477, lng: 31.2623, visit: 75, hours: daily("10:00", "23:00"),
		hoursNote: t{En: "Many shops open late on Sundays and close during Friday prayer.", Ar: "تفتح محلات كثيرة متأخرة يوم الأحد وتغلق وقت صلاة الجمعة."}, ticket: freeEntry,
	},
	{
		slug: "al-muizz-street", category: "islamic", motif: "street", popularity: 52000,
		name:  t{En: "Al-Muizz Street", Ar: "شارع المعز لدين الله الفاطمي"},
		short: t{En: "A thousand years of architecture along one walkable medieval street.", Ar: "ألف عام من العمارة على امتداد شارع واحد من العصور الوسطى يُمشى فيه."},
		long: t{
			En: "From Bab al-Futuh to Bab Zuweila, the Fatimid high street is lined with the Qalawun complex, the mosque of al-Aqmar, Bayt al-Suhaymi and dozens of sabils and madrasas. It is at its most magical in the evening, when the facades are lit.",
			Ar: "من باب الفتوح إلى باب زويلة يصطف على الشارع الفاطمي الرئيسي مجمع قلاوون وجامع الأقمر وبيت السحيمي وعشرات الأسبلة والمدارس. ويبلغ أجمل حالاته في المساء حين تُضاء الواجهات.",
		},
		address: t{En: "Al-Muizz li-Din Allah Street, El-Gamaleya, Cairo", Ar: "شارع المعز لدين الله، الجمالية، القاهرة"},
		lat:     30.0509, lng: 31.2615, visit: 60, hours: daily("09:00", "23:00"),
		hoursNote: t{En: "The street is open late; its monuments close at 17:00.", Ar: "الشارع مفتوح حتى وقت متأخر، وتغلق آثاره في الخامسة مساءً."}, ticket: t{En: "Free to walk; one combined ticket covers the main monuments.", Ar: "التجول مجاني، وتذكرة مجمعة واحدة تشمل الآثار الرئيسية."},
	},
	{
		slug: "bab-zuweila", category: "islamic", motif: "gate", popularity: 17000,
		name:  t{En: "Bab Zuweila", Ar: "باب زويلة"},
		short: t{En: "The last southern gate of Fatimid Cairo; climb its twin minarets.", Ar: "آخر أبواب القاهرة الفاطمية الجنوبية؛ اصعد مئذنتيه التوأمين."},
		long: t{
			En: "Built in 1092, the gate is topped by the minarets of the Mosque of al-Mu'ayyad. Climb to the top for a view over the rooftops of the old city and the tentmakers' market just to the south.",
			Ar: "بُني الباب عام ١٠٩٢ وتعلوه مئذنتا جامع المؤيد شيخ. اصعد إلى أعلاه لتطل على أسطح المدينة القديمة وسوق الخيامية جنوبه مباشرة.",
		},
		address: t{En: "Al-Muizz Street, El-Darb El-Ahmar, Cairo", Ar: "شارع المعز، الدرب الأحمر، القاهرة"},
		lat:     30.0429, lng: 31.2579, visit: 40, hours: daily("08:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "museum-of-islamic-art", category: "museums", motif: "museum", popularity: 21000,
		name:  t{En: "Museum of Islamic Art", Ar: "متحف الفن الإسلامي"},
		short: t{En: "One of the finest collections of Islamic art in the world, at Bab al-Khalq.", Ar: "من أروع مجموعات الفن الإسلامي في العالم، في باب الخلق."},
		long: t{
			En: "Mamluk mosque lamps of enamelled glass, carved wooden minbars, Iznik tiles and early Qur'ans: the museum covers thirteen centuries and many lands, displayed in a handsome building of 1903.",
			Ar: "مشكاوات مملوكية من الزجاج المموه بالمينا، ومنابر خشبية منحوتة، وبلاطات إزنيق، ومصاحف مبكرة: يغطي المتحف ثلاثة عشر قرنًا وبلادًا كثيرة في مبنى أنيق يعود إلى عام ١٩٠٣.",
		},
		address: t{En: "Port Said Street, Bab al-Khalq, Cairo", Ar: "شارع بورسعيد، باب الخلق، القاهرة"},
		lat:     30.0446, lng: 31.2525, visit: 90, hours: daily("09:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "gayer-anderson-museum", category: "museums", motif: "palace", popularity: 9000,
		name:  t{En: "Gayer-Anderson Museum (Bayt al-Kritliyya)", Ar: "متحف جاير أندرسون (بيت الكريتلية)"},
		short: t{En: "Two Ottoman houses furnished by a British major, beside Ibn Tulun.", Ar: "بيتان عثمانيان أثثهما ضابط بريطاني بجوار جامع ابن طولون."},
		long: t{
			En: "Major Gayer-Anderson lived here in the 1930s and filled the houses with carpets, mashrabiya screens and curiosities. The rooftop and the harem room appear in the film The Spy Who Loved Me.",
			Ar: "عاش الميجور جاير أندرسون هنا في ثلاثينيات القرن العشرين وملأ البيتين بالسجاد والمشربيات والتحف. وظهر السطح وقاعة الحريم في فيلم «الجاسوس الذي أحبني».",
		},
		address: t{En: "Ibn Tulun Square, Sayeda Zeinab, Cairo", Ar: "ميدان ابن طولون، السيدة زينب، القاهرة"},
		lat:     30.0283, lng: 31.2502, visit: 45, hours: daily("09:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "hanging-church", category: "coptic", motif: "church", popularity: 34000,
		name:  t{En: "The Hanging Church and Coptic Cairo", Ar: "الكنيسة المعلقة ومجمع الأديان"},
		short: t{En: "A church built over a Roman gate, at the heart of Old Cairo's religious compound.", Ar: "كنيسة مبنية فوق بوابة رومانية في قلب مجمع الأديان بمصر القديمة."},
		long: t{
			En: "The Church of the Virgin Mary seems to hang above the gatehouse of the Roman fortress of Babylon, reached by a flight of steps. Nearby lanes lead to the church of Abu Serga, where the Holy Family is said to have sheltered, and the Ben Ezra Synagogue.",
			Ar: "تبدو كنيسة السيدة العذراء معلقة فوق برج بوابة حصن بابليون الروماني، ويُصعد إليها بدرج. وتقود الحواري القريبة إلى كنيسة أبي سرجة التي يُقال إن العائلة المقدسة لجأت إليها، وإلى معبد بن عزرا.",
		},
		address: t{En: "Mari Girgis Street, Old Cairo", Ar: "شارع مار جرجس، مصر القديمة"},
		lat:     30.0053, lng: 31.2302, visit: 60, hours: daily("09:00", "16:00"), hoursNote: sundayMassNote, ticket: churchTicket,
	},
	{
		slug: "coptic-museum", category: "coptic", motif: "church", popularity: 15000,
		name:  t{En: "Coptic Museum", Ar: "المتحف القبطي"},
		short: t{En: "Icons, textiles and carved wood from Egypt's Christian centuries.", Ar: "أيقونات ومنسوجات وأخشاب منحوتة من القرون المسيحية في مصر."},
		long: t{
			En: "Founded in 1910 within the walls of the Babylon fortress, the museum displays the largest collection of Coptic art in the world, from early monastery frescoes to the Nag Hammadi codices.",
			Ar: "تأسس المتحف عام ١٩١٠ داخل أسوار حصن بابليون، ويعرض أكبر مجموعة من الفن القبطي في العالم، من جداريات الأديرة المبكرة إلى مخطوطات نجع حمادي.",
		},
		address: t{En: "Mari Girgis Street, Old Cairo", Ar: "شارع مار جرجس، مصر القديمة"},
		lat:     30.0060, lng: 31.2299, visit: 60, hours: daily("09:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "ben-ezra-synagogue", category: "coptic", motif: "church", popularity: 11000,
		name:  t{En: "Ben Ezra Synagogue", Ar: "معبد بن عزرا"},
		short: t{En: "The synagogue of the Cairo Geniza, restored in the heart of Old Cairo.", Ar: "معبد جنيزة القاهرة الشهيرة، المرمم في قلب مصر القديمة."},
		long: t{
			En: "Tradition places the finding of baby Moses nearby. In its storeroom, the Geniza, scholars found some 300,000 manuscript fragments that tell the daily life of the medieval Mediterranean.",
			Ar: "يضع التقليد مكان العثور على موسى الرضيع بالقرب منه. وفي مخزنه، الجنيزة، وجد الباحثون نحو ٣٠٠ ألف قصاصة مخطوطة تروي الحياة اليومية في البحر المتوسط في العصور الوسطى.",
		},
		address: t{En: "Coptic Cairo compound, Old Cairo", Ar: "مجمع الأديان، مصر القديمة"},
		lat:     30.0055, lng: 31.2313, visit: 30, hours: daily("09:00", "16:00"), ticket: freeEntry,
	},
	{
		slug: "mosque-of-amr-ibn-al-as", category: "islamic", motif: "mosque", popularity: 14000,
		name:  t{En: "Mosque of Amr ibn al-As", Ar: "جامع عمرو بن العاص"},
		short: t{En: "The first mosque built in Egypt and Africa, founded in 642 in Fustat.", Ar: "أول مسجد بُني في مصر وأفريقيا، تأسس عام ٦٤٢ في الفسطاط."},
		long: t{
			En: "Rebuilt many times since the Arab conquest, the mosque's forest of ancient columns and its great courtyard fill with worshippers in Ramadan. It stands a short walk from the Coptic compound.",
			Ar: "أُعيد بناؤه مرات كثيرة منذ الفتح العربي، وتمتلئ غابة أعمدته القديمة وصحنه الكبير بالمصلين في رمضان. ويقع على مسافة قصيرة سيرًا من مجمع الأديان.",
		},
		address: t{En: "Sidi Hassan El-Anwar Street, Old Cairo", Ar: "شارع سيدي حسن الأنور، مصر القديمة"},
		lat:     30.0103, lng: 31.2331, visit: 30, hours: daily("08:00", "21:00"), hoursNote: fridayPrayer, ticket: mosqueTicket,
	},
	{
		slug: "cave-church", category: "coptic", motif: "church", popularity: 12000,
		name:  t{En: "Cave Church of St Simon, Mokattam", Ar: "كنيسة القديس سمعان الخراز بالمقطم"},
		short: t{En: "A 20,000-seat church carved into the Mokattam cliffs above Garbage City.", Ar: "كنيسة تتسع لعشرين ألفًا منحوتة في صخور المقطم فوق منشية ناصر."},
		long: t{
			En: "The Zabbaleen community carved this amphitheatre church and its reliefs into the rock from the 1970s on. The drive through Manshiyat Naser, where much of Cairo's waste is recycled, is part of the visit.",
			Ar: "نحتت جماعة الزبالين هذه الكنيسة المدرجة ونقوشها في الصخر منذ السبعينيات. والطريق عبر منشية ناصر، حيث يُعاد تدوير جزء كبير من مخلفات القاهرة، جزء من الزيارة.",
		},
		address: t{En: "Manshiyat Naser, Mokattam, Cairo", Ar: "منشية ناصر، المقطم، القاهرة"},
		lat:     30.0323, lng: 31.2787, visit: 60, hours: daily("08:00", "17:00"), ticket: churchTicket,
	},
	{
		slug: "cairo-tower", category: "nile-parks", motif: "tower", popularity: 45000,
		name:  t{En: "Cairo Tower", Ar: "برج القاهرة"},
		short: t{En: "A 187-metre lotus of concrete on Gezira Island with a 360° view.", Ar: "زهرة لوتس من الخرسانة بارتفاع ١٨٧ مترًا في جزيرة الزمالك بإطلالة كاملة."},
		long: t{
			En: "Finished in 1961, the tower's lattice shell imitates a lotus flower. Ride up to the open deck at sunset for the Nile, downtown and, on clear days, the pyramids; a revolving restaurant turns below it.",
			Ar: "اكتمل البرج عام ١٩٦١ وتحاكي شبكته الخارجية زهرة اللوتس. اصعد إلى السطح المفتوح عند الغروب لترى النيل ووسط البلد، والأهرامات في الأيام الصافية، وتحته مطعم دوار.",
		},
		address: t{En: "Hadayek El-Zohreya, Gezira, Zamalek", Ar: "حدائق الزهرية، الجزيرة، الزمالك"},
		lat:     30.0459, lng: 31.2243, visit: 60, hours: daily("09:00", "24:00"), ticket: gateTicket,
	},
	{
		slug: "cairo-opera-house", category: "nile-parks", motif: "opera", popularity: 19000,
		name:  t{En: "Cairo Opera House", Ar: "دار الأوبرا المصرية"},
		short: t{En: "Concerts, ballet and Arabic music in the gardens of Gezira.", Ar: "حفلات وباليه وموسيقى عربية في حدائق الجزيرة."},
		long: t{
			En: "Opened in 1988, the National Cultural Centre hosts the Cairo Symphony Orchestra, the Cairo Opera Ballet and the Arab Music Ensemble. Its grounds also hold the Museum of Modern Egyptian Art.",
			Ar: "افتُتح المركز الثقافي القومي عام ١٩٨٨، ويستضيف أوركسترا القاهرة السيمفوني وفرقة باليه أوبرا القاهرة وفرقة الموسيقى العربية، كما يضم متحف الفن المصري الحديث.",
		},
		address: t{En: "El-Borg Street, Gezira, Zamalek", Ar: "شارع البرج، الجزيرة، الزمالك"},
		lat:     30.0425, lng: 31.2243, visit: 150, hours: daily("10:00", "23:00"), hoursNote: performanceNote,
		ticket: t{En: "Tickets per performance; jacket required in the main hall.", Ar: "تذاكر لكل عرض، وارتداء السترة إلزامي في المسرح الكبير."},
	},
	{
		slug: "nile-felucca", category: "nile-parks", motif: "nile", popularity: 33000,
		name:  t{En: "Felucca ride on the Nile", Ar: "جولة بالفلوكة في النيل"},
		short: t{En: "An hour under a white sail between Garden City and Zamalek.", Ar: "ساعة تحت شراع أبيض بين جاردن سيتي والزمالك."},
		long: t{
			En: "The traditional sailing boats leave from the landings along the Corniche. Drift past the islands as the city lights come on; boats are rented by the hour for your group only.",
			Ar: "تنطلق المراكب الشراعية التقليدية من المراسي على امتداد الكورنيش. انساب بين الجزر بينما تضيء أنوار المدينة؛ تُستأجر المراكب بالساعة لمجموعتك وحدها.",
		},
		address: t{En: "Corniche El-Nil, Garden City", Ar: "كورنيش النيل، جاردن سيتي"},
		lat:     30.0384, lng: 31.2297, visit: 60, hours: daily("09:00", "23:00"),
		ticket: t{En: "Paid to the boatman per hour; agree the price first.", Ar: "تُدفع للمراكبي بالساعة؛ اتفق على السعر أولًا."},
	},
	{
		slug: "nilometer-roda", category: "nile-parks", motif: "nile", popularity: 7000,
		name:  t{En: "Nilometer on Roda Island", Ar: "مقياس النيل بالروضة"},
		short: t{En: "An 861 well that measured the flood and set the year's taxes.", Ar: "بئر من عام ٨٦١ كان يقيس الفيضان ويحدد ضرائب العام."},
		long: t{
			En: "A graduated octagonal column stands in a deep stone well connected to the river. Rising water meant a good harvest; the height of the flood decided how much tax the country paid.",
			Ar: "يقوم عمود مثمن مدرج في بئر حجرية عميقة متصلة بالنهر. كان ارتفاع الماء يعني حصادًا جيدًا، ويحدد مستوى الفيضان مقدار الخراج الذي تدفعه البلاد.",
		},
		address: t{En: "Southern tip of Roda Island, Manial", Ar: "الطرف الجنوبي لجزيرة الروضة، المنيل"},
		lat:     30.0068, lng: 31.2254, visit: 30, hours: daily("09:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "baron-empain-palace", category: "museums", motif: "palace", popularity: 27000,
		name:  t{En: "Baron Empain Palace", Ar: "قصر البارون إمبان"},
		short: t{En: "A Hindu-temple fantasy built in 1911 by the founder of Heliopolis.", Ar: "قصر على طراز المعابد الهندية بناه مؤسس مصر الجديدة عام ١٩١١."},
		long: t{
			En: "The Belgian industrialist Édouard Empain built the palace on the desert edge of his new garden city. Restored in 2020, it now tells the story of Heliopolis; its terraces are lovely in the late afternoon.",
			Ar: "بنى رجل الصناعة البلجيكي إدوار إمبان القصر على حافة الصحراء في مدينته الجديدة. رُمم عام ٢٠٢٠ ويروي اليوم قصة مصر الجديدة، وشرفاته جميلة في آخر النهار.",
		},
		address: t{En: "El-Orouba Street, Heliopolis", Ar: "شارع العروبة، مصر الجديدة"},
		lat:     30.0868, lng: 31.3302, visit: 60, hours: daily("09:00", "17:00"), ticket: gateTicket,
	},
	{
		slug: "manial-palace", category: "museums", motif: "palace", popularity: 16000,
		name:  t{En: "Manial Palace", Ar: "قصر الأمير محمد علي بالمنيل"},
		short: t{En: "A prince's palace mixing Ottoman, Moorish and Persian styles in a banyan garden.", Ar: "قصر أمير يمزج الطراز العثماني والمغربي والفارسي في حديقة أشجار البانيان."},
		long: t{
			En: "Prince Mohamed Ali Tewfik built his residence, throne hall, mosque and hunting museum between 1899 and 1929. Every room is a different blend of tilework, carved wood and painted ceilings.",
			Ar: "بنى الأمير محمد علي توفيق مقر إقامته وقاعة العرش والمسجد ومتحف الصيد بين عامي ١٨٩٩ و١٩٢٩. وكل غرفة مزيج مختلف من البلاطات والأخشاب المحفورة والأسقف المرسومة.",
		},
		address: t{En: "Al-Saray Street, Manial, Roda Island", Ar: "شارع السراي، المنيل، جزيرة الروضة"},
		lat:     30.0268, lng: 31.2297, visit: 75, hours: daily("09:00", "16:00"), ticket: gateTicket,
	},
	{
		slug: "abdeen-palace", category: "museums", motif: "palace", popularity: 13000,
		name:  t{En: "Abdeen Palace Museum", Ar: "متحف قصر عابدين"},
		short: t{En: "The khedives' palace of 1874, with collections of arms, silver and royal gifts.", Ar: "قصر الخديويين منذ ١٨٧٤، بمجموعات من الأسلحة والفضة والهدايا الملكية."},
		long: t{
			En: "Khedive Ismail moved the seat of government from the Citadel to this palace in the modern city he was building. Its museums show weapons, presidential gifts and the silverware of the royal family.",
			Ar: "نقل الخديوي إسماعيل مقر الحكم من القلعة إلى هذا القصر في المدينة الحديثة التي كان يبنيها. وتعرض متاحفه الأسلحة والهدايا الرئاسية وأدوات المائدة الفضية للأسرة المالكة.",
		},
		address: t{En: "Gomhoreya Square, Abdeen, Cairo", Ar: "ميدان الجمهورية، عابدين، القاهرة"},
		lat:     30.0428, lng: 31.2474, visit: 75, hours: except(daily("09:00", "15:00"), time.Friday), ticket: gateTicket,
	},
	{
		slug: "souq-al-fustat", category: "shopping", motif: "market", popularity: 8000,
		name:  t{En: "Souq Al-Fustat crafts market", Ar: "سوق الفسطاط للحرف"},
		short: t{En: "Calm, fixed-price workshops for pottery, glass, leather and textiles.", Ar: "ورش هادئة بأسعار ثابتة للفخار والزجاج والجلود والمنسوجات."},
		long: t{
			En: "Next to the Coptic compound, this modern courtyard market gathers Egyptian designers and craftspeople. A relaxed alternative to the bazaar, with good coffee.",
			Ar: "بجوار مجمع الأديان يجمع هذا السوق الحديث المصممين والحرفيين المصريين حول فناء واحد. بديل هادئ عن البازار، مع قهوة جيدة.",
		},
		address: t{En: "Mari Girgis Street, Old Cairo", Ar: "شارع مار جرجس، مصر القديمة"},
		lat:     30.0067, lng: 31.2317, visit: 45, hours: daily("10:00", "18:00"), ticket: freeEntry,
	},
	{
		slug: "citystars-heliopolis", category: "shopping", motif: "mall", popularity: 29000,
		name:  t{En: "Citystars Heliopolis", Ar: "سيتي ستارز مصر الجديدة"},
		short: t{En: "One of the largest malls in the region, with a Khan-style bazaar inside.", Ar: "من أكبر المراكز التجارية في المنطقة، وبداخله سوق على طراز الخان."},
		long: t{
			En: "Hundreds of shops, a cinema, restaurants and a small indoor bazaar of Egyptian crafts. Cool in summer and open late every day.",
			Ar: "مئات المحلات وسينما ومطاعم وسوق داخلي صغير للحرف المصرية. منعش في الصيف ومفتوح حتى وقت متأخر كل يوم.",
		},
		address: t{En: "Omar Ibn El-Khattab Street, Nasr City", Ar: "شارع عمر بن الخطاب، مدينة نصر"},
		lat:     30.0729, lng: 31.3461, visit: 120, hours: daily("10:00", "24:00"), ticket: freeEntry,
	},
}
