// Page scroll lock shared by every modal, sheet and the repair overlay: counted, so nested
// overlays unlock only when the last one closes. The styles are in styles/global.css.
const ATTRIBUTE = 'data-scroll-locked';
let locks = 0;

export function lockScroll(): () => void {
  locks += 1;
  document.documentElement.setAttribute(ATTRIBUTE, '');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.documentElement.removeAttribute(ATTRIBUTE);
  };
}

export function isScrollLocked(): boolean {
  return locks > 0;
}
