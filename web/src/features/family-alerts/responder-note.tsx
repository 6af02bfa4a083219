import type { ResponderNote } from '@medical-qr/contracts';
import { ExternalLink, Phone } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Fact } from '../../components/ui/fact';
import { textLinkClasses } from '../../components/ui/text-link';
import { dialableNumber } from '../../lib/dialable-number';
import { accuracyText, isCoordinates, openStreetMapUrl } from './alert-place';

/** What the responder chose to send: their message, their name, where they are, and a number to call them back on. */
export function ResponderNoteDetails({ note }: { note: ResponderNote }) {
  const { message, responderName, place, callbackNumber } = note;
  if (!message && !responderName && !place && !callbackNumber) {
    return <p className="mt-4 text-slate-600 dark:text-slate-400">They sent no message, name or place.</p>;
  }
  return (
    <>
      {message ? (
        <blockquote className="mt-4 rounded-2xl bg-slate-50 px-4 py-3 text-base whitespace-pre-line text-slate-900 [overflow-wrap:anywhere] dark:bg-slate-800/60 dark:text-slate-100">
          {message}
        </blockquote>
      ) : null}
      {responderName || place ? (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {responderName ? (
            <Fact label="From" className="min-w-0 [overflow-wrap:anywhere]">
              {responderName}
            </Fact>
          ) : null}
          {place ? (
            <Fact label="Where" className="min-w-0 [overflow-wrap:anywhere]">
              {isCoordinates(place) ? (
                <>
                  <a href={openStreetMapUrl(place)} target="_blank" rel="noreferrer" className={textLinkClasses}>
                    Open the place on a map
                    <ExternalLink className="ml-1 inline size-4 align-[-2px]" aria-hidden="true" />
                  </a>
                  <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
                    Shared from their phone
                    {place.accuracyMeters === undefined ? '' : `, ${accuracyText(place.accuracyMeters)}`}
                  </span>
                </>
              ) : (
                place.text
              )}
            </Fact>
          ) : null}
        </dl>
      ) : null}
      {callbackNumber ? (
        <a
          href={`tel:${dialableNumber(callbackNumber)}`}
          className={buttonClasses({ variant: 'secondary', className: 'mt-4 w-full sm:w-auto' })}
        >
          <Phone className="size-5 shrink-0" aria-hidden="true" />
          Call back
          <span className="font-normal whitespace-nowrap">{callbackNumber}</span>
        </a>
      ) : null}
    </>
  );
}
