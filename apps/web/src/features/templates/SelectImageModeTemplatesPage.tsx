import { TemplatesScreen } from './TemplatesScreen';

/** /SelectMockupImageModeTemplates: step 3, Select Mockup Templates (image mode, the step bar's). */
export function SelectImageModeTemplatesPage() {
  return <TemplatesScreen mode="image" />;
}
