import { TemplatesScreen } from './TemplatesScreen';

/** /selectMockupTemplates: step 3 in classic mode (print areas found from transparency). */
export function SelectTemplatesPage() {
  return <TemplatesScreen mode="classic" />;
}
