import { createHash } from 'node:crypto';

/** How an erased person is known afterwards: a hash of their id, which nothing else stores. */
export const subjectHash = (userId: string) => createHash('sha256').update(`erased-subject:${userId}`).digest('hex');
