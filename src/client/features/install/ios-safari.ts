/** Browsers on iOS that are not Safari: they name themselves in the user agent. */
const OTHER_IOS_BROWSER = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|GSA\/|DuckDuckGo|Instagram|FBAN|FBAV|Line\//;

/**
 * iPhone or iPad Safari: no beforeinstallprompt there, installing is the share sheet's «На экран
 * „Домой“». iPadOS presents itself as a Mac, so a Mac with a touch screen counts as an iPad.
 */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  return ios && /Safari\//.test(ua) && /Version\//.test(ua) && !OTHER_IOS_BROWSER.test(ua);
}
