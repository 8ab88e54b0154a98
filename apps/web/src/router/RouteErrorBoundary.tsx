import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** A new value (the next page's path) clears a shown error: another page may work. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches what a page throws while rendering, or its chunk failing even after the one reload. */
class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) {
      this.setState({ error: null, failed: false });
    }
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** An error boundary cleared when the user goes to another page. */
export function RoutesErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
