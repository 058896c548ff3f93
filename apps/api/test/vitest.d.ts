// Values the API suite's global setup hands to every test file (declaration merging needs interfaces).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with the right to create databases. */
    adminDatabaseUrl: string;
    /** Name of a database with every migration applied; each test file copies it. */
    templateDatabase: string;
  }
}
export {};
