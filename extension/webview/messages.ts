// Messages between the extension host (extension/panels) and the webview scripts
// (extension/webview): plain data, imported by both sides.
import type { DistributionStats, PlaytestReport, TablePreview } from '../../core/protocol/language.js';

/** Localized strings for a webview, keyed by their English text (vscode.l10n bundles). */
export type Strings = Record<string, string>;

export interface TablePreviewMessage {
  type: 'tablePreview';
  /** Cells and labels named by the language server in the player's coordinate options. */
  model: TablePreview;
  /** Pixel size of a cell (the seed's card size). */
  cellSize: number;
  strings: Strings;
}

export interface DistributionMessage {
  type: 'distribution';
  stats: DistributionStats;
  strings: Strings;
}

export interface ErrorMessage {
  type: 'error';
  message: string;
}

/** A playtest report, with the card table's preview model for the heat map (null when there is none). */
export interface PlaytestMessage {
  type: 'playtest';
  report: PlaytestReport;
  preview: TablePreview | null;
  strings: Strings;
}

export type ToWebview = TablePreviewMessage | DistributionMessage | PlaytestMessage | ErrorMessage;

/** What a webview keeps across reloads (vscode.setState) and the serializer receives. */
export interface PanelState {
  /** The document the panel is about. */
  uri: string;
  last?: TablePreviewMessage | DistributionMessage;
}

/** Webview to host: the script is up (the host then sends the current model). */
export interface ReadyMessage {
  type: 'ready';
}
/** Webview to host: reveal a cell's line in the card table. */
export interface RevealMessage {
  type: 'reveal';
  column: number;
  row: number;
}
export type FromWebview = ReadyMessage | RevealMessage;
