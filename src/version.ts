/** The package version; a test keeps it equal to package.json's. */
export const version = '0.2.0';
