// import.meta.env's PUBLIC_ variables typed from the project's one schema of variables
// (src/config/config.ts), instead of a cast at each use.
interface ImportMetaEnv {
  readonly PUBLIC_API_URL: import('./config/config.ts').PublicEnv['PUBLIC_API_URL'];
  readonly PUBLIC_GOOGLE_CLIENT_ID: import('./config/config.ts').PublicEnv['PUBLIC_GOOGLE_CLIENT_ID'];
}
