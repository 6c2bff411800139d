import { useTranslation } from 'react-i18next';

// The dispatch screens' messages, in their own namespace so this feature adds them without touching
// the shared locale files. Both languages carry the same keys.
export const NS = 'dispatch';

const en = {
  board: {
    title: 'Trips',
    lead: 'Each confirmed trip of the day, who drives it and how far it has come.',
    date: 'Day',
    empty: 'No confirmed trips on this day.',
    driver: 'Driver',
    choose: 'Choose a driver',
    assign: 'Assign',
    unassign: 'Unassign',
    assigned: 'Driver assigned.',
    unassigned: 'Driver unassigned.',
    drivers: 'Drivers',
    works: '{{trips}} of {{perDay}} trips',
    off: 'Off this day',
    account: 'Sign-in account (e-mail)',
    link: 'Link account',
    linked: 'Account linked.',
    noAccount: 'No account linked',
    manifest: 'Print manifest',
  },
  manifest: {
    title: 'Manifest — {{date}}',
    lead: 'Each driver’s trips of the day in pickup order. Times are Cairo time.',
    print: 'Print',
    csv: 'Download CSV',
    unassigned: 'No driver yet',
    stops: 'Stops: {{stops}}',
  },
  driver: {
    title: 'My trips',
    lead: 'Your trips from today on. Tap the big button at each step.',
    empty: 'No trips assigned to you.',
    pickup: 'Pickup: {{place}}',
    call: 'Call {{name}}',
    done: 'Trip completed.',
    cairoTime: '{{time}} (Cairo time)',
    carClass: 'Car class: {{name}}',
    travellers_one: '{{n}} traveller',
    travellers_other: '{{n}} travellers',
    comments: 'Traveller’s comments',
  },
  steps: { start: 'Start trip', pickup: 'Travellers picked up', arrive: 'Arrived at {{name}}', complete: 'Complete trip' },
  status: {
    unassigned: 'Waiting for a driver',
    assigned: 'Driver assigned',
    started: 'On the way to the pickup',
    picked_up: 'Travellers on board',
    at_stop: 'At stop {{stop}}: {{name}}',
    completed: 'Trip completed',
    cancelled: 'Trip cancelled',
  },
  events: {
    DriverAssigned: 'Driver assigned: {{driver}}',
    DriverUnassigned: 'Driver unassigned',
    TripStarted: 'Trip started',
    TravellersPickedUp: 'Travellers picked up',
    ArrivedAtStop: 'Arrived at {{name}}',
    TripCompleted: 'Trip completed',
    TripCancelled: 'Trip cancelled',
  },
  progress: { title: 'Live trip progress', driver: '{{name}} · {{vehicle}} · {{plate}}', live: 'Updates live' },
  tracking: {
    share: 'Share my location',
    stop: 'Stop sharing my location',
    off: 'Your location is not shared. While you share it, during this trip only, the traveller sees your car on a map.',
    asking: 'Asking your browser for your location…',
    sharing: 'Sharing your location with the traveller.',
    sharingSince: 'Sharing your location · last sent {{time}}',
    denied: 'Location access is blocked for this site. Allow location for this site in your browser’s settings, then tap “Share my location” again.',
    unavailable: 'Your location cannot be read on this device right now.',
    failed: 'Your location could not be sent.',
    offline: 'Not connected: your location is sent again once the connection is back.',
    waiting: 'Your car appears on the map once the driver shares their location.',
    heading: { pickup: 'Your driver is on the way to {{name}}', stop: 'On the way to {{name}}', end: 'On the way to {{name}}' },
    eta: { pickup: 'Your driver reaches {{name}} in about {{minutes}}', stop: 'About {{minutes}} to {{name}}', end: 'About {{minutes}} to {{name}}' },
    arriving: { pickup: 'Your driver is arriving at {{name}}', stop: 'Arriving at {{name}}', end: 'Arriving at {{name}}' },
    minutes_one: '{{n}} min',
    minutes_other: '{{n}} min',
    updated: 'Car position updated at {{time}}',
    mapLabel: 'Map of your car and its next stop',
    car: 'Your car',
  },
};

