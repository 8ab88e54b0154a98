import { Text, Textarea } from '@mantine/core';
import { MAX_COMMENT_LENGTH } from '@app/domain';

/** Optional comment with a live count against the 150-character limit. */
export function CommentField({
  value,
  onChange,
}: {
  value: string;
  onChange: (v: string) => void;
}) {
  const left = MAX_COMMENT_LENGTH - value.length;
  return (
    <Textarea
      label="Comment (optional)"
      placeholder="What did they do?"
      autosize
      minRows={2}
      maxRows={4}
      maxLength={MAX_COMMENT_LENGTH}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={
        <Text span fz="xs" c={left < 15 ? 'orange' : 'dimmed'} aria-live="polite">
          {value.length}/{MAX_COMMENT_LENGTH} characters
        </Text>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
