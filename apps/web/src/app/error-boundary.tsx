import { Component, type ReactNode } from 'react'
import { ErrorView } from './error-view'

/** Catches what escapes the router (e.g. a provider failing), and shows the same error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    if (this.state.error) return <ErrorView error={this.state.error} inRouter={false} />
    return this.props.children
  }
}
