/**
 * Calls `onBeforeCommit` each time its parent re-renders, after React has worked out the changes
 * and before it writes them to the page: the last moment the old layout can be measured. The
 * message list records which row is on screen there, to put it back after the commit
 * (use-chat-scroll.ts). A class because getSnapshotBeforeUpdate, which React calls at that
 * moment, has no hook equivalent; a scroll listener alone could be a frame behind the reader.
 */
import { Component } from 'react';

interface Props {
  onBeforeCommit: () => void;
}

export class BeforeCommit extends Component<Props> {
  override getSnapshotBeforeUpdate(): null {
    this.props.onBeforeCommit();
    return null;
  }

  // React warns about getSnapshotBeforeUpdate without componentDidUpdate; the snapshot is unused.
  override componentDidUpdate(): void {}

  override render(): null {
    return null;
  }
}
