import { useState } from 'react';
import type { GelatoInfo } from '@podflow/contract/listings';
import { ApiError } from '../../api/client';
import { failureText } from '../../api/failure-text';
import { ConnectForm, type ConnectStepProps } from '../../ui/ConnectForm';
import { SecretInput } from '../../ui/SecretInput';
import { IdInput } from './IdInput';
import { listingsText as text } from './listings-messages';
import type { SaveConnectionBody } from './store-connection.api';

/** The Gelato API key field: what it is and where to get one. */
const gelatoKey = {
  label: text.gelatoKeyLabel,
  hint: text.gelatoKeyHint,
  savedHint: text.keepSavedKey,
  link: { href: 'https://dashboard.gelato.com/', label: text.gelatoKeyLink },
};

/** SPEC.md section 8: values Gelato refused are an alert; the form keeps the server's reason. */
function saveFailed(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    window.alert(text.gelatoSaveFailedSpec);
  }
  return failureText(error, text.gelatoSaveFailedSpec);
}

/** Step 1 on Gelato: the API key, the store and the template each listing copies. */
export function ConnectGelatoForm({
  connection,
  save,
  onClose,
}: ConnectStepProps<GelatoInfo, SaveConnectionBody['gelato']>) {
  const [apiKey, setApiKey] = useState(connection?.api_key ?? '');
  const [storeId, setStoreId] = useState(connection?.store_id ?? '');
  const [templateId, setTemplateId] = useState(connection?.template_id ?? '');

  const values = { api_key: apiKey.trim(), store_id: storeId.trim(), template_id: templateId.trim() };
  // SPEC.md section 5: Save is disabled unless the key, store id and template id are all filled.
  const filled = Object.values(values).every(Boolean);
  const savedTemplate = connection?.template_title && templateId === connection.template_id;

  return (
    <ConnectForm
      save={save}
      values={filled ? values : null}
      saveReason={filled ? null : text.gelatoSaveMissing}
      onSaveFailed={saveFailed}
      onClose={onClose}
    >
      <SecretInput {...gelatoKey} value={apiKey} onChange={setApiKey} />
      <IdInput
        label={text.storeIdLabel}
        description={text.storeIdHint}
        value={storeId}
        onChange={setStoreId}
      />
      <IdInput
        label={text.templateIdLabel}
        description={
          savedTemplate
            ? `${text.templateIdHint} ${text.templateSaved(connection.template_title)}`
            : text.templateIdHint
        }
        value={templateId}
        onChange={setTemplateId}
      />
    </ConnectForm>
  );
}
