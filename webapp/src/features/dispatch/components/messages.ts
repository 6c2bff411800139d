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
  planner: {
    title: 'Week planner',
    lead: 'Seven days of drivers and trips. Pick a driver for each trip without one (or drag it onto the driver’s day). Times are Cairo time.',
    previous: 'Previous week',
    next: 'Next week',
    thisWeek: 'From today',
    from: 'First day',
    unassigned: 'No driver yet',
    noTrips: 'No trips.',
    seats_one: '{{n}} seat',
    seats_other: '{{n}} seats',
  },
  manifest: {
    title: 'Manifest — {{date}}',
    lead: 'Each driver’s trips of the day in pickup order. Times are Cairo time.',
    print: 'Print',
    csv: 'Download CSV',
    unassigned: 'No driver yet',
    stops: 'Stops: {{stops}}',
    address: 'Address: {{address}}',
    end: 'Ends at: {{place}}',
    back: 'Due back {{time}} (Cairo time)',
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
  planner: {
    title: 'مخطط الأسبوع',
    lead: 'سبعة أيام من السائقين والرحلات. اختر سائقًا لكل رحلة بلا سائق (أو اسحبها إلى يوم السائق). الأوقات بتوقيت القاهرة.',
    previous: 'الأسبوع السابق',
    next: 'الأسبوع التالي',
    thisWeek: 'من اليوم',
    from: 'اليوم الأول',
    unassigned: 'بلا سائق بعد',
    noTrips: 'لا توجد رحلات.',
    seats_one: 'مقعد واحد',
    seats_other: '{{n}} مقاعد',
  },
  manifest: {
    title: 'كشف الرحلات — {{date}}',
    lead: 'رحلات كل سائق في اليوم بترتيب مواعيد الالتقاء. الأوقات بتوقيت القاهرة.',
    print: 'طباعة',
    csv: 'تنزيل ملف CSV',
    unassigned: 'بلا سائق بعد',
    stops: 'المحطات: {{stops}}',
    address: 'العنوان: {{address}}',
    end: 'نهاية الرحلة: {{place}}',
    back: 'العودة {{time}} (بتوقيت القاهرة)',
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
};

// Arabic has more plural forms than English; the typed bundle above holds only English's.
const arPlurals = { travellers_two: 'مسافران', travellers_few: '{{n}} مسافرين', travellers_many: '{{n}} مسافرًا' };
const arSeats = { seats_two: 'مقعدان', seats_few: '{{n}} مقاعد', seats_many: '{{n}} مقعدًا' };

export const dispatchMessages = { en, ar: { ...ar, driver: { ...ar.driver, ...arPlurals }, planner: { ...ar.planner, ...arSeats } } };

/** useTranslation for the dispatch namespace, adding its messages on first use. */
export function useDispatchT() {
  const { i18n } = useTranslation();
  for (const [lng, bundle] of Object.entries(dispatchMessages)) {
    if (!i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, bundle);
  }
  return useTranslation(NS);
}
