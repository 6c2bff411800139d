import { useTranslation } from 'react-i18next';

// The support console's messages, in their own namespace; both languages carry the same keys.
export const NS = 'support';

const en = {
  title: 'Support',
  lead: 'Find an order, read every event with who did it and what it changed, and replay its state at any version.',
  search: 'Name, e-mail, phone or trip number',
  searchHint: 'Any part of a first or last name, in English or Arabic.',
  noHits: 'No orders match.',
  hits: '{{count}} orders match; the newest {{shown}} are shown.',
  timeline: 'Event history',
  version: 'State at version {{at}} of {{last}}',
  state: 'Order',
  driver: 'Driver at this version',
  by: 'By {{who}}',
  recordedAt: '{{time}} Cairo time',
  eventVersion: 'v{{version}}',
  metadata: 'Details',
  command: 'Command {{id}}',
  correlation: 'Correlation {{id}}',
  ip: 'IP {{ip}}',
  position: 'Position {{commit}}/{{prepare}}',
  related: 'Related streams',
  actions: 'Compensating actions',
  actionsNote: 'Cancel or refund this order from Purchase orders; support staff may use both.',
  projections: 'Read models',
  rebuild: 'Rebuild',
  rebuildTitle: 'Rebuild {{name}}?',
  rebuildText:
    'The read model is replayed from the first event and swapped in when it has caught up. The site keeps answering from the current one meanwhile; on a long history this takes minutes.',
  keep: 'Not now',
  processNote: 'Runs each effect once; not rebuilt',
  rebuilding: 'Rebuilding… {{percent}}%',
  rebuilt: '{{name}} rebuilt.',
  failed: 'Rebuild of {{name}} failed: {{error}}',
  lag: '{{events}} events applied, {{lag}} behind',
  diff: {
    title: 'What it changed',
    none: 'Nothing on the order changed.',
    added: 'Set',
    changed: 'Changed',
    removed: 'Cleared',
    arrow: '→',
    to: 'to',
  },
  readModel: {
    bookedcart: 'Booked stops leave the cart (process)',
    cart: 'Carts',
    catalogue: 'Catalogue',
    dispatch: 'Trips and drivers',
    notifications: 'Notifications',
    ordermail: 'Order e-mails (process)',
    orders: 'Orders, payments and enquiries',
    ordertrip: 'Orders and their trips (process)',
    payments: 'Payment and refund jobs (process)',
    reviews: 'Reviews',
    insights: 'Dashboard figures',
    triptimes: 'Drivers’ bookings follow changed trip times (process)',
    stats: 'Event statistics',
    support_search: 'Order search',
  },
};

const ar: typeof en = {
  title: 'الدعم',
  lead: 'ابحث عن طلب، واقرأ كل حدث ومن قام به وما غيّره، وأعد عرض حالته عند أي إصدار.',
  search: 'الاسم أو البريد الإلكتروني أو الهاتف أو رقم الرحلة',
  searchHint: 'أي جزء من الاسم الأول أو الأخير، بالعربية أو الإنجليزية.',
  noHits: 'لا توجد طلبات مطابقة.',
  hits: '{{count}} طلبًا مطابقًا؛ يظهر أحدث {{shown}}.',
  timeline: 'سجل الأحداث',
  version: 'الحالة عند الإصدار {{at}} من {{last}}',
  state: 'الطلب',
  driver: 'السائق عند هذا الإصدار',
  by: 'بواسطة {{who}}',
  recordedAt: '{{time}} بتوقيت القاهرة',
  eventVersion: 'الإصدار {{version}}',
  metadata: 'التفاصيل',
  command: 'الأمر {{id}}',
  correlation: 'الارتباط {{id}}',
  ip: 'عنوان IP {{ip}}',
  position: 'الموضع {{commit}}/{{prepare}}',
  related: 'تدفقات مرتبطة',
  actions: 'إجراءات تعويضية',
  actionsNote: 'ألغِ هذا الطلب أو استرد مبلغه من أوامر الشراء؛ يمكن لفريق الدعم استخدام الإجراءين.',
  projections: 'نماذج القراءة',
  rebuild: 'إعادة البناء',
  rebuildTitle: 'إعادة بناء {{name}}؟',
  rebuildText:
    'يُعاد تشغيل نموذج القراءة من أول حدث ويحل محل الحالي عندما يلحق به. يظل الموقع يجيب من النموذج الحالي في أثناء ذلك؛ وقد يستغرق الأمر دقائق على سجل طويل.',
  keep: 'ليس الآن',
  processNote: 'ينفّذ كل أثر مرة واحدة؛ لا يُعاد بناؤه',
  rebuilding: 'جارٍ إعادة البناء… {{percent}}%',
  rebuilt: 'تمت إعادة بناء {{name}}.',
  failed: 'فشلت إعادة بناء {{name}}: {{error}}',
  lag: 'تم تطبيق {{events}} حدثًا، والمتأخر {{lag}}',
  diff: {
    title: 'ما الذي غيّره',
    none: 'لم يتغير شيء في الطلب.',
    added: 'أُضيف',
    changed: 'تغيّر',
    removed: 'أُزيل',
    arrow: '←',
    to: 'إلى',
  },
  readModel: {
    bookedcart: 'إزالة المحطات المحجوزة من السلة (عملية)',
    cart: 'سلال التسوق',
    catalogue: 'الكتالوج',
    dispatch: 'الرحلات والسائقون',
    notifications: 'الإشعارات',
    ordermail: 'رسائل الطلبات (عملية)',
    orders: 'الطلبات والمدفوعات والاستفسارات',
    ordertrip: 'الطلبات ورحلاتها (عملية)',
    payments: 'مهام الدفع والاسترداد (عملية)',
    reviews: 'التقييمات',
    insights: 'أرقام لوحة التحكم',
    triptimes: 'حجوزات السائقين تتبع مواعيد الرحلات المعدّلة (عملية)',
    stats: 'إحصاءات الأحداث',
    support_search: 'البحث في الطلبات',
  },
};

export const supportMessages = { en, ar };

/** useTranslation for the support namespace, adding its messages on first use. */
export function useSupportT() {
  const { i18n } = useTranslation();
  for (const [lng, bundle] of Object.entries(supportMessages)) {
    if (!i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, bundle);
  }
  return useTranslation(NS);
}
