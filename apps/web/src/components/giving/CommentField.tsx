import { memo } from 'react';
import { Text, Textarea } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '@app/domain';
import { useT } from '../../i18n';

/**
 * The box grows with its text by the browser's own sizing (`field-sizing`), from two lines to
 * four: the script that did it measured a hidden copy of the box, a forced layout of the whole
 * page when the class page first drew (a sixth of a second on a phone) and whenever the box was
 * drawn (issue 35). A browser without it shows two lines and scrolls.
 */
const GROWING = {
  input: {
    fieldSizing: 'content',
    minHeight: 'calc(2lh + 2 * var(--input-padding-y, 0rem) + 2px)',
    maxHeight: 'calc(4lh + 2 * var(--input-padding-y, 0rem) + 2px)',
  },
} as const;

/** Optional comment with a live count against the 150-character limit. Drawn again only when its text changes. */
export const CommentField = memo(function CommentField({
  value,
  onChange,
}: {
  value: string;
  onChange: (v: string) => void;
}) {
  const t = useT();
  const left = MAX_COMMENT_LENGTH - value.length;
  return (
    <Textarea
      label={t('giving.comment')}
      placeholder={t('giving.commentPlaceholder')}
      rows={2}
      styles={GROWING}
      maxLength={MAX_COMMENT_LENGTH}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={
        <Text span fz="xs" c={left < 15 ? 'orange' : 'dimmed'} aria-live="polite">
          {t('giving.commentCount', { length: value.length, max: MAX_COMMENT_LENGTH })}
        </Text>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
});
