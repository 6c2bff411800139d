export type { Program } from './schemas';
