/**
 * The shape of one HTTP endpoint: method, path, the schemas of its query, path parameters and body,
 * the schema of its reply, and whether it needs a signed-in caller. Each area has one table of
 * these (`<area>.ts` beside this file). The server registers its routes from them, the web's API
 * client takes the path and the types from them, and tests read them (OpenAPI, fuzz, permissions).
 * See docs/architecture.md "Contracts".
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A reply that is a file (for example an .xlsx download), not JSON. */
export interface FileReply {
  readonly kind: 'file';
  /** The Content-Type the server sends. */
  readonly contentType: string;
}

/** Declares a file reply of the given content type. */
export function fileReply(contentType: string): FileReply {
  return { kind: 'file', contentType };
}

/**
 * A JSON endpoint that answers with a file instead when its query holds `param=value` (the analytics
 * reports' `excel=yes`): the server sends the bytes, a client asks for a Blob.
 */
export interface FileVariant {
  readonly param: string;
  readonly value: string;
  readonly reply: FileReply;
}

/** One endpoint of an area's table. */
export interface EndpointDef {
  readonly method: HttpMethod;
  /** Path in Fastify syntax (`/urms/admin/delete-vendor/:id` for path parameters). */
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** OpenAPI tags (the area). */
  readonly tags: readonly string[];
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 reply: a JSON schema, or a file. */
  readonly reply: z.ZodType | FileReply;
  /** No access token needed (sign-in, token refresh). */
  readonly public?: boolean;
  /** The file this JSON endpoint sends instead when asked (`excel=yes`). */
  readonly fileVariant?: FileVariant;
}

/** Declares an endpoint, keeping the literal types of its fields for the typed clients. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

/** What a client sends as the query of `E` (before parsing: coercible strings and numbers). */
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : never;
/** What a client sends as the path parameters of `E`. */
export type EndpointParams<E extends EndpointDef> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : never;
/** What a client sends as the body of `E`. */
export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** What the server replies to `E` (JSON endpoints; a file endpoint replies with bytes). */
export type EndpointReply<E extends EndpointDef> = E['reply'] extends z.ZodType ? z.output<E['reply']> : Blob;

/** True when the endpoint replies with a file. */
export function isFileReply(reply: EndpointDef['reply']): reply is FileReply {
  return (reply as FileReply).kind === 'file';
}

/** Fills the `:name` parameters of a path (values are URI-encoded). */
export function endpointPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
