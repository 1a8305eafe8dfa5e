import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Operation, OpenApiDocument } from './openapi-operations.ts';

export type Answer = { status: number; contentType: string | undefined; body: Buffer };

const stackLine = /\n\s{2,}at [\w.<>$[\] ]+ \(|^\s{4}at /m;
const sqlText =
  /\b(select\s+[\w*",. ]+\s+from|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b|SQLITE_|syntax error at or near|violates (foreign key|unique) constraint|relation "\w+"/i;

/**
 * Checks every answer against the document and for leaks: the status is documented for the route,
 * the content type is the documented one, a JSON body matches the documented schema, and no body
 * holds a stack trace, SQL, a secret or a server path. Answers the problems found.
 */
export function answerChecker(document: OpenApiDocument, forbidden: { secrets: string[]; paths: string[] }) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema({ ...document, $id: 'openapi' });
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const pointer = (...parts: string[]) =>
    parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  return function check(operation: Operation, answer: Answer, callerSecrets: string[] = []): string[] {
    const problems: string[] = [];
    const text = answer.body.toString('utf8');
    if (answer.status >= 500) problems.push(`server error ${answer.status}`);
    const documented = operation.responses[String(answer.status)];
    if (!documented) {
      problems.push(
        `status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
      );
    }
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    const content = documented?.content;
    if (content && answer.body.length > 0) {
      if (!mediaType || !(mediaType in content)) {
        problems.push(`content type ${mediaType} is not documented (${Object.keys(content).join(', ')})`);
      } else if (mediaType === 'application/json') {
        const key = `${operation.method} ${operation.path} ${answer.status}`;
        let validate = validators.get(key);
        if (!validate) {
          const ref = `openapi#/${pointer('paths', operation.path, operation.method.toLowerCase(), 'responses', String(answer.status), 'content', 'application/json', 'schema')}`;
          validate = ajv.compile({ $ref: ref });
          validators.set(key, validate);
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          problems.push('the JSON body does not parse');
        }
        if (parsed !== undefined && !validate(parsed)) {
          problems.push(`body does not match the documented schema: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    const textual = !mediaType || /json|text|html|csv|event-stream/.test(mediaType);
    if (textual) {
      if (stackLine.test(text)) problems.push('body holds a stack trace');
      if (sqlText.test(text)) problems.push('body holds SQL text');
      for (const secret of forbidden.secrets) {
        if (secret && !callerSecrets.includes(secret) && text.includes(secret))
          problems.push(`body holds a secret (${secret.slice(0, 4)}…)`);
      }
      for (const path of forbidden.paths) if (text.includes(path)) problems.push(`body names a server path`);
    }
    return problems;
  };
}
