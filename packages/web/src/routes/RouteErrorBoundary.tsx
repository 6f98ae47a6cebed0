/**
 * Shows the error page instead of a screen that failed to load (`error`, from the navigation) or
 * threw while rendering. AppRoutes keys it by location, so the next navigation starts afresh.
 */
import { Component, type ReactNode } from 'react';
import { logger } from '../services/logger/logger.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface Props {
  error: unknown;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { caught: unknown }> {
  override state: { caught: unknown } = { caught: null };

  static getDerivedStateFromError(caught: unknown) {
    return { caught };
  }

  override componentDidCatch(error: unknown) {
    logger.error('A screen failed to render', error);
  }

  override render() {
    const error = this.props.error ?? this.state.caught;
    return error ? <RouteErrorPage error={error} /> : this.props.children;
  }
}
