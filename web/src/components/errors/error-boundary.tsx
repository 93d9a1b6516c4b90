import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/button';
import { AlertCircleIcon } from '../ui/icons';
import './error-boundary.css';

export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-fallback" role="alert">
      <div className="error-fallback__icon">
        <AlertCircleIcon size={28} />
      </div>
      <h1 className="error-fallback__title">Oops! Something went wrong</h1>
      <p className="error-fallback__text">An unexpected error occurred. Please try again.</p>
      <Button onClick={onRetry}>Try Again</Button>
    </div>
  );
}

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Catches render errors anywhere below; Try Again renders the children afresh. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the dashboard', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return <ErrorFallback onRetry={this.reset} />;
    return this.props.children;
  }
}

/**
 * The router catches errors of its routes itself (including a route module that
 * failed to download after a deploy), so it gets the same screen; Try Again
 * reloads the page, which fetches fresh modules.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorFallback onRetry={() => window.location.reload()} />;
}
