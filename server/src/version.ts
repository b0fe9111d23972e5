// The product version shown in the footer and the OpenAPI document (core.md §9).
export const APP_VERSION = '2.78.0';
