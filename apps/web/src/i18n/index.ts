export { I18nProvider } from './I18nProvider';
export { T } from './T';
export { useT } from './useT';
export { useFormat } from './useFormat';
