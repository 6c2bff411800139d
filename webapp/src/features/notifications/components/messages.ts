import { useTranslation } from 'react-i18next';

// The bell's messages, in their own namespace so this feature adds them without touching the shared
// locale files. Both languages carry the same keys.
export const NS = 'notifications';

const en = {
  title: 'Updates about your trips',
  markAllRead: 'Mark all read',
  unread: '{{count}} unread',
  new: 'New',
  cairoTime: '{{time}} (Cairo time)',
  trip: 'Trip {{number}}',
  failed: 'Could not load your updates.',
  kinds: {
    order_placed: 'Order received. Pay to confirm your car.',
    order_confirmed: 'Payment received: your trip is confirmed.',
    payment_failed: 'Your payment did not go through.',
    order_expired: 'The hold on your order ran out unpaid.',
    order_cancelled: 'Your order was cancelled.',
    refund_issued: 'Refund issued: {{amount}}.',
    order_exchanged: 'Your trip was changed.',
    driver_assigned: 'Your driver: {{driver}} · {{vehicle}} · {{plate}}',
    driver_unassigned: 'Your driver was changed; a new one will be assigned.',
    trip_started: 'Your driver is on the way to the pickup.',
    picked_up: 'You are on board. Enjoy the trip!',
    arrived_at_stop: 'Arrived at {{place}}.',
    trip_completed: 'Trip completed. Thank you for travelling with Mishwar!',
    trip_given: 'A trip for you: pickup {{time}}.',
    trip_taken_away: 'This trip was handed to another driver on the road.',
    trip_moved_away_traveller: 'The traveller moved this trip to {{day}}; it is off your list.',
    trip_moved_away_office: 'The office moved this trip to {{day}}; it is off your list.',
    trip_retimed_away: 'This trip’s new times overlap your trip {{trip}} ({{from}}–{{to}}, Cairo time); it is off your list.',
    trip_taken_off: 'The office took this trip off you.',
    trip_taken_off_why: 'The office took this trip off you: {{reason}}',
    trip_called_off: 'This trip was cancelled; you no longer drive it.',
    trip_handed_to_you: 'A trip on the road is yours now: go on from where it has reached.',
    driver_changed: 'Your trip goes on with another driver: {{driver}} · {{vehicle}} · {{plate}}',
  },
};

const ar: typeof en = {
  title: 'تحديثات رحلاتك',
  markAllRead: 'تعليم الكل كمقروء',
  unread: '{{count}} غير مقروء',
  new: 'جديد',
  cairoTime: '{{time}} (بتوقيت القاهرة)',
  trip: 'الرحلة {{number}}',
  failed: 'تعذر تحميل التحديثات.',
  kinds: {
    order_placed: 'استلمنا طلبك. ادفع لتأكيد سيارتك.',
    order_confirmed: 'تم استلام الدفع: رحلتك مؤكدة.',
    payment_failed: 'لم تنجح عملية الدفع.',
    order_expired: 'انتهت مهلة حجز طلبك دون دفع.',
    order_cancelled: 'أُلغي طلبك.',
    refund_issued: 'تم رد المبلغ: {{amount}}.',
    order_exchanged: 'تم تغيير رحلتك.',
    driver_assigned: 'سائقك: {{driver}}، {{vehicle}}، {{plate}}',
    driver_unassigned: 'تغيّر سائقك؛ سيُعيَّن سائق جديد.',
    trip_started: 'سائقك في الطريق إلى نقطة الالتقاء.',
    picked_up: 'أنت على متن السيارة. رحلة سعيدة!',
    arrived_at_stop: 'الوصول إلى {{place}}.',
    trip_completed: 'اكتملت الرحلة. شكرًا لسفرك مع مشوار!',
    trip_given: 'رحلة لك: الانطلاق {{time}}.',
    trip_taken_away: 'سُلِّمت هذه الرحلة إلى سائق آخر أثناء الطريق.',
    trip_moved_away_traveller: 'نقل المسافر هذه الرحلة إلى {{day}}؛ لم تعد في قائمتك.',
    trip_moved_away_office: 'نقل المكتب هذه الرحلة إلى {{day}}؛ لم تعد في قائمتك.',
    trip_retimed_away: 'مواعيد هذه الرحلة الجديدة تتداخل مع رحلتك {{trip}} ({{from}}–{{to}} بتوقيت القاهرة)؛ لم تعد في قائمتك.',
    trip_taken_off: 'سحب المكتب هذه الرحلة منك.',
    trip_taken_off_why: 'سحب المكتب هذه الرحلة منك: {{reason}}',
    trip_called_off: 'أُلغيت هذه الرحلة؛ لم تعد تقودها.',
    trip_handed_to_you: 'رحلة على الطريق أصبحت لك: أكملها من حيث وصلت.',
    driver_changed: 'تكمل رحلتك مع سائق آخر: {{driver}}، {{vehicle}}، {{plate}}',
  },
};

export const notificationMessages = { en, ar };

/** useTranslation for the notifications namespace, adding its messages on first use. */
export function useNotificationsT() {
  const { i18n } = useTranslation();
  for (const [lng, bundle] of Object.entries(notificationMessages)) {
    if (!i18n.hasResourceBundle(lng, NS)) i18n.addResourceBundle(lng, NS, bundle);
  }
  return useTranslation(NS);
}
