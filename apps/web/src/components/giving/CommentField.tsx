import { memo } from 'react';
import { Text, Textarea } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '@app/domain';
import { useT } from '../../i18n';

/**
 * Optional comment with a live count against the 150-character limit. Drawn again only when its
 * text changes: the growing box measures itself (a forced layout of the whole page) each time it
 * is drawn, which made every tap on a class's roster slow on a phone (INP, issue 35).
 */
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
      autosize
      minRows={2}
      maxRows={4}
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
