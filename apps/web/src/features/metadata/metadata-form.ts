import { metadataFields, type MetadataRow } from '@podflow/contract/metadata';

/**
 * The multipart body of save_metadata and generate_textfields_openai (SPEC.md section 7): each
 * field repeated once per design, the designs in the same order in every field.
 */
export function metadataForm(rows: readonly MetadataRow[]): FormData {
  const form = new FormData();
  for (const row of rows) {
    for (const field of metadataFields) form.append(field, row[field]);
  }
  return form;
}
