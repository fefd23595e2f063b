/** Public face of the API reference page (/prod/docs), drawn from the server's OpenAPI document. */
export { ApiDocsScreen } from './components/api-docs-screen';
