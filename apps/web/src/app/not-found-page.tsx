// The router's not-found screen is the shared one features use for unknown screens too.
export { NotFoundPage } from '../components/page-states';
