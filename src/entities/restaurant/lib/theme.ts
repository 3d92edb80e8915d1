import type { MediaRef, Theme } from '@/shared/api'
import { DEFAULT_PRIMARY_COLOR, DEFAULT_TEXT_COLOR } from '@/shared/config'

export const DEFAULT_LOGO = '/default-logo.svg'

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

type Themed = { theme?: Theme | null; themeColor?: string | null } | null | undefined

/** The merchant's colours, falling back to #E52333 on #FFFFFF (docs/app.md, "Money, numbers, colours") for anything missing or invalid. */
export function resolveTheme(source: Themed): Theme {
  const primary = source?.theme?.primaryColor ?? source?.themeColor
  const text = source?.theme?.textColor
  return {
    primaryColor: primary && HEX.test(primary) ? primary : DEFAULT_PRIMARY_COLOR,
    textColor: text && HEX.test(text) ? text : DEFAULT_TEXT_COLOR,
  }
}

/** The merchant's logo, or the default logo when it has no media. */
export function resolveLogo(source: { logo?: MediaRef | null; media?: MediaRef[] } | null | undefined): string {
  return source?.logo?.url ?? source?.media?.find((m) => m.entityType === 'LOGO')?.url ?? DEFAULT_LOGO
}

export function themeProperties(theme: Theme): Record<string, string> {
  return { '--tf-primary': theme.primaryColor, '--tf-on-primary': theme.textColor }
}
