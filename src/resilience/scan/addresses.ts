/**
 * Where a description could send data: URLs and mail addresses in prose. Reserved example domains
 * (RFC 2606/6761: example.*, .test, .invalid, .localhost) and loopback are never findings; a
 * collection service (webhook catchers, tunnels, paste sites) or an instruction to send something
 * to an address is high; a URL with a query string, a bare IP or a mail address is medium; any other
 * external link is low (documentation links are normal, but worth a look).
 */

import type { Severity } from '../../report/model.js';
import { matchesOf, type Detection } from './detection.js';

const URL_PATTERN = /\b(?:https?|ftp|wss?):\/\/[^\s"'<>`)\]}]+/gi;
const EMAIL_PATTERN = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+\b/g;
const SEND_TO =
  /\b(?:send|post|forward|upload|e-?mail|mail|cc|bcc|copy|report|transmit|submit|exfiltrate|leak)\b[^.!?\n]{0,80}?\bto\s+<?((?:https?|ftp):\/\/[^\s"'<>`)]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/gi;

const EXAMPLE_HOST = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$|^localhost$|^127\.\d+\.\d+\.\d+$|^\[::1\]$/i;
const COLLECTOR_HOST =
  /(?:^|\.)(?:webhook\.site|requestbin\.(?:com|net)|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|burpcollaborator\.net|oastify\.com|oast\.(?:fun|live|me|online|pro|site)|interact\.sh|hookbin\.com|beeceptor\.com|requestcatcher\.com|canarytokens\.(?:com|org)|trycloudflare\.com|pastebin\.com|transfer\.sh|hooks\.slack\.com)$/i;

function hostOf(address: string): string | undefined {
  if (!address.includes('://')) return address.split('@')[1]?.toLowerCase();
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function isExample(address: string): boolean {
  const host = hostOf(address);
  return host === undefined || EXAMPLE_HOST.test(host);
}

function classifyUrl(url: string): { rule: string; severity: Severity; why: string } {
  const host = hostOf(url) ?? '';
  if (COLLECTOR_HOST.test(host) || /discord(?:app)?\.com\/api\/webhooks/i.test(url)) {
    return { rule: 'collector-url', severity: 'high', why: 'a request-collection service: whatever reaches it is captured' };
  }
  if (/[?#].*=/.test(url))
    return { rule: 'url-with-query', severity: 'medium', why: 'a URL with query parameters is a ready-made channel for data' };
  if (/^[\d.]+$|^\[[\d:a-f]+\]$/i.test(host)) return { rule: 'ip-url', severity: 'medium', why: 'a URL to a bare IP address' };
  return { rule: 'external-url', severity: 'low', why: 'an external link in text written for a model' };
}

export function detectAddresses(text: string): Detection[] {
  const detections: Detection[] = [];
  const covered = new Set<string>();
  for (const m of matchesOf(SEND_TO, text)) {
    const address = (/to\s+<?(\S+)$/i.exec(m.text)?.[1] ?? '').replace(/[.,;:!?]+$/, '');
    if (isExample(address)) continue;
    covered.add(address);
    detections.push({
      rule: 'send-to-address',
      category: 'data-exfiltration',
      severity: 'high',
      start: m.start,
      end: m.end,
      message: `asks the model to send something to ${address}`,
    });
  }
  const urls = matchesOf(URL_PATTERN, text);
  for (const m of urls) {
    const url = m.text.replace(/[.,;:!?]+$/, '');
    if (isExample(url) || covered.has(url)) continue;
    const { rule, severity, why } = classifyUrl(url);
    detections.push({
      rule,
      category: 'data-exfiltration',
      severity,
      start: m.start,
      end: m.start + url.length,
      message: `${url.slice(0, 100)}: ${why}`,
    });
  }
  for (const m of matchesOf(EMAIL_PATTERN, text)) {
    const insideUrl = urls.some((u) => m.start >= u.start && m.start < u.end);
    if (isExample(m.text) || covered.has(m.text) || insideUrl) continue;
    detections.push({
      rule: 'email-address',
      category: 'data-exfiltration',
      severity: 'medium',
      start: m.start,
      end: m.end,
      message: `${m.text}: a mail address in text written for a model is a destination for data`,
    });
  }
  return detections;
}
