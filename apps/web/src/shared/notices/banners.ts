import { client } from '@clinic/contract';
import type { ApiError, ApiErrorKind } from '@clinic/client/api-error';
import { i18n, messageText } from '../i18n/i18n.ts';
import { showToast } from './toasts.ts';

function titleOf(kind: ApiErrorKind): string {
  switch (kind) {
    case 'badRequest':
      return i18n.t('banner.badRequest');
    case 'sessionExpired':
      return i18n.t('banner.sessionExpired');
    case 'timeout':
      return i18n.t('banner.timeout');
    case 'network':
      return i18n.t('banner.network');
    case 'server':
      return i18n.t('banner.serverError');
  }
}

/** SPEC 8 "HTTP": a banner with the code that fades after 3 s. */
export function showErrorBanner(error: ApiError): void {
  const code = error.failedCode;
  showToast({
    id: `api-${error.kind}-${code ?? 'none'}`,
    color: error.kind === 'sessionExpired' ? 'orange' : 'red',
    title: titleOf(error.kind),
    message: code ? i18n.t('banner.code', { code, message: messageText(code) }) : i18n.t('banner.noCode'),
    autoClose: client.bannerFadeMs,
    withCloseButton: true,
  });
}

export function showSuccess(message: string): void {
  showToast({ color: 'teal', message, autoClose: client.bannerFadeMs * 2, withCloseButton: true });
}
