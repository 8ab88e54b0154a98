import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '@app/domain';

export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
