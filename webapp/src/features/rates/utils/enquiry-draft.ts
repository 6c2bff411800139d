/**
 * What the traveller typed into the enquiry form, kept for this tab while they choose a pickup point
 * on another page, so nothing has to be typed twice (see form-draft).
 */
import { formDraft } from '@/lib/form-draft';

const draft = formDraft('mishwar.enquiry-draft');

export const saveEnquiryDraft = draft.save;
/** The saved draft, if any. */
export const readEnquiryDraft = draft.read;
/** Forgets the draft once the enquiry is sent. */
export const clearEnquiryDraft = draft.clear;
