/** How to reach support (SPEC sections 1 and 9), as the contact page and the terms quote it. */
export const SUPPORT_EMAIL = 'support@medicalqr.example.org';

export const SUPPORT_RESPONSE_TIME = '24-48 hours on business days';
