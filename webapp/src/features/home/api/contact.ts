import { useHome } from './get-home';

/** How to reach the office, as the admin published it (GET /api/home); null parts are not shown. */
export interface Contact {
  /** The WhatsApp chat link (https://wa.me/<number>). */
  whatsappUrl: string | null;
  /** The office phone, international form (+20…). */
  phone: string | null;
  email: string | null;
  address: string | null;
}

/** The office's contact details; empty until the home content has loaded (never a made-up number). */
export function useContact(): Contact {
  const home = useHome().data;
  return {
    whatsappUrl: home?.whatsapp_url || null,
    phone: home?.contact?.phone || null,
    email: home?.contact?.email || null,
    address: home?.contact?.address || null,
  };
}
