/**
 * Shows the error page instead of a screen that failed to load (`error`, from the navigation) or
 * threw while rendering. A new `resetKey` (the next location) clears an error it caught, so the
 * next navigation starts afresh without remounting what it wraps.
 */
import { Component, type ReactNode } from 'react';
import { logger } from '../services/logger/logger.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

interface Props {
  error: unknown;
  resetKey: string;
  children: ReactNode;
}

interface State {
  caught: unknown;
  resetKey: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(caught: unknown): Partial<State> {
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
