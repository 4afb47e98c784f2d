import { Flex, Typography } from 'antd';
import { brandLogoUrl, currentBrand } from '../brand.ts';

/**
 * The brand's mark (`public/brands/<id>.svg`): a tile that reads on light and dark backgrounds alike. Its text
 * alternative is the brand's name unless `alt` says otherwise ('' beside the written name).
 */
export function LogoMark({ size = 32, alt }: { size?: number; alt?: string }) {
  return (
    <img
      src={brandLogoUrl()}
      width={size}
      height={size}
      alt={alt ?? currentBrand().name}
      draggable={false}
      style={{ display: 'block', flex: 'none' }}
      data-testid="brand-logo"
    />
  );
}

/** The brand's mark and name (the side menu, the sign-in card); `collapsed` shows the mark alone. */
export function Logo({
  color,
  size = 32,
  collapsed = false,
}: {
  /** The name's colour (white on a dark menu). */
  color?: string;
  size?: number;
  collapsed?: boolean;
}) {
  const brand = currentBrand();
  // A longer name ("Lumident Cloud") is set a little smaller, so it fits the side menu's 232 px uncut.
  const long = brand.name.length > 10;
  return (
    <Flex
      align="center"
      gap={10}
      justify={collapsed ? 'center' : 'flex-start'}
      style={{ minWidth: 0 }}
      data-brand={brand.id}
    >
      <LogoMark size={size} alt={collapsed ? brand.name : ''} />
      {!collapsed && (
        <Typography.Text
          strong
          ellipsis
          style={{
            fontSize: size * (long ? 0.58 : 0.66),
            color,
            letterSpacing: long ? 0 : 0.5,
            whiteSpace: 'nowrap',
          }}
          data-testid="brand-name"
        >
          {brand.name}
        </Typography.Text>
      )}
    </Flex>
  );
}
