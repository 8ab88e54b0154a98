import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitleKey, PRODUCT_NAME } from '@app/domain';
import { useT } from '../i18n';

/** "Profile | Merit Market" / "Perfil | Merit Market": the page's title in the screens' language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const t = useT();
  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title = key
      ? t('layout.documentTitle', { title: t(key), product: PRODUCT_NAME })
      : PRODUCT_NAME;
  }, [pathname, t]);
}