const ar: typeof en = {
  board: {
    title: 'الرحلات',
    lead: 'كل رحلة مؤكدة في اليوم، ومن يقودها، وإلى أين وصلت.',
    date: 'اليوم',
    empty: 'لا توجد رحلات مؤكدة في هذا اليوم.',
    driver: 'السائق',
    choose: 'اختر سائقًا',
    assign: 'إسناد',
    unassign: 'إلغاء الإسناد',
    assigned: 'تم إسناد السائق.',
    unassigned: 'تم إلغاء إسناد السائق.',
    drivers: 'السائقون',
    works: '{{trips}} من {{perDay}} رحلات',
    off: 'لا يعمل في هذا اليوم',
    account: 'حساب الدخول (البريد الإلكتروني)',
    link: 'ربط الحساب',
    linked: 'تم ربط الحساب.',
    noAccount: 'لا يوجد حساب مرتبط',
    manifest: 'طباعة كشف الرحلات',
  },
  manifest: {
    title: 'كشف الرحلات — {{date}}',
    lead: 'رحلات كل سائق في اليوم بترتيب مواعيد الالتقاء. الأوقات بتوقيت القاهرة.',
    print: 'طباعة',
    csv: 'تنزيل ملف CSV',
    unassigned: 'بلا سائق بعد',
    stops: 'المحطات: {{stops}}',
  },
  driver: {
    title: 'رحلاتي',
    lead: 'رحلاتك من اليوم فصاعدًا. اضغط الزر الكبير عند كل خطوة.',
    empty: 'لا توجد رحلات مسندة إليك.',
    pickup: 'نقطة الالتقاء: {{place}}',
    call: 'اتصل بـ {{name}}',
    done: 'اكتملت الرحلة.',
    cairoTime: '{{time}} (بتوقيت القاهرة)',
    carClass: 'فئة السيارة: {{name}}',
    travellers_one: 'مسافر واحد',
    travellers_other: '{{n}} مسافر',
    comments: 'ملاحظات المسافر',
  },
  steps: { start: 'ابدأ الرحلة', pickup: 'تم اصطحاب المسافرين', arrive: 'الوصول إلى {{name}}', complete: 'إنهاء الرحلة' },
  status: {
    unassigned: 'في انتظار سائق',
    assigned: 'تم إسناد سائق',
    started: 'في الطريق إلى نقطة الالتقاء',
    picked_up: 'المسافرون على متن السيارة',
    at_stop: 'عند المحطة {{stop}}: {{name}}',
    completed: 'اكتملت الرحلة',
    cancelled: 'أُلغيت الرحلة',
  },
  events: {
    DriverAssigned: 'تم إسناد السائق: {{driver}}',
    DriverUnassigned: 'تم إلغاء إسناد السائق',
    TripStarted: 'بدأت الرحلة',
    TravellersPickedUp: 'تم اصطحاب المسافرين',
    ArrivedAtStop: 'الوصول إلى {{name}}',
    TripCompleted: 'اكتملت الرحلة',
    TripCancelled: 'أُلغيت الرحلة',
  },
  progress: { title: 'تقدم الرحلة مباشرة', driver: '{{name}} · {{vehicle}} · {{plate}}', live: 'تحديث مباشر' },
  tracking: {
    share: 'شارك موقعي',
    stop: 'أوقف مشاركة موقعي',
    off: 'موقعك غير مُشارَك. أثناء مشاركته، خلال هذه الرحلة فقط، يرى المسافر سيارتك على الخريطة.',
    asking: 'جارٍ طلب موقعك من المتصفح…',
    sharing: 'تتم مشاركة موقعك مع المسافر.',
    sharingSince: 'تتم مشاركة موقعك · آخر إرسال {{time}}',
    denied: 'الوصول إلى الموقع محظور لهذا الموقع. اسمح بالموقع لهذا الموقع من إعدادات المتصفح، ثم اضغط «شارك موقعي» مرة أخرى.',
    unavailable: 'لا يمكن قراءة موقعك على هذا الجهاز الآن.',
    failed: 'تعذر إرسال موقعك.',
    offline: 'غير متصل: سيُرسل موقعك مجددًا عند عودة الاتصال.',
    waiting: 'تظهر سيارتك على الخريطة عندما يشارك السائق موقعه.',
    heading: { pickup: 'سائقك في الطريق إلى {{name}}', stop: 'في الطريق إلى {{name}}', end: 'في الطريق إلى {{name}}' },
    eta: { pickup: 'يصل سائقك إلى {{name}} خلال {{minutes}} تقريبًا', stop: '{{minutes}} تقريبًا إلى {{name}}', end: '{{minutes}} تقريبًا إلى {{name}}' },
    arriving: { pickup: 'سائقك يصل الآن إلى {{name}}', stop: 'الوصول الآن إلى {{name}}', end: 'الوصول الآن إلى {{name}}' },
    minutes_one: 'دقيقة واحدة',
    minutes_other: '{{n}} دقيقة',
    updated: 'آخر تحديث لموقع السيارة {{time}}',
    mapLabel: 'خريطة سيارتك ومحطتها التالية',
    car: 'سيارتك',
  },
};

// Arabic has more plural forms than English; the typed bundle above holds only English's.
const arPlurals = { travellers_two: 'مسافران', travellers_few: '{{n}} مسافرين', travellers_many: '{{n}} مسافرًا' };
const arMinutes = { minutes_zero: '{{n}} دقيقة', minutes_two: 'دقيقتان', minutes_few: '{{n}} دقائق', minutes_many: '{{n}} دقيقة' };

export const dispatchMessages = {
  en,
  ar: { ...ar, driver: { ...ar.driver, ...arPlurals }, tracking: { ...ar.tracking, ...arMinutes } },
};

/** useTranslation for the dispatch namespace, adding its messages on first use. */
export function useDispatchT() {
  const { i18n } = useTranslation();
  for (const [lng, bundle] of Object.entries(dispatchMessages)) {
    if (!i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, bundle);
  }
  return useTranslation(NS);
}
