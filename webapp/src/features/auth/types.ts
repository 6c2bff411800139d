export type { User } from './schemas';
