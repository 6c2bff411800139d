import { useTranslation } from 'react-i18next';

// The support console's messages, in their own namespace; both languages carry the same keys.
export const NS = 'support';

const en = {
  title: 'Support',
  lead: 'Find an order, read every event with who did it, and replay its state at any version.',
  search: 'Trip number, order id or e-mail',
  noHits: 'No orders match.',
  timeline: 'Event history',
  version: 'State at version {{at}} of {{last}}',
  state: 'Order state',
  actor: '{{role}} {{id}}',
  command: 'Command {{id}}',
  correlation: 'Correlation {{id}}',
  ip: 'IP {{ip}}',
  position: 'Position {{commit}}/{{prepare}}',
  related: 'Related streams',
  actions: 'Compensating actions',
  actionsNote: 'Cancel or refund this order from Purchase orders; support staff may use both.',
  projections: 'Read models',
  rebuild: 'Rebuild',
  rebuilding: 'Rebuilding… {{percent}}%',
  rebuilt: '{{name}} rebuilt.',
  failed: 'Rebuild of {{name}} failed: {{error}}',
  lag: '{{events}} events applied, {{lag}} behind',
};

const ar: typeof en = {
  title: 'الدعم',
  lead: 'ابحث عن طلب، واقرأ كل حدث ومن قام به، وأعد عرض حالته عند أي إصدار.',
  search: 'رقم الرحلة أو رقم الطلب أو البريد الإلكتروني',
  noHits: 'لا توجد طلبات مطابقة.',
  timeline: 'سجل الأحداث',
  version: 'الحالة عند الإصدار {{at}} من {{last}}',
  state: 'حالة الطلب',
  actor: '{{role}} {{id}}',
  command: 'الأمر {{id}}',
  correlation: 'الارتباط {{id}}',
  ip: 'عنوان IP {{ip}}',
  position: 'الموضع {{commit}}/{{prepare}}',
  related: 'تدفقات مرتبطة',
  actions: 'إجراءات تعويضية',
  actionsNote: 'ألغِ هذا الطلب أو استرد مبلغه من أوامر الشراء؛ يمكن لفريق الدعم استخدام الإجراءين.',
  projections: 'نماذج القراءة',
  rebuild: 'إعادة البناء',
  rebuilding: 'جارٍ إعادة البناء… {{percent}}%',
  rebuilt: 'تمت إعادة بناء {{name}}.',
  failed: 'فشلت إعادة بناء {{name}}: {{error}}',
  lag: 'تم تطبيق {{events}} حدثًا، والمتأخر {{lag}}',
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
