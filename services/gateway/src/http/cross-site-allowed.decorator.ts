import { SetMetadata } from '@nestjs/common';

export const CROSS_SITE_ALLOWED = Symbol('CROSS_SITE_ALLOWED');

/**
 * Opts a state-changing route out of the same-origin check, for callers that are other sites by
 * design and prove themselves another way (a provider's signed webhook). Say why where it is used.
 */
export const CrossSiteAllowed = () => SetMetadata(CROSS_SITE_ALLOWED, true);
