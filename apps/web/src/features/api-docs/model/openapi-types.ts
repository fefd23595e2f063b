// The parts of an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0) the reference page reads. The document
// is a public standard, not our contract: these types describe it loosely and every field is treated as optional.

/** A JSON Schema (2020-12) as OpenAPI 3.1 writes it, or a reference to one. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  deprecated?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

/** A parameter of an operation (in the path, query, header or cookie). */
export interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

/** A request body or a response's content, by media type. */
export type OpenApiContent = Record<string, { schema?: JsonSchema; example?: unknown }>;

/** One operation: a method on a path. */
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: OpenApiParameter[];
  requestBody?: { $ref?: string; required?: boolean; description?: string; content?: OpenApiContent };
  responses?: Record<string, { $ref?: string; description?: string; content?: OpenApiContent }>;
  security?: Record<string, string[]>[];
}

/** A security scheme: how a call authenticates. */
export interface OpenApiSecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  in?: string;
  name?: string;
  description?: string;
}

/** An OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation | OpenApiParameter[] | string | undefined>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, OpenApiParameter>;
    requestBodies?: Record<string, NonNullable<OpenApiOperation['requestBody']>>;
    responses?: Record<string, NonNullable<OpenApiOperation['responses']>[string]>;
    securitySchemes?: Record<string, OpenApiSecurityScheme>;
  };
  security?: Record<string, string[]>[];
}
