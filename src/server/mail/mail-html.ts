// The HTML part of every mail, made from its plain text so both say the same. Inline styles only
// (mail clients drop <style> and external sheets) and no remote images (they are blocked by default
// and betray when a mail is read). Links become plain <a> with their address as their text: a
// button hiding where it leads is what phishing mails look like.

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function linked(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#0b57d0;word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** A paragraph per blank-line-separated block; the signature (after a lone "—") in grey. */
export function htmlOfText(text: string, title: string): string {
  const [body = '', signature] = text.split(/\n—\n/);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${block.split('\n').map(linked).join('<br>')}</p>`)
    .join('');
  const footer = signature
    ? `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #ddd;color:#666;font-size:13px">${signature
        .split('\n')
        .map(linked)
        .join('<br>')}</p>`
    : '';
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f4f5f7">' +
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;' +
    `font-size:15px;line-height:1.5;color:#1f1f1f;background:#ffffff">${paragraphs}${footer}</div>` +
    '</body></html>'
  );
}
