import type { Config, Logger } from '../context.ts';

// A portal on a public address that mails from `…@localhost` (MAIL_FROM's default) has its mail
// refused or filed as spam by most providers: no SPF, DKIM or DMARC can vouch for that domain.
// The start says so, once, instead of the users finding out that no code ever comes.

const LOCAL_HOST = /^(localhost|[^.]+|.*\.(localhost|local|test|invalid|internal))$/i;

const domainOf = (from: string): string | undefined => /@([^\s<>@]+?)>?\s*$/.exec(from)?.[1];

function isPublicHost(host: string): boolean {
  return !LOCAL_HOST.test(host) && !/^(127\.|10\.|192\.168\.|\[::1\]|0\.0\.0\.0)/.test(host);
}

export function localSenderWarning(config: Pick<Config, 'mailFrom' | 'publicUrl'>): string | null {
  const domain = domainOf(config.mailFrom);
  const publicHost = new URL(config.publicUrl).hostname;
  if (!domain || !isPublicHost(publicHost) || isPublicHost(domain)) return null;
  return `MAIL_FROM is on ${domain} while PUBLIC_URL is public: mail providers will refuse or file it as spam; set MAIL_FROM to an address of your domain`;
}

export function warnOfLocalSender(config: Pick<Config, 'mailFrom' | 'publicUrl'>, log: Logger): void {
  const warning = localSenderWarning(config);
  if (warning) log.warn(warning, { mailFrom: config.mailFrom, publicUrl: config.publicUrl });
}
