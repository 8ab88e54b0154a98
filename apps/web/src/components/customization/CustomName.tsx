import type { ReactNode } from 'react';
import { Group, Image } from '@mantine/core';
import type { Customization } from './useCustomization';

/**
 * A student's name as they chose to show it: in their font, after their icon. The icon is
 * decoration (the name says who it is), so it is hidden from assistive technology.
 */
export function CustomName({
  customization,
  iconSize = 20,
  children,
}: {
  customization: Customization;
  iconSize?: number;
  children: ReactNode;
}) {
  const { font, icon } = customization;
  const style = font ? { fontFamily: font.fontFamily } : undefined;
  if (!icon)
    return (
      <span style={style} data-font={font?.id}>
        {children}
      </span>
    );
  return (
    <Group
      component="span"
      gap={6}
      wrap="nowrap"
      display="inline-flex"
      style={{ verticalAlign: 'middle' }}
    >
      <Image
        src={icon.imageUrl}
        alt=""
        aria-hidden
        w={iconSize}
        h={iconSize}
        fit="contain"
        data-icon={icon.id}
      />
      <span style={style} data-font={font?.id}>
        {children}
      </span>
    </Group>
  );
}
