import type { ComponentProps } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { PageMessage } from '../ui/page-message';
import { EmergencyCallLead } from './emergency-call-lead';

/**
 * A page reached instead of an emergency card (not found, expired): whoever sees it may be helping someone, so the
 * emergency call comes first, then the message. The tab says `documentTitle`, or the heading when they are the same.
 */
export function EmergencyFirstMessage({
  documentTitle,
  ...message
}: Omit<ComponentProps<typeof PageMessage>, 'lead' | 'headingRef'> & { documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? message.title);
  return <PageMessage lead={<EmergencyCallLead className="mb-8" />} {...message} />;
}
