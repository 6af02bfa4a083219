import type { IncomingHttpHeaders } from 'node:http';
import { createIsbotFromList, list as isbotPatterns } from 'isbot';

/**
 * Previews and scanners isbot does not know by their user agent (checked against isbot 5.2.3). The rest of the ones we
 * checked it knows already: WhatsApp, facebookexternalhit and Facebot (so iMessage's "facebookexternalhit/1.1 Facebot
 * Twitterbot/1.0", and LINE's preview, which is facebookexternalhit too), Slackbot and Slack-ImgProxy, Twitterbot,
 * TelegramBot, Discordbot, LinkedInBot, Googlebot, Google-InspectionTool, GoogleOther, bingbot, BingPreview, Applebot,
 * SkypeUriPreview (Teams' previews too), Snapchat's and Pinterest's previews, redditbot, Embedly, Iframely, Yahoo
 * Slurp, DuckDuckBot, YandexBot, Baiduspider, PetalBot, Barracuda Sentinel. It also takes clients that are no browser
 * (curl, Wget, python-requests, Node's fetch) for machines, and so do we: nobody at a scene reads a card through them.
 * Mail scanners that send an ordinary browser's user agent (Safe Links, Proofpoint, Mimecast often do) cannot be told
 * from a person here; the alert's one-per-10-minutes limit is what bounds them.
 */
const OUR_ADDITIONS = [
  // Word, Outlook and the other Office apps fetch a link before they hand it to the browser:
  // "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)".
  String.raw`\bmicrosoft office\b`,
  // Outlook's embedded renderer: "Mozilla/4.0 (compatible; ...; Microsoft Outlook 14.0.7162; ms-office; MSOffice 14)".
  String.raw`\bms-office\b`,
  String.raw`\bmicrosoft outlook\b`,
  // Viber's preview is the app's own HTTP client ("Viber/20.9.0.8 CFNetwork/1410.0.3 Darwin/22.6.0"); anchored, so
  // that a web view inside Viber (which starts "Mozilla/5.0") still counts.
  String.raw`^viber/`,
];

/**
 * isbot calls any headless Chrome a bot. We count it as a person: our own browser tests run headless Chromium
 * ("... HeadlessChrome/156.0.0.0 Safari/537.36") and must count, and a preview service that renders with headless
 * Chrome without naming itself is rare next to a real scan that a wrong guess would silence.
 */
const HEADLESS = 'headless';

const isAutomatedAgent = createIsbotFromList([
  ...isbotPatterns.filter((pattern) => pattern !== HEADLESS),
  ...OUR_ADDITIONS,
]);

/** What browsers send when they fetch a page ahead of a click (speculation rules, link prefetch, Safari's previews). */
function isSpeculative(headers: IncomingHttpHeaders): boolean {
  const header = (name: string) => String(headers[name] ?? '').toLowerCase();
  return (
    /prefetch|prerender/.test(header('sec-purpose')) ||
    header('purpose') === 'prefetch' ||
    header('x-purpose') === 'preview' ||
    header('x-moz') === 'prefetch'
  );
}

/**
 * Whether a request for a card is a machine's rather than a person's: a HEAD, a prefetch or prerender, or a link
 * preview, crawler or security scanner by its user agent. Such a view still gets the card, exactly as a person's
 * does; it only adds nothing to the owner's scan log and alerts no one. When in doubt it counts as a person (an empty
 * user agent too): a missed alert costs more than one too many.
 */
export function isAutomatedVisit(request: { method: string; headers: IncomingHttpHeaders }): boolean {
  if (request.method === 'HEAD') return true;
  if (isSpeculative(request.headers)) return true;
  return isAutomatedAgent(request.headers['user-agent'] ?? '');
}
