import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Markdown } from '@/components/markdown';
import { cn } from '@/lib/cn';
import type { ApiOperation } from '../model/api-operations';
import { KEY_VARIABLE, curlExample } from '../model/curl-example';
import type { OpenApiDocument } from '../model/openapi-types';
import { parameterField, schemaFields, typeLabel } from '../model/schema-fields';
import { CodeSample } from './code-sample';
import { InlineCode } from './inline-code';
import { SchemaFieldsList } from './schema-fields-list';

function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      {children}
    </div>
  );
}

function Auth({ op }: { op: ApiOperation }) {
  const code = 'rounded bg-surface-2 px-1 font-mono text-xs text-fg';
  const bearer = op.auth.find((a) => a.kind === 'bearer');
  const cookie = op.auth.find((a) => a.kind === 'cookie');
  if (bearer) {
    const header = `Authorization: Bearer ${KEY_VARIABLE}`;
    return (
      <p className="text-sm text-muted">
        <Trans>
          A personal API key: <code className={code}>{header}</code>
        </Trans>
      </p>
    );
  }
  if (cookie) {
    const name = cookie.name;
    return (
      <p className="text-sm text-muted">
        <Trans>
          The web app’s session cookie, <code className={code}>{name}</code>.
        </Trans>
      </p>
    );
  }
  if (op.auth.length) return <p className="text-sm text-muted">{op.auth.map((a) => a.name).join(', ')}</p>;
  return (
    <p className="text-sm text-muted">
      <Trans>None needed.</Trans>
    </p>
  );
}

const codeTone = (code: string) =>
  code.startsWith('2') ? 'text-success' : code.startsWith('4') ? 'text-warning' : code.startsWith('5') ? 'text-danger' : 'text-muted';

/** An operation opened: its description, authentication, a curl example, parameters, request body and responses. */
export function OperationDetails({ doc, op, origin }: { doc: OpenApiDocument; op: ApiOperation; origin: string }) {
  const { t } = useLingui();
  const parameters = op.parameters.map((p) => parameterField(doc, p));
  const bodyFields = op.body ? schemaFields(doc, op.body.schema) : [];
  const contentType = op.body?.contentType ?? '';
  const method = op.method.toUpperCase();
  const path = op.path;
  return (
    <div className="space-y-5">
      {op.description && (
        <div lang="en">
          <Markdown text={op.description} className="text-sm" />
        </div>
      )}
      <Part title={t`Authentication`}>
        <Auth op={op} />
      </Part>
      <Part title={t`Example`}>
        <CodeSample code={curlExample(doc, op, origin)} language="curl" copyLabel={t`Copy the curl command for ${method} ${path}`} />
      </Part>
      {parameters.length > 0 && (
        <Part title={t`Parameters`}>
          <SchemaFieldsList fields={parameters} label={t`Parameters of ${method} ${path}`} />
        </Part>
      )}
      {op.body && (
        <Part title={t`Request body`}>
          <p className="mb-2 text-xs text-muted">
            <code className="font-mono">{contentType}</code>
            {op.body.required ? ` · ${t`required`}` : ` · ${t`optional`}`}
            {op.body.description && (
              <span lang="en">
                {' · '}
                <InlineCode text={op.body.description} />
              </span>
            )}
          </p>
          {bodyFields.length > 0 ? (
            <SchemaFieldsList fields={bodyFields} label={t`Request body of ${method} ${path}`} />
          ) : (
            <p className="font-mono text-xs text-muted">{typeLabel(doc, op.body.schema)}</p>
          )}
        </Part>
      )}
      <Part title={t`Responses`}>
        <ul className="space-y-2">
          {op.responses.map((response) => {
            const fields = schemaFields(doc, response.schema);
            const code = response.code;
            return (
              <li key={response.code} className="text-sm">
                <span className={cn('me-2 font-mono font-semibold', codeTone(response.code))}>{response.code}</span>
                <span lang="en" className="text-muted">
                  {response.description}
                </span>
                {fields.length > 0 && (
                  <details className="group mt-2">
                    <summary className="cursor-pointer text-xs font-medium text-accent-ink select-none hover:underline">
                      <Trans>Fields of the {code} answer</Trans>
                    </summary>
                    <div className="mt-2">
                      <SchemaFieldsList fields={fields} label={t`Fields of the ${code} answer of ${method} ${path}`} />
                    </div>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </Part>
    </div>
  );
}
