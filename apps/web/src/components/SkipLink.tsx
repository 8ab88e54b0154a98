import type { MouseEvent } from 'react';
import { T } from '../i18n';

/** The id of each layout's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content", the first thing the Tab key reaches, shown only while focused (a11y.css).
 * It moves focus to the main landmark itself, so the URL (and the router) is left alone.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      <T k="common.skipToMain" />
    </a>
  );
}
