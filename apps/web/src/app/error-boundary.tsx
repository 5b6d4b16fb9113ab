import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportFrontendError } from '../lib/report-error';
import { clearSession } from '../lib/store';
import { ErrorPage } from './error-page';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Any rendering error: report it (with the token still in hand), then clear all
 * local storage and drop the token (spec §8), and show the error page.
 */
export class AppErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    void reportFrontendError(error, info.componentStack);
    clearSession();
  }

  render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
