import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '#client/lib/error-reporter.ts';
import { RetryRow } from './retry-row.tsx';

export interface PartErrorBoundaryProps {
  /** What failed, as the user reads it: 'Не удалось показать счета.' */
  failure: string;
  children: ReactNode;
  /** In place of the default message and 'Повторить' (a dialog's own fallback). */
  fallback?: (retry: () => void) => ReactNode;
}

/**
 * Keeps one part of a page when it fails to render (ADR 0046): the router's error screen
 * (AppErrorScreen) replaces the whole page, so data the API accepted but a part cannot draw would
 * take the header, the menu and every other block down with it. The error is reported as a render
 * error; 'Повторить' draws the part again (after new data came, it may well work).
 */
export class PartErrorBoundary extends Component<PartErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError('render', error instanceof Error ? error : new Error(`${String(error)}${info.componentStack ?? ''}`));
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(this.retry)
    ) : (
      <RetryRow failure={this.props.failure} onRetry={this.retry} />
    );
  }
}
