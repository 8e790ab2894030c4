export const PACKAGE_NAME = '@billing/http-adapter';
